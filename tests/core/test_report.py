"""Reports: every section, plots embedded, nothing fetched from the network, a Markdown twin; anchors and the
findings' links to them, a summary first, long tables scrolling in their box, numbers at the precision of their
intervals, worthless options folded, a print stylesheet; the report of a position."""
import base64
import re
from html.parser import HTMLParser

import pandas as pd
import pytest

from analyzer.core import balance, report, runner
from analyzer.core.tables import Plot
from tests.core.test_balance import toy_spec

SECTIONS = ("Summary", "What was asked", "Findings", "Set-up", "Results", "Method and caveats", "Reproduce")


class Refs(HTMLParser):
    """Every URL-bearing attribute and every tag of a page."""

    def __init__(self):
        super().__init__()
        self.urls, self.tags, self.headings, self._in_h2 = [], [], [], False
        self.ids, self.links, self.alts = [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self._in_h2 = tag == "h2"
        for name, value in attrs:
            if name == "href" and value.startswith("#"):
                self.links.append(value[1:])
            elif name in ("src", "href", "srcset", "data", "action", "poster", "background"):
                self.urls.append(value)
            if name == "id":
                self.ids.append(value)
            if tag == "img" and name == "alt":
                self.alts.append(value)

    def handle_data(self, data):
        if self._in_h2:
            self.headings.append(data)
            self._in_h2 = False


def toy_report_result():
    spec = toy_spec(base=(0, 0, 0), rich_seat_0=(4, 0, 0))
    return balance.balance(spec, runner.RunSettings(rollouts=1500, seed=3, jobs=1, progress=False), title="Toy")


def toy_report():
    spec = toy_spec(base=(0, 0, 0), rich_seat_0=(4, 0, 0))
    result = toy_report_result()
    setup = [("The rule sets", pd.DataFrame({"base": ["0"], "rich_seat_0": ["4"]}, index=["bonus"])),
             ("Note", "a <b>bold</b> claim & more")]
    return balance.report(spec, result, title="Toy <balance>", question="Does a bonus help?", setup=setup,
                          method=["a caveat"], reproduce="analyzer report toy.yaml -n 1500 --seed 3")


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report")
    return folder, report.write(toy_report(), folder / "toy")  # no suffix: .html is added


def test_the_report_has_every_section_and_fetches_nothing(written):
    tmp_path, written = written
    html_text = (tmp_path / "toy.html").read_text()
    refs = Refs()
    refs.feed(html_text)
    assert tuple(refs.headings) == SECTIONS
    assert refs.urls and all(u.startswith("data:image/png;base64,") for u in refs.urls)  # links: anchors only
    for url in refs.urls:
        assert base64.b64decode(url.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"
    assert not {"script", "link", "iframe", "object", "embed", "base"} & set(refs.tags)
    outside_images = re.sub(r'src="data:[^"]*"', "", html_text)
    assert "http:" not in outside_images and "https:" not in outside_images and "url(" not in outside_images
    assert "@import" not in outside_images and "//" not in outside_images.replace("<!DOCTYPE", "")
    assert "Toy &lt;balance&gt;" in html_text and "a &lt;b&gt;bold&lt;/b&gt; claim &amp; more" in html_text
    assert len(refs.urls) == 3  # win rate, money, differences
    assert written[0] == tmp_path / "toy.html" and written[1] == tmp_path / "toy.md"
    assert (tmp_path / "toy-plots").is_dir() and len(written) == 5


def test_the_markdown_twin_has_the_same_sections_and_its_plots(written):
    tmp_path, _ = written
    md = (tmp_path / "toy.md").read_text()
    assert [line[3:] for line in md.splitlines() if line.startswith("## ")] == list(SECTIONS)
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md)
    assert len(images) == 3 and all((tmp_path / path).is_file() for path in images)
    assert "| rule set | seat |" in md and "Does a bonus help?" in md
    assert "rich_seat_0" in md and "analyzer report toy.yaml" in md


def test_writing_is_all_or_nothing(tmp_path):
    rep = toy_report()
    rep.sections[0].blocks.append(report.Block("plot", Plot("broken", "no_such_chart", "win_rate")))
    try:
        report.write(rep, tmp_path / "toy.html")
    except AttributeError:
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == []



def test_every_heading_has_an_anchor_and_every_finding_links_to_its_table(written):
    tmp_path, _ = written
    refs = Refs()
    refs.feed((tmp_path / "toy.html").read_text())
    assert len(refs.ids) == len(set(refs.ids)) and {"findings", "win-rate-per-seat", "reproduce"} <= set(refs.ids)
    assert refs.links and set(refs.links) <= set(refs.ids)
    findings = (tmp_path / "toy.html").read_text().split('id="findings"')[1].split("<h2")[0]
    assert 'href="#against-the-baseline"' in findings  # the rich seat's effect, and the table behind it
    md = (tmp_path / "toy.md").read_text()
    assert "[table: Against the baseline](#against-the-baseline)" in md  # GitHub's anchor of that heading
    assert len(refs.alts) == refs.tags.count("img") and all(len(a) > 10 for a in refs.alts)


def test_long_tables_scroll_in_their_box_and_the_page_prints(written):
    tmp_path, _ = written
    page = (tmp_path / "toy.html").read_text()
    assert "@media print" in page and "white-space: pre-wrap" in page
    assert page.count('<div class="scroll') == page.count("<table>")
    long = pd.DataFrame({"n": range(report.LONG_ROWS + 1)})
    rep = report.Report("T", "s", [], {})
    rep.section("A").table(long).table(long.head(3))
    page = report.to_html(rep, {})
    assert page.count('<div class="scroll long"') == 1 and page.count('<div class="scroll"') == 1


def test_the_summary_comes_first_with_each_conclusions_interval_and_what_it_depends_on(written):
    tmp_path, _ = written
    md = (tmp_path / "toy.md").read_text()
    summary = md.split("## Summary")[1].split("## ")[0]
    bullets = [line for line in summary.splitlines() if line.startswith("- ")]
    assert 1 <= len(bullets) <= 2 and md.index("## Summary") < md.index("## What was asked")
    assert all("95% CI" in b and "Depends on the rule reading" in b and "player strength" in b for b in bullets)
    assert "rich_seat_0" in bullets[0]
    assert md.count("1,500 games per rule set") == 2  # the subtitle and the method, not a third time
    page = (tmp_path / "toy.html").read_text()
    assert '<div class="summary">' in page.split('id="what-was-asked"')[0]


def test_a_findings_list_with_other_kinds_renders_them_under_more():
    result = toy_report_result()
    result.payload["findings_ranked"] = result.payload["findings_ranked"] + [
        {"text": "A ladder: greedy over random by 20 points.", "kind": "ladder", "table": ""}]
    spec = toy_spec(base=(0, 0, 0), rich_seat_0=(4, 0, 0))
    md = report.to_markdown(balance.report(spec, result, title="T", question="", setup=[]), "plots")
    assert "- A ladder: greedy over random by 20 points." in md.split("### More")[1]


def test_numbers_are_shown_at_the_precision_of_their_intervals():
    df = pd.DataFrame({"win rate": [0.27612, 0.2412], "lo95": [0.2701, 0.2356], "hi95": [0.2822, 0.247],
                       "fair share": [0.25, 1 / 3], "games": [1000.0, 1000.0], "mean": [12.345, 1.0],
                       "±95%": [0.21, 0.0004]}, index=pd.Index(["a", "b"], name="rule set"))
    md = report._md_table(df)
    assert "| a | 0.276 | 0.270 | 0.282 | 0.250 | 1000 | 12.3 | 0.2 |" in md
    assert "| b | 0.241 | 0.236 | 0.247 | 0.333 | 1000 | 1.0000 | 0.0004 |" in md
    wide = pd.DataFrame([range(14)], columns=[f"c{i}" for i in range(14)], index=pd.Index(["x"], name="rule set"))
    assert report._md_table(wide).startswith("| rule set | x |\n|---|---|\n| c0 | 0 |")  # turned on its side


def test_options_worth_exactly_nothing_are_one_line_in_tables_and_not_charted(tmp_path):
    from analyzer.core import plots

    df = pd.DataFrame({"action": ["a", "b", "c", "d", "e"], "ev": [1.0, 0.5, 0.0, 0.0, -1.0],
                       "ci95": [float("nan"), 0.1, float("nan"), float("nan"), float("nan")]},
                      index=pd.Index([1, 2, 3, 4, 5], name="rank"))
    folded, names = report.fold_worthless(df, "ev", "ci95", "action")
    assert names == ["c", "d"] and list(folded["action"]) == ["a", "b", "2 more, each worth exactly 0", "e"]
    assert "| 3–4 | 2 more, each worth exactly 0 | 0.000 |  |" in report._md_table(folded)
    assert report.fold_worthless(df.head(3), "ev", "ci95", "action")[1] == []  # one alone stays a row
    assert list(plots.worthless(df, "ev", "ci95")) == [False, False, True, True, False]


def test_anchors_are_githubs_slugs_and_repeats_are_numbered():
    assert report.anchor("Win rate per seat") == "win-rate-per-seat"
    assert report.anchor("`ev`: conventions, policies and caveats") == "ev-conventions-policies-and-caveats"
    rep = report.Report("T", "s", [], {})
    rep.section("Same").heading("Same").text("see [it](#same-1)")
    page = report.to_html(rep, {})
    assert 'id="same"' in page and 'id="same-1"' in page and '<a href="#same-1">it</a>' in page


def toy_game(draw=None):
    """A game through the contract only: one `odds` and one `ev` question, no engine."""
    from analyzer.core.game import GameSpec, Question, Result

    def odds(position, settings):
        df = pd.DataFrame({"win": [0.7, 0.3], "±95%": [0.02, 0.02]}, index=pd.Index(["a", "b"], name="player"))
        return Result("Toy odds", {"win": df}, {"seed": settings.seed, "rollouts": 400}, ["odds note"],
                      [Plot("win", "bars_with_ci", "win", {"value": "win", "ci": "±95%", "xlabel": "P(win)",
                                                           "title": "Who wins"})], {"win": False})

    def ev(position, settings):
        df = pd.DataFrame({"move": ["go", "stay", "wait"], "value": [1.5, 1.0, -0.5], "±95%": [0.1, 0.6, 0.1]},
                          index=pd.Index([1, 2, 3], name="rank"))
        return Result("Toy moves", {"moves": df}, {"seed": settings.seed, "rollouts": 400, "illustrative": True},
                      ["EV: coins by the end, nobody else acting", "odds note"],
                      [Plot("moves", "bars_with_ci", "moves", {"value": "value", "ci": "±95%", "label": "move",
                                                               "xlabel": "coins", "title": "Moves"})],
                      {"moves": False})

    return GameSpec("toy", "Toy", 1, (2, 2), lambda d: d["position"], {"odds": Question(odds, "who wins"),
                                                                         "ev": Question(ev, "every move")},
                    draw=draw)


def test_a_position_report_shows_the_position_the_answers_and_the_assumptions(tmp_path):
    from analyzer.core import game as contract

    data = {"game": "toy", "title": "Toy <spot>", "players": 2, "position": {"stacks": {1: ["a", "b"]}, "turn": 0}}
    drawn = []

    def draw(position, path):
        drawn.append(position)
        from analyzer.core import plots

        plots.bars_with_ci(pd.DataFrame({"v": [1.0], "c": [0.0]}), path, "v", "c")
        return "A toy board: a under b on space 1"

    for hook, name in ((None, "plain"), (draw, "drawn")):
        game = toy_game(hook)
        position = game.position(data)
        settings = runner.RunSettings(rollouts=400, seed=9, jobs=1, progress=False)
        results = {q: contract.ask(game, q, position, settings) for q in game.supported(position)}
        rep = report.position(game, data, position, results, reproduce="analyzer report toy.yaml --seed 9",
                              source="toy.yaml")
        written = report.write(rep, tmp_path / f"{name}.html")
        page = written[0].read_text()
        refs = Refs()
        refs.feed(page)
        assert refs.headings == ["Summary", "What was asked", "Findings", "The position", "Odds", "Actions ranked",
                                 "Assumptions", "Reproduce"]
        assert set(refs.links) <= set(refs.ids) and "moves-ev" in refs.links
        assert "Best move: <code>go</code>, 1.5 coins (± 0.1, 95% interval" in page  # at its interval's precision and "<code>stay</code>" in page
        assert "stacks.1" in page and "[a, b]" in page  # the position as a table, drawn or not
        assert "illustrative" in page and "EV: coins by the end, nobody else acting" in page
        assert page.count("odds note") == 1 and "Toy &lt;spot&gt;" in page
        assert len(refs.alts) == refs.tags.count("img") == (3 if hook else 2)
    assert drawn == [data["position"]] and "A toy board: a under b on space 1" in page
    assert (tmp_path / "drawn-plots" / "position.png").is_file()
