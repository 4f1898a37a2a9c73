"""Checks every game's search player passes the same way, shared by the games' test_search.py."""
import json

import numpy as np
import pytest

from analyzer.core import search
from analyzer.core.errors import ScenarioError
from analyzer.core.policies import SearchPolicy


def check_search_names(parse_policy, policy_code, policy_codes, greedy, base: str) -> None:
    """`search` is search:64 over greedy, `search:16:BASE` names its base and encodes it, and every bad name is
    refused naming the field."""
    p = parse_policy("search", "f")
    assert isinstance(p, SearchPolicy) and p.budget == search.DEFAULT_BUDGET and p.base == greedy
    assert p.label == "search:64"
    q = parse_policy(f"search:16:{base}", "f")
    assert (q.budget, q.base.label, q.label) == (16, base, f"search:16:{base}")
    assert search.decode(policy_code(q)) == (16, policy_codes[base])
    for bad, why in (("search:0", "N=0"), ("search:-3", "N=-3"), ("search:x", "allowed"),
                     (f"search:{search.BUDGET_MAX + 1}", "allowed"), ("search:16:clever", "allowed"),
                     ("search:16:search:4", "cannot be a search"), ("cleverest", "search:N")):
        with pytest.raises(ScenarioError, match=why) as err:
            parse_policy(bad, "policies[2]")
        assert err.value.field == "policies[2]"


NO_RECORD = np.zeros((1, 3), dtype=np.int64)


def decisions(model, s, cfg, rs, code):
    """Every decision of the game set up in (s, cfg, rs), every seat playing `code`, through the forward model
    `model` (its advance, apply and policy): (state with the decision pending, cfg, seat), in order."""
    while (p := model.advance(s, cfg, rs, NO_RECORD)) != search.ENDED:
        if p >= 0:  # not the end of a round
            yield s.copy(), cfg, p
            model.apply(s, cfg, rs, NO_RECORD, model.policy(s, cfg, rs, NO_RECORD, code))


def options(model, s, cfg) -> list:
    """The options the forward model lists at the decision pending in s."""
    out = np.empty(search.MAX_OPTIONS, dtype=np.int64)
    return list(out[:model.legal(s, cfg, out)])


def seated_games(play, parse, policies, n: int = 8, seed: int = 3, players: int = 4) -> dict:
    """n games of a play module (its play, GameConfig, RuleSet) on the default rules, the policies (names read
    with `parse`) rotating round the table, from `seed`."""
    config = play.GameConfig(play.RuleSet(), players, tuple(parse(x) for x in policies), "rotate")
    return play.play(config, n, np.random.default_rng(seed))


def check_search_games_repeat(games, length: str = "turns", searcher: str = "search:4") -> None:
    """The same seeded games with a search seat (`games(policies)`) twice: the same credit, money and `length`,
    and every game hands out exactly one win."""
    seats = (searcher, "greedy", "greedy", "greedy")
    a, b = games(seats), games(seats)
    assert all((a[k] == b[k]).all() for k in ("credit", "money", length))
    assert np.allclose(a["credit"].sum(1), 1)


BAD_PLAYERS = [["--policy", "search:0"], ["--against", "search:x"], ["--policy", "cleverest"]]


def check_strength_refuses(invoke, scenario: str, args: list[str]) -> None:
    res = invoke("strength", scenario, *args, "-n", "4")
    assert res.exit_code == 2
    assert len(res.stderr.strip().splitlines()) == 1 and args[0] in res.stderr


def check_strength_same_for_any_jobs(invoke, scenario: str, n: int, players: int = 4, extra: tuple = ()) -> None:
    """`strength` with a search seat gives the same table on one worker and on two (`extra`: more flags)."""
    runs = [json.loads(invoke("strength", scenario, "--policy", "search:2", *extra, "-n", str(n), "--seed", "4",
                              "-j", jobs, "-f", "json", "--no-progress").stdout)
            for jobs in ("1", "2")]
    for run in runs:
        run.pop("games_per_second")
        run.pop("meta", None)
    assert runs[0] == runs[1]
    assert set(runs[0]) >= {"win_rate", "lo95", "hi95", "fair_share", "margin", "games"}
    assert runs[0]["games"] == n and runs[0]["fair_share"] == pytest.approx(1 / players)


def check_picks_the_best(cases, at_least: int) -> None:
    """End-game positions where every option's reward is exact: `cases` yields ({option: reward}, the option the
    search picked).  Over at least `at_least` of them the pick has the best reward in at least 95% (the issue's
    bar), and always where some option wins more than another."""
    checked = hits = 0
    for values, picked in cases:
        best = max(values.values())
        checked += 1
        hits += values[picked] == best
        if len(set(values.values())) > 1:
            assert values[picked] == best, (values, picked)
    assert checked >= at_least
    assert hits >= 0.95 * checked
