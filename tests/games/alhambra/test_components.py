"""Issue 50: a scoring card listed twice is refused naming the field."""
from tests.games.mutate import refused


def test_a_scoring_card_listed_twice_is_refused():
    refused("alhambra", "spec-position.yaml", ("position", "money_deck", "scoring_cards_seen"), lambda v: v * 6,
            "position.money_deck.scoring_cards_seen[1]", "scoring card 1 is given twice")


def test_the_tiles_money_and_points_match_the_rulebooks_equipment_list():
    """Alhambra rules (Big Box, English), Equipment: 54 building tiles, per kind (price range, number) pavilion
    2-8 x7, seraglio 3-9 x7, arcades 4-10 x9, chambers 5-11 x9, garden 6-12 x11, tower 7-13 x11; 108 money cards
    in four currencies, values 1 to 9; the scoring table's 1st scoring 1..6 and 2nd scoring 8..13 / 1..6."""
    from analyzer.games.alhambra import rules as r

    assert r.N_TILES == 54 and r.TILES_PER_KIND == (7, 7, 9, 9, 11, 11)
    for kind, (lo, hi) in enumerate([(2, 8), (3, 9), (4, 10), (5, 11), (6, 12), (7, 13)]):
        costs = [c for k, c, _ in r.TILES if k == kind]
        assert (min(costs), max(costs)) == (lo, hi), r.KINDS[kind]
    assert r.N_MONEY == 108 and len(r.CURRENCIES) == 4 and r.VALUES == tuple(range(1, 10))
    assert r.POINTS[0] == tuple((k,) for k in range(1, 7))
    assert r.POINTS[1] == tuple((8 + k, 1 + k) for k in range(6))
