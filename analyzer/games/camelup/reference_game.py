"""Full Camel Up games, the readable way: plain Python, one game, one action at a time.

Slow on purpose.  Tests replay every action the vectorised games (`game.py`) take through
`replay` here, checking each is legal and that money, legs and turns come out the same.
Actions are the names `game.ActionSpace.name` gives: "leg-bet blue", "desert oasis 7"
("spectator cheering 7" in the second edition), "pyramid", "race-winner blue", "race-loser blue".

The dice come in as draws, decoded the way `game.Chance` documents: draw d = e + S * x with
S = R! * F**R (R racing camels).  A leg's e gives the order the racing dice leave the
pyramid, permutation e mod R! (itertools order), and the face of the j-th of them,
die_faces[(e div R!) div F**j mod F]; with crazy camels its x puts the grey die at place
x mod (R + 1) of that order, showing face g = (x div (R + 1)) mod 2F: the number
die_faces[g mod F] in the colour of crazy camel R + g div F.  The set-up's e gives the order
the racing camels are set down and camel c's start space, die_faces[(e div R!) div F**c mod F];
its x the crazy camel set down first (x mod 2) and crazy camel R + k's number
die_faces[(x div 2) div F**k mod F], which puts it on space track_length + 1 - number.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
from math import factorial

from analyzer.games.camelup import reference
from analyzer.games.camelup.rules import RuleSet


@dataclass
class Game:
    rules: RuleSet
    players: int
    stacks: dict[int, list[int]]  # space -> camels, bottom to top
    money: list[int]
    leg: int = 0  # legs finished
    turns: int = 0
    dice_out: int = 0  # dice out of the pyramid this leg
    tiles_taken: dict[int, int] = field(default_factory=dict)  # camel -> leg tiles taken this leg
    held: list[list[tuple[int, int]]] = field(default_factory=list)  # player -> (camel, value) this leg
    pyramid_tiles: list[int] = field(default_factory=list)  # player -> pyramid tiles this leg
    desert: dict[int, tuple[int, int]] = field(default_factory=dict)  # space -> (push, owner)
    winner_pile: list[tuple[int, int]] = field(default_factory=list)  # (player, camel), first laid first
    loser_pile: list[tuple[int, int]] = field(default_factory=list)
    over: bool = False


def _decode(rules: RuleSet, draw: int) -> tuple[tuple[int, ...], list[int], int]:
    """(a permutation of the racing camels, a face per index, the crazy part) from one draw."""
    r, faces = rules.racing, rules.die_faces
    span = factorial(r) * len(faces) ** r
    draw, crazy = draw % span, draw // span
    order = list(permutations(range(r)))[draw % factorial(r)]
    rest = draw // factorial(r)
    return order, [faces[(rest // len(faces) ** j) % len(faces)] for j in range(r)], crazy


def new_game(rules: RuleSet, players: int, setup_draw: int, money=None) -> Game:
    """Each racing camel on the space its die shows, set down one at a time in the draw's order;
    then each crazy camel on space track_length + 1 - its grey-die number, the second on top."""
    order, face, x = _decode(rules, setup_draw)
    stacks: dict[int, list[int]] = {}
    for camel in order:
        stacks.setdefault(face[camel], []).append(camel)
    if rules.crazy_camels:
        faces, r = rules.die_faces, rules.racing
        for k in (x % 2, 1 - x % 2):
            number = faces[(x // 2 // len(faces) ** k) % len(faces)]
            stacks.setdefault(rules.track_length + 1 - number, []).append(r + k)
    money = list(money) if money is not None else [rules.starting_money] * players
    return Game(rules, players, stacks, money, held=[[] for _ in range(players)], pyramid_tiles=[0] * players)


def leg_dice(rules: RuleSet, draw: int) -> list[tuple[int, int, bool]]:
    """(camel, steps, grey) of the dice in the order the pyramid releases them this leg; for the
    grey die, camel is the crazy camel its face names (before the override rules)."""
    order, face, x = _decode(rules, draw)
    dice = [(camel, face[j], False) for j, camel in enumerate(order)]
    if rules.crazy_camels:
        f = len(rules.die_faces)
        g = x // (rules.racing + 1) % (2 * f)
        dice.insert(x % (rules.racing + 1), (rules.racing + g // f, rules.die_faces[g % f], True))
    return dice


def _tiles(rules: RuleSet, space: int) -> list[str]:
    return [f"{rules.tile_name} {side} {space}" for side in rules.tile_sides]


def action_names(game: Game) -> list[str]:
    rules, names = game.rules, game.rules.camels[:game.rules.racing]
    out = [f"leg-bet {n}" for n in names]
    for space in range(2, rules.track_length + 1):
        out += _tiles(rules, space)
    return out + ["pyramid"] + [f"race-winner {n}" for n in names] + [f"race-loser {n}" for n in names]


def legal_actions(game: Game, player: int) -> list[str]:
    """Only racing camels can be backed."""
    rules, names = game.rules, game.rules.camels[:game.rules.racing]
    legal = [f"leg-bet {names[c]}" for c in range(len(names)) if game.tiles_taken.get(c, 0) < len(rules.leg_tiles)]
    camels_on = set(game.stacks)
    for space in range(2, rules.track_length + 1):
        if space in camels_on:
            continue  # a desert tile goes on an empty space
        if any(owner == player and s == space for s, (_, owner) in game.desert.items()):
            continue  # one's own tile may move, but not stay where it is
        if any(owner != player and abs(s - space) <= 1 for s, (_, owner) in game.desert.items()):
            continue  # not on or next to another player's tile
        legal += _tiles(rules, space)
    legal.append("pyramid")
    backed = {c for p, c in game.winner_pile + game.loser_pile if p == player}
    legal += [f"race-winner {names[c]}" for c in range(len(names)) if c not in backed]
    legal += [f"race-loser {names[c]}" for c in range(len(names)) if c not in backed]
    return legal


def _pay(game: Game, player: int, amount: int) -> None:
    game.money[player] += amount
    if game.rules.money_floor is not None:
        game.money[player] = max(game.money[player], game.rules.money_floor)


def take(game: Game, player: int, action: str, dice: list[tuple[int, int]]) -> None:
    """`player` takes `action`; `dice` are this leg's dice in the order they come out."""
    if game.over:
        raise ValueError("the race is over")
    if action not in legal_actions(game, player):
        raise ValueError(f"player {player} may not take {action!r}")
    rules, names = game.rules, game.rules.camels
    game.turns += 1
    words = action.split()
    if words[0] == "leg-bet":
        camel = names.index(words[1])
        taken = game.tiles_taken.get(camel, 0)
        game.held[player].append((camel, rules.leg_tiles[taken]))
        game.tiles_taken[camel] = taken + 1
    elif words[0] == rules.tile_name:
        game.desert = {s: v for s, v in game.desert.items() if v[1] != player}
        game.desert[int(words[2])] = (+1 if words[1] == rules.tile_sides[0] else -1, player)
    elif words[0] == "race-winner":
        game.winner_pile.append((player, names.index(words[1])))
    elif words[0] == "race-loser":
        game.loser_pile.append((player, names.index(words[1])))
    else:
        game.pyramid_tiles[player] += 1
        camel, steps, grey = dice[game.dice_out]
        game.dice_out += 1
        if grey:
            camel = reference.crazy_mover(game.stacks, camel, (rules.racing, rules.racing + 1), _racing(rules))
        landed = reference.move(game.stacks, camel, steps, {s: push for s, (push, _) in game.desert.items()}, grey)
        if landed is not None:
            _pay(game, game.desert[landed][1], rules.desert_tile_pays)
        if reference.finished(game.stacks, rules.track_length):
            _score_leg(game)
            _score_race(game)
            game.over = True
        elif game.dice_out == rules.racing + (rules.crazy_camels > 0) - rules.dice_left_at_leg_end:
            _score_leg(game)


def _racing(rules: RuleSet) -> set[int]:
    return set(range(rules.racing))


def _score_leg(game: Game) -> None:
    rules = game.rules
    ranking = reference.ranking(game.stacks, _racing(rules))
    for player in range(game.players):
        net = rules.pyramid_tile_pays * game.pyramid_tiles[player]
        for camel, value in game.held[player]:
            net += value if camel == ranking[0] else rules.leg_second_pays if camel == ranking[1] else rules.leg_other_pays
        _pay(game, player, net)
    game.leg += 1
    game.dice_out = 0
    game.tiles_taken = {}
    game.held = [[] for _ in range(game.players)]
    game.pyramid_tiles = [0] * game.players
    game.desert = {}


def _score_race(game: Game) -> None:
    rules = game.rules
    ranking = reference.ranking(game.stacks, _racing(rules))
    net = [0] * game.players
    for pile, camel in ((game.winner_pile, ranking[0]), (game.loser_pile, ranking[-1])):
        correct = 0
        for player, backed in pile:
            if backed == camel:
                net[player] += rules.overall_payout(correct)
                correct += 1
            else:
                net[player] += rules.overall_wrong_pays
    for player in range(game.players):
        _pay(game, player, net[player])


def replay(rules: RuleSet, players: int, draws, actions, money=None) -> Game:
    """Play a game from its draws (set-up first, then one per leg) and its actions (one per turn,
    seat turn mod players); every action must be legal, and the race must end on the last one."""
    game = new_game(rules, players, int(draws[0]), money)
    for turn, action in enumerate(actions):
        if game.over:
            raise ValueError(f"turn {turn}: {action!r} after the race ended")
        take(game, turn % players, action, leg_dice(rules, int(draws[1 + game.leg])))
    if not game.over:
        raise ValueError(f"the race has not ended after {len(actions)} turns")
    return game


def engine_agrees(seed: int, games: int = 12) -> list[tuple]:
    """The conformance suite's check: vectorised full games (`play.play`, random players, both editions) and this
    reference replaying their draws and actions; (what, engine's value, reference's value) per game."""
    import numpy as np

    from analyzer.games.camelup import game as engine
    from analyzer.games.camelup import play, policies
    from analyzer.games.camelup.rules import rule_set

    out = []
    for edition in ("first", "second"):
        rules = rule_set(edition)
        config = engine.GameConfig(rules, 4, (policies.parse_spec("random", "policies"),) * 4)
        played = play.play(config, games, np.random.default_rng(seed), trace=True)
        space = engine.ActionSpace(rules)
        for i in range(games):
            actions = [space.name(a) for a in played["trace"][i] if a >= 0]
            game = replay(rules, 4, played["draws"][i], actions)
            out.append((f"{edition} edition game {i}: money, legs, turns",
                        (played["money"][i].tolist(), int(played["legs"][i]), int(played["turns"][i])),
                        (game.money, game.leg, game.turns)))
    return out
