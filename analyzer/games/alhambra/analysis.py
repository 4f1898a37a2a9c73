"""The questions Alhambra answers at the table (spec "What the analyzer is asked", 1-4): `(position, run settings)
-> Result`, from the view of `position.me`.

Exact (exact.py, Fractions; the JSON keeps each value as a float and `<key>_exact` "p/q"): `odds` (question 1:
the scoring cards within k draws), `ask change` (2), `ask end` when every hand is known (4).  Monte Carlo:
`ask next_turn` (1, before my next turn, over the greedy players' takes: play.refill_draws), `ask majority` (3:
play.majority), `ask end` over the hidden hands (4: `EndDeal` below).  Balance (5) is `analyzer balance`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analyzer.core import runner, stats
from analyzer.core.errors import AnalyzerError
from analyzer.core.game import Result
from analyzer.games.alhambra import exact
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra.state import EMPTY, Position, card_name, questions  # noqa: F401 - the GameSpec hook

fs, both = stats.fraction_text, stats.with_exact
ILLUSTRATIVE = ("ILLUSTRATIVE: money_deck.pile_sizes left out, so the spec's example piles 16 17 16 17 16 (80 money "
                "cards left after setup) are assumed; give the real pile sizes")
PLACES = ("1st", "2nd", "3rd")


def _hand_text(hand) -> str:
    return ", ".join(card_name(c) for c in hand) or "no cards"


def _notes(p: Position) -> list[str]:
    return [*([ILLUSTRATIVE] if p.illustrative else []), *p.settings.labels(),
            f"{p.players} players; the view is seat {p.me}'s (to move: seat {p.to_move}); my hand: "
            f"{_hand_text(p.hands[p.me])}; {p.draws} deck draws since setup, scoring cards shown: "
            f"{', '.join(map(str, p.scoring_seen)) or 'none'}; {p.tiles_left} tiles in the stack"]


def _payload(p: Position, **extra) -> dict:
    return {"illustrative": p.illustrative, "settings": p.settings.shown(), "players": p.players, "me": p.me,
            "to_move": p.to_move, **extra}


def _title(text: str, p: Position) -> str:
    return f"Alhambra: {text}" + (" (ILLUSTRATIVE pile sizes)" if p.illustrative else "")


def _tile_text(p: Position, cur: int) -> str:
    t = p.market[cur]
    return "empty" if t == EMPTY else r.tile_name(t)


def _estimate(k, n) -> dict:
    lo, hi = stats.wilson(np.asarray(k), n)
    return {"p": float(k) / n, "lo95": float(lo), "hi95": float(hi)}


def _windows(p: Position) -> list[dict]:
    return [{"card": card, "first": first, "last": last}
            for card, (first, last) in sorted(exact.open_windows(p).items())]


# ------------------------------------------------------------------------------------------------
# question 1: odds (exact)

def _odds_row(label: str, key, o: exact.ScoringOdds) -> tuple[dict, dict]:
    row = {label: key, "P(card 1)": float(o.card1), "P(card 2)": float(o.card2), "P(either)": float(o.either),
           "P(both)": float(o.both), "exact (either)": fs(o.either)}
    out = {label: key, **both("card1", o.card1), **both("card2", o.card2), **both("either", o.either),
           **both("both", o.both)}
    return row, out


def odds(p: Position, settings) -> Result:
    rows, within = zip(*(_odds_row("k", k, exact.scoring_within(p, k)) for k in range(1, p.focus.draws + 1)))
    tables = {"within": pd.DataFrame(list(rows)).set_index("k")}
    exact_tables = {"within": True}
    extra = {}
    m = p.focus.before_my_turn
    if m is not None:
        row, out = _odds_row("money cards refilled", m, exact.scoring_within_money(p, m))
        tables["before my next turn"] = pd.DataFrame([row]).set_index("money cards refilled")
        exact_tables["before my next turn"] = True
        extra["before_my_turn"] = out
    windows = _windows(p)
    where = "; ".join(f"card {w['card']} uniform over deck positions {w['first']}..{w['last']}" for w in windows)
    notes = [*_notes(p), f"pile_split {p.settings.pile_split}: {where or 'both scoring cards have shown'} (counted "
             "from the top of the deck as laid after the display; positions already drawn excluded, since it has "
             "not shown); the two cards lie independently; k counts every deck draw, scoring cards included",
             *([f"before my next turn: the refills draw {m} money cards (focus.before_my_turn); a scoring card "
                "drawn is replaced, so it adds a draw"] if m is not None else []), "exact"]
    payload = _payload(p, draws=p.draws, scoring_seen=list(p.scoring_seen), windows=windows, within=list(within),
                       **extra)
    return Result(_title(f"P(a scoring card within the next k deck draws), k = 1..{p.focus.draws} (exact)", p),
                  tables, payload, notes, exact=exact_tables)


# ------------------------------------------------------------------------------------------------
# question 1: ask next_turn (Monte Carlo over the takes)

def next_turn(p: Position, settings) -> Result:
    from analyzer.games.alhambra import play

    if not exact.open_windows(p):
        raise AnalyzerError("both scoring cards have shown: none can come before my next turn")
    done = play.refill_draws(p, settings)
    n = int(done["rollouts"])
    hist = np.asarray(done["draws"], dtype=np.int64)
    odds_by_m = [exact.scoring_within_money(p, m) for m in range(len(hist))]
    rows, out = [], {}
    for key, label in (("card1", "scoring card 1"), ("card2", "scoring card 2"), ("either", "either")):
        f = np.array([float(getattr(o, key)) for o in odds_by_m])
        mean, half = stats.mean_ci(n, (hist * f).sum(), (hist * f * f).sum())
        est = {"p": float(mean), "lo95": float(max(0.0, mean - half)), "hi95": float(min(1.0, mean + half))}
        out[key] = est
        rows.append({"card": label, "P(before my next turn)": est["p"], "lo95": est["lo95"], "hi95": est["hi95"]})
    m_mean = float((hist * np.arange(len(hist))).sum() / n)
    draws = [{"money_cards": m, "share": float(c) / n, **both("either", odds_by_m[m].either)}
             for m, c in enumerate(hist) if c]
    notes = [*_notes(p), f"Monte Carlo: {n:,} rollouts of the turns until seat {p.me}'s next turn, greedy players "
             "in every seat (hidden hands dealt from the unseen money, the tile stack shuffled), seed "
             f"{done.seed}; each rollout counts the money cards the refills draw, m (mean {m_mean:.2f}), and scores "
             "the exact P(a scoring card among them) (`odds`): so the estimate is E[P | m] with a 95% normal "
             "interval"]
    payload = _payload(p, rollouts=n, seed=done.seed, **out, mean_money_cards=m_mean, draws=draws)
    result = Result(_title(f"P(a scoring card before seat {p.me}'s next turn) (Monte Carlo)", p),
                    {"before my next turn": pd.DataFrame(rows).set_index("card"),
                     "money cards refilled": pd.DataFrame(draws or [{"money_cards": 0, "share": 0.0}])
                     .set_index("money_cards")},
                    payload, notes, exact={"before my next turn": False, "money cards refilled": ["either",
                                                                                                  "either_exact"]})
    return runner.annotate(result, done)


# ------------------------------------------------------------------------------------------------
# question 2: ask change (exact)

def change(p: Position, settings) -> Result:
    hand, k = p.hands[p.me], p.focus.reveal
    spaces = [c for c in range(r.MARKET) if p.market[c] != EMPTY and p.focus.tile in (None, c)]
    rows, tiles = [], []
    for c in spaces:
        t = p.market[c]
        prob, good, total = exact.p_complete(p, t, c, k)
        values = exact.completing_cards(hand, t, c)
        now = exact.exact_now(hand, t, c)
        rows.append({"space": r.CURRENCIES[c], "tile": r.tile_name(t), "cost": r.TILE_COST[t],
                     "my cards": " ".join(map(str, exact.values_in(hand, c))) or "-", "exact now": now,
                     "affordable": exact.affordable(hand, t, c),
                     "completing values": " ".join(map(str, values)) or "-", "completing unseen": good,
                     f"P(in next {k})": float(prob), "exact": fs(prob)})
        tiles.append({"space": r.CURRENCIES[c], "tile": r.tile_name(t), "kind": r.KINDS[r.TILE_KIND[t]],
                      "cost": r.TILE_COST[t], "exact_now": now, "affordable": exact.affordable(hand, t, c),
                      "subset_sums": sorted(exact.subset_sums(exact.values_in(hand, c))),
                      "completing_values": list(values), "completing_unseen": good, "unseen": total,
                      **both("p_complete", prob)})
    take_rows, takes = [], []
    for res in exact.take_results(p):
        cards = ", ".join(card_name(x) for x in res.cards)
        take_rows.append({"take": cards, "tiles exactly payable": ", ".join(r.CURRENCIES[c] for c in res.exact) or "-",
                          "newly exact": ", ".join(r.CURRENCIES[c] for c in res.new) or "-"})
        takes.append({"cards": [{"cur": r.CURRENCIES[c], "v": v} for c, v in res.cards],
                      "exact": [r.CURRENCIES[c] for c in res.exact], "new": [r.CURRENCIES[c] for c in res.new]})
    total = exact.unseen_total(p)
    hidden = ", ".join(str(s) for s in p.hidden if s != p.me)
    notes = [*_notes(p), f"exact change: a subset of my cards in the space's currency totals the price (paying "
             f"exactly earns another action); unseen money: {total} cards = 108 - my hand - the display - the listed "
             f"discards - the known hands{f' (the hidden hands of seats {hidden} count as unseen)' if hidden else ''}; "
             f"P(the next {k} revealed money cards hold a completing card) is hypergeometric over them (a scoring "
             "card revealed is replaced and does not count); a take is one display card, or several totalling <= 5",
             "exact"]
    payload = _payload(p, reveal=k, unseen=total, tiles=tiles, takes=takes)
    return Result(_title(f"exact change for seat {p.me} (exact)", p),
                  {"tiles": pd.DataFrame(rows or [{"space": "-", "tile": "the market is empty"}]).set_index("space"),
                   "takes": pd.DataFrame(take_rows or [{"take": "the display is empty"}]).set_index("take")},
                  payload, notes, exact={"tiles": True, "takes": True})


# ------------------------------------------------------------------------------------------------
# question 4: ask end (exact with known money, else Monte Carlo over the hidden hands)

def end(p: Position, settings) -> Result:
    if not p.hidden:
        return _end_exact(p)
    return _end_mc(p, settings)


def _end_exact(p: Position) -> Result:
    who = exact.allocation(p.hands, p.market)
    rows, out = [], []
    for c, t in enumerate(p.market):
        if t == EMPTY:
            continue
        sums = [exact.totals(h)[c] for h in p.hands]
        rows.append({"space": r.CURRENCIES[c], "tile": r.tile_name(t),
                     **{f"seat {s} total": sums[s] for s in range(p.players)},
                     "receives": "nobody (tie)" if who[c] is None else f"seat {who[c]}"})
        out.append({"space": r.CURRENCIES[c], "tile": r.tile_name(t), "totals": sums, "receives": who[c]})
    notes = [*_notes(p), "the game ends: each tile left in the market goes to the player holding the highest total "
             "in its currency; a tie: nobody. Every hand is known, so this is exact", "exact"]
    return Result(_title("who receives each leftover market tile (exact)", p),
                  {"allocation": pd.DataFrame(rows or [{"space": "-", "tile": "the market is empty"}])
                   .set_index("space")},
                  _payload(p, exact=True, spaces=out), notes, exact={"allocation": True})


@dataclass(frozen=True)
class EndDeal:
    """Rollouts for core's runner: the hidden hands dealt at random from the unseen money (picklable)."""
    cur: np.ndarray  # unseen cards: currency
    val: np.ndarray  # and value
    hidden: tuple[int, ...]  # seats whose hands are hidden
    counts: tuple[int, ...]  # their card counts
    known: np.ndarray  # (players, currencies) totals of the known hands (0 for hidden seats)
    market: tuple[int, ...]

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        P, C = self.known.shape
        dealt = np.argsort(rng.random((n, len(self.cur))), axis=1)[:, :sum(self.counts)]
        sums = np.broadcast_to(self.known, (n, P, C)).copy()
        start = 0
        for seat, k in zip(self.hidden, self.counts):
            cards = dealt[:, start:start + k]
            start += k
            for c in range(C):
                sums[:, seat, c] += np.where(self.cur[cards] == c, self.val[cards], 0).sum(1)
        receive = np.zeros((C, P + 1), dtype=np.int64)
        for c in range(C):
            if self.market[c] == EMPTY:
                continue
            col = sums[:, :, c]
            top = col == col.max(1, keepdims=True)
            winner = np.where(top.sum(1) == 1, top.argmax(1), P)
            receive[c] = np.bincount(winner, minlength=P + 1)
        return {"rollouts": n, "receive": receive}


def end_task(p: Position) -> EndDeal:
    cards = exact.unseen_cards(p)
    known = np.array([exact.totals(h) if h is not None else [0] * len(r.CURRENCIES) for h in p.hands],
                     dtype=np.int64)
    return EndDeal(np.array([c for c, _ in cards], dtype=np.int64), np.array([v for _, v in cards], dtype=np.int64),
                   p.hidden, tuple(p.hand_counts[s] for s in p.hidden), known, p.market)


def _end_halfwidths(merged: dict) -> np.ndarray:
    n = merged["rollouts"]
    q = np.asarray(merged["receive"], dtype=float).ravel() / n
    return 1.96 * np.sqrt(q * (1 - q) / n)


def _end_mc(p: Position, settings) -> Result:
    done = runner.run(end_task(p), settings, "rollouts", _end_halfwidths)
    n = int(done["rollouts"])
    receive = np.asarray(done["receive"])
    rows, out = [], []
    for c, t in enumerate(p.market):
        if t == EMPTY:
            continue
        ests = {("nobody" if s == p.players else f"seat {s}"): _estimate(receive[c, s], n)
                for s in range(p.players + 1)}
        for who, est in ests.items():
            rows.append({"space": r.CURRENCIES[c], "tile": r.tile_name(t), "receives": who, **est})
        out.append({"space": r.CURRENCIES[c], "tile": r.tile_name(t),
                    "seats": [ests[f"seat {s}"] for s in range(p.players)], "nobody": ests["nobody"]})
    hidden = ", ".join(f"seat {s} ({p.hand_counts[s]} cards)" for s in p.hidden)
    notes = [*_notes(p), "the game ends: each tile left in the market goes to the player holding the highest total "
             "in its currency; a tie: nobody", f"Monte Carlo over the hidden hands ({hidden}), dealt at random from "
             f"the {exact.unseen_total(p)} unseen money cards: {n:,} deals, seed {done.seed}; 95% Wilson intervals"]
    result = Result(_title("who receives each leftover market tile (Monte Carlo over the hidden hands)", p),
                    {"allocation": pd.DataFrame(rows or [{"space": "-", "tile": "the market is empty",
                                                          "receives": "-"}]).set_index(["space", "receives"])},
                    _payload(p, exact=False, rollouts=n, seed=done.seed, spaces=out), notes,
                    exact={"allocation": False})
    return runner.annotate(result, done)


# ------------------------------------------------------------------------------------------------
# question 3: ask majority (Monte Carlo)

def majority(p: Position, settings) -> Result:
    from analyzer.games.alhambra import play

    if not p.complete:
        raise AnalyzerError("majority odds need every tile accounted for: give every seat's alhambra and reserve "
                            "(the tiles listed nowhere must be the stack: tiles_left)")
    done = play.majority(p, settings)
    n = int(done["rollouts"])
    rank = np.asarray(done["rank"])
    points, points_sq = np.asarray(done["points"]), np.asarray(done["points_sq"])
    kinds = [p.focus.kind] if p.focus.kind is not None else range(len(r.KINDS))
    rows, out = [], []
    for k in kinds:
        for s in range(p.players):
            places = {PLACES[i]: _estimate(rank[s, k, i], n) for i in range(min(3, p.players))}
            none = _estimate(rank[s, k, p.players], n)
            mean, half = stats.mean_ci(n, points[s, k], points_sq[s, k])
            pts = {"mean": float(mean), "ci95": float(half)}
            for place, est in places.items():
                rows.append({"kind": r.KINDS[k], "seat": s, "place": place, **est})
            rows.append({"kind": r.KINDS[k], "seat": s, "place": "no tile", **none})
            out.append({"kind": r.KINDS[k], "seat": s, "now": p.counts(s)[k], **places, "no_tile": none,
                        "points": pts})
    scoring = np.asarray(done["scoring"])
    which = {f"scoring {i + 1}": float(scoring[i]) / n for i in range(3)}
    notes = [*_notes(p), f"Monte Carlo: {n:,} rollouts to the next scoring (which: "
             + ", ".join(f"{k} {v:.3f}" for k, v in which.items() if v)
             + f"), greedy players in every seat (hidden hands dealt from the unseen money, the tile stack shuffled), "
             f"seed {done.seed}; 95% Wilson intervals; a place is where the seat's group starts (tied players share "
             f"it, tie_split {p.settings.tie_split}); {int(done['capped'])} rollouts hit turn_cap"]
    payload = _payload(p, rollouts=n, seed=done.seed, next_scoring=which, kinds=out, capped=int(done["capped"]))
    result = Result(_title("P(seat ranks 1st / 2nd / 3rd per kind at the next scoring) (Monte Carlo)", p),
                    {"majority": pd.DataFrame(rows).set_index(["kind", "seat", "place"])}, payload, notes,
                    exact={"majority": False})
    return runner.annotate(result, done)

