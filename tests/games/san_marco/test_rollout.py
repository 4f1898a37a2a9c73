"""Rollouts from a position (play.rollout): the contract A's questions rely on."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import scenario
from analyzer.games.san_marco import play
from analyzer.games.san_marco import reference as ref
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.state import Decision, Pile, parse_position

ROOT = Path(__file__).resolve().parents[3] / "scenarios" / "san_marco"
POSITIONS = sorted(p for p in ROOT.glob("*.yaml") if not p.name.startswith(("balance-", "tune-")))
MARCO, CAST = r.DISTRICTS.index("San Marco"), r.CASTELLO


def load(name):
    return parse_position(scenario.load(ROOT / name))


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_every_shipped_position_rolls_out_seeded_with_credit_summing_to_one(path):
    p = parse_position(scenario.load(path))
    a = play.rollout(p, n=24, rng=np.random.default_rng(4))
    b = play.rollout(p, n=24, rng=np.random.default_rng(4))
    P = p.players
    assert a["final"].shape == (24, P) and a["credit"].shape == (24, P) and a["bonus"].shape == (24, P)
    assert a["passage_ends"].shape == (24,) and a["passage_ends"].dtype == bool
    assert np.allclose(a["credit"].sum(1), 1)
    for key in a:
        assert np.array_equal(a[key], b[key]), key
    assert (a["final"] >= np.array(p.scores)).mean() > 0.5  # prestige mostly grows to the end


def _last_passage_banish(p):
    """The same board in passage 3 at its banishment: what is left is the banishment and the final scoring."""
    limit = ((3, 3, 3, 2), (3, 3, 2), (3, 3, 1), (2, 1))[:p.players]
    return replace(p, passage=3, limit_cards=limit, out_of_passage=frozenset({0}), final_round=False,
                   decision=Decision("passage_banish", p.players - 1))


def test_at_the_last_passage_end_a_declined_banishment_leaves_only_the_final_scoring():
    p = _last_passage_banish(load("passage-banish.yaml"))
    out = play.rollout(p, n=16, rng=np.random.default_rng(1), decision="none")
    final = ref.final_scoring(p).scores
    assert (out["final"] == np.array(final)).all()
    assert out["passage_ends"].all() and (out["bonus"] == 0).all()
    won = ref.win_credit(ref.final_scoring(p))
    assert np.allclose(out["credit"], [float(x) for x in won])


def test_a_forced_passage_banishment_gives_one_of_its_six_faces():
    p = _last_passage_banish(load("passage-banish.yaml"))
    seat = p.decision.who
    d = max(range(6), key=lambda x: sum(p.aristocrats[x]))
    faces = {tuple(ref.final_scoring(ref.banish(p, seat, d, f)).scores) for f in range(1, 7)}
    out = play.rollout(p, n=60, rng=np.random.default_rng(2), decision=d)
    seen = {tuple(row) for row in out["final"]}
    assert seen <= faces and len(seen) > 1


def test_the_extra_round_ends_the_passage():
    p = load("extra-round.yaml")
    assert p.final_round
    out = play.rollout(p, n=32, rng=np.random.default_rng(3))
    assert out["passage_ends"].all()


def test_a_fixed_choice_changes_the_outcome():
    p = load("choose.yaml")
    runs = [play.rollout(p, n=64, rng=np.random.default_rng(5), decision=q) for q in range(len(p.decision.piles))]
    assert not np.array_equal(runs[0]["final"], runs[1]["final"])
    same = play.rollout(p, n=64, rng=np.random.default_rng(5), decision=p.decision.piles[1])
    assert np.array_equal(same["final"], runs[1]["final"])  # a Pile names the same choice as its index


def test_a_fixed_split_and_a_fixed_action_are_accepted():
    p = load("split.yaml")
    d = p.decision.drawn
    piles = (Pile(d.action[:1], d.limit), Pile(d.action[1:], ()))
    out = play.rollout(p, n=16, rng=np.random.default_rng(6), decision=piles)
    assert np.allclose(out["credit"].sum(1), 1)
    with pytest.raises(ValueError):
        play.rollout(p, n=4, rng=np.random.default_rng(6), decision=(Pile((r.BANISH,) * 5, ()), Pile((), (1,))))
    q = load("play.yaml")
    card = q.decision.to_play[0]
    actions = ref.options(q, q.decision.who, card)
    out = play.rollout(q, n=16, rng=np.random.default_rng(7), decision=actions[0])
    assert np.allclose(out["credit"].sum(1), 1)


def test_a_forced_doge_walk_scores_its_district_first():
    p = load("doge.yaml")
    seat = p.decision.who
    walks = ref.doge_walks(p, seat) if p.doge is not None else {x: (0, (), []) for x in range(6)}
    d = sorted(walks)[0]
    action = next(a for a in ref.options(p, seat, r.DOGE) if a.kind == "doge" and a.district == d)
    after = ref.apply(p, seat, action)
    out = play.rollout(p, n=32, rng=np.random.default_rng(8), decision=action)
    assert (out["final"] >= np.array(after.scores)).mean() > 0.9


def test_three_players_r2_chooses_with_r1s_pile_dealt():
    p = load("choose-3p.yaml")
    out = play.rollout(p, n=16, rng=np.random.default_rng(9), decision=0)
    assert out["final"].shape == (16, 3) and np.allclose(out["credit"].sum(1), 1)
