"""The game contract: what a game package gives core and the CLI, and the one shape of an answer.

A game is registered by one object in its package, `analyzer.games.<name>:GAME = GameSpec(...)`
(see `registry.py`); core and the CLI know a game only through it.  The package's `__init__`
stays light: every hook that needs the engine is a `"module:attribute"` string, imported on
first use, so `analyzer --help` and `analyzer games` never load numpy engines or pandas.

- `GameSpec`: the game's name, title, version, player range, `load(scenario dict) ->
  position`, its `questions` and the optional hooks (full games, benchmarks, a quick-entry
  sub-app, a board template, a picture of a position, the board's picture).
- `Question`: one thing a game answers about a position: `answer(position, settings) ->
  Result`, its help text and its default rollout count.  `odds` and `ev` are the two
  common ones (`analyzer odds|ev SCENARIO`); any other is `analyzer ask NAME SCENARIO`.
- `Result`: named tables, the JSON payload scripts read, notes, plots and metadata.
- `FullGames`: what core's balance runner needs to play whole games (`core/balance/`).

**Chance tables.**  A game whose engine draws its chance up front (so that rule sets and
candidate moves meet the same luck) keeps the draws in a class named `Chance` in its
engine module: built from a `numpy.random.Generator`, read by index, never redrawn (engines
that seed per-game streams subclass `core.streams.StreamSeeds`, naming their streams).

Keep this contract as small as the games need: a field enters it when a second game needs it.
"""
from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from analyzer.core import sources
from analyzer.core.flat import Tables


def resolve(ref):
    """A hook: a callable or object as it is, or a `"package.module:attribute"` string, imported now."""
    if isinstance(ref, str):
        module, _, attr = ref.partition(":")
        value = importlib.import_module(module)
        for part in attr.split(".") if attr else ():
            value = getattr(value, part)
        return value
    return ref


@dataclass
class Plot:
    name: str  # file stem
    kind: str  # a function name in analyzer.core.plots
    table: str  # which table it draws
    options: dict = field(default_factory=dict)


@dataclass
class Result:
    """The answer to any question, in one shape.

    `tables`: name -> DataFrame, the first the main one; estimated values carry their 95%
    interval in a column beside them (`±95%`, `ci95`, `lo95`/`hi95`).  `exact`: table name ->
    True (every value exact), False (every value estimated), a list of its exact columns, or the
    name of a boolean column that says, row by row, whether that row's values are exact.
    `payload`: the JSON scripts read (each question keeps its documented keys).  `meta`: game,
    question, version, seed, n, the run's plan, whether illustrative data was used and (key `printed`,
    absent for none) the printed tables it rests on (`core.sources`);
    `core.game.ask` fills it in and it is printed as the JSON's `meta` key.  `names`: headings
    shown in place of table names and column names in the terminal and Markdown (the balance
    tables' "money" becomes the game's points, coins, ...); CSV and JSON keep the keys.  A table may be
    built as a `core.flat.Flat` (no pandas: the terminal prints it as it is); every reader of `tables` gets it
    as a DataFrame."""
    title: str
    tables: dict  # str -> pandas.DataFrame (or Flat, made a DataFrame when read)
    payload: dict
    notes: list[str] = field(default_factory=list)  # seed, n, labels; printed under the tables
    plots: list[Plot] = field(default_factory=list)
    exact: dict = field(default_factory=dict)
    meta: dict = field(default_factory=dict)
    names: dict = field(default_factory=dict)  # table or column name -> the heading shown

    def __post_init__(self):
        self.tables = Tables(self.tables)


def named_payload(position, ill: tuple[str, ...] = (), **extra) -> dict:
    """The opening of an answer's payload where a game names its ILLUSTRATIVE data: `illustrative`, the names
    `ill` (empty: all printed or supplied), the rule settings as shown, the player count, then `extra`."""
    return {"illustrative": bool(ill), "illustrative_data": list(ill), "settings": position.settings.shown(),
            "players": position.players, **extra}


def named_title(game: str, text: str, ill: tuple[str, ...] = ()) -> str:
    """An answer's title, `game: text`, naming the ILLUSTRATIVE data it rests on (`named_payload`'s `ill`)."""
    return f"{game}: {text}" + (f" (ILLUSTRATIVE {', '.join(ill)})" if ill else "")


@dataclass(frozen=True)
class Question:
    """One question a game answers about a position.

    `answer(position, settings: runner.RunSettings) -> Result` (a hook: a callable or a
    `"module:function"` string).  `summary` is one line for `analyzer games`; `help` the
    whole text `--help` shows (what the numbers mean, the JSON keys).  `default_rollouts`:
    the Monte Carlo size when neither the command line nor the scenario gives one (None: the
    question is exact).  `serial_max`: the largest run the default --jobs keeps in one process
    (None: `runner.SERIAL_MAX`); cheap rollouts whose workers start slowly set it higher."""
    answer: Any
    summary: str
    help: str = ""
    default_rollouts: int | None = 200_000
    serial_max: int | None = None

    def __call__(self, position, settings):
        return resolve(self.answer)(position, settings)


def asks(**rows) -> dict[str, Question]:
    """A game's question table written short, for `GameSpec.declare`: `name=(summary, help)` an exact question,
    `name=(summary, help, rollouts)` a Monte Carlo one; each is answered by `analysis:<name>` of the game's package
    (a question answered elsewhere is written out as a `Question`)."""
    return {name: Question(f"analysis:{name}", *row[:2], default_rollouts=row[2] if len(row) > 2 else None)
            for name, row in rows.items()}


@dataclass(frozen=True)
class FullGames:
    """What core's balance runner needs to play whole games of a game (see `core/balance/`).

    - `play(config, n, rng) -> dict`: n games of one rule set and table from one Generator:
      `money` (n, seats) final score, `credit` (n, seats) win credit (1 to the winner, 1/k to
      each of k tied winners), one array (n,) per name in `lengths`, `actions` (seats, kinds)
      counts, and optionally `policy` (n, seats): the index into the config's policies of the
      model in each seat.  Module level, so it pickles.
    - `parse_rules(block: dict) -> rules`: a `rules:` block (the base merged with a
      variant's rule keys); raises `ScenarioError("rules.<key>", ...)`.
    - `parse_policies(value, field, players) -> tuple`: one policy per seat; each policy has
      `label` (its name in tables) and `describe()` (a sentence).
    - `make_config(rules, players, policies, seating, block, field) -> config`: the
      picklable config `play` takes; `block` is the variant's own mapping (for the game's
      own variant keys), `field` where it was written.
    - `players(rules) -> (lo, hi)`: the table sizes a rule set seats.
    - `games_per_chunk(config) -> int`: games per batch (a power of two dividing runner.CHUNK).
    - `rule_keys`, `variant_keys`: what a variant may set besides `players` and `policies`.
    - `seatings`: the `seating:` values `play` understands (fixed first).
    - `rule_table(configs) -> DataFrame`: the rule sets side by side (rows: rules).
    - `notes(configs) -> list[str]`: rule readings and caveats every balance output states;
      `report_notes(configs)` the report's extra caveats.
    - `illustrative(configs) -> bool`: whether the games ran on illustrative data.
    - `printed(configs) -> list[str]`: the `core.sources` labels of the printed tables they ran on.
    Every callable may be a `"module:attribute"` string."""
    play: Any
    parse_rules: Any
    parse_policies: Any
    make_config: Any
    players: Any
    games_per_chunk: Any
    rule_table: Any
    notes: Any
    rule_keys: frozenset = frozenset()
    variant_keys: frozenset = frozenset()
    seatings: tuple = ("fixed", "rotate")
    action_kinds: tuple = ()
    lengths: tuple = ("turns",)
    money_name: str = "money"
    money_range: tuple = (-64, 256)
    default_policy: Any = None  # the `policies:` a scenario that names none gets
    default_players: int = 4
    default_games: int = 10_000
    title: str = "balance of the rule sets"
    report_notes: Any = None
    illustrative: Any = None
    printed: Any = None
    setup: Any = None  # setup(configs) -> [(heading, DataFrame or text)]: the report's extra set-up items

    def hook(self, name: str):
        return resolve(getattr(self, name))


@dataclass(frozen=True)
class GameSpec:
    """A registered game.  See the module docstring; `docs/adding-a-game.md` says how to write one.

    `version`: bump it whenever an engine change alters any result; it is part of every
    checkpoint's fingerprint, so `--resume` refuses a run begun under another version.
    `answers(position) -> tuple of question names` says which questions a given position
    supports (default: all).  `reference_check(seed)` plays the fast engine and the readable
    reference on the same fixed draws and returns what each gave, pair by pair: the
    conformance suite holds them equal.  The scenarios shipped for a game are
    `scenarios/<name>/*.yaml` (`registry.scenarios`)."""
    name: str
    title: str
    version: int
    players: tuple[int, int]
    load: Any  # load(scenario dict) -> position; raises ScenarioError naming the field
    questions: Mapping[str, Question]
    summary: str = ""
    answers: Any = None
    full_games: Any = None  # a FullGames (or its "module:attribute")
    bench: Any = None  # bench(quick: bool) -> list of benchmark rows
    quick_entry: Any = None  # a typer.Typer sub-app: `analyzer <name> ...`
    board_template: Any = None  # a path (str) of the board file a user fills in from the printed board
    draw: Any = None  # draw(position, path) -> writes a PNG picture of the position
    picture: Any = None  # picture(position or None) -> core.board.Picture: the board, its ids, a position's pieces
    reference_check: Any = None  # reference_check(seed) -> [(what, engine's value, reference's value)] on fixed draws
    policies: tuple = ()  # the player models' names a scenario may seat (`analyzer games` lists them)

    HOOKS: ClassVar[tuple] = ("load", "answers", "full_games", "bench", "quick_entry", "board_template", "draw",
                              "picture", "reference_check")
    CONVENTIONS: ClassVar[dict] = {"load": "state:parse_position", "bench": "bench:run", "picture": "picture:picture"}

    @classmethod
    def declare(cls, package: str, title: str, version: int, players: tuple[int, int], **fields) -> GameSpec:
        """A game package's spec written short (`GAME = GameSpec.declare(__name__, ...)`): the name is the
        package's, `load`, `bench` and `picture` sit where CONVENTIONS says unless given (None: the game has
        none), and a hook string whose module has no package (`"sim:engine_agrees"`, a question's
        `"analysis:odds"`) names a module of the game's own package."""

        def place(ref):
            return f"{package}.{ref}" if isinstance(ref, str) and "." not in ref.partition(":")[0] else ref

        fields = {**cls.CONVENTIONS, **fields}
        fields = {k: place(v) if k in cls.HOOKS else v for k, v in fields.items()}
        questions = fields["questions"]
        fields["questions"] = {k: dataclasses.replace(q, answer=place(q.answer)) for k, q in questions.items()}
        return cls(package.rpartition(".")[2], title, version, players, **fields)

    def position(self, data: dict):
        """The game's position from a scenario dict; a bad scenario raises its first problem, or every problem
        found (`core.problems`, up to 10) when it has several."""
        from analyzer.core.errors import ScenarioError

        load = resolve(self.load)
        try:
            return load(data)
        except ScenarioError as first:
            from analyzer.core import problems

            raise problems.collect(load, data, first) from None

    def supported(self, position) -> tuple[str, ...]:
        if self.answers is None:
            return tuple(self.questions)
        return tuple(resolve(self.answers)(position))

    def question(self, name: str) -> Question:
        from analyzer.core.errors import ScenarioError, did_you_mean

        if name not in self.questions:
            raise ScenarioError("question", f"{self.name} has no question {name!r}; it answers: "
                                            f"{', '.join(self.questions)}{did_you_mean(name, self.questions)}")
        return self.questions[name]

    def full(self) -> FullGames:
        from analyzer.core.errors import ScenarioError

        if self.full_games is None:
            raise ScenarioError("game", f"{self.name} does not play full games; `analyzer balance` needs them")
        return resolve(self.full_games)


def ask(game: GameSpec, name: str, position, settings, data: dict | None = None) -> Result:
    """Answer question `name` about `position` and fill in the result's metadata; with the scenario (`data`) it
    came from, a note lists every default the loader filled in (core.summary.assumed)."""
    from analyzer.core import summary

    result = game.question(name)(position, settings)
    assumed = summary.assumed(position, data) if data is not None and dataclasses.is_dataclass(position) else None
    if assumed:
        result.notes.append(assumed)
    payload = result.payload
    result.meta = {"game": game.name, "question": name, "version": game.version,
                   "seed": payload.get("seed", settings.seed),
                   "n": payload.get("rollouts", payload.get("games")), "plan": settings.plan,
                   "illustrative": bool(payload.get("illustrative", False)),
                   **({sources.KEY: list(payload[sources.KEY])} if payload.get(sources.KEY) else {}),
                   "tables": list(result.tables),
                   "exact": {k: (v if isinstance(v, (bool, str)) else list(v)) for k, v in result.exact.items()},
                   **result.meta}
    return result
