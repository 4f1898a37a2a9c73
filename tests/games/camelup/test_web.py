"""`analyzer camelup serve`: the page's server on loopback, and the page driven in a real headless browser."""
import json
import shutil
import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")

from starlette.testclient import TestClient  # noqa: E402

from analyzer.games.camelup.session import Session  # noqa: E402
from analyzer.games.camelup.web import make_app  # noqa: E402
from tests.cli_helpers import invoke  # noqa: E402

START = 'new --track "1:bg 3:y 4:ow" --players 4'
LEG = ["roll b 2", "take y", "roll o 3", "desert 9 +", "roll y 1", "roll w 2", "roll g 1"]


def started(tmp_path, name="t.json"):
    session = Session(tmp_path / name, answers=False)
    session.run(START)
    return session


def test_the_page_shows_the_board_and_an_event_changes_the_state(tmp_path):
    session = started(tmp_path)
    client = TestClient(make_app(session))
    page = client.get("/")
    assert page.status_code == 200 and "<script>" in page.text and "http" not in page.text.split("<body>")[1]
    assert 'data-event="roll b 1"' in page.text and "best actions for player 0" in page.text
    answer = client.post("/event", data={"line": "roll b 2"})
    assert answer.status_code == 200 and "player 1 to move" in answer.text
    assert json.loads(session.path.read_text())["events"] == ["roll b 2"]


def test_a_refused_event_says_why_and_leaves_the_state_as_it_was(tmp_path):
    session = started(tmp_path)
    client = TestClient(make_app(session))
    client.post("/event", data={"line": "roll b 2"})
    before = session.path.read_bytes()
    answer = client.post("/event", data={"line": "roll b 3"})
    assert answer.status_code == 400 and "already out of the pyramid" in answer.text
    assert session.path.read_bytes() == before


def test_off_loopback_every_request_needs_the_token(tmp_path):
    session = started(tmp_path)
    client = TestClient(make_app(session, token="s3cret"))
    for path in ("/", "/view", "/version"):
        assert client.get(path).status_code == 403
        assert client.get(path + "?token=wrong").status_code == 403
        assert client.get(path + "?token=s3cret").status_code == 200
    assert client.post("/event", data={"line": "roll b 2"}).status_code == 403
    assert json.loads(session.path.read_text())["events"] == []
    assert client.post("/event?token=s3cret", data={"line": "roll b 2"}).status_code == 200


def test_two_tabs_and_the_terminal_see_every_event(tmp_path):
    session = started(tmp_path)
    one, two = TestClient(make_app(session)), TestClient(make_app(Session(session.path, answers=False)))
    seen = two.get("/version").text
    one.post("/event", data={"line": "roll b 2"})
    assert two.get("/version").text != seen and "player 1 to move" in two.get("/view").text
    seen = one.get("/version").text
    terminal = invoke("camelup", "table", "--state", session.path, "--no-answers", "take", "y")
    assert terminal.exit_code == 0, terminal.output
    assert one.get("/version").text != seen and "player 2 to move" in one.get("/view").text


def test_serve_refuses_without_the_web_extra_and_prints_where_to_open(monkeypatch, tmp_path):
    from analyzer.games.camelup import web

    printed = []
    monkeypatch.setattr("uvicorn.run", lambda app, host, port, log_level: printed.append((host, port)))
    result = invoke("camelup", "serve", "--state", tmp_path / "t.json", "--host", "0.0.0.0", "--port", 8799)
    assert result.exit_code == 0, result.output
    assert printed == [("0.0.0.0", 8799)] and "?token=" in result.stdout
    assert web.is_loopback("127.0.0.1") and not web.is_loopback("0.0.0.0")
    local = invoke("camelup", "serve", "--state", tmp_path / "t.json")
    assert "http://127.0.0.1:8765/ " in local.stdout and "token" not in local.stdout


# -- a real browser -----------------------------------------------------------------------------------

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
needs_browser = pytest.mark.skipif(
    not (CHROMIUM and DRIVER), reason="no headless browser: apt-get install chromium chromium-driver (.ci/run does)")


@pytest.fixture
def server(tmp_path):
    import uvicorn

    session = started(tmp_path)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(make_app(session), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield session, f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(5)


CONTROLS = """
return [...document.querySelectorAll('button, select, summary, input')].filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect();
              return [e.dataset.event || e.dataset.space || e.tagName, Math.round(r.width), Math.round(r.height)]; });
"""
TOP_ANSWER = """
const b = document.querySelector('.head .best3 li.best'), s = document.getElementById('said');
if (!b) return null;
const r = b.getBoundingClientRect();
return {text: b.querySelector('span').innerText, top: r.top, bottom: r.bottom, height: window.innerHeight,
        said: s.innerText, scroll: document.documentElement.scrollWidth, width: window.innerWidth};
"""


@needs_browser
@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_a_leg_tapped_through_keeps_the_best_action_in_view_and_equals_the_terminal(server, tmp_path, width, height):
    """A whole leg by taps (each control scrolled to mid-screen, then clicked): after each, the top answer is
    inside the viewport, the line under the heading says what the event did, and every control is 44x44 px."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    session, url = server
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(arg)
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                                                  "deviceScaleFactor": 1, "mobile": width < 600})
    seen, small = [], set()
    try:
        driver.get(url)

        def version():
            return driver.execute_script("const m = document.getElementById('meta'); return m && m.dataset.version")

        def press(css):  # scrolled to mid-screen, as a thumb would, then a real click (fails if anything covers it)
            element = driver.find_element(By.CSS_SELECTOR, css)
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()

        def tap(css):
            before = version()
            press(css)
            WebDriverWait(driver, 10).until(lambda d: version() != before)
            seen.append(WebDriverWait(driver, 10).until(lambda d: d.execute_script(TOP_ANSWER)))
            small.update(tuple(c) for c in driver.execute_script(CONTROLS) if c[1] < 44 or c[2] < 44)

        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")  # start where the taps are
        for event in LEG:
            words = event.split()
            if words[0] == "desert":
                press(f'[data-space="{words[1]}"]')
                tap(f'[data-event="desert SPACE {words[2]}"]')
            else:
                tap(f'[data-event="{event}"]')
        tap('[data-event="undo"]')
        undone = seen[-1]["said"]
        tap('[data-event="redo"]')
        shot = tmp_path / f"phone-{width}px.png"
        driver.save_screenshot(str(shot))
        print(f"screenshot: {shot}")
    finally:
        driver.quit()
    assert shot.stat().st_size > 10_000
    assert not small, f"controls smaller than 44x44 px: {sorted(small)[:8]}"
    for event, view in zip(LEG + ["undo", "redo"], seen):
        assert 0 <= view["top"] and view["bottom"] <= view["height"], f"{event}: the best action is out of view: {view}"
        assert view["scroll"] <= view["width"], f"{event}: the page is wider than the screen: {view}"
    assert seen[0]["said"].startswith("blue moves 2: blue+green from 1 to 3"), seen[0]["said"]
    assert seen[1]["said"] == "player 1 takes yellow 5"
    assert undone == f"undone: {LEG[-1]}"
    terminal = Session(tmp_path / "terminal.json", answers=True)
    terminal.run(START)
    for event in LEG:
        _, summary = terminal.run(event)
    assert json.loads(session.path.read_text())["events"] == LEG
    assert seen[-1]["text"] == summary["actions"][0]["action"]
    assert any("leg 1 ends" in line for line in summary["said"]) and seen[len(LEG) - 1]["said"] == "; ".join(
        summary["said"])
    page_state, page_table = session.snapshot()
    assert page_table.money == summary["money"] == [5, 3, 5, 4]


def test_the_page_says_what_the_last_event_did_and_has_a_dark_scheme(tmp_path):
    session = started(tmp_path)
    client = TestClient(make_app(session))
    assert "no event yet" in client.get("/view").text
    answer = client.post("/event", data={"line": "roll b 2"}).text
    assert '<p id="said" aria-live="polite">blue moves 2: blue+green from 1 to 3</p>' in answer
    assert 'data-event="undo"' in answer.split('id="said"')[1].split("</header>")[0]  # undo beside it
    assert "last: blue moves 2" in client.get("/view").text  # a refresh (another tab) reads it from the log
    assert "undone: roll b 2" in client.post("/event", data={"line": "undo"}).text
    page = client.get("/").text
    assert "prefers-color-scheme:dark" in page and "color-scheme:light dark" in page
    white = 'style="background:#f4f4f4;color:#111111"'  # the white camel: dark ink, outlined
    assert white in client.get("/view").text
