"""The shipped tables against the rules' component counts (issue 54)."""
from analyzer.games.drunter_druber import rules as r


def test_the_tiles_and_cards_match_the_rules_component_counts():
    """The rules (spec, from the seed and the Spiel des Jahres jury text): 6 building types, one secret card each;
    60 building-crew tiles of three sizes (12 triples, 24 doubles, 24 singles), all dealt out with 4 players; the
    expert deck's 4 special cards.  The illustrative kind split keeps every size's total."""
    assert len(r.TYPES) == 6 and len(r.EXPERT_CARDS) == 10 and len(r.SPECIALS) == 4
    assert sum(r.SIZE_TOTALS) == 60 and r.SIZE_TOTALS == (12, 24, 24)
    assert tuple(4 * n for n in r.TILES[4]) == r.SIZE_TOTALS  # 4 players: every tile dealt
    assert all(all(n * p <= total for n, total in zip(r.TILES[p], r.SIZE_TOTALS)) for p in r.TILES)
    assert tuple(sum(kinds) for kinds in r.EVEN_SPLIT) == r.SIZE_TOTALS and len(r.TILE_KINDS) == 3
