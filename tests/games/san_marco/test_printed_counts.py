"""The shipped tables against the rules' component list (issue 54)."""
from analyzer.games.san_marco import rules as r


def test_the_cards_and_pieces_match_the_rules_component_list():
    """San Marco rules, contents (globetrotter-games.com/game/rules/eSanMar1.htm; the Spanish translation on
    slideshare agrees): 100 aristocrats (25 of each colour), 12 bridges, 62 action cards (30 district cards, 5 per
    district, 6 bridge, 12 transfer, 10 doge, 4 banishment), 28 limit cards (8 worth 1, 10 worth 2, 10 worth 3),
    one die; the six districts in the contents' order."""
    assert r.DISTRICTS == ("Cannaregio", "Santa Croce", "San Polo", "San Marco", "Dorsoduro", "Castello")
    assert r.ARISTOCRATS * len(r.COLOURS) == 100 and r.BRIDGES == 12
    assert r.ACTION_DECK == 62 and r.KIND_COUNTS == {"district": 30, "bridge": 6, "transfer": 12, "doge": 10,
                                                       "banish": 4}
    assert dict(zip(r.LIMIT_VALUES, r.LIMIT_COUNTS)) == {1: 8, 2: 10, 3: 10} and r.LIMIT_DECK == 28
