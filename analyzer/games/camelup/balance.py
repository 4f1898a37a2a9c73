"""Balance tests and reports for Camel Up: the scenario format, and the glue to `core.balance`.

A balance scenario plays whole games from the set-up under one or more rule sets:

    game: camelup
    title: Does the first player have an edge?
    description: ...                        # the question, in words; opens the report
    rules: {edition: first}                 # the base rule set (house rules welcome)
    players: 4
    policies: [greedy, greedy, heuristic, random]   # one per seat (seat 0 moves first), or one for all
    seating: fixed                          # fixed | rotate | permute (policies change seats from game to game)
    variants:                               # rule sets to compare; the first is the baseline
      base: {}
      rich_seat_0: {starting_money_by_seat: [13, 3, 3, 3]}
      flat_ladder: {overall_payouts: [5, 5, 5, 5, 5]}
    analysis: {rollouts: 20000, seed: 7}    # rollouts = games per rule set

A variant may set any rule field (`leg_tiles`, `overall_payouts`, `starting_money`,
`desert_tile_pays`, `pyramid_tile_pays`, `track_length`, `money_floor`, ...), `edition`,
`players`, `policies`, `starting_money_by_seat` and `opening` (seat 0's first action,
forced: one of policies.OPENINGS).
"""
from __future__ import annotations

from dataclasses import fields

import pandas as pd

from analyzer.core.errors import ScenarioError
from analyzer.games.camelup.game import KINDS, SEATINGS, GameConfig, check_rules, play

VARIANT_KEYS = {"players", "policies", "starting_money_by_seat", "opening"}  # besides the rule fields
DEFAULT_POLICY = "greedy"


def _rules_block(value, field: str) -> dict:
    from analyzer.core import scenario as sc

    return dict(sc.mapping(value, field))


def parse_variant(name: str, block: dict, base: dict, field: str) -> GameConfig:
    """One rule set and table: `base` (the scenario's top level) overridden by `block`."""
    from analyzer.core import scenario as sc
    from analyzer.games.camelup import policies as pol
    from analyzer.games.camelup.rules import HOUSE_RULE_FIELDS
    from analyzer.games.camelup.state import parse_rules

    rule_keys = set(HOUSE_RULE_FIELDS) | {"edition", "supercup"}
    block = sc.mapping(block, field)
    for key in block:
        if key not in rule_keys | VARIANT_KEYS:
            raise ScenarioError(f"{field}.{key}", f"unknown key; allowed: {', '.join(sorted(VARIANT_KEYS))}, "
                                                  f"or a rule: edition, {', '.join(sorted(HOUSE_RULE_FIELDS))}")
    rules_block = {**base["rules"], **{k: v for k, v in block.items() if k in rule_keys}}
    try:
        rules = parse_rules(rules_block)
    except ScenarioError as exc:  # name the field where the scenario wrote it
        key = exc.field.split(".", 1)[1] if "." in exc.field else exc.field
        root = key.split(".")[0].split("[")[0]
        where = field if root in block else "rules"
        raise ScenarioError(f"{where}.{key}", exc.problem) from None
    own_players = "players" in block
    players = sc.integer(block["players"], f"{field}.players", 2, rules.max_players) if own_players \
        else sc.integer(base["players"], "players", 2, rules.max_players)
    check_rules(rules, field if set(block) & rule_keys else "rules", players)
    if "policies" in block:
        specs = _policies(block["policies"], f"{field}.policies", players)
    else:
        specs = base["policies"]
        if len(specs) != players:
            if len(set(specs)) == 1:
                specs = (specs[0],) * players
            else:
                raise ScenarioError(f"{field}.policies", f"{name} seats {players} players; give one policy per seat")
    money = None
    if block.get("starting_money_by_seat") is not None:
        values = sc.sequence(block["starting_money_by_seat"], f"{field}.starting_money_by_seat")
        if len(values) != players:
            raise ScenarioError(f"{field}.starting_money_by_seat", f"needs one amount per seat ({players}), "
                                                                    f"got {len(values)}")
        money = tuple(sc.integer(v, f"{field}.starting_money_by_seat[{i}]", 0, 1000) for i, v in enumerate(values))
    opening = None
    if block.get("opening") is not None:
        opening = sc.choice(block["opening"], f"{field}.opening", pol.OPENINGS)
    return GameConfig(rules, players, specs, base["seating"], money, opening)


def _policies(value, field: str, players: int) -> tuple:
    from analyzer.core import scenario as sc
    from analyzer.games.camelup import policies as pol

    if isinstance(value, (str, dict)):
        return (pol.parse_spec(value, field),) * players
    values = sc.sequence(value, field)
    if len(values) != players:
        raise ScenarioError(field, f"needs one policy per seat ({players}), got {len(values)}; or one name for all")
    return tuple(pol.parse_spec(v, f"{field}[{i}]") for i, v in enumerate(values))


def parse_balance(data: dict):
    """A balance scenario -> (core.balance.BalanceSpec, {name: GameConfig}).

    Top level: `rules` (the base rule set), `players`, `policies` (one per seat, or one for
    all), `seating` (fixed | rotate | permute) and `variants` (name -> overrides: any rule field,
    `edition`, `players`, `policies`, `starting_money_by_seat`, `opening`).  The first
    variant is the baseline the others are compared with; without `variants`, the top level
    is the one rule set, named `base`."""
    from analyzer.core import scenario as sc
    from analyzer.core.balance import BalanceSpec, Variant

    if data.get("position") is not None:
        raise ScenarioError("position", "a balance scenario plays whole games from the set-up; leave position out")
    players = sc.integer(data.get("players", 4), "players", 2, 10)
    base = {"rules": _rules_block(data.get("rules"), "rules"), "players": players,
            "seating": sc.choice(data.get("seating", "fixed"), "seating", SEATINGS)}
    base["policies"] = _policies(data.get("policies", DEFAULT_POLICY), "policies", players)
    raw = sc.mapping(data.get("variants"), "variants")
    if not raw:
        raw = {"base": {}}
    if len(raw) > 16:
        raise ScenarioError("variants", f"at most 16 rule sets, got {len(raw)}")
    configs = {}
    for name, block in raw.items():
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise ScenarioError(f"variants.{name}", "a rule set's name is a word of 1 to 40 characters")
        configs[name] = parse_variant(name, block or {}, base, f"variants.{name}")
    variants = tuple(Variant(name, c.players, c, tuple(s.label for s in c.policies), tuple(s.label for s in c.policies),
                             c.seating != "fixed") for name, c in configs.items())
    chunk = min(c.chunk for c in configs.values())
    spec = BalanceSpec("camelup", play, variants, chunk=chunk, action_kinds=KINDS, lengths=("turns", "legs"),
                       money_name="coins")
    return spec, configs


# -- results and reports -------------------------------------------------------------------------------

RULE_NOTES = [
    "rules: Camel Up first edition as in camelup.md §1; camels past the finish line rank by how far past they are, "
    "then by height (unverified, what every engine does)",
    "money floor: money never goes below `money_floor` (0 by default; unverified for the first edition); leg "
    "scoring and the final scoring are each applied as one net change per player, then floored",
    "set-up: each camel on the space its die shows, stacked in a uniformly random order; seat 0 moves first and "
    "turns pass on across legs",
]
SECOND_EDITION_NOTES = [
    "second edition (camelup.md §3) without partnerships (a table of 6 or more is refused unless "
    "`partnerships: false`): crazy camels white and black run backwards, moved by the grey die with its override "
    "rules; a crazy camel crossing the line backwards ends the race too, and the racing camels it carries rank "
    "last; crazy camels are never ranked or backed; `desert` in the action tables is the spectator tile",
    "second-edition set-up: the racing camels as in the first edition, then the grey die once per crazy camel "
    "(1: space 16, 2: 15, 3: 14) in a uniformly random order, the second on top if they share",
    "common random numbers across editions: from one seed both editions get the same racing set-up and the same "
    "racing dice in the same order and faces; the grey die's place among them and its face come from a stream of "
    "their own.  A second-edition leg rolls 5 of its 6 dice, so the grey die takes the place of one racing die",
]


def rule_notes(configs: dict[str, GameConfig]) -> list[str]:
    """RULE_NOTES, and the second edition's when a rule set plays it."""
    return RULE_NOTES + (SECOND_EDITION_NOTES if any(c.rules.crazy_camels for c in configs.values()) else [])
OPENING_NOTES = {
    "pyramid": "take a pyramid tile",
    "leg-bet-leader": "take the leading camel's top leg tile",
    "leg-bet-second": "take the second camel's top leg tile",
    "desert-oasis": "lay the desert tile, oasis side, where landings are likeliest",
    "desert-mirage": "lay the desert tile, mirage side, where landings are likeliest",
    "race-winner-leader": "back the leading camel to win the race",
    "race-loser-last": "back the last camel to lose the race",
}


def _value(v) -> str:
    if isinstance(v, tuple):
        return "[" + ", ".join(map(str, v)) + "]"
    return "none" if v is None else str(v)


def rule_set_table(configs: dict[str, GameConfig]) -> pd.DataFrame:
    """The rule sets side by side: table, policies, and every rule any of them changes."""
    from analyzer.games.camelup.rules import RuleSet

    first = RuleSet()
    rows: dict[str, dict[str, str]] = {}

    def put(what, name, value):
        rows.setdefault(what, {})[name] = value

    for name, c in configs.items():
        put("edition", name, c.rules.edition)
        put("players", name, str(c.players))
        put("policies (seat 0 first)", name, ", ".join(s.label for s in c.policies))
        put("seating", name, c.seating)
        put("starting money", name, _value(c.money_at_start))
        put("opening (seat 0's first action)", name, c.opening or "its policy's choice")
    changed = [f.name for f in fields(first) if f.name not in ("edition", "starting_money", "max_players")
               and any(getattr(c.rules, f.name) != getattr(first, f.name) for c in configs.values())]
    for field in ["leg_tiles", "overall_payouts", "desert_tile_pays", "pyramid_tile_pays", "money_floor",
                  "track_length"] + [f for f in changed if f not in ("leg_tiles", "overall_payouts",
                                                                     "desert_tile_pays", "pyramid_tile_pays",
                                                                     "money_floor", "track_length")]:
        for name, c in configs.items():
            put(field, name, _value(getattr(c.rules, field)))
    table = pd.DataFrame(rows).T[list(configs)]
    table.index.name = "rule"
    return table


def split_rule_table(table: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(the rows where the rule sets differ, the rows common to all as one `value` column)."""
    same = table.nunique(axis=1) == 1
    common = table[same].iloc[:, :1].rename(columns={table.columns[0]: "value"})
    return table[~same], common


def policy_table(configs: dict[str, GameConfig]) -> pd.DataFrame:
    from analyzer.games.camelup import policies as pol

    seen = {}
    for c in configs.values():
        for spec in c.policies:
            seen.setdefault(spec.label, pol.describe(spec))
    table = pd.DataFrame({"policy": list(seen), "what it does": list(seen.values())}).set_index("policy")
    return table


def balance(data: dict, settings) -> "object":
    """`analyzer balance`: full games under every rule set of the scenario, compared seat by seat."""
    from analyzer.core import balance as core

    spec, configs = parse_balance(data)
    result = core.balance(spec, settings, title=data.get("title") or "Camel Up: balance of the rule sets")
    result.notes += rule_notes(configs) + [f"policies: {label}: {text}" for label, text in
                                  policy_table(configs)["what it does"].items()]
    result.payload["rule_sets_detail"] = rule_set_table(configs).to_dict()
    return result


def report(data: dict, settings, reproduce: str = ""):
    """`analyzer report`: the balance result as a `core.report.Report`."""
    from analyzer.core import balance as core

    spec, configs = parse_balance(data)
    settings = settings.with_seed()
    title = data.get("title") or "Camel Up: balance of the rule sets"
    result = core.balance(spec, settings, title=title)
    openings = sorted({c.opening for c in configs.values() if c.opening})
    differ, common = split_rule_table(rule_set_table(configs))
    setup = []
    if len(differ):
        setup.append((f"What differs between the rule sets (`{spec.base.name}` is the baseline)", differ))
    setup += [("Common to every rule set" if len(configs) > 1 else "The rule set", common),
              ("The player models", policy_table(configs))]
    if openings:
        setup.append(("Openings", "; ".join(f"`{o}`: {OPENING_NOTES[o]}" for o in openings) + "."))
    setup.append(("", f"{settings.rollouts:,} games per rule set, root seed {settings.seed}; the dice of game j are "
                      "the same under every rule set (common random numbers)."))
    method = rule_notes(configs) + [
        "greedy estimates from a fixed rollout budget per decision (see the player models); "
        "its choices are not exact",
        "the numbers describe these player models at this table, not human play",
    ]
    return core.report(spec, result, title=title, question=str(data.get("description") or ""), setup=setup,
                       method=method, reproduce=reproduce)
