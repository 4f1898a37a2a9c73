"""The glue between core and a numba whole-game engine, written once (issue 55).

A game with a whole-game engine (its `game.py`: `Chance`, `policy_codes`, `run`, `NEW_GAME`, `STSIZE`, `SSIZE`,
`credit` and the forward model `MODEL` core's search player drives) declares in its `play.py` one `WholeGames`:
where its per-game stats row keeps the start seat, the scores, the action counts and each game length (`Record`),
and how a balance config becomes its settings vector.  Core then launches games (`play_games`), summarizes them by
TURN-ORDER RANK (`summarize`: seat 0 of every balance table is the start player) and answers the balance contract
(`play`, `games_per_chunk`).  A game whose rule set is its `rules.Settings` gets its balance hooks from
`SettingsRules` and its `FullGames` from `full_games`.  An engine with its own batch call (a board vector, a
search loop of its own; seat 0 starting every game) gives `WholeGames.launch` and keeps the rest; a rule set of a
board is a `BoardRuleSet`.  `position_rollouts` plays batched rollouts from a position, `OneGame` one game dealt
and stepped for the engine-against-reference checks.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from analyzer.core import policies as core_policies
from analyzer.core import runner
from analyzer.core import scenario as sc
from analyzer.core.balance import summary
from analyzer.core.balance.run import by_turn_rank, engine_games, seat_assignments
from analyzer.core.game import FullGames

CHUNK = 1024  # games per batch without a search player
BATCH = 4096  # rollouts per engine call from a position (bounds the stats buffer)
SEATINGS = ("fixed", "rotate")


@dataclass(frozen=True)
class Length:
    """One per-game length of the balance contract, read from stats column `at`: as it is (`how` "value"),
    ceil(value / players) ("rounds": turns in all -> rounds), 1 where it equals `code` ("equals": an end
    reason), 1 where it is positive ("positive"), 1 where it names a seat, 0 or more ("seat": who holds a title at
    the end, -1 for nobody), or the table's sum of a per-seat count ("seats": columns at + seat * stride)."""
    name: str
    at: int
    how: str = "value"
    code: int = 0
    stride: int = 0  # "seats": columns between one seat's count and the next's

    def __post_init__(self):
        if self.how not in ("value", "rounds", "equals", "positive", "seat", "seats"):
            raise ValueError(f"Length {self.name!r}: how must be value, rounds, equals, positive, seat or seats, "
                             f"not {self.how!r}")

    def read(self, out: np.ndarray, players: int) -> np.ndarray:
        if self.how == "seats":
            return out[:, self.at + self.stride * np.arange(players)].sum(1)
        column = out[:, self.at]
        if self.how == "rounds":
            return -(-column // players)
        if self.how == "equals":
            return (column == self.code).astype(np.int64)
        if self.how == "positive":
            return (column > 0).astype(np.int64)
        if self.how == "seat":
            return (column >= 0).astype(np.int64)
        return column


def turns_and_rounds(at: int) -> tuple[Length, Length]:
    """"turns" (in all, from column `at`) and "rounds" (turns over players, rounded up)."""
    return Length("turns", at), Length("rounds", at, "rounds")


def ended(at: int, reasons: dict[str, int]) -> tuple[Length, ...]:
    """One 0/1 length a name, 1 where the end-reason column `at` holds its code."""
    return tuple(Length(name, at, "equals", code) for name, code in reasons.items())


@dataclass(frozen=True)
class Record:
    """Where an engine's per-game stats row (by seat) keeps what a balance run reads: the start seat's column
    (turn-order rank 0; None: seat 0 starts every game, a seat is its rank), the first of `maxp` scores (None: the
    scores are not in the row, a `WholeGames.launch` hands them over), the first of the action counts (`maxp` x
    kinds by seat; kind by kind when `kind_major`), and the game lengths in the order the balance tables show them.
    A game whose ranks are not the turn order from the start seat (placement ranks from a start-order roll, say)
    keeps the seats in rank order from column `order` (`maxp` columns) and is summarized by them."""
    start: int | None
    money: int | None
    actions: int
    kinds: tuple[str, ...]
    maxp: int
    lengths: tuple[Length, ...]
    kind_major: bool = False
    order: int | None = None

    def by_rank(self, a: np.ndarray, out: np.ndarray, players: int) -> np.ndarray:
        """(games, seats, ...) by seat -> by rank: turn order from the start seat, or the `order` columns."""
        if self.order is None:
            return a if self.start is None else by_turn_rank(a, out[:, self.start], players)
        order = out[:, self.order:self.order + players]
        return np.take_along_axis(a, order.reshape(order.shape + (1,) * (a.ndim - 2)), axis=1)

    @property
    def length_names(self) -> tuple[str, ...]:
        return tuple(length.name for length in self.lengths)

    def action_counts(self, out: np.ndarray, players: int) -> np.ndarray:
        """(games, players, kinds) by seat."""
        block = out[:, self.actions:self.actions + self.maxp * len(self.kinds)]
        if self.kind_major:
            return block.reshape(len(out), len(self.kinds), self.maxp)[:, :, :players].transpose(0, 2, 1)
        return block.reshape(len(out), self.maxp, len(self.kinds))[:, :players]


def turn_record(g, ends: dict[str, int]) -> Record:
    """The record of an engine that names its columns the usual way: the start seat `ST_START`, points
    `ST_POINTS`, actions `ST_ACT` (`ACT_KINDS` by seat), turns in all `ST_TURNS`, the end reason `ST_END`
    (`E_CAPPED` or one of `ends`)."""
    return Record(start=g.ST_START, money=g.ST_POINTS, actions=g.ST_ACT, kinds=g.ACT_KINDS, maxp=g.MAXP,
                  lengths=(*turns_and_rounds(g.ST_TURNS), *ended(g.ST_END, {"capped": g.E_CAPPED, **ends})))


@dataclass(frozen=True)
class WholeGames:
    """A game's whole games for core: `engine` its game module's import path (so that this pickles), `record`
    its stats layout, `settings(config)` a balance config's settings vector, `chunk` games per batch (`slow_chunk`
    where a seat is not random), `deal(config, n, rng)` the engine's own per-game inputs drawn from the run's
    Generator after the stream seeds, as keywords of its `run` (a board per game, say).

    An engine that core's `engine_games` does not drive (its own batch call, a board vector, a search loop of its
    own) gives `launch(config, n, rng, seat_policy) -> {"stats", "credit", "scores"}` (scores where the record has
    no `money`); lengths that are more than a column (a ratio, a board's spaces) come from `own(games, config)`,
    named `own_lengths`, after the record's."""
    engine: str
    record: Record
    settings: Callable | None = None  # default: the engine's settings_vector(settings, players, by_rank=by_rank)
    chunk: int = CHUNK
    by_rank: bool = True  # False: an engine that seats the policies by turn-order rank without being told
    deal: Callable | None = None
    slow_chunk: int | None = None  # games per batch where a seat is not random (None: chunk)
    launch: Callable | None = None
    own: Callable | None = None
    own_lengths: tuple[str, ...] = ()

    @property
    def module(self):
        return importlib.import_module(self.engine)

    @property
    def lengths(self) -> tuple[str, ...]:
        """Every length's name, in the order the balance tables show them."""
        return self.record.length_names + self.own_lengths

    def games_per_chunk(self, config) -> int:
        slow = self.slow_chunk is not None and any(p.kind != "random" for p in config.policies)
        return core_policies.games_per_chunk(config.policies, self.slow_chunk if slow else self.chunk)

    def play_games(self, config, n: int, rng: np.random.Generator, seat_policy: np.ndarray | None = None):
        """n games: (engine stats (n, STSIZE) by seat, the policy index per seat (n, P))."""
        g = self.module
        if self.settings is not None:
            cfg = self.settings(config)
        elif self.by_rank:
            cfg = g.settings_vector(config.rules.settings, config.players, by_rank=True)
        else:
            cfg = g.settings_vector(config.rules.settings, config.players)
        return engine_games(g, cfg, config, n, rng, np.zeros(g.SSIZE, dtype=np.int64), seat_policy, self.deal)

    def summarize(self, out: np.ndarray, players: int, games: dict | None = None) -> dict:
        """The balance contract's arrays, by turn-order rank (or the record's `order`), from the engine's per-game
        stats (by seat); `games` a launch's answer (its credit, and its scores where the record has no `money`)."""
        rec = self.record
        credit = self.module.credit(out, players) if games is None else games["credit"]
        money = games["scores"] if rec.money is None else out[:, rec.money:rec.money + players]
        res = {"credit": rec.by_rank(credit, out, players), "money": rec.by_rank(money, out, players)}
        for length in rec.lengths:
            res[length.name] = length.read(out, players)
        res["actions"] = rec.by_rank(rec.action_counts(out, players), out, players).sum(0)
        return res

    def play(self, config, n: int, rng: np.random.Generator) -> dict:
        """n games from the set-up (the `core.balance` contract), plus `policy` (n, turn-order ranks)."""
        if self.launch is None:
            out, seat_policy = self.play_games(config, n, rng)
            res = self.summarize(out, config.players)
        else:
            seat_policy = seat_assignments(config.players, config.seating, n)
            games = self.launch(config, n, rng, seat_policy)
            res = self.summarize(games["stats"], config.players, games)
            if self.own is not None:
                res.update(self.own(games, config))
        res["policy"] = np.ascontiguousarray(seat_policy)
        return res


@dataclass(frozen=True)
class RuleSet:
    """A rule set that is a game's `rules.Settings` and nothing more (None: every default)."""
    settings: object = None


@dataclass(frozen=True)
class GameConfig:
    """One rule set at one table: the picklable config a whole-game engine's `play` takes."""
    rules: object
    players: int
    policies: tuple  # one per turn-order rank
    seating: str = "fixed"


@dataclass(frozen=True)
class BoardRuleSet:
    """A rule set of a board (a game's `rules.Board`; None: its illustrative default) and its `rules.Settings`."""
    board: object = None
    settings: object = None  # None: every default

    @property
    def illustrative(self) -> bool:
        return self.board is None or self.board.illustrative


@dataclass(frozen=True)
class BoardConfig(GameConfig):
    """A GameConfig that carries its board's engine vector, made once (neither compared nor shown)."""
    bd: np.ndarray | None = field(default=None, compare=False, repr=False)


def shared_win(key: np.ndarray) -> np.ndarray:
    """Win credit by seat from a (games, seats) key: 1 to the highest, split among the tied."""
    top = key == key.max(1, keepdims=True)
    return top / top.sum(1, keepdims=True)


@dataclass(frozen=True)
class SettingsRules:
    """The balance hooks of a game whose rule set wraps its `rules.Settings`: `rules` its rules module
    (`parse_settings`, `PLAYERS`), `rule_set` its RuleSet(settings), `keys` the rule keys a scenario may set
    (None: the parser's), `lines` the notes after the rule lines and `caveats(configs)`, `seat_text` what a seat
    is (the report's set-up item, titled `seat_title`), `check` the engine's settings vector where it refuses what a
    table cannot play (a seat handicap of the wrong length), `extra(config)` -> {row: text} what a rule set holds
    besides its settings (a board), in the rule table and before the settings' labels in the notes, `labels(config)`
    a rule set's opening note lines (None: the extra rows and its settings' labels), `models_note` the notes' last
    line."""
    rules: object
    rule_set: type
    lines: tuple[str, ...]
    seat_text: str = ""
    caveats: Callable | None = None
    keys: frozenset | None = None
    check: Callable | None = None  # check(settings, players): refuses, naming the field, what the table cannot play
    extra: Callable | None = None
    seat_title: str = "Seats are turn-order ranks"
    labels: Callable | None = None
    models_note: str = ""  # "": MODELS_NOTE


    def parse_rules(self, block):
        return self.rule_set(self.rules.parse_settings(dict(sc.mapping(block, "rules", self.keys)), "rules"))

    def players(self, rules) -> tuple[int, int]:
        return self.rules.PLAYERS

    def make_config(self, rules, players: int, policies: tuple, seating: str, block: dict, field: str):
        if self.check is not None:  # e.g. a seat handicap of the wrong length: at parse time, not in play
            self.check(rules.settings, players)
        return GameConfig(rules, players, tuple(policies), seating)

    def notes(self, configs: dict) -> list[str]:
        out = summary.rule_lines(configs, self.labels or (
            lambda c: [*self._extra(c).values(), *c.rules.settings.labels()]))
        out += self.caveats(configs) if self.caveats else []
        return out + [*self.lines, self.models_note or MODELS_NOTE]

    def rule_table(self, configs: dict):
        """The rule sets side by side: table, policies, and every setting any of them changes."""
        return summary.rule_table(configs, self._extra)

    def seats(self, configs: dict) -> list:
        """The report's set-up item saying what a seat is here."""
        return [(self.seat_title, self.seat_text)]

    def _extra(self, config) -> dict:
        return {} if self.extra is None else self.extra(config)


MODELS_NOTE = "the numbers describe these player models, not human play"
BOARD_MODELS_NOTE = "the numbers describe these player models on this board, not human play"


def illustrative_board(configs: dict) -> str:
    """The balance hook `illustrative` of a game whose rule sets (`BoardRuleSet`) say whether they are."""
    return "illustrative board" if any(c.rules.illustrative for c in configs.values()) else ""


def full_games(whole: WholeGames, hooks: SettingsRules, parse_policies, **fields) -> FullGames:
    """A whole-game engine's `FullGames`: its play and record from `whole`, its rule hooks from `hooks`, the
    rest (`report_notes`, `money_range`, `title`, ...) from `fields`, which may also replace any of these."""
    keys = frozenset(hooks.rules.SETTINGS) if hooks.keys is None else hooks.keys
    return FullGames(**{
        "play": whole.play, "games_per_chunk": whole.games_per_chunk, "parse_rules": hooks.parse_rules,
        "parse_policies": parse_policies, "make_config": hooks.make_config, "players": hooks.players,
        "rule_table": hooks.rule_table, "notes": hooks.notes, "setup": hooks.seats, "rule_keys": keys,
        "variant_keys": frozenset(), "seatings": SEATINGS, "action_kinds": whole.record.kinds,
        "lengths": whole.lengths, "default_policy": "greedy", "default_players": 4,
        "default_games": 4_000, **fields})


@dataclass
class OneGame:
    """One engine game's buffers (a batch of one) for the agreement checks: `start` deals it, `step(k)` plays k
    more turns (or rounds, phases: the engine's unit), `play_out` steps it to the end; `inputs` the engine's own
    buffers of the game, as keywords of its `run` (a board row and a work buffer, say)."""
    engine: object  # the game module: run, NEW_GAME, GO_ON, SSIZE, STSIZE
    cfg: np.ndarray
    pols: np.ndarray
    streams: np.ndarray
    s: np.ndarray
    rec: np.ndarray
    stats: np.ndarray
    inputs: dict = field(default_factory=dict)

    @classmethod
    def start(cls, g, cfg: np.ndarray, pols: np.ndarray, seeds, max_record: int = 1, width: int = 3,
              **inputs) -> OneGame:
        """Dealt and ready to play: `pols` the policy codes (1, seats), `seeds` its stream seeds, `max_record`
        rows of `width` for the chance record, `inputs` the engine's own buffers (keywords of its `run`)."""
        game = cls(g, cfg, pols, np.array(seeds, dtype=np.uint64)[None, :], np.zeros(g.SSIZE, dtype=np.int64),
                   np.zeros((max_record, width), dtype=np.int64), np.zeros((1, g.STSIZE), dtype=np.int64), inputs)
        g.run(cfg, game.streams, game.stats, game.s, g.NEW_GAME, 0, pols=game.pols, rec=game.rec, **inputs)
        return game

    @classmethod
    def dealt(cls, g, settings, players: int, policies, seeds, max_record: int = 1, width: int = 3,
              **inputs) -> OneGame:
        """`start` on the engine's settings vector of a rules.Settings (None: every default) and one policy name
        a seat (or turn-order rank, as the engine reads them)."""
        return cls.start(g, g.settings_vector(settings, players), g.policy_codes(policies)[None, :], seeds,
                         max_record, width, **inputs)

    def step(self, k: int) -> None:
        self.engine.run(self.cfg, self.streams, self.stats, self.s, self.engine.GO_ON, k, pols=self.pols,
                        rec=self.rec, **self.inputs)

    def play_out(self, snapshot: Callable, going_on: Callable, snaps: list | None = None) -> list:
        """`snapshot(s)` after the set-up (unless `snaps` has it) and after every step while `going_on(s)`."""
        snaps = [snapshot(self.s)] if snaps is None else snaps
        while going_on(self.s):
            self.step(1)
            snaps.append(snapshot(self.s))
        return snaps


def position_rollouts(g, cfg: np.ndarray, n: int, rng: np.random.Generator, counts: Callable, max_turns: int = -1,
                      **position) -> dict:
    """n rollouts of game module `g`'s engine from a position (`FROM_POSITION`; the position's buffers as `run`'s
    keywords: s0=...), BATCH games an engine call, the chance drawn up front: `counts(stats)` of every batch,
    merged."""
    seeds = g.Chance(n, rng).seeds
    s = np.zeros(g.SSIZE, dtype=np.int64)
    total = None
    for a in range(0, n, BATCH):
        out = np.zeros((min(BATCH, n - a), g.STSIZE), dtype=np.int64)
        g.run(cfg, seeds[a:a + BATCH], out, s, g.FROM_POSITION, max_turns, **position)
        total = runner.merge(total, counts(out))
    return total
