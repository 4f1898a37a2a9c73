"""Full Camel Up games, the readable way: plain Python, one game, one action at a time.

Slow on purpose.  Tests replay every action the vectorised games (`game.py`) take through
`replay` here, checking each is legal and that money, legs and turns come out the same.
Actions are the names `game.ActionSpace.name` gives: "leg-bet blue", "desert oasis 7"
("spectator cheering 7" in the second edition), "pyramid", "race-winner blue", "race-loser blue",
and with the Supercup modules "photographer 9", "placement 3rd on blue" (on a leg tile held),
"placement 3rd on new blue" (on the bottom tile of blue's stack, taken now), "partner 4".  A
turn whose player also throws a boost die in is written "ACTION + boost blue".

The dice come in as draws, decoded the way `game.Chance` documents: draw d = e + S * x with
S = R! * F**R (R racing camels).  A leg's e gives the order the racing dice leave the
pyramid, permutation e mod R! (itertools order), and the face of the j-th of them,
die_faces[(e div R!) div F**j mod F]; with crazy camels its x puts the grey die at place
x mod (R + 1) of that order, showing face g = (x div (R + 1)) mod 2F: the number
die_faces[g mod F] in the colour of crazy camel R + g div F.  The set-up's e gives the order
the racing camels are set down and camel c's start space, die_faces[(e div R!) div F**c mod F];
its x the crazy camel set down first (x mod 2) and crazy camel R + k's number
die_faces[(x div 2) div F**k mod F], which puts it on space track_length + 1 - number.

Boost dice (Supercup): each leg also has a list of numbers, one per roll of the leg.  The j-th
roll, with m base dice and b boost dice in the pyramid, takes t = (x_j mod M) mod (m + b),
M = lcm(1, ..., 2R): t < b releases the t-th boost die in camel order, showing
boost_faces[(x_j div M) mod len(boost_faces)]; otherwise the leg's next base die comes out.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
from math import factorial, lcm

from analyzer.games.camelup import reference
from analyzer.games.camelup.rules import RuleSet

PLACE_NAMES = {2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th", 8: "8th"}


@dataclass
class Game:
    rules: RuleSet
    players: int
    stacks: dict[int, list[int]]  # space -> camels, bottom to top
    money: list[int]
    leg: int = 0  # legs finished
    turns: int = 0
    dice_out: int = 0  # base (and grey) dice out of the pyramid this leg
    tiles_taken: dict[int, int] = field(default_factory=dict)  # camel -> leg tiles taken from the top this leg
    held: list[list[tuple[int, int]]] = field(default_factory=list)  # player -> (camel, value) this leg, uncovered
    pyramid_tiles: list[int] = field(default_factory=list)  # player -> pyramid tiles this leg
    desert: dict[int, tuple[int, int]] = field(default_factory=dict)  # space -> (push, owner)
    winner_pile: list[tuple[int, int]] = field(default_factory=list)  # (player, camel), first laid first
    loser_pile: list[tuple[int, int]] = field(default_factory=list)
    over: bool = False
    # Supercup
    tiles_taken_bottom: dict[int, int] = field(default_factory=dict)  # camel -> tiles taken from the bottom
    placements: list[tuple[int, int, int, int]] = field(default_factory=list)  # (player, camel, tile value, place)
    boost_in: set[int] = field(default_factory=set)  # camels whose boost die is in the pyramid
    pit: set[int] = field(default_factory=set)  # boost dice rolled this leg
    rolls: int = 0  # dice of every kind rolled this leg
    camera: tuple[int, int] | None = None  # (space, holder)
    partners: dict[int, int] = field(default_factory=dict)  # player -> partner this leg
    last_roll: tuple | None = None  # (camel, steps, "base" | "boost" | "grey") of the die rolled last


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
    then each crazy camel on space track_length + 1 - its grey-die number, the second on top.
    With boost dice, the last camel's boost die goes into the pyramid."""
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
    game = Game(rules, players, stacks, money, held=[[] for _ in range(players)], pyramid_tiles=[0] * players)
    if rules.boost_dice:
        game.boost_in = {_ranking(game)[-1]}
    return game


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


def _places(rules: RuleSet) -> list[int]:
    """The placement tiles in play: the places of `placement_places` a racing camel can take."""
    if not rules.placement_bets:
        return []
    return list(dict.fromkeys(p for p in rules.placement_places if p <= rules.racing))


def _place_name(place: int) -> str:
    return PLACE_NAMES.get(place, f"{place}th")


def _partnerships(game: Game) -> bool:
    return game.rules.partnerships and game.players >= game.rules.partnership_min_players


def action_names(game: Game) -> list[str]:
    rules, names = game.rules, game.rules.camels[:game.rules.racing]
    out = [f"leg-bet {n}" for n in names]
    for space in range(2, rules.track_length + 1):
        out += _tiles(rules, space)
    out += ["pyramid"] + [f"race-winner {n}" for n in names] + [f"race-loser {n}" for n in names]
    if rules.photographer:
        out += [f"photographer {space}" for space in range(1, rules.track_length + 1)]
    for place in _places(rules):
        for n in names:
            out += [f"placement {_place_name(place)} on {n}", f"placement {_place_name(place)} on new {n}"]
    if _partnerships(game):
        out += [f"partner {q}" for q in range(game.players)]
    if rules.boost_action:
        out += [f"boost {n}" for n in names]
    return out


def _stack(game: Game, camel: int) -> list[int]:
    """The leg tiles of a colour still on the board, top first."""
    tiles = game.rules.leg_tiles
    return list(tiles[game.tiles_taken.get(camel, 0):len(tiles) - game.tiles_taken_bottom.get(camel, 0)])


def legal_actions(game: Game, player: int) -> list[str]:
    """Only racing camels can be backed."""
    rules, names = game.rules, game.rules.camels[:game.rules.racing]
    legal = [f"leg-bet {names[c]}" for c in range(len(names)) if _stack(game, c)]
    camels_on = set(game.stacks)
    camera = game.camera[0] if game.camera else None
    for space in range(2, rules.track_length + 1):
        if space in camels_on or space == camera:
            continue  # a desert tile goes on an empty space, never on the camera's
        if any(owner == player and s == space for s, (_, owner) in game.desert.items()):
            continue  # one's own tile may move, but not stay where it is
        if any(owner != player and abs(s - space) <= 1 for s, (_, owner) in game.desert.items()):
            continue  # not on or next to another player's tile
        legal += _tiles(rules, space)
    legal.append("pyramid")
    backed = {c for p, c in game.winner_pile + game.loser_pile if p == player}
    legal += [f"race-winner {names[c]}" for c in range(len(names)) if c not in backed]
    legal += [f"race-loser {names[c]}" for c in range(len(names)) if c not in backed]
    if rules.photographer and (game.camera is None or game.camera[1] == player):
        for space in range(1, rules.track_length + 1):  # an empty space: no camel, no desert tile, not the camera's
            if space not in camels_on and space not in game.desert and space != camera:
                legal.append(f"photographer {space}")
    in_play = {place for *_, place in game.placements}
    for place in _places(rules):
        if place in in_play:
            continue
        for c in range(len(names)):
            if any(camel == c for camel, _ in game.held[player]):
                legal.append(f"placement {_place_name(place)} on {names[c]}")
            if _stack(game, c):
                legal.append(f"placement {_place_name(place)} on new {names[c]}")
    if _partnerships(game) and player not in game.partners:
        legal += [f"partner {q}" for q in range(game.players) if q != player and q not in game.partners]
    return legal


def legal_boosts(game: Game, player: int) -> list[str]:
    """The boost action, after a turn's action: hand a pyramid tile back, throw a podium boost die in
    (not in the pyramid, not in the pit), never the leading camel's."""
    rules, names = game.rules, game.rules.camels
    if game.over or not rules.boost_action or game.pyramid_tiles[player] < 1:
        return []
    leader = _ranking(game)[0]
    return [f"boost {names[c]}" for c in range(rules.racing)
            if c not in game.boost_in and c not in game.pit and c != leader]


def _pay(game: Game, player: int, amount: int) -> None:
    game.money[player] += amount
    if game.rules.money_floor is not None:
        game.money[player] = max(game.money[player], game.rules.money_floor)


def take(game: Game, player: int, action: str, dice: list[tuple[int, int]], boost_draws=None) -> None:
    """`player` takes `action`; `dice` are this leg's dice in the order they come out, `boost_draws`
    its numbers for the boost dice (one per roll)."""
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
    elif words[0] == "photographer":
        game.camera = (int(words[1]), player)
    elif words[0] == "placement":
        place = next(p for p in _places(rules) if _place_name(p) == words[1])
        if words[3] == "new":  # the bottom tile of the stack, taken now
            camel = names.index(words[4])
            value = _stack(game, camel)[-1]
            game.tiles_taken_bottom[camel] = game.tiles_taken_bottom.get(camel, 0) + 1
        else:  # the lowest-valued tile of that colour one holds uncovered
            camel = names.index(words[3])
            value = min(v for c, v in game.held[player] if c == camel)
            game.held[player].remove((camel, value))
        game.placements.append((player, camel, value, place))
    elif words[0] == "partner":
        other = int(words[1])
        game.partners[player], game.partners[other] = other, player
    else:
        game.pyramid_tiles[player] += 1
        _roll(game, dice, boost_draws)


def boost(game: Game, player: int, action: str) -> None:
    """The turn's follow-up "boost C": `player` hands a pyramid tile back and throws C's boost die in."""
    if action not in legal_boosts(game, player):
        raise ValueError(f"player {player} may not {action!r}")
    game.pyramid_tiles[player] -= 1
    game.boost_in.add(game.rules.camels.index(action.split()[1]))


def _roll(game: Game, dice, boost_draws) -> None:
    rules = game.rules
    if game.boost_in:  # which die comes out: a boost die, or the next base die
        m, b = len(dice) - game.dice_out, len(game.boost_in)
        x = int(boost_draws[game.rolls])
        modulus = lcm(*range(1, 2 * rules.racing + 1))
        t = x % modulus % (m + b)
    if game.boost_in and t < b:
        camel = sorted(game.boost_in)[t]
        steps, grey, kind = rules.boost_faces[x // modulus % len(rules.boost_faces)], False, "boost"
        game.boost_in.remove(camel)
        game.pit.add(camel)
    else:
        camel, steps, grey = dice[game.dice_out]
        kind = "grey" if grey else "base"
        game.dice_out += 1
    game.rolls += 1
    game.last_roll = (camel, steps, kind)
    if grey:
        camel = reference.crazy_mover(game.stacks, camel, (rules.racing, rules.racing + 1), _racing(rules))
    start = next(space for space, stack in game.stacks.items() if camel in stack)
    unit = len(game.stacks[start]) - game.stacks[start].index(camel)  # the camel and those on it
    landed = reference.move(game.stacks, camel, steps, {s: push for s, (push, _) in game.desert.items()}, grey)
    if landed is not None:
        _pay(game, game.desert[landed][1], rules.desert_tile_pays)
    end = next(space for space, stack in game.stacks.items() if camel in stack)
    if game.camera is not None and end == game.camera[0]:  # a photo: a coin per camel; the camera returns
        _pay(game, game.camera[1], unit)
        game.camera = None
    if reference.finished(game.stacks, rules.track_length):
        _score_leg(game)
        _score_race(game)
        game.over = True
    elif game.dice_out == rules.racing + (rules.crazy_camels > 0) - rules.dice_left_at_leg_end and not game.boost_in:
        _score_leg(game)


def _racing(rules: RuleSet) -> set[int]:
    return set(range(rules.racing))


def _ranking(game: Game) -> list[int]:
    return reference.ranking(game.stacks, _racing(game.rules))


def _earned(game: Game, player: int, ranking: list[int]) -> list[int]:
    """What each tile the player took this leg pays: leg tiles, those under placement tiles, pyramid tiles."""
    rules = game.rules
    out = [value if camel == ranking[0] else rules.leg_second_pays if camel == ranking[1] else rules.leg_other_pays
           for camel, value in game.held[player]]
    out += [rules.placement_hit_pays if ranking.index(camel) == place - 1 else rules.placement_miss_pays
            for owner, camel, _, place in game.placements if owner == player]
    return out + [rules.pyramid_tile_pays] * game.pyramid_tiles[player]


def _score_leg(game: Game) -> None:
    rules = game.rules
    ranking = _ranking(game)
    earned = [_earned(game, player, ranking) for player in range(game.players)]
    for player in range(game.players):
        net = sum(earned[player])
        if player in game.partners:  # the best single tile the partner earned, or nothing
            net += max([0] + earned[game.partners[player]])
        _pay(game, player, net)
    game.leg += 1
    game.dice_out = 0
    game.tiles_taken = {}
    game.held = [[] for _ in range(game.players)]
    game.pyramid_tiles = [0] * game.players
    game.desert = {}
    game.tiles_taken_bottom = {}
    game.placements = []
    game.partners = {}
    game.camera = None
    game.rolls = 0
    if rules.boost_dice:  # the pit empties; the last camel's boost die goes in
        game.pit = set()
        game.boost_in = {ranking[-1]}


def _score_race(game: Game) -> None:
    rules = game.rules
    ranking = _ranking(game)
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


def replay(rules: RuleSet, players: int, draws, actions, money=None, boost_draws=None) -> Game:
    """Play a game from its draws (set-up first, then one per leg; with boost dice `boost_draws`, a
    list per leg) and its actions (one per turn, seat turn mod players, "A + boost C" for a turn with
    the boost follow-up); every action must be legal, and the race must end on the last one."""
    game = new_game(rules, players, int(draws[0]), money)
    for turn, action in enumerate(actions):
        if game.over:
            raise ValueError(f"turn {turn}: {action!r} after the race ended")
        main, _, follow = action.partition(" + ")
        player = turn % players
        leg = game.leg
        take(game, player, main, leg_dice(rules, int(draws[1 + leg])),
             None if boost_draws is None else boost_draws[leg])
        if follow:
            boost(game, player, follow)
    if not game.over:
        raise ValueError(f"the race has not ended after {len(actions)} turns")
    return game


def turn_names(space, trace, boosts=None) -> list[str]:
    """One game's turns as names from `play`'s trace row (and its boost row): "A" or "A + boost C"."""
    out = []
    for t, action in enumerate(trace):
        if action < 0:
            break
        name = space.name(int(action))
        if boosts is not None and boosts[t] >= 0:
            name += f" + boost {space.rules.camels[boosts[t]]}"
        out.append(name)
    return out


def replay_played(config, played: dict, i: int) -> Game:
    """Game i of a traced `play.play(config, ...)` batch, replayed here."""
    from analyzer.games.camelup import game as engine

    space = engine.ActionSpace(config.rules, config.players)
    boosts = played["boosts"][i] if "boosts" in played else None
    boost_draws = played["boost_draws"][i] if "boost_draws" in played else None
    return replay(config.rules, config.players, played["draws"][i], turn_names(space, played["trace"][i], boosts),
                  config.starting_money, boost_draws)


def engine_agrees(seed: int, games: int = 12) -> list[tuple]:
    """The conformance suite's check: vectorised full games (`play.play`, random players: both editions at 4 seats,
    the second edition with partnerships at 6, every Supercup module at 6) and this reference replaying their
    draws and actions; (what, engine's value, reference's value) per game."""
    import numpy as np

    from analyzer.games.camelup import game as engine
    from analyzer.games.camelup import play, policies
    from analyzer.games.camelup.rules import rule_set

    supercup = ("long_track", "boost_action", "photographer", "placement_bets", "partnerships")
    out = []
    for what, rules, players in (("first edition", rule_set("first"), 4), ("second edition", rule_set("second"), 4),
                                 ("second edition, 6 partners", rule_set("second"), 6),
                                 ("Supercup, every module", rule_set("first", supercup), 6)):
        config = engine.GameConfig(rules, players, (policies.parse_spec("random", "policies"),) * players)
        played = play.play(config, games, np.random.default_rng(seed), trace=True)
        for i in range(games):
            game = replay_played(config, played, i)
            out.append((f"{what} game {i}: money, legs, turns",
                        (played["money"][i].tolist(), int(played["legs"][i]), int(played["turns"][i])),
                        (game.money, game.leg, game.turns)))
    return out
