"""Drunter und Drüber positions from a scenario (spec "A position"), every field checked.

This project's layout (core also reads the spec's flat one, `settings:` and the fields at the top):

    game: drunter_druber
    players: 4
    rules: {cover_own_eps: 1/4, variant: basic}
    position:
      me: {building: A, votes: [JA, NEE, JEIN, shrug]}      # expert: cards: [A, threes] (2 of the 10)
      opponents:                                            # players - 1, clockwise from me
        - {covered_types: {C: 2, D: 1}, votes_left: [JA, JAA, JAAA, NE, NEE, NEEE, JEIN, shrug]}
        - {covered_types: {C: 1}, voted_to_cover: {B: 1}, voted_to_save: {E: 1}}
        - {}
      outhouse: {proposer: me}                              # or p2..p4, then my_stance: for | against
      focus: {size: triple, kind: river}                    # the tile odds' headline (this is the default)

Readings where the spec is silent: `covered_types` counts the squares of each type the player covered himself
(at most 5 a type, all players together); `voted_to_cover` / `voted_to_save` count his yes / no votes on moves
that covered or threatened a type (each x vote_eps / x 1/vote_eps on "he holds it"): every vote spends a card,
so at most 4 yes (JA, JAA, JAAA, JEIN), 4 no and 7 together, and with `votes_left` given only as many as the
cards he has spent; `votes_left` defaults to the full set of 8 and my `votes` too, and every set keeps its shrug (never spent); the proposer of the outhouse vote
spends all its yes-cards and JEIN; `focus` names the size (triple, double, single) and kind (wall, river, road) the
tile odds put first, river triples when left out (the spec's question).  The board, builders and my tiles of the
spec's sketch are read and checked for shape only: no question here uses them (the tile odds are of the deal).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.drunter_druber import rules as r
from analyzer.games.drunter_druber.rules import Settings

POSITION_KEYS = {"me", "opponents", "outhouse", "board", "builders", "focus"}
ME_KEYS = {"building", "cards", "votes", "tiles"}
OPPONENT_KEYS = {"covered_types", "voted_to_cover", "voted_to_save", "votes_left"}
OUTHOUSE_KEYS = {"proposer", "my_stance"}
FOCUS_KEYS = {"size", "kind"}
STANCES = ("for", "against")
MAX_VOTES_ON = 99  # a bound for reading the number; the vote cards bound the sums (_opponent)


@dataclass(frozen=True)
class Opponent:
    covered: tuple = ()  # ((type, own squares he covered), ...)
    voted_to_cover: tuple = ()  # ((type, yes votes on covering it), ...)
    voted_to_save: tuple = ()  # ((type, no votes), ...)
    votes_left: tuple = r.FULL_VOTES

    @property
    def evidence(self) -> tuple[dict, dict, dict]:
        return dict(self.covered), dict(self.voted_to_cover), dict(self.voted_to_save)


@dataclass(frozen=True)
class Position:
    players: int = 4
    settings: Settings = field(default_factory=Settings)
    mine: tuple = ("A",)  # my secret card(s): a building (basic), 2 of the 10 expert cards (expert)
    my_votes: tuple = r.FULL_VOTES
    opponents: tuple = ()  # Opponent per opponent, clockwise from me
    proposer: str = "me"  # me, p2, ... (p2 is the first opponent clockwise)
    my_stance: str = "against"  # when an opponent proposes
    focus: tuple = ("triple", "river")  # (size, kind) the tile odds put first

    @property
    def names(self) -> tuple[str, ...]:
        return ("me", *(f"p{i}" for i in range(2, self.players + 1)))

    @property
    def illustrative(self) -> tuple[str, ...]:
        return self.settings.illustrative


def _types(value, where: str, most: int) -> tuple:
    block = sc.mapping(value, where, set(r.TYPES))
    return tuple((t, sc.integer(block[t], f"{where}.{t}", 0, most)) for t in r.TYPES if t in block)


def _votes(value, where: str) -> tuple:
    if value is None:
        return r.FULL_VOTES
    items = sc.sequence(value, where)
    for i, v in enumerate(items):
        sc.choice(v, f"{where}[{i}]", r.FULL_VOTES)
        if v in items[:i]:
            raise ScenarioError(f"{where}[{i}]", f"{v} twice; a vote set holds one card of each kind "
                                                 f"({', '.join(r.FULL_VOTES)})")
    return tuple(v for v in r.FULL_VOTES if v in items or v == "shrug")  # the shrug is never spent


def _can_vote(side: int, cards) -> tuple[str, ...]:
    """The cards of `cards` that vote yes (side 0) or no (side 1): JEIN votes either way."""
    return tuple(c for c in cards if r.VOTES[c][side])


def _opponent(value, where: str) -> Opponent:
    block = sc.mapping(value, where, OPPONENT_KEYS)
    left = _votes(block.get("votes_left"), f"{where}.votes_left")
    # every vote spends at least one card and spent cards leave the game: a player votes yes at most once per
    # card that says yes (JA, JAA, JAAA, JEIN), no likewise, both together once per card (JEIN counts once);
    # with votes_left given, only the cards he has spent
    spent = r.FULL_VOTES if block.get("votes_left") is None else tuple(c for c in r.FULL_VOTES if c not in left)
    known = "" if block.get("votes_left") is None else " spent (not in votes_left)"
    counts = []
    for side, key, word in ((0, "voted_to_cover", "yes"), (1, "voted_to_save", "no")):
        types = _types(block.get(key), f"{where}.{key}", MAX_VOTES_ON)
        cards = _can_vote(side, spent)
        most = len(cards)
        if sum(n for _, n in types) > most:
            raise ScenarioError(f"{where}.{key}", f"{sum(n for _, n in types)} {word} votes in all; every vote "
                                                  f"spends a card and he has {most} {word} cards{known} "
                                                  f"({', '.join(cards) or 'none'})")
        counts.append(types)
    cast = sum(n for types in counts for _, n in types)
    most = len([c for c in spent if c != "shrug"])
    if cast > most:
        raise ScenarioError(f"{where}.voted_to_save", f"{cast} yes and no votes in all; every vote spends a card "
                                                      f"and he has {most} cards{known} (JEIN votes once)")
    return Opponent(_types(block.get("covered_types"), f"{where}.covered_types", r.SQUARES_PER_TYPE),
                    counts[0], counts[1], left)


def _mine(block: dict, where: str, settings: Settings) -> tuple:
    if settings.variant == "basic":
        if block.get("cards") is not None:
            raise ScenarioError(f"{where}.cards", "the basic game deals one building card: give me.building "
                                                  "(me.cards is for rules.variant expert)")
        return (sc.choice(block.get("building"), f"{where}.building", r.TYPES),)
    if block.get("building") is not None:
        raise ScenarioError(f"{where}.building", "the expert rules deal 2 of the 10 cards: give me.cards, e.g. "
                                                 "[A, threes]")
    items = sc.sequence(block.get("cards"), f"{where}.cards")
    if len(items) != r.HAND["expert"]:
        raise ScenarioError(f"{where}.cards", f"exactly 2 cards of {', '.join(r.EXPERT_CARDS)}; got {len(items)}")
    cards = tuple(sc.choice(c, f"{where}.cards[{i}]", r.EXPERT_CARDS) for i, c in enumerate(items))
    if cards[0] == cards[1]:
        raise ScenarioError(f"{where}.cards[1]", f"{cards[1]} twice; the deck holds one of each card")
    if settings.expert_deal == "one_of_each" and sum(c in r.TYPES for c in cards) != 1:
        raise ScenarioError(f"{where}.cards", "one building (A-F) and one special "
                                              f"({', '.join(r.SPECIALS)}) under rules.expert_deal one_of_each")
    return cards


def _tiles(value, where: str, players: int) -> None:
    """My tiles, by kind (lengths 1-3): at most as many of each size as the deal gives a player."""
    block = sc.mapping(value, where, set(r.TILE_KINDS))
    held = {}
    for kind, lengths in block.items():
        items = [sc.integer(n, f"{where}.{kind}[{i}]", 1, 3)
                 for i, n in enumerate(sc.sequence(lengths, f"{where}.{kind}"))]
        held[f"{where}.{kind}"] = items
    for size, name in enumerate(r.SIZES):
        sc.total_within([(f, items.count(3 - size)) for f, items in held.items()], r.TILES[players][size],
                        f"{name}s", f"a player is dealt {r.TILES[players][size]} with {players} players")


def _builders(value, where: str) -> None:
    for route, square in sc.mapping(value, where).items():
        xy = sc.sequence(square, f"{where}.{sc.key_name(route)}")
        if len(xy) != 2:
            raise ScenarioError(f"{where}.{sc.key_name(route)}", "a square [column, row]")
        for i, x in enumerate(xy):
            sc.integer(x, f"{where}.{sc.key_name(route)}[{i}]", 0, 99)


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    me = sc.mapping(block.get("me"), f"{P}.me", ME_KEYS)
    mine = _mine(me, f"{P}.me", settings)
    _tiles(me.get("tiles"), f"{P}.me.tiles", players)
    sc.mapping(block.get("board"), f"{P}.board")
    _builders(block.get("builders"), f"{P}.builders")
    items = sc.sequence(block.get("opponents"), f"{P}.opponents")
    if block.get("opponents") is None:
        items = [{}] * (players - 1)
    if len(items) != players - 1:
        raise ScenarioError(f"{P}.opponents", f"one entry per opponent ({players - 1} with {players} players); "
                                              f"got {len(items)}")
    opponents = tuple(_opponent(x, f"{P}.opponents[{i}]") for i, x in enumerate(items))
    for t in r.TYPES:
        if sum(dict(o.covered).get(t, 0) for o in opponents) > r.SQUARES_PER_TYPE:
            raise ScenarioError(f"{P}.opponents", f"more than {r.SQUARES_PER_TYPE} squares of type {t} covered "
                                                  f"in all; the board has {r.SQUARES_PER_TYPE}")
    outhouse = sc.mapping(block.get("outhouse"), f"{P}.outhouse", OUTHOUSE_KEYS)
    position = Position(players, settings, mine, _votes(me.get("votes"), f"{P}.me.votes"), opponents)
    proposer = sc.choice(outhouse.get("proposer", "me"), f"{P}.outhouse.proposer", position.names)
    stance = sc.choice(outhouse.get("my_stance", "against"), f"{P}.outhouse.my_stance", STANCES)
    if proposer == "me" and "my_stance" in outhouse:
        raise ScenarioError(f"{P}.outhouse.my_stance", "only when an opponent proposes (I propose: I vote yes)")
    focus = sc.mapping(block.get("focus"), f"{P}.focus", FOCUS_KEYS)
    size = sc.choice(focus.get("size", "triple"), f"{P}.focus.size", r.SIZES)
    kind = sc.choice(focus.get("kind", "river"), f"{P}.focus.kind", r.TILE_KINDS)
    return Position(players, settings, mine, position.my_votes, opponents, proposer, stance, (size, kind))


def questions(position: Position) -> tuple[str, ...]:
    """odds and `ask tiles` always; `ask vote` in the basic game only (the expert rules have no votes)."""
    return ("odds", *(("vote",) if position.settings.variant == "basic" else ()), "tiles")
