"""The shipped tables against the rules' component counts (issue 54)."""
from analyzer.games.samarkand_queen import rules as r


def test_the_families_goods_and_camels_match_the_rules_counts():
    """The spec's rules (the seed and four reviews; gamepack.nl's review agrees but says 32 goods): 10 merchant
    families, each with 2 family tiles and a dowry of 3 to 6 Dirham; 33 goods cards for 33 numbered spaces; 2
    cards dealt, 3 drawn at a marriage.  The illustrative board keeps every count."""
    b = r.DEFAULT_BOARD
    assert len(b.families) == len(r.FAMILIES) == 10 and r.TILES == 2
    assert all(3 <= d <= 6 for d in b.dowry) and {3, 6} <= set(b.dowry)
    assert b.cards == 33 and sorted(n for n in b.goods_at if n) == list(range(1, 34))
    assert (r.DEAL, r.DRAW) == (2, 3) and len(set(b.start_cell)) == 10
