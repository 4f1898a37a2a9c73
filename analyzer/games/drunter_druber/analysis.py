"""The questions Drunter und Drüber answers at the table (spec "What the analyzer is asked", 1, 2 and 4):
`(position, run settings) -> Result`, from my view.  All exact (exact.py, Fractions; the JSON keeps each value as a
float and `<key>_exact` "p/q"): `odds` (1: the Bayesian guess of each opponent's building), `ask vote` (2: can an
outhouse vote pass) and `ask tiles` (4: how many tiles of each kind my deal holds, on the rules' tile_kinds).
Question 3 (the EV of covering a square) waits for the board data.
"""
from __future__ import annotations

from functools import partial

from fractions import Fraction

import pandas as pd

from analyzer.core import stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result, named_payload, named_title
from analyzer.games.drunter_druber import exact
from analyzer.games.drunter_druber import rules as r
from analyzer.games.drunter_druber.state import Position

fs, both = stats.fraction_text, stats.with_exact
EPS_NOTE = ("ILLUSTRATIVE likelihood cover_own_eps = 1/4 (the spec's): each square of type t a player covers himself "
            "multiplies the weight of \"he holds t\" by it; give your own as rules.cover_own_eps")
VOTE_EPS_NOTE = ("votes ignored (rules.vote_eps = 1, the default): give a factor < 1 to let a yes vote on covering "
                 "type t count against holding t (a no vote: the inverse)")
TILES_NOTE = ("ILLUSTRATIVE tile kinds: an even split (triples 4 wall / 4 river / 4 road, doubles 8/8/8, singles "
              "8/8/8), not a printed one (the seed gives none); give your own as rules.tile_kinds {triple: {wall, "
              "river, road}, double: {...}, single: {...}}")
PRIOR_NOTE = ("ILLUSTRATIVE stance prior against_prior = 1/2 (the spec's): each opponent but the proposer against with "
              "that probability, spending all its no-votes, else for, spending all its yes-votes; give your own as "
              "rules.against_prior")


_payload = named_payload
_title = partial(named_title, "Drunter und Drüber")


def _counts(pairs) -> str:
    return ", ".join(f"{t} {n}" for t, n in pairs) or "none"


# ------------------------------------------------------------------------------------------------
# question 1: odds (the building posterior)

def posterior(p: Position) -> list[dict]:
    s = p.settings
    evidence = [o.evidence for o in p.opponents]
    if s.variant == "basic":
        return exact.basic_posterior(p.mine[0], evidence, s.cover_own_eps, s.vote_eps)
    return exact.expert_posterior(p.mine, evidence, s.cover_own_eps, s.vote_eps, s.expert_deal)


def deals(p: Position) -> int:
    if p.settings.variant == "basic":
        free, k, n = len(r.TYPES) - 1, len(p.opponents), 1
        for i in range(k):
            n *= free - i
        return n
    return sum(1 for _ in exact.expert_hands(p.mine, len(p.opponents), p.settings.expert_deal))


def odds(p: Position, settings) -> Result:
    s = p.settings
    post = posterior(p)
    ill = tuple(name for name in ("cover_own_eps",) if name in p.illustrative)
    rows, out = [], []
    for name, o, probs in zip(p.names[1:], p.opponents, post):
        best = max(r.TYPES, key=lambda t: probs[t])
        for t in r.TYPES:
            if t in p.mine:
                continue
            rows.append({"opponent": name, "building": t, "P(holds it)": float(probs[t]), "exact": fs(probs[t]),
                         "own squares covered": dict(o.covered).get(t, 0)})
        out.append({"player": name, "covered": dict(o.covered), "voted_to_cover": dict(o.voted_to_cover),
                    "voted_to_save": dict(o.voted_to_save), "most_likely": best,
                    "posterior": {t: both("p", probs[t]) for t in r.TYPES if t not in p.mine}})
    count = deals(p)
    deal_text = (f"the {count} injective assignments of the 5 types I don't hold to the {len(p.opponents)} "
                 + ("opponent" if len(p.opponents) == 1 else "opponents") if s.variant == "basic" else
                 f"the {count} expert deals of 2 cards to each opponent ({s.expert_deal}) from the cards I don't hold")
    evidence = "; ".join(f"{name}: covered {_counts(o.covered)}" + (
        f", yes votes {_counts(o.voted_to_cover)}, no votes {_counts(o.voted_to_save)}"
        if o.voted_to_cover or o.voted_to_save else "") for name, o in zip(p.names[1:], p.opponents))
    notes = [*([EPS_NOTE] if ill else []), *([VOTE_EPS_NOTE] if s.vote_eps == 1 else []), *s.labels(),
             f"{p.players} players; I hold {', '.join(p.mine)}; {evidence}",
             f"P(opponent holds t) = the weight of the deals giving him t over the weight of all: {deal_text}, each "
             f"weighted by cover_own_eps ({s.cover_own_eps}) per own square covered"
             + ("" if s.vote_eps == 1 else f" and vote_eps ({s.vote_eps}) per yes vote, its inverse per no vote"),
             *(["expert: an opponent holds 0, 1 or 2 buildings, so a row's chances need not sum to 1"]
               if s.variant == "expert" else []), "exact"]
    payload = _payload(p, ill, mine=list(p.mine), variant=s.variant, deals=count, opponents=out)
    return Result(_title("the Bayesian guess of each opponent's building (exact)", ill),
                  {"posterior": pd.DataFrame(rows).set_index(["opponent", "building"])}, payload, notes,
                  exact={"posterior": True})


# ------------------------------------------------------------------------------------------------
# question 2: ask vote (can the outhouse vote pass)

def vote(p: Position, settings) -> Result:
    s = p.settings
    if s.variant == "expert":
        raise ScenarioError("rules.variant", "basic: the expert rules have no votes (an outhouse is covered "
                                             "freely), so there is no vote to pass")
    sets = dict(zip(p.names, (p.my_votes, *(o.votes_left for o in p.opponents))))
    maxima = {name: exact.vote_max(v) for name, v in sets.items()}
    yes0, fixed_no = maxima[p.proposer][0], 0
    if p.proposer != "me":  # my own vote is mine to choose: my_stance
        mine_yes, mine_no = maxima["me"]
        yes0, fixed_no = (yes0, mine_no) if p.my_stance == "against" else (yes0 + mine_yes, 0)
    unknown = [n for n in p.names if n not in (p.proposer, "me")]
    chance, stances = exact.pass_chance(yes0, fixed_no, [maxima[n] for n in unknown], s.against_prior)
    all_for, all_against = stances[0], stances[-1]
    players = [{"player": n, "role": "proposer" if n == p.proposer else ("me" if n == "me" else "opponent"),
                "votes left": " ".join(sets[n]) or "none", "max yes": maxima[n][0], "max no": maxima[n][1]}
               for n in p.names]
    rows = [{"against": ", ".join(n for n, a in zip(unknown, st) if a) or "nobody", "P": float(pr),
             "exact": fs(pr), "yes": yes, "no": no, "passes": ok} for st, pr, yes, no, ok in stances]
    ill = tuple(name for name in ("against_prior",) if name in p.illustrative and unknown)
    spent = "no" if p.my_stance == "against" else "yes"
    me_text = "" if p.proposer == "me" else f"; I vote {p.my_stance} with all my {spent}-votes"
    notes = [*([PRIOR_NOTE] if ill else []), *s.labels(),
             f"{p.players} players; " + ("I propose and spend all my" if p.proposer == "me" else
                                         f"{p.proposer} proposes and spends all its") + f" yes-votes and JEIN{me_text}",
             "the most yes / no a player can add: JA 1, JAA 2, JAAA 3 / NE 1, NEE 2, NEEE 3, JEIN 2 for its holder's "
             "side (declared after the reveal, clockwise from the proposer: with every card spent its side is known), "
             "shrug 0; a full set reaches 8 either way",
             "a tie or a yes majority covers the outhouse (\"Při rovnosti hlasů ... se tah provede\")", "exact"]
    payload = _payload(p, ill, proposer=p.proposer, my_stance=None if p.proposer == "me" else p.my_stance,
                       voters=[{"player": n, "votes": list(sets[n]), "max_yes": maxima[n][0],
                                "max_no": maxima[n][1]} for n in p.names],
                       sure_to_pass=all_against[4], can_pass=all_for[4],
                       worst_case={"yes": all_against[2], "no": all_against[3]},
                       best_case={"yes": all_for[2], "no": all_for[3]}, **both("p_pass", chance),
                       stances=[{"against": [n for n, a in zip(unknown, st) if a], **both("p", pr), "yes": yes,
                                 "no": no, "passes": ok} for st, pr, yes, no, ok in stances])
    tables = {"voters": pd.DataFrame(players).set_index("player"), "stances": pd.DataFrame(rows).set_index("against"),
              "pass": pd.DataFrame([{"sure to pass": all_against[4], "can pass": all_for[4],
                                     "P(pass)": float(chance), "exact": fs(chance)}])}
    return Result(_title("can the outhouse vote pass (exact)", ill), tables, payload, notes,
                  exact={"voters": True, "stances": True, "pass": True})


# ------------------------------------------------------------------------------------------------
# question 4: ask tiles (how many tiles of each kind my deal holds)

def tiles(p: Position, settings) -> Result:
    s = p.settings
    ill = tuple(name for name in ("tile_kinds",) if name in p.illustrative)
    entries, rows, focus = [], [], None
    for size, counts, total, dealt, per_kind in zip(r.SIZES, s.tile_kinds, r.SIZE_TOTALS, r.TILES[p.players],
                                                     exact.tile_odds(s.tile_kinds, p.players)):
        for kind, n, exactly in zip(r.TILE_KINDS, counts, per_kind):
            tail, mean = exact.at_least(exactly), Fraction(dealt * n, total)
            entries.append({"size": size, "kind": kind, "in_game": n, "of": total, "dealt": dealt,
                            **both("mean", mean),
                            "distribution": [{"j": j, **both("p", e), **both("p_at_least", a)}
                                             for j, (e, a) in enumerate(zip(exactly, tail))]})
            rows += [{"size": size, "kind": kind, "j": j, "P(exactly j)": float(e), "exact": fs(e),
                      "P(at least j)": float(a), "at least, exact": fs(a)}
                     for j, (e, a) in enumerate(zip(exactly, tail))]
            if (size, kind) == p.focus:
                focus = {"size": size, "kind": kind, "in_game": n, "of": total, "dealt": dealt,
                         **both("p_at_least_1", tail[1]), **both("mean", mean)}
    size, kind = p.focus
    deal = ", ".join(f"{d} {z}s" for d, z in zip(r.TILES[p.players], r.SIZES))
    notes = [*([TILES_NOTE] if ill else []), *s.labels(),
             f"{p.players} players: each is dealt {deal} of the 12 triples, 24 doubles and 24 singles"
             + (" (all 60 in play)" if p.players == 4 else "") + f"; tile kinds {r.kinds_text(s.tile_kinds)}",
             f"{kind} {size}s: {focus['in_game']} of the {focus['of']} {size}s, I get {focus['dealt']}: P(at least 1) "
             f"= {focus['p_at_least_1_exact']} ≈ {focus['p_at_least_1']:.4f}, {focus['mean_exact']} expected",
             "P(exactly j) = C(K, j) C(N - K, n - j) / C(N, n), K tiles of that kind among the N of that size, n of "
             "them dealt to me (hypergeometric); P(at least j) sums j and up", "exact"]
    payload = _payload(p, ill, tile_kinds=s.show("tile_kinds"), dealt=dict(zip(r.SIZES, r.TILES[p.players])),
                       focus=focus, kinds=entries)
    mine = [{k: v for k, v in row.items() if k not in ("size", "kind")} for row in rows
            if (row["size"], row["kind"]) == p.focus]
    tables = {"focus": pd.DataFrame(mine).set_index("j"), "kinds": pd.DataFrame(rows).set_index(["size", "kind", "j"])}
    return Result(_title(f"how many {kind} {size}s my deal holds, and every kind of every size (exact)", ill),
                  tables, payload, notes, exact={"focus": True, "kinds": True})
