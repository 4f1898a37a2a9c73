"""exact.py (and analysis.py's answers) held equal to the readable reference: register by register on random
boards and programs in every setting reading, whole answers (odds: p, share, earliest register, every program cut
at its touch with its selections, in rank order; deal: p) on random positions and on every shipped scenario."""
import random
from pathlib import Path

import pytest

from analyzer.core import scenario as sc
from analyzer.games.roborally import exact, state
from analyzer.games.roborally import reference as ref
from analyzer.games.roborally import rules as r

SCENARIOS = sorted((Path(__file__).parents[3] / "scenarios" / "roborally").glob("*.yaml"))
READING_MIXES = [{"hand_base": hb, "destroy_at": da, "pusher_crusher_order": order}
                 for hb in (10, 9) for da in (11, 10) for order in ("pushers_first", "crushers_first")]


@pytest.mark.parametrize("mix", range(len(READING_MIXES)))
def test_every_register_equals_the_reference_on_random_boards_and_programs(mix):
    rng = random.Random(mix)
    for trial in range(60):
        rules = dict(READING_MIXES[mix])
        if trial % 4 == 0:
            rules = {k: v for k, v in rules.items() if k != "pusher_crusher_order"}
            rules["element_order"] = rng.sample(ref.ELEMENT_ORDER, 5)
        b, s = r.parse_board(ref.random_board(rng)), r.parse_settings(rules)
        pits = b.pits
        standing = [(x, y) for x in range(b.width) for y in range(b.height) if (x, y) not in pits]
        x, y = rng.choice(standing)
        facing, damage = rng.randrange(4), rng.randrange(s.destroy_at)
        flag = rng.randrange(2, len(b.flags) + 1)
        for _ in range(10):
            program = [rng.randrange(7) for _ in range(5)]
            touched, end = exact.run_program(b, s, (x, y, facing, damage), program, b.flags[flag - 1])
            mine = ref.run_program(ref.board_of(b), ref.Robot((x, y), ref.HEADINGS[facing], damage, flag),
                                   [ref.CARD_TYPES[c] for c in program], ref.rules_of(s))
            what = (mix, trial, program)
            assert touched == ref.flag_register(mine, flag), what
            assert end == (None if mine.destroyed else (*mine.square, ref.HEADINGS.index(mine.heading),
                                                         mine.damage)), what


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)])
def test_every_answer_equals_the_reference_on_random_positions_in_every_reading(seed):
    rows = ref.reference_agrees(seed)
    assert len(rows) >= 8 * 2
    for what, engine, reference in rows:
        assert engine == reference, what


def test_the_random_positions_cover_every_reading_and_both_questions_with_real_answers():
    rng = random.Random(0)
    seen, found = set(), set()
    for i in range(16):
        p = state.parse_position(ref.random_scenario(rng, i))
        s = p.settings
        seen.add((s.hand_base, s.destroy_at, s.element_order == "seed" and s.pusher_crusher_order))
        found.add(("locked", bool(p.locked)))
        found.add(("lock_order", s.lock_order != (5, 4, 3, 2, 1)))
        found.add(("element_order", s.element_order != "seed"))
        answers = ref.answers(p)
        found.add(("deal strictly between 0 and 1", 0 < answers["deal"]["p"] < 1))
        if "odds" in answers:
            found.add(("odds reaches", answers["odds"]["p"] == 1))
            found.add(("some programs miss", answers["odds"]["share"] < 1))
    assert {(hb, da, order) for hb, da, order in seen if order} == {
        (m["hand_base"], m["destroy_at"], m["pusher_crusher_order"]) for m in READING_MIXES}
    assert all((what, True) in found for what, _ in found), found


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_shipped_scenario_equals_the_reference(path):
    p = state.parse_position(sc.load(path))
    mine, engine = ref.answers(p), ref.engine_answers(p)
    assert sorted(mine) == sorted(engine)
    for question in mine:
        assert engine[question] == mine[question], question
