"""The shipped tables against the rules' component counts (issue 54)."""
from analyzer.games.samarkand_sackson import rules as r


def test_the_cubes_and_start_match_the_rules_counts():
    """Board Game Arena's rules for Samarkand (en.doc.boardgamearena.com, Gamehelpsamarkand): 102 commodity cubes,
    22 grain, 20 fruit, 18 copper goods, 16 carpets, 14 camels, 12 jewels; with 4 players remove 1 of each, with 3
    remove 3, with 2 remove 5; each player starts with 200 Piaster and 7 random cubes."""
    assert dict(zip(r.KINDS, r.TOTALS)) == {"grain": 22, "fruit": 20, "copper": 18, "carpets": 16, "camels": 14,
                                           "jewels": 12}
    assert sum(r.TOTALS) == 102 and r.REMOVED == {5: 0, 4: 1, 3: 3, 2: 5}
    assert (r.START_MONEY, r.START_CUBES) == (200, 7)
