"""Every command of the CLI, read from the CLI itself: the root's, and every game's quick-entry sub-app mounted
from the registry (so a new command is covered by the tests that iterate over them as soon as it exists)."""
from __future__ import annotations

from typer.core import TyperGroup
from typer.main import get_command

from analyzer.cli import app


def _walk():
    import typer._click.core as click_core

    root = get_command(app)
    out = []

    def walk(command, path, ctx):
        if isinstance(command, TyperGroup):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                walk(sub, path + (name,), click_core.Context(sub, info_name=name, parent=ctx))
        else:
            out.append((path, command))

    walk(root, (), click_core.Context(root, info_name="analyzer"))
    return out


COMMANDS = _walk()  # [(("camelup", "ev"), the click command), ...]


def option_params(command):
    return [p for p in command.params if p.param_type_name == "option"]


def argument_params(command):
    return [p for p in command.params if p.param_type_name == "argument"]
