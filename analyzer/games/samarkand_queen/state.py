"""Samarkand positions from a scenario (spec §8), with every component count checked.

A position scenario:

    game: samarkand_queen
    players: 4                                   # or rules.players
    rules: {board: illustrative-hex-84 | {cells, adjacency, families}, <any §10 setting>}
    position:
      families: {levant: {treasury, camels_left, tiles_left, markers_left}, ...}   # omitted: derived
      camels: {"3,2": [levant], ...}             # cell id: families; every start included
      goods_markers_taken: [12, 16]              # omitted: derived (goods spaces holding a camel)
      met: [[levant, byzantium]]
      players: [{name, money, tiles, hand | hand_count, sold, markers: {goods, relationships}}]
      pile_count: 17                             # omitted: what the other cards leave
      discard_pile: [5, 9]                       # public: the cards; hidden: a count
      bag: [egypt, china]                        # 2 players: the tiles in the bag
      tiles_out: [persia]                        # 2 players: tiles that left the game
      to_move: 0                                 # seat or name
      me: 0                                      # whose view (default to_move)
      focus: {cards, card, card_value, family, goods, meets, top}   # what a question looks at
    analysis: {rollouts, seed}

Inside, seats are 0..P-1, families 0..F-1 (board order), cards 1..N, cells 0..C-1.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.core.settings import handicap_by_rank
from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen.rules import DEFAULT_BOARD, Board, Settings

POSITION_KEYS = {"families", "camels", "goods_markers_taken", "met", "players", "pile_count", "discard_pile",
                 "bag", "tiles_out", "to_move", "me", "turn", "focus"}
FAMILY_KEYS = {"treasury", "camels_left", "tiles_left", "markers_left"}
PLAYER_KEYS = {"name", "money", "tiles", "hand", "hand_count", "sold", "markers"}
MARKER_KEYS = {"goods", "relationships"}
FOCUS_KEYS = {"cards", "card", "card_value", "family", "goods", "meets", "top"}
CARD_VALUES = ("current", "reach")
MAX_MONEY = 999


@dataclass(frozen=True)
class FamilyState:
    treasury: int = 0
    camels_left: int = r.CAMELS - 1
    tiles_left: int = r.TILES
    markers_left: int = r.MARKERS


@dataclass(frozen=True)
class PlayerState:
    name: str
    money: int = r.START_MONEY
    tiles: tuple[int, ...] = ()  # families, sorted; 2 players may hold both tiles of one
    hand: tuple[int, ...] | None = None  # None: unknown (only the count)
    hand_count: int = 0
    sold: tuple[int, ...] = ()
    goods_markers: tuple[int, ...] = ()
    relationships: int = 0

    def holds(self, family: int) -> bool:
        return family in self.tiles


@dataclass(frozen=True)
class Focus:
    """What a question looks at: wanted cards (draw odds), the card to sell or keep, the card valuation,
    a route target (family reaches goods space n, or meets family g)."""
    cards: tuple[int, ...] = ()
    card: int | None = None
    card_value: str = "current"
    family: int | None = None
    goods: int | None = None
    meets: int | None = None
    top: int | None = None  # ev: value only the N best actions by their immediate effect (default: all)


@dataclass(frozen=True)
class Position(r.AtTable):
    players: int
    board: Board = DEFAULT_BOARD
    settings: Settings = field(default_factory=Settings)
    families: tuple[FamilyState, ...] = ()
    camels: tuple[tuple[int, ...], ...] = ()  # by cell: the families on it, sorted
    goods_taken: frozenset = frozenset()  # cards whose goods marker was taken
    met: frozenset = frozenset()  # (a, b), a < b
    seats: tuple[PlayerState, ...] = ()
    pile_count: int = 0
    discard: tuple[int, ...] | None = ()  # public: the cards; None: hidden
    discard_count: int = 0
    bag: tuple[int, ...] = ()  # 2 players: the families of the tiles in the bag
    tiles_out: tuple[int, ...] = ()  # 2 players: tiles that left the game
    to_move: int = 0
    me: int = 0
    turn: int = 0
    focus: Focus = field(default_factory=Focus)

    @property
    def illustrative(self) -> bool:
        return self.board.illustrative

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def degree(self, family: int) -> int:
        """Relationships of a family so far."""
        return sum(1 for pair in self.met if family in pair)

    def cells_of(self, family: int) -> tuple[int, ...]:
        return tuple(c for c, fams in enumerate(self.camels) if family in fams)

    def holders(self, family: int) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.seats) if p.holds(family))

    def hand_size(self, seat: int) -> int:
        return self.seats[seat].hand_count

    def unseen(self, seat: int | None = None) -> tuple[int, ...]:
        """The cards `seat` has not seen (spec §6): pile, other hands, hidden discards."""
        seat = self.me if seat is None else seat
        seen = set(self.seats[seat].hand or ())
        for p in self.seats:
            seen.update(p.sold)
        if self.discard is not None:
            seen.update(self.discard)
        return tuple(n for n in range(1, self.board.cards + 1) if n not in seen)


# ------------------------------------------------------------------------------------------------
# the start of a game


def start_position(players: int, board: Board = DEFAULT_BOARD, settings: Settings = Settings(),
                   hands: list | None = None) -> Position:
    """The set-up position (spec §2, §5): a camel on each start, 10 Dirham each, 2 cards dealt
    (`hands`, or unknown), the 2-player bag holding the second tile of every family."""
    F = len(board.families)
    bag = settings.bag(players)
    camels = [()] * board.cells
    for f, cell in enumerate(board.start_cell):
        camels[cell] = (f,)
    handicap = handicap_by_rank(settings.seat_handicap, players)  # seat 0 moves first
    seats = tuple(PlayerState(name=f"p{s}", money=r.START_MONEY + handicap[s],
                              hand=tuple(sorted(hands[s])) if hands else None, hand_count=r.DEAL)
                  for s in range(players))
    return Position(players, board, settings,
                    families=tuple(FamilyState(tiles_left=1 if bag else r.TILES) for _ in range(F)),
                    camels=tuple(camels), seats=seats, pile_count=board.cards - r.DEAL * players,
                    discard=() if settings.discard_pile == "public" else None,
                    bag=tuple(range(F)) if bag else ())


# ------------------------------------------------------------------------------------------------
# parsing


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    rules = r.mapping(data.get("rules"), "rules")
    board = r.parse_board(rules.get("board"), "rules.board")
    settings = r.parse_settings(rules, "rules", frozenset({"board", "players"}))
    players = sc.table_players(data, rules, r.PLAYERS)
    block = r.mapping(data.get("position"), "position", POSITION_KEYS)
    p = _read(block, players, board, settings)
    check(p)
    return p


def _family_list(value, where: str, board: Board) -> tuple[int, ...]:
    return tuple(board.family(v, f"{where}[{i}]") for i, v in enumerate(sc.sequence(value, where)))


def _card(value, where: str, board: Board) -> int:
    return sc.integer(value, where, 1, board.cards)


def _cards(value, where: str, board: Board) -> tuple[int, ...]:
    cards = [_card(v, f"{where}[{i}]", board) for i, v in enumerate(sc.sequence(value, where))]
    if len(set(cards)) != len(cards):
        raise ScenarioError(where, "each card once")
    return tuple(sorted(cards))


def _read(block: dict, players: int, board: Board, settings: Settings) -> Position:
    P, F = "position", len(board.families)
    camels = [[] for _ in range(board.cells)]
    for key, fams in r.mapping(block.get("camels"), f"{P}.camels").items():
        where = f"{P}.camels.{r.key_name(key)}"
        cell = board.cell(key, where)
        if camels[cell]:
            raise ScenarioError(where, "this space is given twice")
        on = _family_list(fams, where, board)
        if not on or len(on) > 2 or len(set(on)) != len(on):
            raise ScenarioError(where, "1 or 2 camels per space, of different families")
        camels[cell] = sorted(on)
    for f, cell in enumerate(board.start_cell):  # a start holds its camel from the set-up: added if not listed
        if f not in camels[cell]:
            if len(camels[cell]) >= 2:
                raise ScenarioError(f"{P}.camels.{board.cell_ids[cell]}", f"{board.families[f]}'s start holds its "
                                                                          "own camel, so at most one other")
            camels[cell] = sorted(camels[cell] + [f])
    met = set() if "met" in block else set(shared_pairs(board, camels))
    for i, pair in enumerate(sc.sequence(block.get("met"), f"{P}.met")):
        where = f"{P}.met[{i}]"
        two = _family_list(pair, where, board)
        if len(two) != 2 or two[0] == two[1]:
            raise ScenarioError(where, "a pair of two different families")
        if tuple(sorted(two)) in met:
            raise ScenarioError(where, "this pair is listed twice")
        met.add(tuple(sorted(two)))
    seats_raw = sc.sequence(block.get("players"), f"{P}.players")
    if len(seats_raw) != players:
        raise ScenarioError(f"{P}.players", f"one entry per player: {players}, got {len(seats_raw)}")
    seats = []
    for i, entry in enumerate(seats_raw):
        seats.append(_player(entry, f"{P}.players[{i}]", i, board, [s.name for s in seats]))
    names = [s.name for s in seats]
    discard_raw = block.get("discard_pile")
    if settings.discard_pile == "public":
        if isinstance(discard_raw, int) and not isinstance(discard_raw, bool):
            raise ScenarioError(f"{P}.discard_pile", "discard_pile: public: list the cards (or set rules.discard_pile: "
                                                     "hidden and give a count)")
        discard = _cards(discard_raw, f"{P}.discard_pile", board)
        discard_count = len(discard)
    else:
        discard = None
        if isinstance(discard_raw, list):  # known to the analyst, hidden from the players: only its size counts
            discard_count = len(_cards(discard_raw, f"{P}.discard_pile", board))
        else:
            discard_count = sc.integer(discard_raw if discard_raw is not None else 0, f"{P}.discard_pile",
                                       0, board.cards)
    held = sum(s.hand_count + len(s.sold) for s in seats) + discard_count
    pile = sc.integer(block.get("pile_count", max(0, board.cards - held)), f"{P}.pile_count", 0, board.cards)
    degree = [sum(1 for pair in met if f in pair) for f in range(F)]
    on_board = [sum(1 for fams in camels if f in fams) for f in range(F)]
    holders = [sum(s.tiles.count(f) for s in seats) for f in range(F)]
    bag = tuple(sorted(_family_list(block.get("bag"), f"{P}.bag", board)))
    out = tuple(sorted(_family_list(block.get("tiles_out"), f"{P}.tiles_out", board)))
    uses_bag = settings.bag(players)
    if not uses_bag and (bag or out):
        raise ScenarioError(f"{P}.bag" if bag else f"{P}.tiles_out", "only with 2 players and two_player_bag: true")
    # spec §5: one tile per family goes on its domain, the other into the bag, from which it leaves the game
    sc.within_box([(f"{P}.bag", bag), (f"{P}.tiles_out", out)], 1, "the bag tile of", lambda f: board.families[f],
                  f"the bag holds one tile of each family ({F} in all), each in the bag or out of the game")
    fam_block = r.mapping(block.get("families"), f"{P}.families")
    families = []
    given = {}
    for key, entry in fam_block.items():
        f = board.family(key, f"{P}.families")
        if f in given:
            raise ScenarioError(f"{P}.families.{r.key_name(key)}", "this family is given twice")
        given[f] = r.mapping(entry, f"{P}.families.{r.key_name(key)}", FAMILY_KEYS)
    for f in range(F):
        where, e = f"{P}.families.{board.families[f]}", given.get(f, {})
        tiles_default = r.TILES - holders[f] - bag.count(f) - out.count(f)
        families.append(FamilyState(
            treasury=sc.integer(e.get("treasury", 0), f"{where}.treasury", 0, MAX_MONEY),
            camels_left=sc.integer(e.get("camels_left", max(0, r.CAMELS - on_board[f])), f"{where}.camels_left",
                                   0, r.CAMELS),
            tiles_left=sc.integer(e.get("tiles_left", max(0, tiles_default)), f"{where}.tiles_left", 0, r.TILES),
            markers_left=sc.integer(e.get("markers_left", max(0, r.MARKERS - degree[f])), f"{where}.markers_left",
                                    0, r.MARKERS)))
    goods_taken = block.get("goods_markers_taken")
    reached = frozenset(board.goods_at[c] for c, fams in enumerate(camels) if fams and board.goods_at[c])
    taken = frozenset(_cards(goods_taken, f"{P}.goods_markers_taken", board)) if goods_taken is not None else reached
    to_move = sc.seat(block.get("to_move", 0), f"{P}.to_move", names)
    me = sc.seat(block.get("me", to_move), f"{P}.me", names)
    p = Position(players, board, settings, tuple(families), tuple(tuple(c) for c in camels), taken,
                 frozenset(met), tuple(seats), pile, discard, discard_count, bag, out, to_move, me,
                 sc.integer(block.get("turn", 0), f"{P}.turn", 0, settings.turn_cap))
    return replace(p, focus=_focus(block.get("focus"), board))


def _player(entry, where: str, seat: int, board: Board, taken_names: list[str]) -> PlayerState:
    e = r.mapping(entry, where, PLAYER_KEYS)
    name = e.get("name", f"p{seat}")
    if not isinstance(name, str) or not name.strip() or name in taken_names:
        raise ScenarioError(f"{where}.name", "a name (text), different for every player")
    tiles = tuple(sorted(_family_list(e.get("tiles"), f"{where}.tiles", board)))
    hand = None
    if "hand" in e and e["hand"] is not None:
        hand = _cards(e["hand"], f"{where}.hand", board)
        count = len(hand)
        if "hand_count" in e and sc.integer(e["hand_count"], f"{where}.hand_count", 0, board.cards) != count:
            raise ScenarioError(f"{where}.hand_count", f"differs from the {count} cards of hand; give one of them")
    else:
        count = sc.integer(e.get("hand_count", 0), f"{where}.hand_count", 0, board.cards)
    markers = r.mapping(e.get("markers"), f"{where}.markers", MARKER_KEYS)
    return PlayerState(name, sc.integer(e.get("money", r.START_MONEY), f"{where}.money", 0, MAX_MONEY), tiles, hand,
                       count, _cards(e.get("sold"), f"{where}.sold", board),
                       _cards(markers.get("goods"), f"{where}.markers.goods", board),
                       sc.integer(markers.get("relationships", 0), f"{where}.markers.relationships", 0,
                                  r.MARKERS * len(board.families)))


def to_dict(p: Position) -> dict:
    """A Position as the scenario dict `parse_position` reads back (spec §8 layout)."""
    b = p.board
    fam = lambda f: b.families[f]  # noqa: E731
    rules = p.settings.shown()
    rules["board"] = b.name if b.name in r.BOARDS and r.BOARDS[b.name] == b else r.board_mapping(b)
    players = []
    for q in p.seats:
        entry = {"name": q.name, "money": q.money, "tiles": [fam(f) for f in q.tiles]}
        entry.update({"hand": list(q.hand)} if q.hand is not None else {"hand_count": q.hand_count})
        entry.update(sold=list(q.sold), markers={"goods": list(q.goods_markers), "relationships": q.relationships})
        players.append(entry)
    position = {
        "families": {fam(f): {"treasury": s.treasury, "camels_left": s.camels_left, "tiles_left": s.tiles_left,
                              "markers_left": s.markers_left} for f, s in enumerate(p.families)},
        "camels": {b.cell_ids[c]: [fam(f) for f in fams] for c, fams in enumerate(p.camels) if fams},
        "goods_markers_taken": sorted(p.goods_taken), "met": [[fam(a), fam(c)] for a, c in sorted(p.met)],
        "players": players, "pile_count": p.pile_count,
        "discard_pile": list(p.discard) if p.discard is not None else p.discard_count,
        "to_move": p.to_move, "me": p.me, "turn": p.turn}
    if p.uses_bag:
        position.update(bag=[fam(f) for f in p.bag], tiles_out=[fam(f) for f in p.tiles_out])
    return {"game": "samarkand_queen", "players": p.players, "rules": rules, "position": position}


def _focus(value, board: Board) -> Focus:
    where = "position.focus"
    e = r.mapping(value, where, FOCUS_KEYS)
    out = {"cards": _cards(e.get("cards"), f"{where}.cards", board),
           "card_value": sc.choice(e.get("card_value", "current"), f"{where}.card_value", CARD_VALUES)}
    if e.get("card") is not None:
        out["card"] = _card(e["card"], f"{where}.card", board)
    for key in ("family", "meets"):
        if e.get(key) is not None:
            out[key] = board.family(e[key], f"{where}.{key}")
    if e.get("goods") is not None:
        out["goods"] = _card(e["goods"], f"{where}.goods", board)
    if e.get("top") is not None:
        out["top"] = sc.integer(e["top"], f"{where}.top", 1, 10_000)
    if "goods" in out and "meets" in out:
        raise ScenarioError(f"{where}.meets", "a route target is goods or meets, not both")
    if ("goods" in out or "meets" in out) and "family" not in out:
        raise ScenarioError(f"{where}.family", "a route target (goods or meets) needs the family")
    if "meets" in out and out["meets"] == out.get("family"):
        raise ScenarioError(f"{where}.meets", "another family than focus.family")
    return Focus(**out)


# ------------------------------------------------------------------------------------------------
# component counts and consistency (spec §8)


def _connected(board: Board, cells: tuple[int, ...], start: int) -> bool:
    todo, seen, allowed = [start], {start}, set(cells)
    while todo:
        a = todo.pop()
        for b in board.neighbours[a]:
            if b in allowed and b not in seen:
                seen.add(b)
                todo.append(b)
    return seen == allowed


def check(p: Position) -> None:
    """Raise ScenarioError when the position breaks the components (spec §8)."""
    b, P = p.board, "position"
    for f, fam in enumerate(b.families):
        where = f"{P}.families.{fam}"
        cells = p.cells_of(f)
        if b.start_cell[f] not in cells:
            raise ScenarioError(f"{P}.camels", f"{fam}'s start {b.cell_ids[b.start_cell[f]]} must hold its camel")
        if not _connected(b, cells, b.start_cell[f]):
            raise ScenarioError(f"{P}.camels", f"{fam}'s camels must form one route connected to its start")
        s = p.families[f]
        if s.camels_left + len(cells) != r.CAMELS:
            raise ScenarioError(f"{where}.camels_left", f"{s.camels_left} left + {len(cells)} on the board must be "
                                                        f"{r.CAMELS}")
        held = sum(q.tiles.count(f) for q in p.seats)
        total = s.tiles_left + held + p.bag.count(f) + p.tiles_out.count(f)
        if total != r.TILES:
            raise ScenarioError(f"{where}.tiles_left", f"{s.tiles_left} on the domain + {held} held"
                                + (" + bag and out" if p.uses_bag else "") + f" must be {r.TILES}")
        if p.degree(f) > r.MARKERS + 1:
            raise ScenarioError(f"{P}.met", f"{fam} has {p.degree(f)} relationships; a game ends once one has 5, "
                                            "so at most 6 (two camels in the last turn)")
        expected = r.MARKERS - min(r.MARKERS, p.degree(f))
        if s.markers_left != expected:
            raise ScenarioError(f"{where}.markers_left", f"{fam} has {p.degree(f)} relationships (met), so "
                                                         f"{expected} markers left")
    shared = shared_pairs(p.board, p.camels)
    if p.met != shared:
        raise ScenarioError(f"{P}.met", "camels never move, so the pairs that met are exactly those sharing a land "
                                        f"space: {[[b.families[x] for x in pair] for pair in sorted(shared)]}")
    for i, q in enumerate(p.seats):
        where = f"{P}.players[{i}]"
        if not p.uses_bag and len(set(q.tiles)) != len(q.tiles):
            raise ScenarioError(f"{where}.tiles", "at most one tile of each family (3-5 players, or 2 without the bag)")
        if q.hand_count + len(q.sold) > p.limit:
            raise ScenarioError(f"{where}.hand", f"hand {q.hand_count} + sold {len(q.sold)} over the hand limit "
                                                 f"{p.limit} ({p.players} players)")
        for n in q.sold:
            if n not in p.goods_taken:
                raise ScenarioError(f"{where}.sold", f"card {n} is sold, but its goods space was never reached")
    rel = sum(q.relationships for q in p.seats)
    want = sum(r.MARKERS - s.markers_left for s in p.families)
    if rel != want:
        raise ScenarioError(f"{P}.players", f"relationship markers held {rel}; the families' stacks are missing {want}")
    reached = {b.goods_at[c] for c, fams in enumerate(p.camels) if fams and b.goods_at[c]}
    if set(p.goods_taken) != reached:
        raise ScenarioError(f"{P}.goods_markers_taken", "must be exactly the goods spaces holding a camel: "
                                                        f"{sorted(reached)}")
    owners = [n for q in p.seats for n in q.goods_markers]
    if len(owners) != len(set(owners)) or set(owners) != reached:
        raise ScenarioError(f"{P}.players", "the players' goods markers must be the taken ones, each held once: "
                                            f"{sorted(reached)}")
    sc.within_box([(f"{P}.players[{i}].hand", q.hand or ()) for i, q in enumerate(p.seats)]
                  + [(f"{P}.players[{i}].sold", q.sold) for i, q in enumerate(p.seats)]
                  + [(f"{P}.discard_pile", p.discard or ())], 1, "card")
    total = sum(q.hand_count + len(q.sold) for q in p.seats) + p.discard_count + p.pile_count
    if total != b.cards:
        raise ScenarioError(f"{P}.pile_count", f"hands + sold + discards + pile = {total}; the deck has {b.cards}")
    if p.seats[p.me].hand is None:
        raise ScenarioError(f"{P}.players[{p.me}].hand", "the player whose view it is (me) must list his hand")
    f = p.focus
    for n in f.cards:
        if n in (p.seats[p.me].hand or ()) or any(n in q.sold for q in p.seats):
            raise ScenarioError("position.focus.cards", f"card {n} is in my hand or sold: it cannot be drawn")


def shared_pairs(board: Board, camels) -> frozenset:
    """The family pairs sharing a land space (each such pair met when its second camel arrived)."""
    return frozenset(tuple(fams) for c, fams in enumerate(camels) if len(fams) == 2 and not board.is_water[c])


def questions(position: Position) -> tuple[str, ...]:
    """The questions this position supports (`actions` is `ev` under its own name, so not listed again)."""
    out = ["odds", "ev", "effects", "draw", "routes"]
    if position.focus.card is not None:
        out.append("sell")
    return tuple(out)


def board_template() -> str:
    """`analyzer board samarkand_queen --template`: the default map as an inline board, the dowries blank.

    Copy the printed board into it (kinds, goods numbers, starts, adjacency, each family's dowry and domain);
    it loads only once every dowry is filled in."""
    import yaml

    mapping = r.board_mapping(DEFAULT_BOARD)
    mapping.update(name="printed", source="printed")
    for entry in mapping["families"].values():
        entry["dowry"] = None
    header = ["# Samarkand board file: the printed map and dowries, which no public source gives.",
              "# Below is spec §7's ILLUSTRATIVE hex map as an inline board: change every cell (kind land|water,",
              "# goods 1..33, start: family), the adjacency and the families' domains to YOUR board, and replace",
              "# every dowry null with the printed number (3 to 6 Dirham); then put this rules: block in a scenario."]
    body = yaml.safe_dump({"rules": {"board": mapping}}, sort_keys=False, width=120, default_flow_style=None)
    return "\n".join(header) + "\n" + body
