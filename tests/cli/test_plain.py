"""cli/plain.py: the values a user types pass typer's coercion without pydantic, exactly as typer's own would take
them; anything else goes to typer's coercion and its message."""
from enum import Enum
from pathlib import Path
from types import SimpleNamespace

import pytest
import typer
from typer import _coercion

from analyzer.cli import plain


class Colour(str, Enum):
    red = "red"
    blue = "blue"


PARAM = SimpleNamespace(multiple=False, nargs=1, name="x")


def both(annotation, value, **info):
    """(the quick coercion's answer, typer's own), each a value or the error message."""
    descriptor = _coercion.resolve_type_descriptor(annotation, typer.models.OptionInfo(**info))
    out = []
    for runtime in (plain.Quick(descriptor, plain.quick(annotation, descriptor.parameter_info),
                                _coercion.build_runtime_param), _coercion.build_runtime_param(descriptor)):
        try:
            out.append(runtime.coerce(value, param=PARAM, ctx=None))
        except typer.BadParameter as exc:
            out.append(f"error: {exc.message}")
    return out


@pytest.mark.parametrize("annotation,value,info", [
    (str, "hello", {}), (bool, True, {}), (bool, False, {}),
    (int, "12", {}), (int, "-3", {}), (int, "0", {"min": 0}), (int, "7", {"min": 1, "max": 10}),
    (int, "0", {"min": 1}), (int, "11", {"min": 1, "max": 10}), (int, "abc", {}), (int, "1.5", {}), (int, "007", {}),
    (int, " 5", {}), (int, "1_000", {}), (int, "9" * 5000, {"max": 10**12}), (float, "9" * 5000, {}), (int, "50", {"min": 1, "max": 10, "clamp": True}), (int, 4, {"min": 1}),
    (float, "0.005", {}), (float, "2", {}), (float, "1e-3", {}), (float, "inf", {}), (float, "x", {}),
    (float, "-1", {"min": 0}), (Colour, "blue", {}), (Colour, "green", {}), (Colour, Colour.red, {}),
    (Path, "some/file.yaml", {}), (Path, Path("a.json"), {}), (Path, "", {}),
    (Path, "no-such-file.yaml", {"exists": True}), (Path, ".", {"exists": True, "dir_okay": False}),
])
def test_the_quick_path_answers_as_typer_does(annotation, value, info):
    quick, theirs = both(annotation, value, **info)
    assert quick == theirs and type(quick) is type(theirs)


def test_a_plain_value_needs_no_typer_adapter():
    descriptor = _coercion.resolve_type_descriptor(int, typer.models.OptionInfo(min=1))
    built = []
    runtime = plain.Quick(descriptor, plain.quick(int, descriptor.parameter_info), built.append)
    assert runtime.coerce("3", param=PARAM, ctx=None) == 3 and runtime.coerce(None, param=PARAM, ctx=None) is None
    assert built == []  # typer's coercion (and pydantic) never built
    assert plain.quick(list[str], typer.models.OptionInfo()) is None  # lists, parsers, files: typer's own
    assert plain.quick(str, typer.models.OptionInfo(parser=str.upper)) is None
