"""The `analyzer` command.  The typer app is built in `root.py` on first use, so that a game's
quick-entry module may import `analyzer.cli.options` without building the app it is mounted in."""


def __getattr__(name):
    if name == "app":
        from analyzer.cli.root import app

        return app
    raise AttributeError(name)


def main() -> None:
    import sys

    args = sys.argv[1:]
    if args and "--help" not in args and args[0] != "games":  # a help or the list of games computes nothing
        from analyzer.core.heap import keep_heap

        keep_heap()
    from analyzer.cli.root import app

    app()
