"""core.sources: the printed label travels from a question's payload into meta and the report, and from a
balance hook into the JSON and notes; answers on no printed data carry no `printed` key in meta."""
from analyzer.core import sources
from analyzer.core.game import Question, Result, GameSpec, ask
from analyzer.core.runner import RunSettings

TOKENS = sources.Printed("tokens", "Rulebook p. 3", "the 18 tokens")


def test_labels_name_the_table_and_its_source_once_each():
    assert sources.labels([TOKENS, None, TOKENS]) == ["printed: tokens (Rulebook p. 3; the 18 tokens)"]
    assert sources.notes(sources.labels([TOKENS])) == ["PRINTED DATA tokens (Rulebook p. 3; the 18 tokens)"]
    assert sources.setting_text({"printed": sources.labels([TOKENS])}) == "; printed data: tokens (Rulebook p. 3; " \
                                                                          "the 18 tokens)"
    assert sources.setting_text({}) == ""


def _game(payload):
    q = Question(lambda position, settings: Result("t", {}, dict(payload)), "toy", default_rollouts=None)
    return GameSpec("toy", "Toy", 1, (2, 2), load=lambda d: d, questions={"q": q})


def test_ask_copies_the_printed_labels_into_meta_and_leaves_them_out_when_none():
    with_printed = ask(_game({"printed": sources.labels([TOKENS])}), "q", {}, RunSettings())
    assert with_printed.meta["printed"] == sources.labels([TOKENS]) and not with_printed.meta["illustrative"]
    assert "printed" not in ask(_game({}), "q", {}, RunSettings()).meta
