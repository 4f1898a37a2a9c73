"""The search player on San Marco: the forward model core's driver searches, what the search may not see, the best
option where it can be computed exactly, determinism, and the names a scenario may give it."""
import functools

import numpy as np
import pytest

from analyzer.core import search
from analyzer.games.san_marco import game as g
from analyzer.games.san_marco import model as m
from analyzer.games.san_marco import play as pl
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.policies import Policy, parse_policy
from tests.cli_helpers import invoke
from tests.games import search_checks as sc
from tests.games.search_checks import (BAD_PLAYERS, NO_RECORD, check_search_games_repeat, check_search_names,
                                       check_strength_refuses, check_strength_same_for_any_jobs)

GREEDY = g.POLICY_CODES["greedy"]
MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def decisions(players, seed, policy="greedy", settings=None):
    """Every decision of one game (every seat `policy`), as (forward state with the decision pending, forward
    settings, seat), in order."""
    return sc.decisions(m, *m.new_game(players, seed, settings=settings, policy=policy), g.POLICY_CODES[policy])


def options(f, fc):
    return sc.options(m, f, fc)


CASES = [(4, ("greedy",) * 4, {}), (4, ("random", "greedy", "fair_split", "softmax"), {}),
         (3, ("random", "greedy", "softmax"), {}),
         (4, ("random", "greedy", "greedy", "random"),
          {"roles": "chosen", "split_timing_4p": "sequential", "passage_banish": "mandatory"}),
         (3, ("greedy", "fair_split", "random"),
          {"receiver_sees_piles": False, "early_end": "round_end", "pick_then_play_3p": False,
           "may_skip_action": False, "empty_supply_move": "district_only"})]


@pytest.mark.parametrize("players,kinds,settings", CASES)
def test_the_forward_model_plays_the_engines_games(players, kinds, settings):
    """The engine's players through core's loop over the forward model play the engine's own games: the same
    prestige, San Marco counts and every stat of every game."""
    rules = r.Settings(**settings)
    pols = [Policy(k) for k in kinds]
    seats = np.random.default_rng(1).integers(0, players, size=(24, players))
    a = g.play_games(r.Board(), rules, players, pols, 24, np.random.default_rng(3), seat_policy=seats)
    b = m.play_games(r.Board(), rules, players, pols, 24, np.random.default_rng(3), seat_policy=seats)
    for key in ("scores", "sanmarco", "stats"):
        assert (a[key] == b[key]).all(), key


def test_the_games_meet_every_decision():
    kinds = set()
    for policy in ("greedy", "random"):
        for f, fc, seat in decisions(4, 2, policy, r.Settings(roles="chosen")):
            kinds.add(int(f[m.PEND]))
            assert 0 <= seat < 4 and len(options(f, fc)) >= 1
    assert kinds == {m.D_ROLES, m.D_SPLIT, m.D_PICK, m.D_CARD, m.D_OPT, m.D_PBANISH}


def test_the_splits_listed_are_distinct():
    """Each listed split is a different set of piles (as multisets of cards), each pile non-empty."""
    seen = 0
    for f, fc, seat in decisions(4, 5):
        if f[m.PEND] != m.D_SPLIT:
            continue
        rd = f[m.RD0:m.RD0 + g.RDSIZE]
        b = g.RD_G + g.GS * f[m.PG]
        na, nl = rd[b + g.G_NA], rd[b + g.G_NL]
        cards = [int(c) for c in rd[b + g.G_ACT:b + g.G_ACT + na]] + [10 + int(v) for v in
                                                                      rd[b + g.G_LIMC:b + g.G_LIMC + nl]]
        opts = options(f, fc)
        piles = set()
        for o in opts:
            split = [[] for _ in range(rd[b + g.G_NP])]
            for c in cards:
                split[o % 3].append(c)
                o //= 3
            assert all(split)
            piles.add(tuple(sorted(tuple(sorted(p)) for p in split)))
        assert len(piles) == len(opts)
        seen += 1
    assert seen >= 10


def hidden_twin(f, seat, rng):
    """f with what `seat` cannot see changed: both undrawn decks reordered, and where another seat's draw is not
    yet laid out, one of its cards swapped with a different card of the deck."""
    t = f.copy()
    an, ln = t[g.AN], t[g.LN]
    t[g.ADECK:g.ADECK + an] = rng.permutation(t[g.ADECK:g.ADECK + an])
    t[g.LDECK:g.LDECK + ln] = rng.permutation(t[g.LDECK:g.LDECK + ln])
    swapped = False
    for grp in range(2):
        b = m.RD0 + g.RD_G + g.GS * grp
        if t[m.SHOWN + grp] == 0 and t[b + g.G_DIST] != seat and grp < t[m.RD0 + g.RD_NG]:
            for i in range(an):
                if t[g.ADECK + i] != t[b + g.G_ACT]:
                    t[g.ADECK + i], t[b + g.G_ACT] = t[b + g.G_ACT], t[g.ADECK + i]
                    swapped = True
                    break
    return t, swapped


def test_the_search_never_reads_what_the_seat_cannot_see():
    """Two states that differ only in what the deciding seat cannot see (the decks' order, another divider's draw
    before it is laid out) get the same decision, for every kind of decision; D1's split meets D2's hidden draw."""
    rng = np.random.default_rng(0)
    seen = dict.fromkeys((m.D_ROLES, m.D_SPLIT, m.D_PICK, m.D_CARD, m.D_OPT, m.D_PBANISH), 0)
    swaps = 0
    for seed in (7, 8, 9):
        for f, fc, seat in decisions(4, seed, settings=r.Settings(roles="chosen")):
            what = int(f[m.PEND])
            if seen[what] >= 3 or len(options(f, fc)) < 2:
                continue
            twin, swapped = hidden_twin(f, seat, rng)
            assert not (twin == f).all()
            assert (search.decide(m.MODEL, f, fc, seat, 24, GREEDY, 5, m.NSTREAMS)
                    == search.decide(m.MODEL, twin, fc, seat, 24, GREEDY, 5, m.NSTREAMS))
            seen[what] += 1
            swaps += swapped
    assert min(seen.values()) >= 2 and swaps >= 2, (seen, swaps)


def test_the_search_leaves_the_state_as_it_found_it_and_is_deterministic():
    f, fc, seat = next((f, fc, p) for f, fc, p in decisions(4, 3) if f[m.PEND] == m.D_SPLIT)
    before = f.copy()
    first = search.decide(m.MODEL, f, fc, seat, 64, GREEDY, 11, m.NSTREAMS)
    assert first == search.decide(m.MODEL, f, fc, seat, 64, GREEDY, 11, m.NSTREAMS)
    assert first in options(f, fc)
    assert (f == before).all()


# ------------------------------------------------------------------------------------------------
# the end of the game, valued exactly

DICE = 3  # positions whose rest needs more banishment dice are left out


def draws(u, k):
    """The first k dice (0..5) of a stream in state u (game.randint)."""
    out = []
    for _ in range(k):
        u = (u + GAMMA) & MASK
        z = u
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append((z ^ (z >> 31)) % 6)
    return tuple(out)


@functools.cache
def dice_streams():
    """One stream state for each of the 6^DICE sequences of its first DICE dice."""
    found, u = {}, 0
    while len(found) < 6 ** DICE:
        found.setdefault(draws(u, DICE), u)
        u += 1
    return list(found.values())


def exact_value(f, fc, seat, option):
    """The exact share of the win of `option` in the game's last round, greedy finishing the game (its ties on a
    fixed stream): no card is drawn any more, so the banishment dice are the only chance, averaged over every
    sequence of the first DICE of them (None when the rest rolls more)."""
    total = 0.0
    for u in dice_streams():
        t = f.copy()
        rs = np.zeros(m.NSTREAMS, dtype=np.uint64)
        rs[3] = u
        m.apply(t, fc, rs, NO_RECORD, option)
        search.playout_for(t, fc, rs, NO_RECORD, GREEDY, 0, 0, 0, *m.MODEL.functions())
        if not any((u + k * GAMMA) & MASK == int(rs[3]) for k in range(DICE + 1)):
            return None
        total += m.reward(t, fc, seat)
    return total / len(dice_streams())


def last_round(players, seed):
    """The decisions of the game's last round (the extra round of passage 3, every draw laid out) and the passage
    banishment after it."""
    for f, fc, seat in decisions(players, seed):
        shown = all(f[m.SHOWN + grp] for grp in range(f[m.RD0 + g.RD_NG]))
        if f[g.PASS] == 2 and ((f[g.FINAL] == 1 and shown) or f[m.PEND] == m.D_PBANISH):
            yield f, fc, seat


def test_search_picks_the_exact_best_option_in_the_last_round():
    """Decisions of seeded greedy games in their last round: the option search:256 picks has the best exact share
    of the win in at least 95% of them, and some of them have options that differ."""
    checked = hits = differ = 0
    for seed in range(10):
        for f, fc, seat in last_round(3 + seed % 2, seed):
            opts = options(f, fc)
            if len(opts) < 2:
                continue
            values = {o: exact_value(f, fc, seat, o) for o in opts}
            if None in values.values():
                continue
            best = max(values.values())
            picked = search.decide(m.MODEL, f, fc, seat, 256, GREEDY, seed, m.NSTREAMS)
            checked += 1
            hits += values[picked] == best
            differ += len(set(values.values())) > 1
    assert checked >= 40 and differ >= 5, (checked, differ)
    assert hits >= 0.95 * checked, (hits, checked)


# ------------------------------------------------------------------------------------------------
# whole games and names


def test_search_games_are_deterministic():
    check_search_games_repeat(lambda policies: sc.seated_games(pl, lambda x: parse_policy(x, "p"), policies, 2),
                              "rounds", "search:2")


def test_search_names_parse_and_bad_ones_name_the_field():
    check_search_names(parse_policy, m.policy_code, g.POLICY_CODES, Policy("greedy"), "fair_split")


@pytest.mark.parametrize("args", BAD_PLAYERS)
def test_strength_refuses_bad_players_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/san_marco/balance-4p.yaml", args)


def test_strength_is_the_same_for_any_jobs():
    check_strength_same_for_any_jobs(invoke, "scenarios/san_marco/balance-4p.yaml", 2)


def test_the_evaluation_of_a_truncated_playout_and_a_depth_in_the_name():
    """Where the game goes on, reward is `evaluate`: shares summing to 1 in the order of greedy's static values;
    a playout of depth 1 stops at the round's end; `search:16:d2` carries its depth (the default: one round, two from
    search:64 on; :d0 to the end)."""
    f, fc, seat = next((f, fc, p) for i, (f, fc, p) in enumerate(decisions(4, 3)) if i == 30)
    shares = [m.reward(f, fc, q) for q in range(4)]
    assert sum(shares) == pytest.approx(1.0) and all(0 < x < 1 for x in shares)
    assert np.argsort(shares).tolist() == np.argsort([m.margin(f, fc, q) for q in range(4)]).tolist()
    t = f.copy()
    rs = np.arange(1, m.NSTREAMS + 1, dtype=np.uint64) * np.uint64(GAMMA)
    search.playout_for(t, fc, rs, NO_RECORD, GREEDY, 0, 0, 1, *m.MODEL.functions())
    assert t[m.PHASE] in (m.PH_ROUND, m.PH_PASSAGE, m.PH_OVER) and t[m.PEND] == 0
    p = parse_policy("search:16:d2", "f")
    assert (p.depth, p.label, search.depth_of(m.policy_code(p))) == (2, "search:16:d2", 2)
    assert search.depth_of(m.policy_code("search:16")) == m.MODEL.depth_at(16) == 1
    assert search.depth_of(m.policy_code("search:64")) == m.MODEL.depth_at(64) == 2
    assert search.depth_of(m.policy_code("search:64:d0")) == 0


def test_the_evaluation_counts_prestige_banked_districts_to_come_and_the_bonus_in_prospect():
    """A seat's estimated prestige is its prestige + (1 + EVAL_FUTURE x the passages after this one) x what every
    district would score now + EVAL_BONUS x its catch-up bonus in prospect (below 10, before the passage's end);
    banked prestige raises the share (the old evaluation read the districts alone)."""
    for i, (f, fc, seat) in enumerate(decisions(4, 3)):
        if i % 20:
            continue
        s = f[:g.SSIZE]
        top = max(s[g.LIM + p] for p in range(4))
        w = 1 + m.EVAL_FUTURE * (2 - s[g.PASS])
        want = [s[g.SC + p] + w * g.static_value(s, m.board(fc), fc, p)
                + (m.EVAL_BONUS * (top - s[g.LIM + p]) if s[g.LIM + p] < 10 and f[m.PHASE] != m.PH_PASSAGE else 0)
                for p in range(4)]
        assert m.standing(f, fc).tolist() == pytest.approx(want)
    low = min(range(4), key=lambda q: m.evaluate(f, fc, q))
    before = m.evaluate(f, fc, low)
    f[g.SC + low] += 5
    assert m.evaluate(f, fc, low) > before
