"""The questions Sankt Petersburg answers at the table (spec "What the analyzer is asked", 1-3): `(position, run
settings) -> Result`, from the view of `position.me`, all exact (exact.py, Fractions; the JSON keeps each value as a
float and `<key>_exact` "p/q"): `odds` (1: each card in the next refill), `ask end` (2: P(the game ends this
round)), `ev` (3: the return of every purchase open to me).  The start stones' seat value (4) is `analyzer balance`.
"""
from __future__ import annotations

import pandas as pd

from analyzer.core import sources, stats
from analyzer.core.game import Result
from analyzer.games.st_petersburg import exact
from analyzer.games.st_petersburg import rules as r
from analyzer.games.st_petersburg.state import Position

fs, both = stats.fraction_text, stats.with_exact


def _notes(p: Position) -> list[str]:
    decks = ", ".join(f"{name} {n}" for name, n in zip(r.PHASES, p.decks_left))
    return [*p.settings.labels(), *sources.notes(sources.labels(p.settings.printed)),
            f"{p.players} players; the view is seat {p.me}'s; phase now: {r.PHASES[p.phase]}; board: "
            f"{len(p.upper)} upper, {len(p.lower)} lower; decks left: {decks}"]


def _payload(p: Position, **extra) -> dict:
    return {sources.KEY: sources.labels(p.settings.printed), "settings": p.settings.shown(), "card_table": "supplied" if "card_table" in p.settings.changed()
            else "bga_first_edition", "players": p.players, "me": p.me, "phase": r.PHASES[p.phase],
            "decks_left": dict(zip(r.PHASES, p.decks_left)), **extra}


def _takes_note(p: Position) -> str:
    draws = ", ".join(f"{n} from the {name} deck" for name, n in zip(r.PHASES, p.focus.observatory_draws) if n)
    return _taken_note(p) + (f"; Observatory draws still to come this building phase: {draws}" if draws else "")


def _taken_note(p: Position) -> str:
    taken = p.focus.taken
    if p.focus.refill is not None:
        return f"the refill's size typed: focus.refill = {p.focus.refill}"
    if taken is None:
        return (f"the cards still to be taken this {r.PHASES[p.phase]} phase: takes_pmf "
                f"({', '.join(map(str, p.settings.takes_pmf[p.phase]))} for 0, 1, ...; more than the board takes it "
                "all), from the lower row first")
    if isinstance(taken, tuple):
        return f"the cards still to be taken: {taken[0]} from the upper row, {taken[1]} from the lower"
    return f"the cards still to be taken: focus.taken = {taken}, from the lower row first"


# ------------------------------------------------------------------------------------------------
# question 1: odds

def odds(p: Position, settings) -> Result:
    deck = r.refill_deck(p.phase)
    rows, sizes = exact.refill_odds(p)
    pool = sum(x.unseen for x in rows)
    table = pd.DataFrame([{"card": x.name, "unseen": x.unseen, "P(at least one)": float(x.at_least_one),
                           "exact": fs(x.at_least_one), "E[copies]": float(x.expected), "exact (E)": fs(x.expected)}
                          for x in rows], columns=["card", "unseen", "P(at least one)", "exact", "E[copies]",
                                                   "exact (E)"]).set_index("card")
    tables = {f"the next refill ({r.PHASES[deck]} deck)": table}
    size_rows = pd.DataFrame([{"cards turned": d, "P": float(q), "exact": fs(q)} for d, q in sizes.items()]
                             ).set_index("cards turned")
    tables["refill size"] = size_rows
    dist_out = None
    if p.focus.card is not None:
        dist = exact.copies_distribution(p, p.focus.card)
        tables[f"copies of {p.focus.card}"] = pd.DataFrame(
            [{"j": j, "P(exactly j)": float(q), "exact": fs(q)} for j, q in enumerate(dist)]).set_index("j")
        dist_out = [{"j": j, **both("p", q)} for j, q in enumerate(dist)]
    notes = [*_notes(p), _takes_note(p),
             f"the refill after the {r.PHASES[p.phase]} phase turns min(k, {exact.deck_at_refill(p, p.phase)} left) "
             f"cards of the "
             f"{r.PHASES[deck]} deck, k = 8 - the cards left on the board"
             + (" (the upper row's: the lower row is discarded)" if p.phase == r.UPGRADE else "")
             + f"; the deck's unseen pool: {pool} cards (its composition less what was seen out), a uniform draw "
               "(hypergeometric)", "exact"]
    payload = _payload(p, deck=r.PHASES[deck], pool=pool,
                       sizes=[{"cards": d, **both("p", q)} for d, q in sizes.items()],
                       cards=[{"card": x.name, "unseen": x.unseen, **both("at_least_one", x.at_least_one),
                               **both("expected", x.expected)} for x in rows],
                       focus_card=p.focus.card, distribution=dist_out)
    return Result(f"Sankt Petersburg: each {r.PHASES[deck]} card in the next refill (exact)", tables, payload, notes,
                  exact={name: True for name in tables})


# ------------------------------------------------------------------------------------------------
# question 2: ask end

def end(p: Position, settings) -> Result:
    e = exact.end_chain(p)
    nxt = p.settings.worker_refill_end == "next_round"
    rows = [{"refill after": r.PHASES[ph], "deck": r.PHASES[d], "cards left": exact.deck_at_refill(p, ph),
             "last round": "next" if ph == r.UPGRADE and nxt else "this", "P(it makes it the last)": float(q),
             "exact": fs(q)} for ph, d, q in e.triggers]
    tables = {"this round's refills": pd.DataFrame(rows).set_index("refill after")}
    summary = [{"what": "P(the game ends this round)", "value": float(e.ends_this_round),
                "exact": fs(e.ends_this_round)}]
    if p.settings.worker_refill_end == "next_round":
        summary.append({"what": "P(the worker refill after it makes the next round the last)",
                        "value": float(e.next_is_last), "exact": fs(e.next_is_last)})
    summary += [{"what": f"R {c}: expected remaining {c} scorings", "value": float(R), "exact": fs(R)}
                for c, R in zip(r.COLOURS, e.scorings)]
    tables["summary"] = pd.DataFrame(summary).set_index("what")
    notes = [*_notes(p), _takes_note(p),
             "the round is the last once a refill turns a deck's last card"
             + (" (a deck is empty already, or the Observatory draws empty one: it is)" if e.already_last else "")
             + f"; worker_refill_end={p.settings.worker_refill_end}: the worker refill after the upgrade phase "
             + ("ends the game there" if p.settings.worker_refill_end == "immediate"
                else "makes the next round the last"),
             _scorings_note(e), "exact under takes_pmf (R's later rounds at the mean pace)"]
    payload = _payload(p, ends_this_round=float(e.ends_this_round), ends_this_round_exact=fs(e.ends_this_round),
                       already_last=e.already_last, **both("next_round_last", e.next_is_last),
                       refills=[{"after": r.PHASES[ph], "deck": r.PHASES[d], "cards_left": exact.deck_at_refill(p, ph),
                                 "last_round": "next" if ph == r.UPGRADE and nxt else "this", **both("p_first", q)}
                                for ph, d, q in e.triggers],
                       scorings={c: both("R", R) for c, R in zip(r.COLOURS, e.scorings)},
                       rounds_after=e.rounds_after)
    return Result("Sankt Petersburg: P(the game ends this round) (exact)", tables, payload, notes,
                  exact={name: True for name in tables})


def _scorings_note(e: exact.EndChain) -> str:
    if e.rounds_after is None:
        return "R: this round's scorings still to come; the game ends with it"
    paces = ", ".join(f"{name} {float(x):g}" for name, x in zip(r.PHASES, e.paces))
    return (f"R = this round's scorings still to come + P(the game goes on) x {e.rounds_after} later rounds (each "
            f"deck's E[cards left] over its mean cards a round: {paces}; the least, the worker deck's one more under "
            "next_round)")


# ------------------------------------------------------------------------------------------------
# question 3: ev

def ev(p: Position, settings) -> Result:
    if p.focus.scorings is not None:
        scorings, source = tuple(map(exact.Fraction, p.focus.scorings)), "focus.scorings (typed)"
        chain_note = ""
    else:
        e = exact.end_chain(p)
        scorings, source, chain_note = e.scorings, "question 2's model", _scorings_note(e)
    rows, out = [], []
    for x in exact.purchases(p, scorings):
        R = scorings[p.settings.cards[x.card].colour]
        rows.append({"card": x.card, "from": x.source, "replaces": x.replaced or "-", "cost": x.cost,
                     "R": float(R), "rubles back": float(x.rubles_back), "points": float(x.points_back),
                     "bonus": x.bonus, "value (points)": float(x.value), "points per ruble": float(x.points_per_ruble),
                     "exact": fs(x.points_per_ruble), "net rubles": float(x.rubles_back - x.cost),
                     "affordable": x.affordable})
        out.append({"card": x.card, "from": x.source, "replaces": x.replaced, "cost": x.cost,
                    **both("rubles_back", x.rubles_back), **both("points_back", x.points_back), "bonus": x.bonus,
                    **both("value", x.value), **both("points_per_ruble", x.points_per_ruble),
                    **both("net_rubles", x.rubles_back - x.cost), "affordable": x.affordable})
    columns = ["card", "from", "replaces", "cost", "R", "rubles back", "points", "bonus", "value (points)",
               "points per ruble", "exact", "net rubles", "affordable"]
    table = pd.DataFrame(rows, columns=columns).set_index("card")
    notes = [*_notes(p),
             f"R (remaining scorings: green {float(scorings[0]):g}, blue {float(scorings[1]):g}, red "
             f"{float(scorings[2]):g}) from {source}" + (f"; {chain_note}" if chain_note else ""),
             "value = (points per scoring) x R + the aristocrat bonus's increment + (rubles per scoring) x R / 10, "
             "an upgrade's income less the replaced card's; cost by the cost rule (identical cards owned, the lower "
             "row, the Carpenter Workshop / Gold Smelter, at least 1); my rubles: "
             f"{p.mine.rubles}; a card played from my hand also lifts its 5-point hand penalty (not counted)",
             "exact given R"]
    payload = _payload(p, scorings={c: both("R", R) for c, R in zip(r.COLOURS, scorings)}, scorings_source=source,
                       rubles=p.mine.rubles, purchases=out)
    return Result("Sankt Petersburg: the return of every purchase open to me (exact given R)", {"purchases": table},
                  payload, notes, exact={"purchases": ["cost", "R", "rubles back", "points", "bonus", "value (points)",
                                                       "points per ruble", "net rubles"]})
