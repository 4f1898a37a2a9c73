"""The one place that turns known errors into one-line messages (exit code 2).

Before any command runs, the command line is read once more for what click lets through: an option
given twice (click keeps the last one; here it is an error naming the option, for every option that
is not `multiple`) and an empty path (`-o ""`).  SIGTERM stops a run as Ctrl-C does (the runner flushes
its checkpoint and ends its workers; nothing half-written is left), with exit code 143."""
from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path

import typer
from typer.core import TyperGroup

from analyzer.core.errors import AnalyzerError, Interrupted

USAGE_EXIT = 2
INTERRUPT_EXIT = 130  # 128 + SIGINT
TERMINATE_EXIT = 143  # 128 + SIGTERM

_STOPPED = {"signal": None}  # the signal that stopped this command, if one did


def fail(message: str, code: int = USAGE_EXIT):
    fail_all([message], code)


def fail_all(messages: list[str], code: int = USAGE_EXIT):
    """One `error: ...` line per message (a scenario with several problems has one each), then exit."""
    stages = sys.modules.get("analyzer.core.runner")
    if stages is not None:
        stages.stage(None)  # a "tables ..." line on stderr: cleared first
    for message in messages:
        typer.echo(f"error: {' '.join(message.split())}", err=True)
    sys.exit(code)


def _on_sigterm(signum, frame):
    """SIGTERM: stop as Ctrl-C stops a run (a KeyboardInterrupt in the main thread); a second one kills."""
    _STOPPED["signal"] = signum
    signal.signal(signum, signal.SIG_DFL)
    raise KeyboardInterrupt


def _interrupted(message: str):
    """The one line of a stopped command, exit 130 (Ctrl-C) or 143 (SIGTERM)."""
    if _STOPPED["signal"] == signal.SIGTERM:
        fail(message.replace("interrupted", "terminated (SIGTERM)", 1), TERMINATE_EXIT)
    fail(message, INTERRUPT_EXIT)


def _spelling(param, args) -> str:
    """The spelling of an option as typed (`-n`, `--rollouts`, ...), else its first name."""
    names = [*param.opts, *param.secondary_opts]
    for token in args:
        if token == "--":
            break
        for name in names:
            if token == name or (name.startswith("--") and token.startswith(name + "=")) or (
                    len(name) == 2 and not token.startswith("--") and token.startswith(name) and len(token) > 2):
                return name
    return names[0] if names else param.name


def check_command_line(root, args) -> None:
    """An option given twice, or an empty path, is a one-line error before anything runs (click keeps the last
    one given, and reads "" as the current folder)."""
    command, parent, rest = root, None, list(args)
    for _ in range(8):  # root -> game sub-app -> command
        settings = {**command.context_settings, "resilient_parsing": True}
        ctx = command.context_class(command, info_name=command.name, parent=parent, **settings)
        try:
            opts, rest, order = command.make_parser(ctx).parse_args(args=list(rest))
        except Exception:  # noqa: BLE001 - anything click itself will report, in its own words
            return
        seen = set()
        for param in order:
            if param.param_type_name != "option" or param.multiple or getattr(param, "count", False):
                continue
            if id(param) in seen:
                raise AnalyzerError(f"{_spelling(param, args)}: given more than once; give it once")
            seen.add(id(param))
        for param in command.get_params(ctx):
            descriptor = getattr(param, "type_descriptor", None)
            if getattr(descriptor, "annotation", None) is Path and opts.get(param.name) == "":
                name = _spelling(param, args) if param.param_type_name == "option" else param.name.upper()
                raise AnalyzerError(f"{name}: an empty path; name a file or folder")
        if not isinstance(command, TyperGroup) or not rest:
            return
        sub = command.get_command(ctx, rest[0])
        if sub is None:
            return
        command, parent, rest = sub, ctx, rest[1:]


class OneLineErrors(TyperGroup):
    """A typer group whose errors are one line on stderr, never a traceback or a panel."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        previous = None
        _STOPPED["signal"] = None
        clients = _dask_clients()
        if threading.current_thread() is threading.main_thread():
            previous = signal.signal(signal.SIGTERM, _on_sigterm)
        try:
            self._main(args, prog_name, complete_var, **extra)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
            if _dask_clients() != clients:
                _quiet_collect()

    def _main(self, args, prog_name, complete_var, **extra):
        try:
            check_command_line(self, sys.argv[1:] if args is None else list(args))
            rv = super().main(args=args, prog_name=prog_name or "analyzer", complete_var=complete_var,
                              standalone_mode=False, **extra)
        except typer.TyperException as exc:  # click's usage errors: unknown option, bad value, ...
            ctx = getattr(exc, "ctx", None)
            if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
                typer.echo(ctx.get_help())
                sys.exit(0)
            where = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
            fail(exc.format_message() + where, getattr(exc, "exit_code", USAGE_EXIT) or USAGE_EXIT)
        except Interrupted as exc:
            _interrupted(str(exc))
        except (typer.Abort, KeyboardInterrupt):
            _interrupted("interrupted; nothing written")
        except AnalyzerError as exc:
            fail_all([str(p) for p in getattr(exc, "problems", [exc])])
        if rv == INTERRUPT_EXIT:
            _interrupted("interrupted; nothing written")
        sys.exit(rv if isinstance(rv, int) else 0)


def _dask_clients() -> int:
    backends = sys.modules.get("analyzer.core.backends")
    return backends.CLIENTS["tried"] if backends is not None else 0


def _quiet_collect() -> None:
    """After a command that tried to reach a Dask scheduler: collect what it left behind (a half-made client)
    now, with its complaints silenced, so nothing prints "Exception ignored ..." after the one line."""
    import gc

    hook = sys.unraisablehook
    sys.unraisablehook = lambda *a: None
    try:
        gc.collect()
    finally:
        sys.unraisablehook = hook
