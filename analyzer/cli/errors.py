"""The one place that turns known errors into one-line messages (exit code 2)."""
from __future__ import annotations

import sys

import typer
from typer.core import TyperGroup

from analyzer.core.errors import AnalyzerError, Interrupted

USAGE_EXIT = 2
INTERRUPT_EXIT = 130


def fail(message: str, code: int = USAGE_EXIT):
    typer.echo(f"error: {' '.join(message.split())}", err=True)
    sys.exit(code)


class OneLineErrors(TyperGroup):
    """A typer group whose errors are one line on stderr, never a traceback or a panel."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
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
            fail(str(exc), INTERRUPT_EXIT)
        except (typer.Abort, KeyboardInterrupt):
            fail("interrupted; nothing written", INTERRUPT_EXIT)
        except AnalyzerError as exc:
            fail(str(exc))
        if rv == INTERRUPT_EXIT:
            fail("interrupted; nothing written", INTERRUPT_EXIT)
        sys.exit(rv if isinstance(rv, int) else 0)
