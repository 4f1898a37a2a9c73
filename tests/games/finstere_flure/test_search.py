"""The search player on Finstere Flure: the forward model core's driver searches, what the search may not see (the
monster cards to come), the best option where it can be computed exactly, determinism, and the names a scenario may
give it."""
import json

import numpy as np
import pytest

from analyzer.core import search
from analyzer.games.finstere_flure import game as g
from analyzer.games.finstere_flure import play as pl
from analyzer.games.finstere_flure.policies import Policy, parse_policies
from tests.cli_helpers import invoke
from tests.games.search_checks import BAD_PLAYERS, check_picks_the_best, check_search_names, check_strength_refuses

GREEDY = g.P_GREEDY
NO_RECORD = np.zeros((1, 4), dtype=np.int64)


def new_game(players, seed, pols=None):
    """A fresh set-up as the forward model sees it (greedy everywhere unless `pols`), and its chance streams."""
    cfg = g.settings_vector(None, None, players)
    streams = g.Chance(1, np.random.default_rng(seed)).seeds
    s = g.state()
    g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 0,
          pols=np.full((1, players), GREEDY, dtype=np.int64) if pols is None else pols)
    return s, cfg, streams[0].copy()


def decisions(players, seed):
    """Every decision of one greedy game, as (state with the decision pending, cfg, seat), in order."""
    s, cfg, rs = new_game(players, seed)
    while (p := g.advance(s, cfg, rs, NO_RECORD)) != search.ENDED:
        if p >= 0:
            yield s.copy(), cfg, p
            g.apply(s, cfg, rs, NO_RECORD, g.policy(s, cfg, rs, NO_RECORD, GREEDY))


def options(s, cfg):
    out = np.empty(search.MAX_OPTIONS, dtype=np.int64)
    return list(out[:g.legal(s, cfg, out)])


def test_the_forward_model_plays_the_engines_games():
    """Stepping advance / policy / apply by hand ends where the engine's own loop does."""
    for players, seed in ((2, 1), (4, 2)):
        s, cfg, rs = new_game(players, seed)
        kinds = set()
        while (p := g.advance(s, cfg, rs, NO_RECORD)) != search.ENDED:
            if p >= 0:
                kinds.add(int(s[g.WHAT]))
                g.apply(s, cfg, rs, NO_RECORD, g.policy(s, cfg, rs, NO_RECORD, GREEDY))
        streams = g.Chance(1, np.random.default_rng(seed)).seeds
        out = np.zeros((1, g.STSIZE), dtype=np.int64)
        g.run(cfg, streams, out, g.state(), g.NEW_GAME, pols=np.full((1, players), GREEDY, dtype=np.int64))
        assert list(s[g.NOUT:g.NOUT + players]) == list(out[0, g.ST_OUT:g.ST_OUT + players])
        assert (s[g.ROUND], s[g.ENDED], s[g.WINNER]) == (out[0, g.ST_ROUNDS], out[0, g.ST_END], out[0, g.ST_WINNER])
        assert kinds == {g.D_FIGURE, g.D_END}


def test_search_picks_the_exact_best_option_at_the_end_of_the_game():
    """Decisions of seeded games with the turn cap forced to end the game at this round's monster phase: the
    figures out decide, so no card left changes an option's outcome (checked on 3 card orders).  The option
    search:256 picks has the best exact reward in at least 95% of them; where some option wins more than another,
    always."""
    check_picks_the_best(end_game_picks(), at_least=30)


def end_game_picks():
    checked = 0
    for seed in range(8):
        players = 2 + seed % 3
        for s, cfg, seat in decisions(players, seed):
            if s[g.ROUND] < 4 or checked >= 40:
                continue
            cfg = cfg.copy()
            cfg[g.C_TCAP] = s[g.ROUND]  # this round is the last
            opts = options(s, cfg)
            if len(opts) < 2:
                continue
            values = {}
            for o in opts:
                seen = set()
                for i in range(3):
                    t = s.copy()
                    rs = np.arange(3 * i + 1, 3 * i + 4, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
                    g.apply(t, cfg, rs, NO_RECORD, o)
                    search.playout_for(t, cfg, rs, NO_RECORD, GREEDY, 0, 0, 0, *g.MODEL.functions())
                    seen.add(g.reward(t, cfg, seat))
                assert len(seen) == 1
                values[o] = seen.pop()
            checked += 1
            yield values, search.decide(g.MODEL, s, cfg, seat, 256, GREEDY, seed, g.NSTREAMS)


def first_round_moves(card_seed):
    """The moves of round 1 (before its monster card) with a search seat first, the card stream seeded apart."""
    cfg = g.settings_vector(None, None, 3, by_rank=True)
    streams = g.Chance(1, np.random.default_rng(5)).seeds
    streams[0, g.S_CARDS] = card_seed
    rec = np.zeros((256, 4), dtype=np.int64)
    pols = g.policy_codes(tuple(parse_policies(x, "p", 1)[0] for x in ("search:2:random", "greedy", "greedy")))
    g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), g.state(), g.NEW_GAME, 1, pols[None, :], rec)
    rows = [tuple(r) for r in rec[1:rec[0, 0] + 1]]
    return rows[:next(i for i, r in enumerate(rows) if r[0] == g.R_CARD)]


def test_the_search_never_reads_the_monster_cards_to_come():
    """Nothing hidden is in the state (determinize changes nothing), and games whose card streams differ play the
    same first round: the search draws the cards of its playouts from its own streams."""
    for s, cfg, seat in decisions(3, 4):
        t = s.copy()
        g.determinize(t, cfg, seat, np.arange(1, 4, dtype=np.uint64))
        assert (t == s).all()
        break
    a, b = first_round_moves(11), first_round_moves(12345)
    assert a == b and sum(r[0] == g.R_MOVE for r in a) >= 6


def test_the_search_leaves_the_state_as_it_found_it_and_is_deterministic():
    s, cfg, seat = next((s, cfg, p) for s, cfg, p in decisions(3, 3)
                        if s[g.WHAT] == g.D_END and len(options(s, cfg)) >= 4)
    before = s.copy()
    first = search.decide(g.MODEL, s, cfg, seat, 8, g.P_RANDOM, 11, g.NSTREAMS)
    assert first == search.decide(g.MODEL, s, cfg, seat, 8, g.P_RANDOM, 11, g.NSTREAMS)
    assert first in options(s, cfg)
    assert (s == before).all()


def test_search_games_are_deterministic_and_beat_random():
    pols = tuple(parse_policies(x, "p", 1)[0] for x in ("search:2", "random"))
    a, b = (pl.play(pl.GameConfig(pl.RuleSet(), 2, pols, "rotate"), 2, np.random.default_rng(3)) for _ in range(2))
    assert all((a[k] == b[k]).all() for k in ("credit", "money", "rounds"))
    assert (a["credit"] * (a["policy"] == 0)).sum(1).mean() > 0.5


def test_search_names_parse_and_bad_ones_name_the_field():
    check_search_names(Policy.parse, g.policy_code, g.POLICY_CODES, Policy("greedy"), "random")


@pytest.mark.parametrize("args", BAD_PLAYERS)
def test_strength_refuses_bad_players_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/finstere_flure/balance-seats.yaml", args)




def test_the_evaluation_shares_the_win_by_the_race_and_a_truncated_playout_stops_at_a_round_end():
    """evaluate: every seat's share sums to 1, more figures out or nearer the exit is a larger share, and it is
    what reward and margin read where the game goes on; a playout of depth 1 stops after this round's monster
    phase (depth 0: the full playout, to the end)."""
    s, cfg, seat = next((s, cfg, p) for s, cfg, p in decisions(4, 7) if s[g.ROUND] == 3)
    shares = [g.evaluate(s, cfg, q) for q in range(4)]
    assert sum(shares) == pytest.approx(1.0) and all(0 < x < 1 for x in shares)
    race = [g.margin(s, cfg, q) for q in range(4)]  # the seat's progress less the best other's: the same order
    assert np.argsort(shares).tolist() == np.argsort(race).tolist()
    assert g.reward(s, cfg, seat) == shares[seat] and sorted(race)[-1] == -sorted(race)[-2] >= 0
    ahead = s.copy()
    ahead[g.NOUT + seat] += 1
    assert g.evaluate(ahead, cfg, seat) > shares[seat]
    rs = np.arange(1, 4, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    short, full = s.copy(), s.copy()
    search.playout_for(short, cfg, rs.copy(), NO_RECORD, GREEDY, 0, 0, 1, *g.MODEL.functions())
    assert short[g.ROUND] == s[g.ROUND] + 1 and short[g.ENDED] == g.E_RUN and short[g.WHAT] == g.D_NONE
    search.playout_for(full, cfg, rs.copy(), NO_RECORD, GREEDY, 0, 0, 0, *g.MODEL.functions())
    assert full[g.ENDED] != g.E_RUN


def test_a_search_name_carries_a_playout_depth():
    p = Policy.parse("search:16:random:d3", "f")
    assert (p.budget, p.base, p.depth, p.label) == (16, Policy("random"), 3, "search:16:random:d3")
    c = g.policy_code(p)
    assert search.decode(c) == (16, g.P_RANDOM) and search.depth_of(c) == 3
    assert search.depth_of(g.policy_code("search:16")) == g.MODEL.depth_at(16) == 1
    assert "for 1 round," in Policy.parse("search:16", "f").describe()


@pytest.mark.parametrize("budget, depth", [(1, 1), (16, 1), (63, 1), (64, 2), (256, 2)])
def test_a_bigger_budget_looks_a_round_deeper(budget, depth):
    """Where a decision has up to 64 ends, search:64 buys a deeper look (the ladder's top rung), not search:16's
    look a little sharper: the default depth grows with the budget, a name's :dK still rules."""
    assert search.depth_of(g.policy_code(f"search:{budget}")) == g.MODEL.depth_at(budget) == depth
    assert Policy.parse(f"search:{budget}", "f").default_depth == depth
    assert f"for {depth} round" in Policy.parse(f"search:{budget}", "f").describe()
    assert search.depth_of(g.policy_code(f"search:{budget}:d1")) == 1
    assert g.policy_code("search:16:d0") == search.code(16, g.P_GREEDY, 0, 0.0, 0)


@pytest.mark.parametrize("args", [["--policy", "search:64:d300"], ["--against", "search:16:greedy:dx"]])
def test_strength_refuses_a_bad_depth_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/finstere_flure/balance-seats.yaml", args)


def test_strength_is_the_same_for_any_jobs():
    """With a truncated search seat: its playouts of one round are seeded by the decision alone, so the games are
    the same on one worker or two."""
    runs = [json.loads(invoke("strength", "scenarios/finstere_flure/balance-seats.yaml", "--policy", "search:2:d1",
                              "--players", "2", "-n", "8", "--seed", "4", "-j", jobs, "-f", "json",
                              "--no-progress").stdout) for jobs in ("1", "2")]
    for run in runs:
        run.pop("games_per_second")
        run.pop("meta", None)
    assert runs[0] == runs[1] and runs[0]["games"] == 8 and runs[0]["policy"] == "search:2:d1"
