"""The questions Goa answers at the table (spec "What the analyzer is asked", 1-4): `(position, run settings) ->
Result`, every one exact (exact.py, Fractions; the JSON keeps each value as a float and `<key>_exact` "p/q").

`odds` (question 1: P(colony success) for every open type, the best one to try), `ask hand_needed` (2),
`ask nachschub` (3: the Nachschub tile's S_2), `ask hold_or_play` (4).  Balance (5) is `analyzer balance`.
"""
from __future__ import annotations

import pandas as pd

from analyzer.core import stats
from analyzer.core.errors import AnalyzerError
from analyzer.core.game import Result
from analyzer.games.goa import exact
from analyzer.games.goa import rules as r
from analyzer.games.goa.state import Position, questions  # noqa: F401 - the GameSpec hook

fs, both = stats.fraction_text, stats.with_exact
DECK_NOTE = ("ILLUSTRATIVE: the expedition deck's colonist numbers are the spec's illustrative 10 x 1, 10 x 2, "
             "10 x 3 (the seed lacks the mix); give the real deck as rules.expedition_deck (30 {effect, colonists, "
             "symbol}) or the pool as position.expedition.unseen_counts")
VALUES_NOTE = ("ILLUSTRATIVE: the effects' immediate values are the analyzer's illustrative points (no source "
               "prices them); give yours as position.hold_or_play.effect_values")


def _notes(p: Position, illustrative: str | None) -> list[str]:
    return [*([illustrative] if illustrative else []), *p.settings.labels(),
            f"{p.players} players, the view is seat {p.me}'s; round {p.round} (phase {p.phase}); founded: "
            f"{', '.join(r.COLONIES[c] for c in p.founded) or 'none'}"]


def _pool_text(p: Position) -> str:
    counts = ", ".join(f"{n} x {v}" for v, n in zip(r.COLONIST_NUMBERS, p.pool))
    how = "position.expedition.unseen_counts" if p.pool_given else (
        f"the deck less the discard ({len(p.discard)}), my hand ({len(p.my_hand)}) and the cards known elsewhere "
        f"({len(p.known_elsewhere)})")
    return f"unseen pool {sum(p.pool)} cards ({counts}; {how}), {p.deck_left} in the draw pile"


def _reshuffle_note(p: Position, k: int) -> list[str]:
    if k <= p.deck_left:
        return []
    n = exact.cards_flipped(p, k)
    how = ("the discard is shuffled and laid under the pile" if p.settings.expedition_reshuffle == "discard_under"
           else "the pile and the discard are shuffled together")
    return [f"only {p.deck_left} card(s) in the pile for {k} flips: {how} (expedition_reshuffle "
            f"{p.settings.expedition_reshuffle}; the listed discard, {sum(p.discard_counts)} cards, taken as the whole "
            f"discard){f'; only {n} cards can be flipped' if n < k else ''}"]


def _payload(p: Position, illustrative: bool, **extra) -> dict:
    return {"illustrative": illustrative, "settings": p.settings.shown(), "players": p.players, "me": p.me,
            "round": p.round, "phase": p.phase, **extra}


def _title(text: str, illustrative: bool, what: str = "deck") -> str:
    return f"Goa: {text}" + (f" (ILLUSTRATIVE {what})" if illustrative else "")


def _dist_rows(dist: dict) -> tuple[list[dict], list[dict]]:
    rows, out = [], []
    at_least = sum(dist.values())
    for s in sorted(dist):
        q = dist[s]
        rows.append({"sum": s, "P": float(q), "exact": fs(q), "P(at least)": float(at_least)})
        out.append({"sum": s, **both("p", q), **both("at_least", at_least)})
        at_least -= q
    return rows, out


def _attempt_payload(p: Position) -> dict:
    a = p.attempt
    return {"target": None if a.target is None else r.COLONIES[a.target], "level_colonists": a.level,
            "spionage": a.spionage, "hand_colonists": a.hand, "cards_flipped": a.flipped,
            "kolonista_tile": a.kolonista, "two_colonists_card": a.two_colonists}


def _attempt_note(p: Position) -> str:
    a = p.attempt
    extras = [*(["the Kolonista tile (+1)"] if a.kolonista else []),
              *(["a two-colonists card (+2, played only when still short)"] if a.two_colonists else [])]
    whose = "another player's" if a.spionage else "my"
    return (f"founding: L = {a.level} ({whose} colonists row"
            f"{', the Spionage tile' if a.spionage else ''}) + S_{a.flipped} (the colonist numbers of {a.flipped} "
            f"flipped cards{', the colony_three_cards card played before the action' if a.flipped == 3 else ''}) + "
            f"H = {a.hand} colonists in hand{' + ' + ' + '.join(extras) if extras else ''} >= T; hand colonists "
            "are paid after the flip, only what is missing; short: no colony, the cards kept, +1 colonist")


# ------------------------------------------------------------------------------------------------
# question 1: odds

def _attempt(p: Position):
    if p.attempt is None:
        raise AnalyzerError("this question needs position.colony_attempt {target, level_colonists, hand_colonists, "
                            "cards_flipped}")
    return p.attempt


def odds(p: Position, settings) -> Result:
    a = _attempt(p)
    per = exact.all_colonies(p)
    best = exact.best_colony(per)
    rows, out = [], []
    for c, o in per.items():
        rows.append({"colony": r.COLONIES[c], "T": o.target, "T - L": o.need, "P(success)": float(o.success),
                     "exact": fs(o.success), "P(fail, +1 colonist)": float(o.fail),
                     "E[hand colonists paid | success]": None if o.spent is None else float(o.spent),
                     **({"P(card played)": float(o.card_needed)} if a.two_colonists else {}),
                     "named": c == a.target, "best": c == best})
        out.append({"colony": r.COLONIES[c], "target": o.target, **both("success", o.success),
                    **both("fail", o.fail), **(both("spent", o.spent) if o.spent is not None else {"spent": None}),
                    **both("card_played", o.card_needed), "best": c == best})
    dist_rows, dist = _dist_rows(exact.flip_sums(p, a.flipped))
    ill = p.draws_illustrative
    notes = [*_notes(p, DECK_NOTE if ill else None), _attempt_note(p), _pool_text(p), *_reshuffle_note(p, a.flipped),
             f"best type to try now: {r.COLONIES[best] if best is not None else 'none (no type can succeed now)'} (the "
             "highest P(success); then fewer hand colonists paid; then the larger target, leaving the easier open)",
             "exact"]
    payload = _payload(p, ill, attempt=_attempt_payload(p), pool=dict(zip(map(str, r.COLONIST_NUMBERS), p.pool)),
                       deck_left=p.deck_left, flipped=exact.cards_flipped(p, a.flipped), colonies=out,
                       best=None if best is None else r.COLONIES[best], flip=dist)
    return Result(_title("P(colony success) for each open type (exact)", ill),
                  {"colonies": pd.DataFrame(rows).set_index("colony"),
                   f"S_{a.flipped}": pd.DataFrame(dist_rows).set_index("sum")},
                  payload, notes, exact={"colonies": True, f"S_{a.flipped}": True})


# ------------------------------------------------------------------------------------------------
# question 2: ask hand_needed

def hand_needed(p: Position, settings) -> Result:
    a = _attempt(p)
    colonies = p.open_colonies if a.target is None else (a.target,)
    rows, out = [], []
    for c in colonies:
        for want in a.wanted:
            hand, prob = exact.hand_needed(p, c, want)
            rows.append({"colony": r.COLONIES[c], "wanted": fs(want), "hand colonists needed": hand,
                         "P(success) with them": float(prob), "exact": fs(prob)})
            out.append({"colony": r.COLONIES[c], **both("wanted", want), "hand_colonists": hand,
                        **both("success", prob)})
    ill = p.draws_illustrative
    notes = [*_notes(p, DECK_NOTE if ill else None), _attempt_note(p), _pool_text(p), *_reshuffle_note(p, a.flipped),
             "the smallest number of colonist cards in hand (beside the extras listed) giving P(success) >= the wanted "
             "chance (colony_attempt.wanted_chance)", "exact"]
    payload = _payload(p, ill, attempt=_attempt_payload(p), needed=out)
    return Result(_title("hand colonists needed for a wanted chance (exact)", ill),
                  {"needed": pd.DataFrame(rows).set_index(["colony", "wanted"])}, payload, notes,
                  exact={"needed": True})


# ------------------------------------------------------------------------------------------------
# question 3: ask nachschub

def nachschub(p: Position, settings) -> Result:
    k = r.COLONY_FLIP
    dist = exact.flip_sums(p, k)
    rows, out = _dist_rows(dist)
    mean = sum(s * q for s, q in dist.items())
    ill = p.draws_illustrative
    notes = [*_notes(p, DECK_NOTE if ill else None),
             "the Nachschub tile flips the top two expedition cards: their colonist numbers S_2 are the spices, "
             "colonists or ships gained", _pool_text(p), *_reshuffle_note(p, k), f"E[S_2] = {fs(mean)}", "exact"]
    payload = _payload(p, ill, flipped=exact.cards_flipped(p, k), **both("mean", mean), distribution=out)
    return Result(_title("the Nachschub tile: distribution of S_2 (exact)", ill),
                  {"S_2": pd.DataFrame(rows).set_index("sum")}, payload, notes, exact={"S_2": True})


# ------------------------------------------------------------------------------------------------
# question 4: ask hold_or_play

def _card_name(card) -> str:
    return f"{r.EFFECTS[card[0]]} ({card[1]} colonists, {r.SYMBOLS[card[2]]})"


def hold_or_play(p: Position, settings) -> Result:
    if not p.my_hand:
        raise AnalyzerError("this question needs my expedition cards: position.expedition.my_hand")
    values = exact.card_values(p)
    rows, out = [], []
    for i, v in enumerate(values):
        rows.append({"card": i, "effect": r.EFFECTS[v.card[0]], "symbol": r.SYMBOLS[v.card[2]],
                     "same symbol held": v.same_symbol, "hold: v(n+1) - v(n)": v.keep, "play: effect value": v.play,
                     "verdict": v.verdict})
        out.append({"card": i, "effect": r.EFFECTS[v.card[0]], "colonists": v.card[1],
                    "symbol": r.SYMBOLS[v.card[2]], "same_symbol": v.same_symbol, **both("hold", v.keep),
                    **both("play", v.play), "verdict": v.verdict})
    points, played = exact.best_plan(p)
    held = r.hand_points([c[2] for c in p.my_hand], p.settings.set_values)
    ill = p.values_illustrative
    notes = [*_notes(p, VALUES_NOTE if ill else None),
             f"holding a card to the end adds v(n+1) - v(n) set points, n = the other cards of its symbol held; set "
             f"values {list(p.settings.set_values)} for 1..6 of a symbol (set_values)",
             f"best plan with at most {p.plays_left} plays (hold_or_play.plays_left): play "
             f"{', '.join(_card_name(p.my_hand[i]) for i in played) or 'nothing'} for {points} points "
             f"(holding all: {held})", "exact"]
    payload = _payload(p, ill, cards=out, plays_left=p.plays_left,
                       plan={"play": list(played), **both("points", points), **both("hold_all", held)})
    return Result(_title("hold or play each expedition card at the end (exact)", ill, "effect values"),
                  {"cards": pd.DataFrame(rows).set_index("card")}, payload, notes, exact={"cards": True})
