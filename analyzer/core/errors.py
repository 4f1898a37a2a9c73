"""Errors the CLI turns into one-line messages with exit code 2."""


class AnalyzerError(Exception):
    """A problem with what the user asked for; the message is shown as it is."""


class ScenarioError(AnalyzerError):
    """A scenario field is wrong: names the field and what is allowed."""

    def __init__(self, field: str, problem: str):
        self.field = one_line(field)  # a key from the scenario may hold a newline: shown escaped, as repr shows it
        self.problem = one_line(problem)
        super().__init__(f"{self.field}: {self.problem}")


class ScenarioProblems(ScenarioError):
    """Several problems in one scenario (`core.problems`): shown as the first, so anything that shows one line stays
    as it was; the CLI prints `problems`, one line each."""

    def __init__(self, problems: list[ScenarioError]):
        first = problems[0]
        super().__init__(first.field, first.problem)
        self.problems = problems


def one_line(text) -> str:
    """`text` with every character that is not printable (newlines, tabs, controls) escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))


def did_you_mean(value, allowed) -> str:
    """"; did you mean X?" naming the allowed names closest to `value` (a misspelling, another case), or "" when
    none is close: appended to an error that lists what is allowed."""
    import difflib

    if not isinstance(value, str) or not value.strip():
        return ""
    names = {str(a).lower(): str(a) for a in allowed}
    close = difflib.get_close_matches(value.lower(), list(names), n=3, cutoff=0.6)
    if not close and len(value) >= 3:
        close = [k for k in names if k.startswith(value.lower())][:3]
    close = [names[k] for k in close if names[k] != value]
    if not close:
        return ""
    return f"; did you mean {' or '.join(close)}?"


class Interrupted(AnalyzerError):
    """The user stopped a run (Ctrl-C); nothing was written."""
