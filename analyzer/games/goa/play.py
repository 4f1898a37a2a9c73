"""Whole Goa games for balance runs (spec question 5, on ILLUSTRATIVE board data).

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): every game draws its
chance up front from the runner's Generator (`game.Chance`: the expedition deck and its reshuffles, the tile
layouts, the random players' choices), so game j of every rule set meets the same luck, and the tables are the same
for any `--jobs` and backend.

The balance tables' "seat" is the TURN-ORDER RANK: seat 0 is the start player (the first to flip a tiger; the flag
and 7 ducats), seat 1 the next clockwise (10 ducats), and so on; the policies are given per rank, and credit,
points and actions are by rank.
"""
from __future__ import annotations

from analyzer.core import engine
from analyzer.games.goa import game as g


RuleSet, GameConfig = engine.RuleSet, engine.GameConfig
# lengths per game: actions in all (extra ones too); 1 if the turn cap stopped it
WHOLE = engine.WholeGames("analyzer.games.goa.game", engine.Record(
    start=g.ST_START, money=g.ST_POINTS, actions=g.ST_ACT, kinds=g.ACT_KINDS, maxp=g.MAXP,
    lengths=(engine.Length("actions played", g.ST_ACTS), engine.Length("capped", g.ST_CAPPED))), by_rank=False)
play, play_games, summarize, games_per_chunk = WHOLE.play, WHOLE.play_games, WHOLE.summarize, WHOLE.games_per_chunk
