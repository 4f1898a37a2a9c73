"""A balance scenario -> a `BalanceSpec`: the base rule set and table, and the variants compared with it.

    game: <name>
    title: ...; description: ...        # the question, in words; opens the report
    rules: {...}                        # the base rule set (the game's `rules:` block)
    players: 4
    policies: ...                       # one for every seat, or one per seat (seat 0 moves first)
    seating: fixed                      # or one of the game's other seatings
    variants:                           # rule sets to compare; the first is the baseline
      base: {}
      cheaper: {<rule>: <value>, players: 5, policies: [...], <the game's own variant keys>}
    analysis: {rollouts: 20000, seed: 7}    # rollouts = games per rule set
    ladder: [greedy, search:64]         # instead of policies: every rule set under each rung (see ladder.py)

A variant's rule keys are merged over the base `rules:`; its `players` and `policies`
replace the top level's.  A variant that changes the table size and sets no `policies`
reads the top level's `policies` for its own size.  Every error names the field where the
scenario wrote it.  The game supplies the parsing of its rules, policies and config
(`core.game.FullGames`).
"""
from __future__ import annotations

from dataclasses import replace

from analyzer.core import scenario as sc
from analyzer.core.balance.run import BalanceSpec, Variant
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.core.game import FullGames

MAX_VARIANTS = 16
MIN_RUNGS, MAX_RUNGS = 2, 8
MAX_NAME = 40
COMMON_KEYS = frozenset({"players", "policies"})


def parse(full: FullGames, data: dict, game: str) -> tuple[BalanceSpec, dict]:
    """(the BalanceSpec, {variant name: the game's config}) of a balance scenario; a scenario with a `ladder`
    gives a `ladder.Ladder` (and its weakest rung's configs)."""
    def read(scenario: dict):
        return _ladder(full, scenario, game) if "ladder" in scenario else _parse(full, scenario, game)

    try:
        return read(data)
    except ScenarioError as first:
        from analyzer.core import problems

        raise problems.collect(read, data, first) from None


def _parse(full: FullGames, data: dict, game: str) -> tuple[BalanceSpec, dict]:
    if data.get("position") is not None:
        raise ScenarioError("position", "a balance scenario plays whole games from the set-up; leave position out")
    if "tune" in data:
        raise ScenarioError("tune", "a tune scenario: `analyzer tune FILE` plays it; balance and report take "
                                    "variants")
    lo, hi = full.hook("players")(None)
    base_players = sc.integer(data.get("players", full.default_players), "players", lo, hi)
    seating = sc.choice(data.get("seating", full.seatings[0]), "seating", full.seatings)
    base_rules = dict(sc.mapping(data.get("rules"), "rules"))
    raw = sc.mapping(data.get("variants"), "variants") or {"base": {}}
    if len(raw) > MAX_VARIANTS:
        raise ScenarioError("variants", f"at most {MAX_VARIANTS} rule sets, got {len(raw)}")
    configs, variants = {}, []
    for name, block in raw.items():
        field = f"variants.{name}"
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise ScenarioError(field, f"a rule set's name is a word of 1 to {MAX_NAME} characters")
        block = sc.mapping(block, field)
        _check_keys(full, block, field)
        rules = _rules(full, {**base_rules, **{k: v for k, v in block.items() if k in full.rule_keys}}, block, field)
        lo, hi = full.hook("players")(rules)
        players = (sc.integer(block["players"], f"{field}.players", lo, hi) if "players" in block
                   else sc.integer(base_players, "players", lo, hi))
        policies = _policies(full, data, block, field, name, players, base_players)
        config = full.hook("make_config")(rules, players, policies, seating, block, field)
        labels = tuple(p.label for p in policies)
        configs[name] = config
        variants.append(Variant(name, players, config, labels, labels, seating != full.seatings[0]))
    chunk = min(full.hook("games_per_chunk")(c) for c in configs.values())
    spec = BalanceSpec(game, full.hook("play"), tuple(variants), chunk=chunk, action_kinds=full.action_kinds,
                       lengths=full.lengths, money_range=full.money_range, money_name=full.money_name)
    return spec, configs


def _ladder(full: FullGames, data: dict, game: str):
    """Every rule set under each rung: one BalanceSpec per rung (every seat plays the rung's policy), all on the
    same games per chunk (the least any rung's configs take), so every rung plays the same seeds."""
    from analyzer.core.balance.ladder import Ladder

    rungs = data["ladder"]
    allowed = f"{MIN_RUNGS} to {MAX_RUNGS} policy names of the game, weakest first"
    if not isinstance(rungs, list):
        raise ScenarioError("ladder", f"got {rungs!r}; allowed: a list of {allowed}, e.g. [greedy, search:64]")
    if not MIN_RUNGS <= len(rungs) <= MAX_RUNGS:
        raise ScenarioError("ladder", f"got {len(rungs)} rung{'s' if len(rungs) != 1 else ''}; allowed: {allowed}")
    seated = "a ladder seats each rung's policy in every seat; leave policies out (or the ladder)"
    if "policies" in data:
        raise ScenarioError("policies", seated)
    for name, block in sc.mapping(data.get("variants"), "variants").items():
        if isinstance(block, dict) and "policies" in block:
            raise ScenarioError(f"variants.{name}.policies", seated)
    lo, _ = full.hook("players")(None)
    labels: list[str] = []
    for k, rung in enumerate(rungs):
        if not isinstance(rung, str):
            raise ScenarioError(f"ladder[{k}]", f"got {rung!r}; allowed: one policy name of the game (every seat "
                                                "plays it)")
        label = full.hook("parse_policies")(rung, f"ladder[{k}]", lo)[0].label
        if label in labels:
            raise ScenarioError(f"ladder[{k}]", f"{label} is rung {labels.index(label)} already; allowed: {allowed}, "
                                                "each once")
        labels.append(label)
    parsed = [_parse(full, {**data, "policies": rung}, game) for rung in rungs]
    chunk = min(spec.chunk for spec, _ in parsed)
    specs = tuple(replace(spec, chunk=chunk) for spec, _ in parsed)
    return Ladder(tuple(labels), specs, tuple(configs for _, configs in parsed)), parsed[0][1]


def _check_keys(full: FullGames, block: dict, field: str) -> None:
    own = COMMON_KEYS | full.variant_keys
    for key in block:
        if key not in own and key not in full.rule_keys:
            raise ScenarioError(f"{field}.{key}", f"unknown key; allowed: {', '.join(sorted(own))}, "
                                                  f"or a rule: {', '.join(sorted(full.rule_keys))}"
                                                  f"{did_you_mean(key, own | full.rule_keys)}")


def _rules(full: FullGames, merged: dict, block: dict, field: str):
    """The variant's rules; an error names the variant's field where the variant set it, else `rules`."""
    try:
        return full.hook("parse_rules")(merged)
    except ScenarioError as exc:
        key = exc.field.split(".", 1)[1] if "." in exc.field else exc.field
        root = key.split(".")[0].split("[")[0]
        where = field if root in block else "rules"
        raise ScenarioError(f"{where}.{key}", exc.problem) from None


def _policies(full: FullGames, data: dict, block: dict, field: str, name: str, players: int, base_players: int):
    parse = full.hook("parse_policies")
    if "policies" in block:
        return parse(block["policies"], f"{field}.policies", players)
    try:
        return parse(data.get("policies", full.default_policy), "policies", players)
    except ScenarioError as exc:
        if players == base_players:
            raise
        raise ScenarioError(f"{field}.policies", f"{name} seats {players} players; give it one policy per seat "
                                                 f"(the top-level policies: {exc.problem})") from None
