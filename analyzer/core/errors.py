"""Errors the CLI turns into one-line messages with exit code 2."""


class AnalyzerError(Exception):
    """A problem with what the user asked for; the message is shown as it is."""


class ScenarioError(AnalyzerError):
    """A scenario field is wrong: names the field and what is allowed."""

    def __init__(self, field: str, problem: str):
        self.field = one_line(field)  # a key from the scenario may hold a newline: shown escaped, as repr shows it
        self.problem = one_line(problem)
        super().__init__(f"{self.field}: {self.problem}")


def one_line(text) -> str:
    """`text` with every character that is not printable (newlines, tabs, controls) escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))


class Interrupted(AnalyzerError):
    """The user stopped a run (Ctrl-C); nothing was written."""
