"""San Marco positions from a scenario (spec §11), with every component count checked.

A position scenario:

    game: san_marco
    players: 4
    rules: {board: {...}, <any §10 setting>}       # rules.parse_rules
    position:
      seats: [red, blue, green, yellow]            # seat 0 = game start player, clockwise
      state: {passage, round, round_start, roles, final_round, out_of_passage, scores, supply,
              aristocrats, bridges, bridge_pool, doge, limit_cards, action_discards}
      decision: {kind, who, drawn, piles, to_play}
      models: {chooser, beta, lambda, elim_penalty, others, weights}
    analysis: {rollouts, seed}

Seats are 0..P-1 inside; colours are labels.  Cards: action cards by index (rules.CARD_NAMES),
limit cards by value.  A multiset of cards is a sorted tuple.  The undrawn decks are derived:
62 action cards less the discards, the drawn cards and the piles; 28 limit cards less those face up
in front of the players and those drawn or in piles (`passage_reshuffle: all`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.core.summary import named
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.rules import Board, Settings

POSITION_KEYS = {"seats", "state", "decision", "models"}
STATE_KEYS = {"passage", "round", "round_start", "roles", "final_round", "out_of_passage", "scores", "supply",
              "aristocrats", "bridges", "bridge_pool", "doge", "limit_cards", "action_discards", "hopped"}
DECISION_KEYS = {"kind", "who", "drawn", "piles", "to_play", "rollout_candidates"}
ROLLOUT_CANDIDATES = 3  # splits / piles / options valued by rollouts by default: the best by the exact value
MAX_CANDIDATES = 10_000  # or "all"
DECISIONS = ("split", "choose", "play", "doge", "banish", "passage_banish")
MODEL_KEYS = {"chooser", "beta", "lambda", "elim_penalty", "others", "weights"}
CHOOSERS = ("greedy", "softmax", "adversarial")
OTHERS = ("greedy", "random")


@dataclass(frozen=True)
class Pile:
    action: tuple[int, ...] = ()  # card indices, sorted
    limit: tuple[int, ...] = ()  # limit values, sorted

    @property
    def size(self) -> int:
        return len(self.action) + len(self.limit)

    def names(self) -> str:
        parts = [r.CARD_NAMES[c] for c in self.action] + [f"L{v}" for v in self.limit]
        return " + ".join(parts) if parts else "(empty)"


@dataclass(frozen=True)
class Decision:
    kind: str  # one of DECISIONS
    who: int  # seat
    drawn: Pile | None = None  # split: the distributor's cards
    piles: tuple[Pile, ...] | None = None  # choose: the piles on offer
    to_play: tuple[int, ...] | None = None  # play: action cards of the taken pile not yet played
    candidates: int | None = ROLLOUT_CANDIDATES  # how many of the best by the exact value get rollouts (None: all)


@dataclass(frozen=True)
class Models:
    chooser: str = "greedy"
    beta: float = 1.0  # softmax chooser: P(pile) ~ exp(beta * value)
    lam: float = 1.0  # prestige per limit point
    elim_penalty: float = 4.0  # when a pile takes the player to >= 10 outside the final round
    others: str = "greedy"  # the other players in rollouts
    weights: tuple[float, ...] = (1.0,) * 6  # w_d of S_p

    def label(self) -> str:
        chooser = f"softmax(beta={self.beta:g})" if self.chooser == "softmax" else self.chooser
        weights = "" if set(self.weights) == {1.0} else f", district weights {list(self.weights)}"
        return (f"chooser {chooser}, lambda {self.lam:g} per limit point, elimination penalty "
                f"{self.elim_penalty:g}{weights}; others play {self.others}")


@dataclass(frozen=True)
class Position:
    players: int
    seats: tuple[str, ...]
    board: Board = field(default_factory=Board)
    settings: Settings = field(default_factory=Settings)
    passage: int = 1
    round: int = 1
    round_start: int = 0
    roles: tuple[tuple[str, int], ...] = ()  # (role, seat) in ROLES order
    final_round: bool = False
    out_of_passage: frozenset = frozenset()
    scores: tuple[int, ...] = ()
    supply: tuple[int, ...] = ()
    aristocrats: tuple[tuple[int, ...], ...] = field(default=(), metadata=named(per=r.DISTRICTS))  # [district][seat]
    bridges: tuple[tuple[tuple[int, int], int], ...] = ()  # ((a, b), owner), a < b
    bridge_pool: int = r.BRIDGES
    doge: int | None = None
    limit_cards: tuple[tuple[int, ...], ...] = ()  # per seat, this passage, face up
    action_discards: tuple[int, ...] = (0,) * 10  # counts per card index
    hopped: frozenset = frozenset()  # district_card_hops per_round: seats that crossed a bridge this round
    decision: Decision | None = None
    models: Models = field(default_factory=Models)

    # -- derived --------------------------------------------------------------------------------
    @property
    def illustrative(self) -> bool:
        return self.board.illustrative

    def role(self, name: str) -> int | None:
        return dict(self.roles).get(name)

    def role_of(self, seat: int) -> str | None:
        return next((name for name, s in self.roles if s == seat), None)

    def limit_total(self, seat: int) -> int:
        return sum(self.limit_cards[seat])

    def markers(self, seat: int) -> int:
        return sum(1 for _, owner in self.bridges if owner == seat)

    def on_board(self, seat: int) -> int:
        return sum(row[seat] for row in self.aristocrats)

    def bridges_on(self, pair: tuple[int, int]) -> int:
        return sum(1 for p, _ in self.bridges if p == pair)

    def cards_out(self) -> tuple[Counter, Counter]:
        """Action and limit cards not in the undrawn decks: drawn, in piles, to play (and discards / face up)."""
        action, limit = Counter(), Counter()
        for c, n in enumerate(self.action_discards):
            action[c] += n
        for cards in self.limit_cards:
            limit.update(cards)
        d = self.decision
        if d is not None:
            for pile in ([d.drawn] if d.drawn else []) + list(d.piles or ()):
                action.update(pile.action)
                limit.update(pile.limit)
            action.update(d.to_play or ())
        return action, limit

    @property
    def action_deck(self) -> tuple[int, ...]:
        """The undrawn action deck, counts per card index."""
        out = self.cards_out()[0]
        return tuple(r.ACTION_COUNTS[c] - out[c] for c in range(10))

    @property
    def limit_deck(self) -> tuple[int, ...]:
        """The undrawn limit deck, counts per value 1, 2, 3."""
        out = self.cards_out()[1]
        return tuple(n - out[v] for v, n in zip(r.LIMIT_VALUES, r.LIMIT_COUNTS))

    def name(self, seat: int) -> str:
        return self.seats[seat]


# ------------------------------------------------------------------------------------------------
# parsing


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    board, settings = r.parse_rules(data.get("rules"))
    players = sc.integer(data.get("players", 4), "players", 3, 4)
    block = sc.mapping(data.get("position"), "position", POSITION_KEYS)
    seats = _seats(block.get("seats"), players)
    state = sc.mapping(block.get("state"), "position.state", STATE_KEYS)
    seat = _seat_reader(seats)
    base = Position(players, seats, board, settings)
    position = replace(base, **_state(state, seats, board, seat), models=_models(block.get("models")))
    position = replace(position, decision=_decision(block.get("decision"), seat, position))
    check(position)
    return position


def _seats(value, players: int) -> tuple[str, ...]:
    seats = sc.sequence(value if value is not None else list(r.COLOURS[:players]), "position.seats")
    if len(seats) != players:
        raise ScenarioError("position.seats", f"one colour per player: {players} names, got {len(seats)}")
    names = []
    for i, name in enumerate(seats):
        if not isinstance(name, str) or not name.strip() or name in names:
            raise ScenarioError(f"position.seats[{i}]", "a colour name, different for every seat")
        names.append(name)
    return tuple(names)


def _seat_reader(seats):
    def seat(value, where: str) -> int:
        if isinstance(value, str) and value in seats:
            return seats.index(value)
        raise ScenarioError(where, f"got {value!r}; allowed: {', '.join(seats)}"
                                   f"{did_you_mean(value, seats)}")
    return seat


def _per_seat(value, where: str, seats, default, read) -> tuple:
    block = sc.mapping(value, where)
    out = [default] * len(seats)
    for key, item in block.items():
        if key not in seats:
            raise ScenarioError(f"{where}.{key}", f"not a seat; allowed: {', '.join(seats)}{did_you_mean(key, seats)}")
        out[seats.index(key)] = read(item, f"{where}.{key}")
    return tuple(out)


def _state(block: dict, seats, board: Board, seat) -> dict:
    P = len(seats)
    s = "position.state"
    out: dict = {
        "passage": sc.integer(block.get("passage", 1), f"{s}.passage", 1, r.PASSAGES),
        "round": sc.integer(block.get("round", 1), f"{s}.round", 1, 99),
        "round_start": seat(block.get("round_start", seats[0]), f"{s}.round_start"),
        "final_round": sc.flag(block.get("final_round", False), f"{s}.final_round"),
    }
    out["scores"] = _per_seat(block.get("scores"), f"{s}.scores", seats, 0,
                              lambda v, w: sc.integer(v, w, -999, 999))
    aristocrats = [[0] * P for _ in range(6)]
    for name, counts in sc.mapping(block.get("aristocrats"), f"{s}.aristocrats").items():
        d = r.district(name, f"{s}.aristocrats")
        aristocrats[d] = list(_per_seat(counts, f"{s}.aristocrats.{name}", seats, 0,
                                        lambda v, w: sc.integer(v, w, 0, r.ARISTOCRATS)))
    out["aristocrats"] = tuple(tuple(row) for row in aristocrats)
    bridges = []
    for i, item in enumerate(sc.sequence(block.get("bridges"), f"{s}.bridges")):
        where = f"{s}.bridges[{i}]"
        entry = sc.mapping(item, where, {"pair", "owner"})
        two = sc.sequence(entry.get("pair"), f"{where}.pair")
        if len(two) != 2:
            raise ScenarioError(f"{where}.pair", "two adjacent district names")
        a, b = r.district(two[0], f"{where}.pair"), r.district(two[1], f"{where}.pair")
        if not board.adjacent(a, b) or a == b:
            raise ScenarioError(f"{where}.pair", "these districts are not adjacent on the board "
                                                 "(rules.board.adjacent)")
        bridges.append(((min(a, b), max(a, b)), seat(entry.get("owner"), f"{where}.owner")))
    out["bridges"] = tuple(bridges)
    out["bridge_pool"] = sc.integer(block.get("bridge_pool", r.BRIDGES - len(bridges)), f"{s}.bridge_pool",
                                    0, r.BRIDGES)
    doge = block.get("doge")
    out["doge"] = None if doge in (None, "off_board") else r.district(doge, f"{s}.doge")
    out["limit_cards"] = _per_seat(block.get("limit_cards"), f"{s}.limit_cards", seats, (), _limit_list)
    out["action_discards"] = _discards(block.get("action_discards"), f"{s}.action_discards")
    out["supply"] = _per_seat(block.get("supply"), f"{s}.supply", seats, None,
                              lambda v, w: sc.integer(v, w, 0, r.ARISTOCRATS))
    if None in out["supply"]:  # omitted: what the board and the bridge markers leave
        out["supply"] = tuple(r.ARISTOCRATS - sum(row[p] for row in out["aristocrats"])
                              - sum(1 for _, o in bridges if o == p) if v is None else v
                              for p, v in enumerate(out["supply"]))
    for key in ("out_of_passage", "hopped"):  # sets of players: each once
        seats_listed = [seat(v, f"{s}.{key}[{i}]") for i, v in enumerate(sc.sequence(block.get(key), f"{s}.{key}"))]
        sc.within_box([(f"{s}.{key}", seats_listed)], 1, "player", lambda x: seats[x], "list each player once")
        out[key] = frozenset(seats_listed)
    out["roles"] = _roles(block.get("roles"), f"{s}.roles", seat)
    return out


def _limit_list(value, where: str) -> tuple[int, ...]:
    return tuple(sorted(sc.integer(v, where, 1, 3) for v in sc.sequence(value, where)))


def _action_list(value, where: str) -> tuple[int, ...]:
    return tuple(sorted(r.card(v, f"{where}[{i}]") for i, v in enumerate(sc.sequence(value, where))))


def _discards(value, where: str) -> tuple[int, ...]:
    block = sc.mapping(value, where, {"district", *r.ACTION_KINDS[1:]})
    counts = [0] * 10
    for name, n in sc.mapping(block.get("district"), f"{where}.district").items():
        counts[r.district(name, f"{where}.district")] = sc.integer(n, f"{where}.district.{name}", 0,
                                                                   r.DISTRICT_CARDS_EACH)
    for kind, index in zip(r.ACTION_KINDS[1:], (r.BRIDGE, r.TRANSFER, r.DOGE, r.BANISH)):
        counts[index] = sc.integer(block.get(kind, 0), f"{where}.{kind}", 0, r.ACTION_COUNTS[index])
    return tuple(counts)


def _roles(value, where: str, seat) -> tuple[tuple[str, int], ...]:
    block = sc.mapping(value, where, {"D1", "R1", "D2", "R2", "D", "R"})
    return tuple((name, seat(block[name], f"{where}.{name}")) for name in ("D1", "D", "R1", "R", "D2", "R2")
                 if name in block)


def _pile(value, where: str) -> Pile:
    block = sc.mapping(value, where, {"action", "limit"})
    return Pile(_action_list(block.get("action"), f"{where}.action"), _limit_list(block.get("limit"), f"{where}.limit"))


def _decision(value, seat, position: Position) -> Decision | None:
    where = "position.decision"
    if value is None:
        return None
    block = sc.mapping(value, where, DECISION_KEYS)
    kind = sc.choice(block.get("kind"), f"{where}.kind", DECISIONS)
    who = seat(block.get("who"), f"{where}.who")
    needs = {"split": "drawn", "choose": "piles", "play": "to_play"}
    for key in ("drawn", "piles", "to_play"):
        if block.get(key) is not None and needs.get(kind) != key:
            raise ScenarioError(f"{where}.{key}", f"not for a {kind} decision; a {kind} takes "
                                                  f"{needs.get(kind, 'only kind and who')}")
    if kind in needs and block.get(needs[kind]) is None:
        raise ScenarioError(f"{where}.{needs[kind]}", f"a {kind} decision needs it")
    drawn = _pile(block["drawn"], f"{where}.drawn") if kind == "split" else None
    piles = None
    if kind == "choose":
        items = sc.sequence(block["piles"], f"{where}.piles")
        piles = tuple(_pile(p, f"{where}.piles[{i}]") for i, p in enumerate(items))
        if not 2 <= len(piles) <= 3 or any(p.size == 0 for p in piles):
            raise ScenarioError(f"{where}.piles", "2 or 3 piles on offer, each of at least one card")
    to_play = _action_list(block["to_play"], f"{where}.to_play") if kind == "play" else None
    candidates = block.get("rollout_candidates", ROLLOUT_CANDIDATES)
    if candidates == "all":
        candidates = None
    elif isinstance(candidates, str):
        raise ScenarioError(f"{where}.rollout_candidates", f"got {candidates!r}; allowed: a whole number 1-"
                                                            f"{MAX_CANDIDATES:,} or all")
    else:
        candidates = sc.integer(candidates, f"{where}.rollout_candidates", 1, MAX_CANDIDATES)
    return Decision(kind, who, drawn, piles, to_play, candidates)


def _models(value) -> Models:
    where = "position.models"
    block = sc.mapping(value, where, MODEL_KEYS)
    out = {}
    if "chooser" in block:
        out["chooser"] = sc.choice(block["chooser"], f"{where}.chooser", CHOOSERS)
    if "others" in block:
        out["others"] = sc.choice(block["others"], f"{where}.others", OTHERS)
    for key, name, lo, hi in (("beta", "beta", 0, 100), ("lambda", "lam", 0, 20), ("elim_penalty", "elim_penalty", 0, 100)):
        if key in block:
            out[name] = _number(block[key], f"{where}.{key}", lo, hi)
    if "weights" in block:
        weights = [1.0] * 6
        for name, w in sc.mapping(block["weights"], f"{where}.weights").items():
            weights[r.district(name, f"{where}.weights")] = _number(w, f"{where}.weights.{name}", 0, 10)
        out["weights"] = tuple(weights)
    return Models(**out)


def _number(value, where: str, lo: float, hi: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
        raise ScenarioError(where, f"a number from {lo} to {hi}")
    return float(value)


# ------------------------------------------------------------------------------------------------
# component counts and consistency


def check(p: Position) -> None:
    """Raise ScenarioError when the position breaks the components or the round's structure."""
    s = "position.state"
    if len(p.bridges) + p.bridge_pool != r.BRIDGES:
        raise ScenarioError(f"{s}.bridge_pool", f"{len(p.bridges)} bridges on the board + pool {p.bridge_pool} "
                                                f"must be {r.BRIDGES}")
    for pair, n in Counter(pair for pair, _ in p.bridges).items():
        if n > r.MAX_BRIDGES_PER_PAIR:
            raise ScenarioError(f"{s}.bridges", f"{n} bridges between {r.DISTRICTS[pair[0]]} and "
                                                f"{r.DISTRICTS[pair[1]]}; at most {r.MAX_BRIDGES_PER_PAIR}")
    for seat in range(p.players):
        total = p.supply[seat] + p.on_board(seat) + p.markers(seat)
        if total != r.ARISTOCRATS:
            raise ScenarioError(f"{s}.supply.{p.name(seat)}",
                                f"supply {p.supply[seat]} + board {p.on_board(seat)} + bridge markers "
                                f"{p.markers(seat)} = {total}; every colour has {r.ARISTOCRATS} aristocrats")
    if p.settings.score_floor == 0:
        for seat, score in enumerate(p.scores):
            if score < 0:
                raise ScenarioError(f"{s}.scores.{p.name(seat)}", "below 0 under score_floor: 0")
    action, limit = p.cards_out()
    for c in range(10):
        if action[c] > r.ACTION_COUNTS[c]:
            raise ScenarioError(f"{s}.action_discards", f"{action[c]} {r.CARD_NAMES[c]} cards discarded, drawn "
                                                        f"or in piles; the deck has {r.ACTION_COUNTS[c]}")
    for v, n in zip(r.LIMIT_VALUES, r.LIMIT_COUNTS):
        if limit[v] > n:
            raise ScenarioError(f"{s}.limit_cards", f"{limit[v]} limit cards of value {v} face up, drawn or in "
                                                    f"piles; the deck has {n}")
    out = frozenset(seat for seat in range(p.players) if p.limit_total(seat) >= r.LIMIT_STOP)
    if p.out_of_passage != out:
        raise ScenarioError(f"{s}.out_of_passage", "must list exactly the players whose limit total this passage is "
                                                   f"10 or more: {', '.join(p.name(x) for x in sorted(out)) or 'none'}")
    _check_roles(p)
    _check_decision(p)


def active(p: Position) -> list[int]:
    """The seats playing this round: everyone, or in the extra round those who were below 10 at its start."""
    return sorted(seat for _, seat in p.roles)


def _check_roles(p: Position) -> None:
    where = "position.state.roles"
    if not p.roles:
        raise ScenarioError(where, f"missing; {p.players} players: {', '.join(r.ROLES[p.players])}")
    seats = [seat for _, seat in p.roles]
    names = r.ROLES.get(len(seats))
    if len(set(seats)) != len(seats):
        raise ScenarioError(where, "one role per player")
    if names is None or {n for n, _ in p.roles} != set(names):
        raise ScenarioError(where, f"{len(seats)} players in roles: need exactly "
                                   f"{', '.join(r.ROLES.get(len(seats), ('2 to 4 roles',)))}")
    if not p.final_round and len(seats) != p.players:
        raise ScenarioError(where, f"every player has a role outside the extra round ({p.players} players: "
                                   f"{', '.join(r.ROLES[p.players])})")
    if p.final_round and len(seats) == p.players:
        raise ScenarioError("position.state.final_round", "the extra round is played by fewer players than the game")
    first = p.role("D1") if p.role("D1") is not None else p.role("D")
    if first != p.round_start:
        raise ScenarioError("position.state.round_start", f"the round start player distributes first "
                                                          f"({'D1' if p.role('D1') is not None else 'D'})")


def _check_decision(p: Position) -> None:
    d, where = p.decision, "position.decision"
    if d is None:
        return
    role = p.role_of(d.who)
    if d.kind in ("split", "choose", "play", "doge", "banish") and role is None:
        raise ScenarioError(f"{where}.who", f"{p.name(d.who)} has no role this round")
    if d.kind == "passage_banish":
        totals = [p.limit_total(seat) for seat in range(p.players)]
        if totals.count(min(totals)) != 1 or totals.index(min(totals)) != d.who:
            raise ScenarioError(f"{where}.who", "the passage-end banishment belongs to the player with strictly the "
                                                "fewest limit points (nobody on a tie)")
    if d.kind == "split":
        if not role.startswith("D"):
            raise ScenarioError(f"{where}.who", "a split is made by a distributor (D1, D2 or D)")
        n_action, n_limit = r.DRAW[len(p.roles)]
        if len(d.drawn.action) != n_action or len(d.drawn.limit) != n_limit:
            raise ScenarioError(f"{where}.drawn", f"a distributor draws {n_action} action + {n_limit} limit cards "
                                                  f"with {len(p.roles)} playing")
    if d.kind == "choose":
        if role.startswith("D"):
            raise ScenarioError(f"{where}.who", "piles are chosen by a receiver (R1, R2 or R)")
        if len(p.roles) == 3 and len(d.piles) != (3 if role == "R1" else 2):
            raise ScenarioError(f"{where}.piles", f"{role} chooses from {3 if role == 'R1' else 2} piles")
        if len(p.roles) != 3 and len(d.piles) != 2:
            raise ScenarioError(f"{where}.piles", "a receiver chooses from the distributor's 2 piles")


QUESTIONS = ("odds", "ev", "limit", "banish", "doge", "outlook", "splits", "piles", "actions")
EV_OF = {"split": "splits", "choose": "piles", "play": "actions", "doge": "doge", "banish": "banish",
         "passage_banish": "banish"}


def questions(position: Position) -> tuple[str, ...]:
    """The questions this position supports.  `ev` stands for the decision's own question (splits, piles,
    actions, doge or banish) and `odds` for `limit`, so those aliases are not listed again."""
    out = ["odds", "outlook"]
    if position.decision is not None:
        out += ["ev", "banish", "doge"]
    return tuple(q for q in QUESTIONS if q in out)
