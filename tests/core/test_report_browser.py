"""Reports in a real headless browser (Debian's chromium and chromium-driver, through Selenium; no browser is ever
downloaded): every example in reports/examples/ and a freshly written balance report, each at 1280 and 375 px
wide: nothing wider than the page outside a table's own box, the summary first, the Reproduce command wrapped,
every image loaded and with alt text, long tables scrolling in their box on screen and whole in print.
Screenshots go to the test's tmp dir."""
import shutil
import warnings
from pathlib import Path

import pytest

from analyzer.core import report
from tests.core.test_report import toy_report

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
INSTALL = "no headless browser for the report test: apt-get install chromium chromium-driver (.ci/run does)"
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=INSTALL)
if not (CHROMIUM and DRIVER):  # a plain `pytest -q` prints no skip reasons; the warnings summary shows this line
    warnings.warn(pytest.PytestWarning(f"tests/core/test_report_browser.py skipped: {INSTALL}"), stacklevel=1)
WIDTHS = (1280, 375)

MEASURE = """
const page = document.documentElement;
const over = [...document.querySelectorAll('body *')].filter(e => !e.closest('.scroll'))
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
  .map(e => e.tagName + (e.id ? '#' + e.id : '') + ' ' + Math.round(e.getBoundingClientRect().right));
const pre = [...document.querySelectorAll('pre')].filter(p => p.scrollWidth > p.clientWidth + 1).length;
const imgs = [...document.images].map(i => ({ok: i.complete && i.naturalWidth > 0, alt: (i.alt || '').trim(),
                                            right: i.getBoundingClientRect().right}));
const first = document.querySelector('h2');
return {scroll: page.scrollWidth, inner: window.innerWidth, over: over.slice(0, 5), pre: pre, imgs: imgs,
        first: first && first.innerText, summary: !!document.querySelector('.summary li')};
"""


EXAMPLES = sorted((ROOT / "reports" / "examples").glob("*.html"))
@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser-reports")
    assert len(EXAMPLES) >= 20
    return [report.write(toy_report(), folder / "balance.html")[0]] + EXAMPLES


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(arg)
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def emulate(driver, width: int, media: str = "screen") -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})


@pytest.mark.parametrize("width", WIDTHS)
def test_reports_fit_the_page_and_every_image_loads_with_alt_text(reports, browser, width, tmp_path):
    for path in reports:
        emulate(browser, width)
        browser.get(path.as_uri())
        seen = browser.execute_script(MEASURE)
        where = f"{path.name} at {width} px"
        assert seen["inner"] == width, where
        assert seen["scroll"] <= seen["inner"], f"{where}: the page is {seen['scroll']} px wide: {seen['over']}"
        assert not seen["over"], f"{where}: wider than the page outside a scrolling table: {seen['over']}"
        assert seen["pre"] == 0, f"{where}: a code block (the Reproduce command) is clipped"
        assert seen["first"] == "Summary" and seen["summary"], f"{where}: the summary does not come first"
        assert seen["imgs"] and all(i["ok"] for i in seen["imgs"]), f"{where}: an image did not load"
        assert all(i["alt"] for i in seen["imgs"]), f"{where}: an image without alt text"
        assert all(i["right"] <= width + 1 for i in seen["imgs"]), f"{where}: an image wider than the page"
        shot = tmp_path / f"{path.stem}-{width}.png"
        full = browser.execute_script("return document.documentElement.scrollHeight")
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": width, "height": min(int(full), 12000), "deviceScaleFactor": 1,
                                 "mobile": width < 600})
        browser.save_screenshot(str(shot))
        assert shot.stat().st_size > 1000


def test_long_tables_scroll_in_their_box_print_whole_and_the_anchors_land(reports, browser):
    heights = ("return [...document.querySelectorAll('.scroll.long')]"
               ".map(d => [d.getBoundingClientRect().height, d.querySelector('table').offsetHeight])")
    cut = 0
    for path in reports:
        emulate(browser, 1280)
        browser.get(path.as_uri())
        boxes = browser.execute_script(heights)
        cut += sum(box + 2 < table for box, table in boxes)
        assert all(box <= 26 * 16 + 2 for box, _ in boxes), f"{path.name}: a long table's box is taller than 26rem"
        links = browser.execute_script(
            "return [...document.querySelectorAll('a[href^=\"#\"]')].map(a => a.getAttribute('href').slice(1))")
        assert links and all(browser.execute_script("return !!document.getElementById(arguments[0])", a)
                             for a in links), f"{path.name}: a link to no anchor"
        emulate(browser, 1280, "print")
        printed = browser.execute_script(heights)
        assert all(box + 2 >= table for box, table in printed), f"{path.name}: a table is cut in print"
        hidden = browser.execute_script("return [...document.querySelectorAll('nav.contents')].map(e => e.offsetHeight)")
        assert hidden and all(h == 0 for h in hidden)  # the contents line is not printed
    assert cut > 0  # the examples have tables taller than their box: those scroll inside it
