"""Errors the CLI turns into one-line messages with exit code 2."""


class AnalyzerError(Exception):
    """A problem with what the user asked for; the message is shown as it is."""


class ScenarioError(AnalyzerError):
    """A scenario field is wrong: names the field and what is allowed."""

    def __init__(self, field: str, problem: str):
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


class Interrupted(AnalyzerError):
    """The user stopped a run (Ctrl-C); nothing was written."""
