"""Command-line values without pydantic, where they need none.

typer coerces every parameter through a pydantic TypeAdapter, built on first use; importing pydantic (and, through
its plugin loader, importlib.metadata) costs about 0.1 s, a third of `analyzer games`.  The values a user types are
mostly plain: a text, a flag, a whole number within its bounds, a path, one of a choice's names.  Those are taken
here, exactly as typer's own coercion would take them; anything else (a value out of bounds, a malformed number, a
name that is not a choice, a parameter with its own parser) goes to typer's coercion, which imports pydantic then
and gives its usual message.  If typer's internals change, nothing is patched and typer works as it did."""
from __future__ import annotations

import re
from enum import Enum
from pathlib import Path

WHOLE = re.compile(r"-?(0|[1-9][0-9]*)\Z")
DECIMAL = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?\Z")
MISSED = object()  # a value the quick path leaves to typer


def _text(value, info, param, ctx):
    return value if isinstance(value, str) else MISSED


def _flag(value, info, param, ctx):
    return value if isinstance(value, bool) else MISSED


def _number(kind):
    def take(value, info, param, ctx):
        if isinstance(value, str) and (WHOLE if kind is int else DECIMAL).match(value):
            try:
                value = kind(value)
            except ValueError:  # past Python's digits for int(): typer's message
                return MISSED
        elif type(value) is not kind:
            return MISSED
        low, high = info.min, info.max
        if info.clamp:
            return kind(low) if low is not None and value < low else kind(high) if high is not None and value > high \
                else value
        return MISSED if (low is not None and value < low) or (high is not None and value > high) else value
    return take


def _choice(kind):
    def take(value, info, param, ctx):
        from typer._param_types import coerce_cli_choice

        try:
            return coerce_cli_choice(value, choices=list(kind), case_sensitive=info.case_sensitive, ctx=ctx)
        except ValueError:
            return MISSED
    return take


def _path(value, info, param, ctx):
    if not (isinstance(value, Path) or isinstance(value, str) and value) or info.path_type not in (None, Path):
        return MISSED
    from typer._param_types import coerce_cli_path

    return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)


def quick(annotation, info):
    """The quick coercion of a parameter of `annotation` with typer's ParameterInfo `info`, or None."""
    if getattr(info, "parser", None) is not None:
        return None
    if annotation is str:
        return _text
    if annotation is bool:
        return _flag
    if annotation in (int, float):
        return _number(annotation)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _choice(annotation)
    if annotation is Path:
        return _path
    return None


class Quick:
    """A parameter's runtime coercion: the quick path, else typer's own (built on first need)."""

    def __init__(self, descriptor, take, build):
        self.descriptor, self.take, self.build, self.full = descriptor, take, build, None
        self.annotation, self.parameter_info = descriptor.annotation, descriptor.parameter_info

    def coerce(self, value, param, ctx):
        multiple = param.multiple or param.nargs == -1
        if value is None:  # as typer's: an option not given
            return () if multiple else None
        if not multiple:
            taken = self.take(value, self.parameter_info, param, ctx)
            if taken is not MISSED:
                return taken
        if self.full is None:
            self.full = self.build(self.descriptor)
        return self.full.coerce(value, param=param, ctx=ctx)


def install() -> None:
    import typer.core

    build = getattr(typer.core, "build_runtime_param", None)
    if build is None or getattr(build, "quick_first", False):
        return

    def quick_first(descriptor):
        take = None if getattr(descriptor, "file_annotation", None) is not None else quick(
            descriptor.annotation, descriptor.parameter_info)
        return build(descriptor) if take is None else Quick(descriptor, take, build)

    quick_first.quick_first = True
    typer.core.build_runtime_param = quick_first
