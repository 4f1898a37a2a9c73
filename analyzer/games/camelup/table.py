"""The table: a Camel Up game followed event by event, as it is played (`analyzer camelup table`).

A `Table` starts from a position (a scenario dict: flags or a file) and takes events, one line
each, in the words a player says at the table: `roll b 2`, `take y`, `desert 7 +`, `winner ?`,
`as 2 take g`.  `apply` checks each against the rules (a refused event raises `TableError` with
one line saying why, and changes nothing) and plays it: the die moves its unit, a desert tile
moves it on and pays its owner, the photographer pays, the last die scores the leg and starts
the next one, a finish scores the race.  `position()` is the analyzer's `Position` of the
moment, for `ev` and `odds`.

Scoring: at leg end each player's net change (leg tiles, placement bets, pyramid tiles, the best
tile a partner earned) is one change, then floored at `rules.money_floor`; desert and camera
coins are paid when earned.  At the race's end the overall cards are scored, one net change per
player; a face-down card laid with `?` (nobody knows its colour) is not scored, and the cards
after it on its pile are taken to come after a correct one (today's convention, a lower bound).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from analyzer.core.errors import AnalyzerError
from analyzer.games.camelup import reference
from analyzer.games.camelup.state import DesertTile, Position, parse_position

PLACES = {"2": 2, "2nd": 2, "3": 3, "3rd": 3, "4": 4, "4th": 4, "5": 5, "5th": 5, "6": 6, "6th": 6, "7": 7, "8": 8}
SIDE_WORDS = {"+": 1, "-": -1, "oasis": 1, "mirage": -1, "cheering": 1, "booing": -1}
COMMANDS = ("roll", "take", "desert", "spectator", "winner", "loser", "boost", "photo", "place", "partner", "as")


class TableError(AnalyzerError):
    """An event the rules do not allow, or that cannot be read: one line, the table unchanged."""


@dataclass
class Table:
    position: Position  # the rules, players and everything a position holds, at the start
    stacks: dict[int, list[int]]
    dice: set[int]  # racing camels whose base die is in the pyramid
    grey: bool  # the second edition's grey die is in the pyramid
    boost: set[int]  # Supercup: boost dice in the pyramid
    pit: set[int]  # Supercup: boost dice rolled this leg
    tiles_left: list[list[int]]  # per camel, top first
    held: list[list[tuple[int, int]]]  # per player: (camel, value)
    pyramid: list[int]  # per player: pyramid tiles this leg
    desert: dict[int, tuple[int, int]]  # space -> (push, owner)
    money: list[int]
    to_move: int
    piles: dict[str, list[tuple[int, int | None]]]  # winner / loser: (player, camel or None), first laid first
    camera: tuple[int, int] | None = None  # (space, holder)
    placements: list[list[tuple[int, int, int]]] = field(default_factory=list)  # per player: (camel, value, place)
    partners: list[tuple[int, int]] = field(default_factory=list)
    leg: int = 1
    over: bool = False
    known_cards: list[tuple[int, int]] = field(default_factory=list)  # the mover's cards on a pile, pile unknown
    said: list[str] = field(default_factory=list)  # what the last event did, in words

    @property
    def rules(self):
        return self.position.rules

    @property
    def players(self) -> int:
        return self.position.players

    @property
    def names(self) -> tuple[str, ...]:
        return self.rules.camels

    # -- building ---------------------------------------------------------------------------------

    @classmethod
    def start(cls, scenario: dict) -> "Table":
        """A table from a scenario dict (a file's or the quick-entry flags'); raises ScenarioError."""
        p = parse_position(scenario)
        players = p.players
        race_bets = p.race_bets
        placed = p.overall_cards_placed or (frozenset(),) * players
        piles = {"winner": [], "loser": []}
        known = sorted(placed[p.to_move])
        for name, count in zip(("winner", "loser"), race_bets):  # who laid the earlier cards is not known
            piles[name] = [(-1, None)] * count
        table = cls(
            position=p, stacks={s: list(stack) for s, stack in p.stacks.items()}, dice=set(p.dice_left),
            grey=p.grey_die_left, boost=set(p.boost_dice_left), pit=set(p.boost_dice_pit),
            tiles_left=[list(t) for t in p.leg_tiles_left],
            held=[list(h) for h in (p.held_leg_tiles or ((),) * players)],
            pyramid=list(p.pyramid_tiles_held or (0,) * players),
            desert={t.space: (t.push, t.owner) for t in p.desert},
            money=list(p.money), to_move=p.to_move, piles=piles, camera=p.photographer,
            placements=[list(b) for b in (p.placement_bets or ((),) * players)], partners=list(p.partners),
            known_cards=[(p.to_move, c) for c in known])
        return table

    def copy(self) -> "Table":
        return copy.deepcopy(self)

    def to_position(self) -> Position:
        """The position now, for `ev` and `odds` (the player to move is the one they answer for)."""
        placed = [set() for _ in range(self.players)]
        for pile in self.piles.values():
            for player, camel in pile:
                if player >= 0 and camel is not None:
                    placed[player].add(camel)
        for player, camel in self.known_cards:
            placed[player].add(camel)
        p = self.position
        return Position(
            rules=p.rules, players=self.players,
            stacks={s: tuple(stack) for s, stack in sorted(self.stacks.items())},
            dice_left=tuple(sorted(self.dice)),
            desert=tuple(DesertTile(s, push, owner) for s, (push, owner) in sorted(self.desert.items())),
            leg_tiles_left=tuple(tuple(t) for t in self.tiles_left),
            held_leg_tiles=tuple(tuple(h) for h in self.held),
            race_bets=(len(self.piles["winner"]), len(self.piles["loser"])),
            overall_cards_placed=tuple(frozenset(s) for s in placed), money=tuple(self.money), to_move=self.to_move,
            grey_die_left=self.grey, boost_dice_left=tuple(sorted(self.boost)), boost_dice_pit=tuple(sorted(self.pit)),
            pyramid_tiles_held=tuple(self.pyramid), photographer=self.camera,
            placement_bets=tuple(tuple(b) for b in self.placements), partners=tuple(self.partners))

    # -- reading words ----------------------------------------------------------------------------

    def camel(self, word: str, racing: bool = True) -> int:
        w = word.strip().lower()
        pool = self.names[: self.rules.racing] if racing else self.names
        letters = {letter: name for letter, name in self.rules.letters.items() if name in pool}
        name = letters.get(w, w)
        if name in pool:
            return self.names.index(name)
        what = "racing camel" if racing else "camel"
        raise TableError(f"{word!r} is no {what}; say one of: " + ", ".join(
            f"{n} ({letter})" for letter, n in letters.items()))

    def player(self, word: str) -> int:
        if not word.isdigit() or int(word) >= self.players:
            raise TableError(f"{word!r} is no player; players are 0 to {self.players - 1}")
        return int(word)

    def space(self, word: str) -> int:
        if not word.isdigit() or not 1 <= int(word) <= self.rules.track_length:
            raise TableError(f"{word!r} is no space; spaces are 1 to {self.rules.track_length}")
        return int(word)

    # -- events -----------------------------------------------------------------------------------

    def apply(self, line: str) -> "Table":
        """The table after the event `line`; raises TableError (and changes nothing) if it is refused."""
        words = line.split()
        if not words:
            raise TableError("say an event, e.g. `roll b 2`, `take y`, `desert 7 +`, `winner g` (`help` lists them)")
        table = self.copy()
        table.said = []
        player = table.to_move
        if words[0] == "as":
            if len(words) < 3:
                raise TableError("as P EVENT: e.g. `as 2 take y`")
            player, words = table.player(words[1]), words[2:]
        if table.over:
            raise TableError("the race is over; `undo` to go back, or `new` for another race")
        verb, args = words[0], words[1:]
        handler = {"roll": table._roll, "take": table._take, "desert": table._tile, "spectator": table._tile,
                   "winner": table._card, "loser": table._card, "boost": table._boost, "photo": table._photo,
                   "place": table._place, "partner": table._partner}.get(verb)
        if handler is None:
            raise TableError(f"unknown event {verb!r}; events: {', '.join(COMMANDS)} (`help` explains each)")
        passes_turn = handler(player, verb, args)
        if passes_turn:
            table.to_move = (player + 1) % table.players
        return table

    def _need(self, args, count: int, form: str):
        if len(args) != count:
            raise TableError(f"say {form}")

    def _roll(self, player, verb, args):
        """roll C N (a base die), roll C+ N (a boost die), roll grey C N (the grey die, naming the crazy camel)."""
        rules = self.rules
        if args and args[0].lower() in ("grey", "gray", "x"):
            self._need(args, 3, "roll grey C N: the crazy camel whose colour the grey die shows, and its number")
            if not rules.crazy_camels:
                raise TableError("this rule set has no grey die (the second edition's)")
            if not self.grey:
                raise TableError("the grey die is already out of the pyramid this leg")
            named = self.camel(args[1], racing=False)
            if named < rules.racing:
                raise TableError(f"the grey die shows a crazy camel: {', '.join(self.names[rules.racing:])}")
            steps = self._face(args[2], rules.die_faces)
            self.grey = False
            crazy = tuple(range(rules.racing, len(self.names)))
            camel = reference.crazy_mover(self.stacks, named, crazy, set(range(rules.racing)))
            if camel != named:
                self.said.append(f"the grey die moves {self.names[camel]} (the override rule), not {self.names[named]}")
            self._move(player, camel, steps, backward=True)
            return True
        self._need(args, 2, "roll C N: the camel whose die came out and its number, e.g. `roll b 2`")
        boost = args[0].endswith("+")
        camel = self.camel(args[0].rstrip("+"))
        if not any(camel in stack for stack in self.stacks.values()):
            raise TableError(f"{self.names[camel]} is not on the track")
        if boost:
            if not rules.boost_dice:
                raise TableError("this rule set has no boost dice (Supercup: rules.supercup: [boost_dice])")
            if camel not in self.boost:
                raise TableError(f"{self.names[camel]}'s boost die is not in the pyramid")
            steps = self._face(args[1], rules.boost_faces)
            self.boost.discard(camel)
            self.pit.add(camel)
        else:
            if camel not in self.dice:
                raise TableError(f"{self.names[camel]}'s die is already out of the pyramid this leg")
            steps = self._face(args[1], rules.die_faces)
            self.dice.discard(camel)
        self._move(player, camel, steps)
        return True

    def _face(self, word: str, faces) -> int:
        if not word.isdigit() or int(word) not in faces:
            raise TableError(f"{word!r} is not on that die; its faces are {', '.join(map(str, sorted(set(faces))))}")
        return int(word)

    def _move(self, player: int, camel: int, steps: int, backward: bool = False) -> None:
        rules = self.rules
        self.pyramid[player] += 1
        start = next(s for s, stack in self.stacks.items() if camel in stack)
        unit = self.stacks[start][self.stacks[start].index(camel):]
        landed = reference.move(self.stacks, camel, steps, {s: push for s, (push, _) in self.desert.items()}, backward)
        end = next(s for s, stack in self.stacks.items() if camel in stack)
        self.said.append(f"{self.names[camel]} moves {'back ' if backward else ''}{steps}: "
                         f"{'+'.join(self.names[c] for c in unit)} from {start} to {end}")
        if landed is not None:
            owner = self.desert[landed][1]
            self.money[owner] += rules.desert_tile_pays
            self.said.append(f"lands on player {owner}'s {rules.tile_name} tile on {landed}: +{rules.desert_tile_pays} "
                             f"to player {owner}")
        if self.camera is not None and end == self.camera[0]:
            holder = self.camera[1]
            self.money[holder] += len(unit)
            self.camera = None
            self.said.append(f"the photographer's camera on {end}: +{len(unit)} to player {holder}; it returns")
        if reference.finished(self.stacks, rules.track_length):
            self._score_leg()
            self._score_race()
            return
        if len(self.dice) + self.grey + len(self.boost) <= rules.dice_left_at_leg_end:
            self._score_leg()
            self._new_leg()

    def _take(self, player, verb, args):
        self._need(args, 1, "take C: the colour of the leg tile taken, e.g. `take y`")
        camel = self.camel(args[0])
        if not self.tiles_left[camel]:
            raise TableError(f"no {self.names[camel]} leg tiles are left this leg")
        value = self.tiles_left[camel].pop(0)
        self.held[player].append((camel, value))
        self.said.append(f"player {player} takes {self.names[camel]} {value}")
        return True

    def _tile(self, player, verb, args):
        rules = self.rules
        self._need(args, 2, f"{verb} S +|-: the space and the side ({rules.tile_sides[0]} + / {rules.tile_sides[1]} -)")
        space = self.space(args[0])
        push = SIDE_WORDS.get(args[1].lower())
        if push is None:
            raise TableError(f"{args[1]!r} is no side; say + ({rules.tile_sides[0]}) or - ({rules.tile_sides[1]})")
        if space == 1:
            raise TableError(f"a {rules.tile_name} tile may not lie on space 1")
        if space in self.stacks:
            raise TableError(f"space {space} holds a camel; a {rules.tile_name} tile goes on an empty space")
        if self.camera is not None and self.camera[0] == space:
            raise TableError(f"the photographer's camera is on space {space}")
        own = [s for s, (_, owner) in self.desert.items() if owner == player]
        if own == [space]:
            raise TableError(f"player {player}'s tile already lies on {space}; a move must go elsewhere")
        near = [s for s, (_, owner) in self.desert.items() if owner != player and abs(s - space) <= 1]
        if near:
            raise TableError(f"space {space} is on or next to player {self.desert[near[0]][1]}'s tile on {near[0]}")
        for s in own:
            del self.desert[s]
        self.desert[space] = (push, player)
        side = rules.tile_sides[0 if push > 0 else 1]
        self.said.append(f"player {player} {'moves' if own else 'lays'} their {rules.tile_name} tile: {side} on {space}")
        return True

    def _card(self, player, verb, args):
        self._need(args, 1, f"{verb} C (or {verb} ?): the colour backed, ? if it is face down and unknown")
        camel = None if args[0] == "?" else self.camel(args[0])
        if camel is not None:
            backed = {c for pile in self.piles.values() for p, c in pile if p == player}
            backed |= {c for p, c in self.known_cards if p == player}
            if camel in backed:
                raise TableError(f"player {player} has already backed {self.names[camel]} (one card per colour)")
        self.piles[verb].append((player, camel))
        what = "a face-down card" if camel is None else self.names[camel]
        self.said.append(f"player {player} lays {what} on the overall {verb} pile")
        return True

    def _boost(self, player, verb, args):
        """Supercup boost action: hand a pyramid tile back and throw a podium boost die in; the turn does not pass."""
        rules = self.rules
        self._need(args, 1, "boost C: the camel whose podium boost die is thrown into the pyramid")
        if not rules.boost_action:
            raise TableError("this rule set has no boost action (Supercup: rules.supercup: [boost_action])")
        camel = self.camel(args[0])
        if self.pyramid[player] < 1:
            raise TableError(f"player {player} holds no pyramid tile to hand back")
        if camel in self.boost or camel in self.pit:
            raise TableError(f"{self.names[camel]}'s boost die is not on the podium")
        ranking = reference.ranking(self.stacks, set(range(rules.racing)))
        if ranking and ranking[0] == camel:
            raise TableError(f"{self.names[camel]} leads: its boost die may not be thrown in")
        self.pyramid[player] -= 1
        self.boost.add(camel)
        self.said.append(f"player {player} hands back a pyramid tile and throws {self.names[camel]}'s boost die in")
        return False

    def _photo(self, player, verb, args):
        rules = self.rules
        self._need(args, 1, "photo S: the space the camera is set on (taking the photographer, or moving it)")
        if not rules.photographer:
            raise TableError("this rule set has no photographer (Supercup: rules.supercup: [photographer])")
        space = self.space(args[0])
        if self.camera is not None and self.camera[1] != player:
            raise TableError(f"player {self.camera[1]} holds the photographer")
        if space in self.stacks or space in self.desert or (self.camera and self.camera[0] == space):
            raise TableError(f"space {space} is not empty (a camel, a tile or the camera is there)")
        verb_text = "moves the camera" if self.camera else "takes the photographer and sets the camera"
        self.camera = (space, player)
        self.said.append(f"player {player} {verb_text} on {space}")
        return True

    def _place(self, player, verb, args):
        """place P C V (on a leg tile held), place P C (on the lowest tile of C's stack, taken now)."""
        rules = self.rules
        if not rules.placement_bets:
            raise TableError("this rule set has no placement bets (Supercup: rules.supercup: [placement_bets])")
        if len(args) not in (2, 3):
            raise TableError("say place P C V (a tile you hold, e.g. `place 3 y 5`) or place P C (the lowest tile "
                             "of C's stack, taken now)")
        place = PLACES.get(args[0].lower())
        if place is None or place not in rules.placement_places:
            raise TableError(f"{args[0]!r} is no placement tile; they are {', '.join(map(str, rules.placement_places))}")
        if any(b[2] == place for bets in self.placements for b in bets):
            raise TableError(f"the {place} placement tile is already in play this leg")
        camel = self.camel(args[1])
        if len(args) == 3:
            if not args[2].isdigit():
                raise TableError(f"{args[2]!r} is no tile value")
            value = int(args[2])
            free = self.held[player].count((camel, value)) - sum(b[:2] == (camel, value) for b in self.placements[player])
            if free < 1:
                raise TableError(f"player {player} holds no {self.names[camel]} {value} without a placement tile")
        else:
            if not self.tiles_left[camel]:
                raise TableError(f"no {self.names[camel]} leg tiles are left this leg")
            value = self.tiles_left[camel].pop()
            self.held[player].append((camel, value))
        self.placements[player].append((camel, value, place))
        self.said.append(f"player {player} lays placement {place} on {self.names[camel]} {value}")
        return True

    def _partner(self, player, verb, args):
        rules = self.rules
        self._need(args, 1, "partner P: the player partnered with")
        if not rules.partnerships or self.players < rules.partnership_min_players:
            raise TableError(f"partnerships need the rule and {rules.partnership_min_players}+ players")
        other = self.player(args[0])
        taken = {p for pair in self.partners for p in pair}
        if other == player or other in taken or player in taken:
            raise TableError(f"players {player} and {other} cannot partner now (each partners once a leg)")
        self.partners.append((player, other))
        self.said.append(f"players {player} and {other} are partners this leg")
        return True

    # -- scoring ----------------------------------------------------------------------------------

    def _pay(self, player: int, amount: int) -> None:
        floor = self.rules.money_floor
        self.money[player] += amount
        if floor is not None:
            self.money[player] = max(self.money[player], floor)

    def _tile_pays(self, ranking, camel, value, place) -> int:
        rules, rank = self.rules, ranking.index(camel)
        if place is not None:
            return rules.placement_hit_pays if rank == place - 1 else rules.placement_miss_pays
        return value if rank == 0 else rules.leg_second_pays if rank == 1 else rules.leg_other_pays

    def _earned(self, player: int, ranking) -> list[int]:
        """What each tile the player holds pays this leg (placement bets as they apply), and the pyramid tiles."""
        covered = list(self.placements[player])
        out = []
        for camel, value in self.held[player]:
            match = next((b for b in covered if b[:2] == (camel, value)), None)
            if match:
                covered.remove(match)
            out.append(self._tile_pays(ranking, camel, value, match[2] if match else None))
        return out + [self.rules.pyramid_tile_pays] * self.pyramid[player]

    def _score_leg(self) -> None:
        rules = self.rules
        ranking = reference.ranking(self.stacks, set(range(rules.racing)))
        earned = [self._earned(p, ranking) for p in range(self.players)]
        net = [sum(e) for e in earned]
        for a, b in self.partners:  # each adds the best single tile the other earned, or nothing
            net[a] += max([0] + earned[b])
            net[b] += max([0] + earned[a])
        before = list(self.money)
        for p in range(self.players):
            self._pay(p, net[p])
        changes = ", ".join(f"{p}: {self.money[p] - before[p]:+d}" for p in range(self.players))
        self.said.append(f"leg {self.leg} ends: {' > '.join(self.names[c] for c in ranking)}; money {changes}")

    def _new_leg(self) -> None:
        rules = self.rules
        self.leg += 1
        on_track = {c for stack in self.stacks.values() for c in stack}
        self.dice = {c for c in range(rules.racing) if c in on_track}
        self.grey = rules.crazy_camels > 0
        self.tiles_left = [list(rules.leg_tiles) if c < rules.racing else [] for c in range(len(self.names))]
        self.held = [[] for _ in range(self.players)]
        self.pyramid = [0] * self.players
        self.desert, self.camera = {}, None
        self.placements = [[] for _ in range(self.players)]
        self.partners = []
        if rules.boost_dice:
            self.pit = set()
            last = reference.ranking(self.stacks, set(range(rules.racing)))[-1]
            self.boost = {last}
            self.said.append(f"leg {self.leg}: {self.names[last]} is last, its boost die goes into the pyramid")

    def _score_race(self) -> None:
        rules = self.rules
        ranking = reference.ranking(self.stacks, set(range(rules.racing)))
        net = [0] * self.players
        unscored = 0
        for pile, camel in (("winner", ranking[0]), ("loser", ranking[-1])):
            correct = 0
            for player, backed in self.piles[pile]:
                if backed is None:  # colour unknown: not scored; later cards count it as correct (a lower bound)
                    unscored += player >= 0
                    correct += 1
                elif backed == camel:
                    net[player] += rules.overall_payout(correct)
                    correct += 1
                else:
                    net[player] += rules.overall_wrong_pays
        for p in range(self.players):
            self._pay(p, net[p])
        self.over = True
        top = max(self.money)
        winners = [p for p in range(self.players) if self.money[p] == top]
        self.said.append(f"the race is over: {self.names[ranking[0]]} wins, {self.names[ranking[-1]]} loses; money "
                         f"{', '.join(f'{p}: {m}' for p, m in enumerate(self.money))}; "
                         f"{'winner' if len(winners) == 1 else 'tied'}: {', '.join(map(str, winners))}"
                         + (f" ({unscored} face-down cards of unknown colour not scored)" if unscored else ""))


def replay(scenario: dict, events: list[str]) -> Table:
    """The table after every event of a log (each must be allowed)."""
    table = Table.start(scenario)
    for i, line in enumerate(events):
        try:
            table = table.apply(line)
        except TableError as exc:
            raise TableError(f"event {i + 1} ({line!r}): {exc}") from None
    return table
