"""`analyzer camelup serve`: the table session as a local web page, for a phone at the table.

The page shows the same session as `analyzer camelup table`, on the same state file and under
its lock (`session.Session`): the board, one button per event, the best actions and the odds.
Made for one hand at 390 px: a sticky head keeps whose turn it is, what the last event did (undo beside
it) and the three best actions in view after every tap; every control is at least 44x44 px; light and
dark colour schemes follow the phone's; camels in the colours of `core.style` (as in the terminal and
the reports).  The web layer only renders; every rule lives in `table.py`.  Everything the page needs is
served from here (no CDN, no fonts): one HTML page with its style and a little script, and an
HTML fragment of the table that the script swaps in after each tap and whenever the state file
changes (it polls `version` every second, so an event made in a terminal shows within a second).
Off loopback, every request needs the random access token printed in the address.
"""
from __future__ import annotations

import html
import secrets

from analyzer.core import style
from analyzer.games.camelup.session import Session

TOP = 8  # the full list of best actions; the sticky head shows the first three
HEAD = 3


def esc(text) -> str:
    return html.escape(str(text), quote=True)


def chip(name: str, letter: str) -> str:
    colour = style.CAMELS.get(name, "#888888")
    return f'<span class="chip" style="background:{colour};color:{style.camel_ink(name)}">{esc(letter)}</span>'


def button(event: str, label: str, cls: str = "") -> str:
    return f'<button type="button" class="{cls}" data-event="{esc(event)}">{label}</button>'


def render_view(session: Session, error: str = "", said: list[str] | None = None) -> str:
    """The HTML fragment of the table now: a sticky head (whose turn, what the last event did with undo beside
    it, the three best actions), then the board, the event buttons, every answer and the odds.  `said`: what the
    event just sent did (else the last event of the log, as replayed)."""
    state, table = session.snapshot()
    parts = [f'<div id="meta" data-version="{esc(session.version())}"></div>']
    if table is None:
        if error:
            parts.append(f'<p class="error" role="alert">{esc(error)}</p>')
        parts.append('<p>No game yet. Start one:</p>' + _new_form())
        return "".join(parts)
    answers = None if table.over else _answer_rows(session, table)
    parts.append(_head(table, state, error, said, answers))
    parts.append(_board(table))
    parts.append(_players(table))
    if not table.over:
        parts.append(_events(table))
        parts.append(_answers(table, *answers))
    parts.append('<details><summary>any event, typed</summary><form id="typed"><input name="line" '
                 'placeholder="roll b 2" autocomplete="off" aria-label="event"><button>send</button></form></details>')
    parts.append('<details><summary>new game</summary>' + _new_form() + "</details>")
    return "".join(parts)


def _head(table, state, error: str, said, answers) -> str:
    """Whose turn, the last event in words with undo and redo beside it, the three best actions."""
    title = f"Leg {table.leg} · " + ("the race is over" if table.over else f"player {table.to_move} to move")
    if error:
        line = f'<p id="said" class="error" role="alert">{esc(error)}</p>'
    else:
        words = said if said is not None else table.said if state["events"] else []
        text = "; ".join(words) if words else "no event yet: tap the die that came out, or what a player took"
        line = f'<p id="said" aria-live="polite">{"" if said is not None or not words else "last: "}{esc(text)}</p>'
    undo = (button("undo", "↶", "icon").replace("<button", '<button aria-label="undo"', 1)
            + button("redo", "↷", "icon").replace("<button", '<button aria-label="redo"', 1))
    best = ""
    if answers is not None:
        rows = answers[0][:HEAD]
        best = ('<ol class="best3">' + "".join(
            f'<li{" class=best" if i == 0 else ""}><span>{esc(r["action"])}</span><b class="num">{r["ev"]:+.2f}</b>'
            "</li>" for i, r in enumerate(rows)) + "</ol>")
    return (f'<header class="head"><h1>{esc(title)}</h1><div class="said">{line}{undo}</div>{best}</header>')


def _new_form() -> str:
    return ('<form id="newgame"><input name="track" placeholder="track: 1:bg 3:y 4:ow" autocomplete="off" '
            'aria-label="track"><input name="players" type="number" min="2" max="10" value="4" aria-label="players">'
            '<button>start</button></form>')


def _board(table) -> str:
    rules, names = table.rules, table.names
    last = max([rules.track_length] + list(table.stacks))
    cells = []
    for s in range(min([1] + list(table.stacks)), last + 1):
        stack = "".join(chip(names[c], rules.camel_letters[c].upper()) for c in table.stacks.get(s, []))
        mark = ""
        if s in table.desert:
            push, owner = table.desert[s]
            mark = f'<span class="tile {"plus" if push > 0 else "minus"}">{"+" if push > 0 else "−"}{owner}</span>'
        elif table.camera and table.camera[0] == s:
            mark = f'<span class="tile camera">C{table.camera[1]}</span>'
        free = s not in table.stacks and 1 < s <= rules.track_length
        number = (f'<button type="button" class="space" data-space="{s}" aria-label="space {s}">{s}</button>'
                  if free else f'<span class="space">{s}</span>')
        cells.append(f'<div class="cell{" past" if s > rules.track_length else ""}"><div class="stack">{stack}</div>'
                     f"{number}{mark}</div>")
    return f'<div class="board">{"".join(cells)}</div>'


def _players(table) -> str:
    rules, names = table.rules, table.names
    rows = []
    for p in range(table.players):
        tiles = " ".join(chip(names[c], f"{rules.camel_letters[c]}{v}") for c, v in table.held[p])
        extra = f" · pyramid {table.pyramid[p]}" if table.pyramid[p] else ""
        cls = ' class="mover"' if p == table.to_move else ""
        rows.append(f"<tr{cls}><td>player {p}</td><td>{table.money[p]} coins</td><td>{tiles}{extra}</td></tr>")
    dice = " ".join(chip(names[c], rules.camel_letters[c]) for c in sorted(table.dice))
    dice += " grey" if table.grey else ""
    dice += "".join(" " + chip(names[c], rules.camel_letters[c] + "+") for c in sorted(table.boost))
    return (f'<p class="small">dice in the pyramid: {dice or "none"}</p>'
            f'<table class="players">{"".join(rows)}</table>')


def _events(table) -> str:
    rules, names, letters = table.rules, table.names, table.rules.camel_letters
    who = "".join(f'<option value="{p}"{" selected" if p == table.to_move else ""}>player {p}</option>'
                  for p in range(table.players))
    out = [f'<div class="row"><label>event by <select id="who" data-mover="{table.to_move}">{who}</select>'
           "</label></div>"]
    dice = []
    for c in sorted(table.dice):
        dice.append('<div class="die">' + chip(names[c], letters[c]) + "".join(
            button(f"roll {letters[c]} {n}", str(n)) for n in sorted(set(rules.die_faces))) + "</div>")
    for c in sorted(table.boost):
        dice.append('<div class="die">' + chip(names[c], letters[c] + "+") + "".join(
            button(f"roll {letters[c]}+ {n}", str(n)) for n in sorted(set(rules.boost_faces))) + "</div>")
    if table.grey:
        for c in range(rules.racing, len(names)):
            dice.append('<div class="die">grey ' + chip(names[c], letters[c]) + "".join(
                button(f"roll grey {letters[c]} {n}", str(n)) for n in sorted(set(rules.die_faces))) + "</div>")
    out.append('<h2>the die that came out</h2><div class="dice">' + "".join(dice) + "</div>")
    take = [button(f"take {letters[c]}", chip(names[c], f"{letters[c]}{table.tiles_left[c][0]}"))
            for c in range(rules.racing) if table.tiles_left[c]]
    out.append('<h2>take a leg tile</h2><div class="row">' + "".join(take) + "</div>")
    sides = rules.tile_sides
    space_panel = [button(f"{rules.tile_name} SPACE +", f"+ {sides[0]}"), button(f"{rules.tile_name} SPACE -",
                                                                                f"− {sides[1]}")]
    if rules.photographer:
        space_panel.append(button("photo SPACE", "camera"))
    out.append(f'<div id="spacepanel" hidden><h2>space <span id="spacename"></span></h2><div class="row">'
               f'{"".join(space_panel)}</div></div><p class="small">tap a free space number on the board to lay '
               f"a {rules.tile_name} tile{' or the camera' if rules.photographer else ''} there</p>")
    cards = []
    for pile in ("winner", "loser"):
        cards.append(f'<div class="row"><span class="label">{pile}</span>' + "".join(
            button(f"{pile} {letters[c]}", chip(names[c], letters[c])) for c in range(rules.racing))
                     + button(f"{pile} ?", "?") + "</div>")
    out.append("<h2>overall cards</h2>" + "".join(cards))
    extra = []
    if rules.boost_action:
        extra += [button(f"boost {letters[c]}", "boost " + chip(names[c], letters[c] + "+"))
                  for c in range(rules.racing) if c not in table.boost and c not in table.pit]
    if rules.placement_bets:
        used = {b[2] for bets in table.placements for b in bets}
        for place in (p for p in rules.placement_places if p not in used and p <= rules.racing):
            extra += [button(f"place {place} {letters[c]}", f"place {place} on " + chip(names[c], letters[c]))
                      for c in range(rules.racing) if table.tiles_left[c]]
    if rules.partnerships and table.players >= rules.partnership_min_players:
        extra += [button(f"partner {q}", f"partner {q}") for q in range(table.players)]
    if extra:
        out.append('<h2>Supercup</h2><div class="row">' + "".join(extra) + "</div>")
    return "".join(out)


def _answer_rows(session: Session, table):
    """(the best actions, desert placements worth nothing left out; the race odds run; the position)."""
    from analyzer.games.camelup.answers import action_rows
    from analyzer.games.camelup.race import race_odds

    position = table.to_position()
    settings = session._settings()
    rows, race = action_rows(position, settings)
    if race is None:
        race = race_odds(position, settings)
    top = [r for r in rows if not (r["exact"] and abs(r["ev"]) < 0.005 and r["action"].startswith(("desert",
                                                                                                   "spectator")))]
    return top, race, position


def _answers(table, top, race, position) -> str:
    from analyzer.games.camelup import exact

    lines = []
    for i, r in enumerate(top[:TOP]):
        how = "exact" if r["exact"] else f'[{r["ci_low"]:+.2f}, {r["ci_high"]:+.2f}]'
        lines.append(f'<tr{" class=best" if i == 0 else ""}><td>{esc(r["action"])}</td>'
                     f'<td class="num">{r["ev"]:+.3f}</td><td class="small">{how}</td></tr>')
    leg = exact.leg_exact(position).rank_probs[0]
    n = race["n"]
    bars = []
    for c in position.racing_on_track:
        colour = style.CAMELS.get(table.names[c], "#888")
        cells = "".join(f'<div class="bar"><span style="width:{100 * v:.1f}%;background:{colour}"></span>'
                        f'<em>{v:.2f}</em></div>' for v in (leg[c][0], race["win"][c] / n, race["lose"][c] / n))
        bars.append(f'<div class="odds">{chip(table.names[c], table.rules.camel_letters[c])}{cells}</div>')
    return (f'<h2>best actions for player {table.to_move}</h2><table class="answers">{"".join(lines)}</table>'
            '<h2>odds: leg 1st (exact) · race win · race lose</h2>' + "".join(bars)
            + ('<p class="small">race odds exact</p>' if getattr(race, "exact", False) else
               f'<p class="small">race odds from {n:,} races</p>'))


CSS = """
:root{color-scheme:light dark;--bg:#fafafa;--fg:#111;--muted:#555;--line:#ddd;--panel:#fff;--btn:#fff;
--btnline:#888;--space:#e8eefc;--best:#dff5e1;--bar:#e6e6e6;--error:#fde2e2;--errorfg:#900;--plus:#0072B2;
--minus:#D55E00;--camera:#087}
@media (prefers-color-scheme:dark){:root{--bg:#15171a;--fg:#eee;--muted:#aab;--line:#333;--panel:#1e2125;
--btn:#2a2e33;--btnline:#667;--space:#26324a;--best:#1f3b27;--bar:#2c3036;--error:#4a1f1f;--errorfg:#fbb;
--plus:#56B4E9;--minus:#ff8a50;--camera:#4fd1c5}}
*{box-sizing:border-box} body{font-family:system-ui,sans-serif;margin:0 auto;padding:0 8px 8px;max-width:760px;
font-size:16px;color:var(--fg);background:var(--bg)} h1{font-size:17px;margin:0;padding-top:6px}
h2{font-size:14px;margin:12px 0 4px;color:var(--muted)}
.head{position:sticky;top:0;z-index:5;background:var(--bg);border-bottom:1px solid var(--line);padding-bottom:4px}
.said{display:flex;align-items:center;gap:4px} #said{flex:1;margin:2px 0;font-size:14px;line-height:1.25}
.best3{list-style:none;margin:0;padding:0} .best3 li{display:flex;justify-content:space-between;padding:2px 6px;
border-radius:4px;font-size:15px} .best3 li.best{background:var(--best);font-weight:700}
.board{display:grid;grid-template-columns:repeat(auto-fill,minmax(44px,1fr));gap:2px;margin-top:6px}
.cell{display:flex;flex-direction:column;align-items:center} .cell.past .space{color:var(--minus)}
.stack{display:flex;flex-direction:column-reverse;min-height:24px;justify-content:flex-start}
.chip{display:inline-block;min-width:24px;padding:1px 3px;margin:1px;border-radius:4px;border:1px solid #555;
font-weight:700;font-size:14px;line-height:18px;text-align:center}
.space{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;font-size:13px;
color:var(--muted)} button.space{background:var(--space);border:1px solid var(--btnline);color:var(--fg)}
.tile{font-size:13px;font-weight:700} .plus{color:var(--plus)} .minus{color:var(--minus)}
.camera{color:var(--camera)}
button,select,summary{font:inherit;min-height:44px;min-width:44px;margin:2px;border-radius:8px;
border:1px solid var(--btnline);background:var(--btn);color:var(--fg)} button.icon{font-size:20px}
select{padding:0 8px} summary{display:flex;align-items:center;padding:0 10px;cursor:pointer}
.row{display:flex;flex-wrap:wrap;align-items:center} .dice{display:flex;flex-wrap:wrap;gap:0 10px}
.die{display:flex;align-items:center} .label{width:56px;color:var(--muted)}
table{border-collapse:collapse;width:100%} td{padding:3px 4px;border-bottom:1px solid var(--line)}
.num{text-align:right;font-variant-numeric:tabular-nums} tr.best{background:var(--best);font-weight:700}
.small{font-size:13px;color:var(--muted)} .mover{font-weight:700}
.error{background:var(--error);color:var(--errorfg);padding:6px;border-radius:4px}
.odds{display:flex;align-items:center;gap:4px;margin:2px 0}
.bar{flex:1;background:var(--bar);height:22px;position:relative;border-radius:3px}
.bar span{display:block;height:100%;border-radius:3px;outline:1px solid #777}
.bar em{position:absolute;right:4px;top:2px;font-size:13px;font-style:normal;text-shadow:0 0 2px var(--bg)}
input{font:inherit;min-height:44px;padding:6px;margin:2px;max-width:100%;background:var(--panel);color:var(--fg);
border:1px solid var(--btnline);border-radius:6px} details{margin-top:8px}
"""

SCRIPT = """
const token = new URLSearchParams(location.search).get('token');
const q = token ? ('?token=' + encodeURIComponent(token)) : '';
const view = document.getElementById('view');
let space = null;
function version() { const m = document.getElementById('meta'); return m ? m.dataset.version : ''; }
function show(text) {  // swap the table in; scrolling to a control stops below the sticky head
  view.innerHTML = text; const h = document.querySelector('.head');
  document.documentElement.style.scrollPaddingTop = (h ? h.offsetHeight + 8 : 0) + 'px'; }
show(view.innerHTML);
let sent = 0;  // taps so far (twice each: sent and answered)
async function send(line) {
  sent++;
  const who = document.getElementById('who');
  if (who && who.value !== who.dataset.mover && !line.startsWith('undo') && !line.startsWith('redo')
      && !line.startsWith('new')) line = 'as ' + who.value + ' ' + line;
  const r = await fetch('event' + q, {method: 'POST', body: new URLSearchParams({line: line})});
  show(await r.text());
  sent++;  // a poll that started before this answer came must not replace it
}
document.addEventListener('click', e => {
  const b = e.target.closest('[data-event]');
  if (b) { let line = b.dataset.event; if (line.includes('SPACE')) { if (!space) return;
    line = line.replace('SPACE', space); } send(line); return; }
  const s = e.target.closest('[data-space]');
  if (s) { space = s.dataset.space; const p = document.getElementById('spacepanel');
    document.getElementById('spacename').textContent = space; p.hidden = false; }
});
document.addEventListener('submit', e => {
  e.preventDefault();
  const f = e.target;
  if (f.id === 'typed') send(f.line.value);
  if (f.id === 'newgame') send('new --track "' + f.track.value + '" --players ' + f.players.value);
});
setInterval(async () => {  // another tab or the terminal changed the state; never over a tap's answer
  const mark = sent;
  try { const v = await (await fetch('version' + q)).text();
        if (v === version() || mark !== sent) return;
        const text = await (await fetch('view' + q)).text(); if (mark === sent) show(text); }
  catch (err) {}
}, 1000);
"""


def page(session: Session) -> str:
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            'content="width=device-width,initial-scale=1"><title>Camel Up table</title>'
            f'<style>{CSS}</style></head><body><main id="view">{render_view(session)}</main>'
            f"<script>{SCRIPT}</script></body></html>")


def make_app(session: Session, token: str | None = None):
    """The Starlette app of the page; with `token`, every request must carry `?token=`."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, PlainTextResponse
    from starlette.routing import Route

    from analyzer.core.errors import AnalyzerError

    def allowed(request: Request) -> bool:
        return token is None or secrets.compare_digest(request.query_params.get("token", ""), token)

    def refused():
        return PlainTextResponse("this page needs the access token printed by `analyzer camelup serve`",
                                 status_code=403)

    def index(request: Request):
        return HTMLResponse(page(session)) if allowed(request) else refused()

    def view(request: Request):
        return HTMLResponse(render_view(session)) if allowed(request) else refused()

    def version(request: Request):
        return PlainTextResponse(session.version()) if allowed(request) else refused()

    async def event(request: Request):
        if not allowed(request):
            return refused()
        from urllib.parse import parse_qs

        from starlette.concurrency import run_in_threadpool

        body = (await request.body())[:4000].decode("utf-8", "replace")
        line = (parse_qs(body).get("line") or [""])[0][:500]

        try:
            _, summary = await run_in_threadpool(session.run, line)
        except AnalyzerError as exc:
            return HTMLResponse(await run_in_threadpool(render_view, session, " ".join(str(exc).split())),
                                status_code=400)
        return HTMLResponse(await run_in_threadpool(render_view, session, "", summary.get("said")))

    return Starlette(routes=[Route("/", index), Route("/view", view), Route("/version", version),
                             Route("/event", event, methods=["POST"])])


def is_loopback(host: str) -> bool:
    return host in ("localhost", "::1") or host.startswith("127.")


def serve(session: Session, host: str, port: int) -> None:
    import uvicorn

    token = None if is_loopback(host) else secrets.token_urlsafe(16)
    shown = host if host not in ("0.0.0.0", "::") else _lan_address()
    print(f"Camel Up table page on http://{shown}:{port}/" + (f"?token={token}" if token else "")
          + f"  (state: {session.path}; Ctrl-C stops it)", flush=True)
    uvicorn.run(make_app(session, token), host=host, port=port, log_level="warning")


def _lan_address() -> str:
    import socket

    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "THIS-MACHINE"
