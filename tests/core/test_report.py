"""Reports: every section, plots embedded, nothing fetched from the network, a Markdown twin."""
import base64
import re
from html.parser import HTMLParser

import pandas as pd
import pytest

from analyzer.core import balance, report, runner
from analyzer.core.tables import Plot
from tests.core.test_balance import toy_spec

SECTIONS = ("What was asked", "Findings", "Set-up", "Results", "Method and caveats", "Reproduce")


class Refs(HTMLParser):
    """Every URL-bearing attribute and every tag of a page."""

    def __init__(self):
        super().__init__()
        self.urls, self.tags, self.headings, self._in_h2 = [], [], [], False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self._in_h2 = tag == "h2"
        for name, value in attrs:
            if name in ("src", "href", "srcset", "data", "action", "poster", "background"):
                self.urls.append(value)

    def handle_data(self, data):
        if self._in_h2:
            self.headings.append(data)
            self._in_h2 = False


def toy_report():
    spec = toy_spec(base=(0, 0, 0), rich_seat_0=(4, 0, 0))
    result = balance.balance(spec, runner.RunSettings(rollouts=1500, seed=3, jobs=1, progress=False), title="Toy")
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
    assert refs.urls and all(u.startswith("data:image/png;base64,") for u in refs.urls)
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

