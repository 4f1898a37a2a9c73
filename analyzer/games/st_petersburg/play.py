"""Whole Sankt Petersburg games for balance runs (spec question 4: the start stones' seat value).

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): every game draws its
chance up front from the runner's Generator (`game.Chance`: the start stones, the four decks, the random players'
choices), so game j of every rule set meets the same decks and stones.

The balance tables' "seat" is the TURN-ORDER RANK from the worker stone: seat 0 holds the worker stone at the
start, seat 1 sits next clockwise (the building stone), and so on; with 4 players seat k holds stone k (worker,
building, aristocrat, upgrade), with 3 seat 0 also holds the upgrade stone, with 2 seat 0 worker + aristocrat and
seat 1 building + upgrade.  The policies are given per rank; credit, points and actions are by rank.
"""
from __future__ import annotations

from analyzer.core import engine
from analyzer.games.st_petersburg import game as g


RuleSet, GameConfig = engine.RuleSet, engine.GameConfig
# seat 0 holds the worker stone; moves: every seat's actions, passes included
WHOLE = engine.WholeGames("analyzer.games.st_petersburg.game", engine.Record(
    start=g.ST_STONE, money=g.ST_FINAL, actions=g.ST_ACT, kinds=g.ACT_KINDS, maxp=g.MAXP,
    lengths=(engine.Length("rounds", g.ST_ROUNDS), engine.Length("moves", g.ST_ACTIONS),
             *engine.ended(g.ST_END, {"capped": g.E_CAPPED, "ended by a worker refill": g.E_IMMEDIATE}))))
play, play_games, summarize, games_per_chunk = WHOLE.play, WHOLE.play_games, WHOLE.summarize, WHOLE.games_per_chunk
