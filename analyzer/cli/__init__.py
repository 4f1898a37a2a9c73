"""The `analyzer` command.  The typer app is built in `root.py` on first use, so that a game's
quick-entry module may import `analyzer.cli.options` without building the app it is mounted in."""


def __getattr__(name):
    if name == "app":
        from analyzer.cli.root import app

        return app
    raise AttributeError(name)


def main() -> None:
    import atexit
    import gc
    import sys

    # At exit, after the other atexit hooks and before the interpreter's last collection, every object still
    # alive is frozen out of that collection: it walked every object the command imported (numba's, pandas',
    # the engine's: about 140,000 after a balance run) and took 0.3-0.8 s of a balance command's wall time.  The
    # process is ending: what it would free goes back to the system with it (the output is written and its
    # files closed before; the streams are flushed as before).
    atexit.register(gc.freeze)
    args = sys.argv[1:]
    if args and "--help" not in args and args[0] != "games":  # a help or the list of games computes nothing
        from analyzer.core.heap import keep_heap

        keep_heap()
    from analyzer.cli.root import app

    app()
