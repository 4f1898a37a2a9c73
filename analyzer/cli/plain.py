"""Text and flag parameters without pydantic.

typer coerces every parameter through a pydantic TypeAdapter, built on first use; importing pydantic (and, through
its plugin loader, importlib.metadata) costs about 0.1 s, a third of `analyzer games`.  A parameter annotated `str`
or `bool` needs no coercion: click hands it a str, or a bool for a flag; typer's pass-through coercion takes those
as they are and refuses anything else.  Every other annotation (numbers with bounds, paths, choices) keeps typer's
own coercion and its messages.  If typer's internals change, nothing is patched and typer works as it did."""
from __future__ import annotations

PLAIN = (str, bool)


def install() -> None:
    import typer.core
    from typer import _coercion

    build = getattr(typer.core, "build_runtime_param", None)
    passthrough = getattr(_coercion, "PassThroughRuntimeParam", None)
    if build is None or passthrough is None or getattr(build, "plain_first", False):
        return

    def plain_first(descriptor):
        if descriptor.annotation in PLAIN and getattr(descriptor, "file_annotation", None) is None:
            return passthrough(annotation=descriptor.annotation, parameter_info=descriptor.parameter_info)
        return build(descriptor)

    plain_first.plain_first = True
    typer.core.build_runtime_param = plain_first
