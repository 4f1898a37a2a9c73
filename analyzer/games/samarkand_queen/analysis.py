"""The questions Samarkand answers at the table (spec §9): `(position, run settings) -> Result`.

Items 1-3 are exact (exact.py, Fractions; the JSON keeps each as a float and `<key>_exact` "p/q").  Items 4-5
and the Monte Carlo side of 3 are rollouts of whole games by B's `play` module (route_odds, action_values,
sell_or_keep, reach_probabilities), run through core.runner so that any --jobs gives the same JSON.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pandas as pd

from analyzer.core import runner, stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result
from analyzer.games.samarkand_queen import exact
from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen.state import Position


REACH_ROLLOUTS = 100  # card_value reach: rollouts per marriage valued
REACH_MARRIAGES = 3  # and how many marriages (the cheapest dowries first)


fs, both = stats.fraction_text, stats.with_exact  # exact values in the JSON: "p/q" beside the float


def _notes(p: Position) -> list[str]:
    return [p.board.label(), *p.settings.labels(),
            f"{p.name(p.to_move)} to move; the view is {p.name(p.me)}'s (whose hand is known; "
            f"{len(p.unseen())} cards unseen)"]


def _payload(p: Position, **extra) -> dict:
    return {"illustrative": p.illustrative, "board": p.board.name,
            "settings": p.settings.shown(),
            "who": p.name(p.to_move), "me": p.name(p.me), **extra}


def _title(p: Position, text: str) -> str:
    return f"Samarkand: {text}" + (" (ILLUSTRATIVE board)" if p.illustrative else "")


def engine_fits(p: Position) -> bool:
    """Whether the rollout engine plays this board (`play.fits`)."""
    from analyzer.games.samarkand_queen import play

    return play.fits(p)


def _rollouts(name: str, p: Position):
    """The rollout question `name` of `play`, for a position whose board the engine plays."""
    from analyzer.games.samarkand_queen import play

    if not play.fits(p):
        raise ScenarioError("rules.board", "the rollout engine plays boards of 10 families, 33 goods cards and at "
                                           "most 128 spaces; the exact questions (effects, draw, odds) take any board")
    return getattr(play, name)


def questions(p: Position) -> tuple[str, ...]:
    """What this position supports (state.questions), the Monte Carlo ones where the rollout engine plays its board."""
    from analyzer.games.samarkand_queen.state import questions as supported

    monte_carlo = {"routes", "ev", "actions"} | ({"sell"} if exact.sell_exact_possible(p) is False else set())
    return tuple(q for q in supported(p) if q not in monte_carlo or engine_fits(p))


def _action_json(p: Position, action: tuple) -> dict:
    b = p.board
    out = {"action": exact.action_label(p, action), "kind": action[0]}
    if action[0] != "pass":
        out["family"] = b.families[action[1]]
    if action[0] == "extend":
        out["cells"] = [b.cell_ids[c] for c in action[2]]
    return out


# ------------------------------------------------------------------------------------------------
# 1. the immediate effect of every action (ask effects)


def effects(p: Position, settings) -> Result:
    names = [q.name for q in p.seats]
    rows, out = [], []
    for e in exact.effects(p):
        fam = p.board.families
        sell = ", ".join(f"{c} ({p.name(h) if isinstance(h, int) else 'unseen: P(opp) ' + f'{float(q):.3g}'})"
                         for (c, h), q in zip(e.sellable, e.p_opponent_sells))
        rows.append({"action": e.label, **{f"Δ$ {n}": e.money[s] for s, n in enumerate(names)},
                     "goods markers": " ".join(map(str, e.goods_markers)) or "-",
                     "rel. markers": " ".join(fam[f] for f in e.relationship_markers) or "-",
                     "sellable": sell or "-", "draws": e.draws, "ends": e.ends or "-",
                     **{f"score {n}": float(e.scores[s]) for s, n in enumerate(names)},
                     "ΔVP me": float(e.delta_me)})
        entry = {**_action_json(p, e.action), "money": dict(zip(names, e.money)), "goods_markers": e.goods_markers,
                 "relationship_markers": [fam[f] for f in e.relationship_markers],
                 "new_pairs": [[fam[a], fam[b]] for a, b in e.new_pairs],
                 "sellable": [{"card": c, "holder": p.name(h) if isinstance(h, int) else h, **both("p_opponent", q)}
                              for (c, h), q in zip(e.sellable, e.p_opponent_sells)],
                 "draws": e.draws, "ends": e.ends,
                 "scores": {n: float(e.scores[s]) for s, n in enumerate(names)},
                 "scores_exact": {n: fs(e.scores[s]) for s, n in enumerate(names)}, **both("delta_me", e.delta_me)}
        if e.bag_domain is not None:
            entry.update(both("bag_domain", e.bag_domain))
            rows[-1]["P(bag tile to domain)"] = float(e.bag_domain)
        out.append(entry)
    table = pd.DataFrame(rows).set_index("action")
    notes = [*_notes(p), "score: if the game ended right after the action, no card sold; a hand I cannot see "
             "counts its expected value over my unseen cards", "exact (deterministic; expectations in fractions)"]
    payload = _payload(p, actions=out, exact=["effects"])
    return Result(_title(p, f"the immediate effect of each action of {p.name(p.to_move)} (exact)"),
                  {"effects": table}, payload, notes, exact={"effects": True})


# ------------------------------------------------------------------------------------------------
# 2. the marriage draw (ask draw, odds)


def _marriages(p: Position) -> list[int | None]:
    """The families I could marry into now (me to move), or [None]: my tiles as they are."""
    from analyzer.games.samarkand_queen import reference as ref

    if p.me != p.to_move:
        return [None]
    fams = [a[1] for a in ref.legal_actions(p) if a[0] == "marry"]
    return sorted(fams, key=lambda f: (p.board.dowry[f], f)) or [None]


def _values(p: Position, family: int | None, reach: dict | None):
    tiles = set(p.seats[p.me].tiles) | ({family} if family is not None else set())

    def value(card: int) -> Fraction:
        now = Fraction(exact.card_value(p, p.me, card, tiles))
        if reach is None or any(f in tiles for f in p.camels[p.board.goods_cell[card]]):
            return now
        return now + r.OWN_VP * Fraction(reach.get(card, 0.0))
    return value


def odds(p: Position, settings) -> Result:
    """The draw odds alone: P(each named card), P(at least one of them), exact (no card values, no rollouts)."""
    return draw(p, settings, values=False)


def draw(p: Position, settings, values: bool = True) -> Result:
    spec = exact.draw_spec(p)
    cards = list(p.focus.cards)
    rows = [{"cards": str(n), "P": float(exact.p_any(spec, [n])), "exact": fs(exact.p_any(spec, [n]))} for n in cards]
    anyone = exact.p_any(spec, cards) if cards else None
    if len(cards) > 1:
        rows.append({"cards": "at least one of " + " ".join(map(str, cards)), "P": float(anyone), "exact": fs(anyone)})
    if not cards:
        single = Fraction(spec.a, len(spec.unseen)) if spec.unseen and spec.a else Fraction(0)
        rows.append({"cards": "any one named unseen card", "P": float(single), "exact": fs(single)})
    notes = [*_notes(p)]
    reach, done, is_exact = None, None, True
    if values and p.focus.card_value == "reach":
        fn = _rollouts("reach_probabilities", p)
        is_exact, reach = False, {}
        run = replace(settings, rollouts=min(settings.rollouts, REACH_ROLLOUTS))
        for fam in _marriages(p)[:REACH_MARRIAGES]:
            fams = sorted(set(p.seats[p.me].tiles) | ({fam} if fam is not None else set()))
            reach[fam], done = fn(p, run, cards=sorted(set(spec.unseen) | set(spec.discards)), families=fams)
        notes.append(f"card_value reach: P(reach) by {done.rollouts:,} rollouts per marriage (greedy play; at "
                     f"most {REACH_ROLLOUTS}), for the first {REACH_MARRIAGES} marriages by dowry order; "
                     f"seed {done.seed}")
    gains, marriages = [], []
    for fam in _marriages(p) if values else []:
        if reach is not None and fam not in reach:
            continue
        dist = exact.keep_distribution(spec, _values(p, fam, reach[fam] if reach else None))
        m = exact.mean(dist)
        label = p.board.families[fam] if fam is not None else "(my tiles as they are)"
        gains.append({"marriage": label, "E[gain]": float(m), "exact": fs(m) if is_exact else None,
                      "P(gain > 0)": float(sum((q for g, q in dist.items() if g > 0), Fraction(0)))})
        marriages.append({"family": label, **(both("gain_mean", m) if is_exact else {"gain_mean": float(m)}),
                          "gain": {str(g if is_exact else float(g)): ({"p": float(q), "p_exact": fs(q)})
                                   for g, q in dist.items()}, "exact": is_exact})
    draw_json = {"from_unseen": spec.a, "unseen": len(spec.unseen), "from_discards": spec.b,
                 "discards": len(spec.discards), "k_max": spec.k_max, "outcomes": spec.outcomes}
    q = p.seats[p.me]
    if spec.size == 0:
        notes.append(f"{p.name(p.me)} draws nothing: hand {q.hand_count} + sold {len(q.sold)} is at the limit "
                     f"{p.limit}" if spec.k_max == 0 and q.hand_count + len(q.sold) >= p.limit else "nothing to draw")
    else:
        notes.append(f"the draw: {spec.a} of {len(spec.unseen)} unseen cards" +
                     (f" + {spec.b} of the {len(spec.discards)} reshuffled public discards" if spec.b else "") +
                     f" ({spec.outcomes} equally likely outcomes); the hand may grow by 1..{spec.k_max}")
    if values:
        notes.append(f"gain: value of the best kept hand - the hand's value now; card_value {p.focus.card_value}")
    notes.append("exact" if is_exact else "P(cards) exact; gains use Monte Carlo reach probabilities")
    payload = _payload(p, draw=draw_json, cards={str(n): both("p", exact.p_any(spec, [n])) for n in cards},
                       card_value=p.focus.card_value, exact=["cards"] + (["keep"] if is_exact and values else []))
    if values:
        payload["marriages"] = marriages
    payload["cards"] = {k: {"p": v["p"], "p_exact": v.get("p_exact")} for k, v in payload["cards"].items()}
    if anyone is not None:
        payload["any"] = {"cards": cards, "p": float(anyone), "p_exact": fs(anyone)}
    if done is not None:
        payload.update(rollouts=done.rollouts, seed=done.seed)
    tables = {"cards": pd.DataFrame(rows).set_index("cards")}
    if not values:
        return Result(_title(p, f"the marriage draw odds of {p.name(p.me)} (exact)"), tables, payload, notes,
                      exact={"cards": True})
    tables["keep"] = pd.DataFrame(gains).set_index("marriage")
    result = Result(_title(p, f"the marriage draw of {p.name(p.me)}"), tables, payload, notes,
                    exact={"cards": True, "keep": is_exact})
    return runner.annotate(result, done) if done is not None else result


# ------------------------------------------------------------------------------------------------
# 3. sell or keep (ask sell)


def sell(p: Position, settings) -> Result:
    card = p.focus.card
    if card is None:
        raise ScenarioError("position.focus.card", "the sell question needs the card (a goods number in my hand)")
    hand = p.seats[p.me].hand or ()
    if card not in hand:
        raise ScenarioError("position.focus.card", f"card {card} is not in {p.name(p.me)}'s hand {list(hand)}")
    if not p.camels[p.board.goods_cell[card]]:
        raise ScenarioError("position.focus.card", f"card {card}'s space {p.board.cell_ids[p.board.goods_cell[card]]}"
                                                   " holds no camel: it is sold only when a camel first reaches it")
    notes = _notes(p)
    both_values = exact.sell_exact(p, card)
    if both_values is not None:
        sell_v, keep_v = both_values
        decision = "sell" if sell_v > keep_v else "keep" if keep_v > sell_v else "either"
        table = pd.DataFrame([{"choice": "sell", "VP": sell_v}, {"choice": "keep", "VP": keep_v}]).set_index("choice")
        notes += [f"the game is over after this turn ({exact.ref.end_reason(p)}): card {card} scores {keep_v} "
                  f"for {p.name(p.me)} against {sell_v} Dirham: {decision}", "exact"]
        payload = _payload(p, card=card, sell=sell_v, keep=keep_v, keep_exact=fs(keep_v), exact=True,
                           decision=decision)
        return Result(_title(p, f"sell or keep card {card} (exact)"), {"sell": table}, payload, notes,
                      exact={"sell": True})
    fn = _rollouts("sell_or_keep", p)
    now = exact.card_value(p, p.me, card)
    out, done = fn(p, settings, card)
    rows = [{"choice": "sell", "VP": float(r.SALE), "final EV": out.get("ev_sell"), "win": out.get("win_sell")},
            {"choice": "keep", "VP": out.get("keep_value"), "±95%": out.get("keep_ci95"),
             "final EV": out.get("ev_keep"), "win": out.get("win_keep")}]
    decision = out.get("decision") or ("sell" if (out.get("diff") or 0) > 0 else "keep")
    notes += [f"the card scores {now} now; its final score if kept by rollouts (greedy play, common random "
              f"numbers): {out.get('keep_value', float('nan')):.3g} ± {out.get('keep_ci95', float('nan')):.2g}",
              f"rollouts: {done.rollouts:,}; seed {done.seed}"]
    payload = _payload(p, **{**out, "card": card, "sell": r.SALE, "exact": False, "decision": decision,
                             "rollouts": done.rollouts, "seed": done.seed})
    return runner.annotate(Result(_title(p, f"sell or keep card {card}"),
                                  {"sell": pd.DataFrame(rows).set_index("choice")}, payload, notes,
                                  exact={"sell": False}), done)


# ------------------------------------------------------------------------------------------------
# 4. route odds (ask routes)


def _default_goals(p: Position) -> list[tuple]:
    b, me = p.board, p.seats[p.me]
    f = p.focus
    if f.family is not None and f.goods is not None:
        return [("reach", f.family, f.goods)]
    if f.family is not None and f.meets is not None:
        return [("meet", f.family, f.meets)]
    goals = []
    for card in me.hand or ():
        cell = b.goods_cell[card]
        if p.camels[cell]:
            continue
        fams = list(me.tiles) or list(range(len(b.families)))
        near = min(fams, key=lambda g: (min(b.distance[c][cell] for c in p.cells_of(g)), g))
        goals.append(("reach", near, card))
    if f.family is not None and not goals:
        goals.append(("meet", f.family, min(g for g in range(len(b.families)) if g != f.family)))
    return goals or [("meet", 0, 1)]


def _goal_label(p: Position, goal: tuple) -> str:
    fam = p.board.families
    return f"{fam[goal[1]]} reaches {goal[2]}" if goal[0] == "reach" else f"{fam[goal[1]]} meets {fam[goal[2]]}"


def routes(p: Position, settings) -> Result:
    goals = _default_goals(p)
    notes = _notes(p)
    fn = _rollouts("route_odds", p)
    out, done = fn(p, settings, goals)
    rows = [{"goal": _goal_label(p, g), "P": e["p"], "lo95": e["lo95"], "hi95": e["hi95"]}
            for g, e in zip(goals, out["goals"])]
    turns = pd.DataFrame([{"turns left": int(k), "P": v} for k, v in out["turns_left"].items()]).set_index("turns left")
    ends = pd.DataFrame([{"end": k, "P": v} for k, v in out["end"].items()]).set_index("end")
    notes.append(f"rollouts: {done.rollouts:,} of the rest of the game, greedy play; seed {done.seed}")
    payload = _payload(p, **{**out, "goals": [{**e, "goal": _goal_label(p, g)} for g, e in zip(goals, out["goals"])],
                             "rollouts": done.rollouts, "seed": done.seed})
    return runner.annotate(Result(_title(p, "route odds"), {"goals": pd.DataFrame(rows).set_index("goal"),
                                                            "turns_left": turns, "end": ends}, payload, notes,
                                  exact={"goals": False, "turns_left": False, "end": False}), done)


# ------------------------------------------------------------------------------------------------
# 5. the EV of each action (ev, ask actions)


def _tuple(x):
    """An action as a hashable tuple (lists from JSON or numpy ints become tuples and ints)."""
    if isinstance(x, (list, tuple)):
        return tuple(_tuple(v) for v in x)
    return x if isinstance(x, str) else int(x)


def actions(p: Position, settings) -> Result:
    mover = p.to_move
    effects_ = sorted(exact.effects(p), key=lambda e: -e.deltas[mover])
    rows = [{"action": e.label, "ΔVP now": float(e.deltas[mover]), "exact": fs(e.deltas[mover])} for e in effects_]
    out = [{**_action_json(p, e.action), **both("delta", e.deltas[mover])} for e in effects_]
    notes = _notes(p) + [f"ΔVP now: {p.name(mover)}'s score change if the game ended right after the action (exact)"]
    payload = _payload(p, actions=out, exact=["actions"])
    fn = _rollouts("action_values", p)
    top = p.focus.top or len(effects_)
    candidates = [e.action for e in effects_[:top]]
    got, done = fn(p, settings, actions=candidates)
    valued = {_tuple(v["action"]): v for v in got["actions"]}
    for row, entry, e in zip(rows, out, effects_):
        v = valued.get(_tuple(e.action))
        if v is None:
            continue
        row.update({"final EV": v["ev"], "EV ±95%": v["ev_ci95"], "win": v["win"], "win lo95": v["win_lo95"],
                    "win hi95": v["win_hi95"]})
        entry["rollout"] = {k: val for k, val in v.items() if k != "action"}
    order = sorted(range(len(rows)), key=lambda i: -rows[i].get("final EV", float("-inf")))  # stable: ties by ΔVP
    rows, out = [rows[i] for i in order], [out[i] for i in order]
    payload["actions"] = out
    hidden = "" if mover == p.me else f"; {p.name(mover)}'s hand dealt from my unseen cards too"
    notes.append(f"rollouts: {done.rollouts:,} per action, {len(candidates)} of {len(effects_)} legal actions valued"
                 + (f" (focus.top: the best {top} by ΔVP now)" if top < len(effects_) else "")
                 + f", {p.name(mover)}'s final VP and win chance (common random numbers, greedy play, hidden hands "
                 f"dealt from my unseen cards{hidden}); diff_vs_first in the JSON: against the first by ΔVP now; "
                 f"seed {done.seed}")
    payload.update(rollouts=done.rollouts, seed=done.seed, valued=len(candidates), legal=len(effects_))
    return runner.annotate(Result(_title(p, f"the EV of each action of {p.name(mover)}"),
                                  {"actions": pd.DataFrame(rows).set_index("action")}, payload, notes,
                                  exact={"actions": ["ΔVP now", "exact"]}), done)
