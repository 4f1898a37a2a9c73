"""Player models named by one word, as the full-game engines of several games take them: a game subclasses
`NamedPolicy` with its `descriptions` (name -> what the player does) and its default kind."""
from __future__ import annotations

import re
from dataclasses import dataclass, field as dc_field
from typing import ClassVar

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean


@dataclass(frozen=True)
class NamedPolicy:
    kind: str
    descriptions: ClassVar[dict[str, str]] = {}
    searchable: ClassVar[bool] = False  # the game's engine also seats core's search player (`SearchPolicy`)
    # where its forward model has an evaluation, its default playout depth (`search.depth_at`; a search name may give
    # `:dK`); None: none
    search_depth: ClassVar[int | dict[int, int] | None] = None
    search_round: ClassVar[str] = "round"  # what a playout's depth counts, where the model's round is a turn

    @property
    def label(self) -> str:
        return self.kind

    def describe(self) -> str:
        return self.descriptions[self.kind]

    @classmethod
    def parse(cls, value, field: str):
        """A policy: a name, or a mapping {kind: name}; where `searchable`, also `search[:N[:BASE]]`."""
        kinds = tuple(cls.descriptions)
        if cls.searchable and SearchPolicy.named(value):
            return SearchPolicy.parse(value, field, cls.parse, depths=cls.search_depth, round_name=cls.search_round)
        if isinstance(value, str):
            if value not in kinds:
                more = ", search, search:N, search:N:BASE" if cls.searchable else ""
                raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(kinds)}{more}"
                                           f"{did_you_mean(value, kinds)}")
            return cls(value)
        block = sc.mapping(value, field, {"kind"})
        return cls(sc.choice(block.get("kind", cls().kind), f"{field}.kind", kinds))

    @classmethod
    def parse_seats(cls, value, field: str, players: int) -> tuple:
        """One policy per seat, seat 0 first (a single one is seated everywhere; absent: the default kind)."""
        return sc.per_seat(value, field, players, cls.parse, cls().kind)


@dataclass(frozen=True)
class GreedyFirst(NamedPolicy):
    """A game's named players, `greedy` when none is named: its `policies.py` declares them with `greedy_first`."""
    kind: str = "greedy"


def greedy_first(module: str, descriptions: dict[str, str], searchable: bool = False,
                 search_depth: int | dict[int, int] | None = None, search_round: str = "round"):
    """A game's `policies.py` in one line: `Policy, parse_policy, parse_policies = greedy_first(__name__,
    DESCRIPTIONS, searchable=True)`.  `Policy` is GreedyFirst with the game's descriptions (name -> what the player
    does), named `module.Policy` so it pickles; `searchable` where its engine also seats the search player,
    `search_depth` where its forward model has an evaluation (the search's default playout depth in rounds, or
    by budget: `search.depth_at`), `search_round` what it counts (a "turn" where the forward model's round is one).
    `parse_policies(value, field, players)` gives one policy for every turn-order rank, seat 0 (the start player)
    first; a single one is seated everywhere."""
    cls = type("Policy", (GreedyFirst,), {"descriptions": descriptions, "searchable": searchable,
                                          "search_depth": search_depth, "search_round": search_round,
                                          "__module__": module,
                                          "__qualname__": "Policy"})
    return cls, cls.parse, cls.parse_seats


@dataclass(frozen=True)
class SearchPolicy:
    """The search player (`core/search.py`) over a game's engine: `search`, `search:N` (N playouts per decision)
    or `search:N:BASE` (the base policy every seat plays in the playouts; default the game's `greedy`), and where
    the game has an evaluation `...:dK` (playouts of K rounds, 0: to the end; default the game's depth)."""
    budget: int
    base: object  # the game's own policy
    depth: int | None = None  # rounds a playout plays (0: to the end); None: the game's default
    default_depth: int = dc_field(default=0, compare=False, repr=False)  # the game's default, for `describe`
    round_name: str = dc_field(default="round", compare=False, repr=False)  # what the depth counts

    kind: ClassVar[str] = "search"

    @property
    def label(self) -> str:
        base = self.base.label
        return (f"search:{self.budget}" + ("" if base == "greedy" else f":{base}")
                + ("" if self.depth is None else f":d{self.depth}"))

    def describe(self) -> str:
        depth = self.default_depth if self.depth is None else self.depth
        horizon = ("to the end" if depth == 0 else
                   f"for {depth} {self.round_name}{'s' * (depth > 1)}, the game's evaluation reading the state there")
        return (f"searches each decision it owns by about {self.budget} playouts (the options on the same "
                f"determinized deals and dice, the better half kept round by round), every seat playing "
                f"{self.base.label} {horizon}; plays for the win")

    @staticmethod
    def named(value) -> bool:
        return isinstance(value, str) and (value == "search" or value.startswith("search:"))

    @classmethod
    def parse(cls, value: str, field: str, parse_base, default_base: str = "greedy",
              depths: int | dict[int, int] | None = None, round_name: str = "round"):
        """`search[:N[:BASE]]`: N a whole number from 1 to 2^20 (default 64), BASE one of the game's own
        policies (not search); where the game has an evaluation (`depths`: its default depth, else None),
        `search:N[:BASE]:dK` too, K a whole number of rounds from 0 (to the end) to 255."""
        from analyzer.core.search import BUDGET_MAX, DEFAULT_BUDGET, DEPTH_MAX, depth_at

        allowed = f"search, search:N or search:N:BASE with N a whole number from 1 to {BUDGET_MAX}"
        depth = None
        last = value.rpartition(":")[2]
        if value.count(":") >= 2 and re.fullmatch(r"d[-+]?\d+", last):
            if depths is None:
                raise ScenarioError(field, f"got {value!r}: this game's search has no evaluation, so no playout "
                                           f"depth :{last}; allowed: {allowed}")
            depth = int(last[1:])
            if not 0 <= depth <= DEPTH_MAX:
                raise ScenarioError(field, f"got {value!r}: depth {depth}; allowed: :dK with K a whole number of "
                                           f"rounds from 0 (to the end) to {DEPTH_MAX}")
            value = value.rpartition(":")[0]
        parts = value.split(":", 2)
        budget = DEFAULT_BUDGET
        if len(parts) > 1:
            try:
                budget = int(parts[1])
            except ValueError:
                raise ScenarioError(field, f"got {value!r}; allowed: {allowed}") from None
            if not 1 <= budget <= BUDGET_MAX:
                raise ScenarioError(field, f"got {value!r}: N={budget}; allowed: {allowed}")
        base = parts[2] if len(parts) > 2 else default_base
        if cls.named(base):
            raise ScenarioError(field, f"got {value!r}: the base policy of a search cannot be a search")
        return cls(budget, parse_base(base, field), depth, depth_at(depths, budget), round_name)


SEARCH_CHUNK = 16


def games_per_chunk(policies, chunk: int) -> int:
    """Games per batch for a table seating `policies`: `chunk`, or SEARCH_CHUNK when a search player sits there
    (seconds a game: small chunks keep the progress bar moving and both cores busy)."""
    return SEARCH_CHUNK if any(p.kind == "search" for p in policies) else chunk


def engine_code(policy, parse, codes: dict, model=None) -> int:
    """A seated policy's code in a numba engine: the game's own kinds by `codes`, a `SearchPolicy` by
    `model.code(budget, its base's code)` (the game's forward model sets the exploration rate and confidence; no
    model: the defaults); a name is read with the game's `parse` first."""
    from analyzer.core import search

    if isinstance(policy, str):
        policy = parse(policy, "policy")
    if isinstance(policy, SearchPolicy):
        base = engine_code(policy.base, parse, codes)
        if model is None:
            return search.code(policy.budget, base, depth=policy.depth or 0)
        return model.code(policy.budget, base, policy.depth)
    return codes[policy.kind]


def engine_coders(module: str, codes: dict, model=None):
    """A numba engine's `(policy_code, policy_codes)`: `engine_code` of one seated policy, and an int64 row of
    them; names are read with the game's `policies.parse_policy` (imported on first use: it may import the
    engine).  A game's game.py: `policy_code, policy_codes = engine_coders(__name__, POLICY_CODES, MODEL)` (both
    pickle as that module's attributes)."""

    def parse(value, field: str):
        from importlib import import_module

        return import_module(f"{module.rpartition('.')[0]}.policies").parse_policy(value, field)

    def policy_code(policy) -> int:
        """The engine's code of a policy (a policies.Policy, a SearchPolicy or a name)."""
        return engine_code(policy, parse, codes, model)

    def policy_codes(policies):
        import numpy as np

        return np.array([policy_code(p) for p in policies], dtype=np.int64)

    for f in (policy_code, policy_codes):
        f.__module__, f.__qualname__ = module, f.__name__
    return policy_code, policy_codes


def parse_with_params(value, field: str, kinds, parse, make, params, read_block,
                      depths: int | dict[int, int] | None = None, round_name: str = "round"):
    """A searchable game's policy that takes parameters: `search[:N[:BASE]]` (its base read by the game's `parse`;
    `...:dK` too where the game has an evaluation, `depths` its default depth in `round_name`s), a name of `kinds`
    (`make(name)`), or a mapping {kind, *params} (`read_block(kind, mapping, field)` reads the game's parameters
    from it)."""
    if SearchPolicy.named(value):
        return SearchPolicy.parse(value, field, parse, depths=depths, round_name=round_name)
    if isinstance(value, str):
        if value not in kinds:
            raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(kinds)}, search, search:N, "
                                       f"search:N:BASE (or a mapping with `kind`){did_you_mean(value, kinds)}")
        return make(value)
    block = sc.mapping(value, field, {"kind", *params})
    return read_block(sc.choice(block.get("kind", "greedy"), f"{field}.kind", kinds), block, field)
