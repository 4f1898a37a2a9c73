"""Balance runs for Magellan: the scenario format, and the glue to `core.balance`.

A balance scenario plays whole games from the set-up under one or more rule sets:

    game: magellan
    title: Side A against side B
    description: ...                        # the question, in words; opens the report
    rules: {side: A}                        # the base rule set (rules: as in any Magellan scenario)
    players: 4
    policies: value                         # one for every seat, or a list (seat 0 opens the first auction)
    seating: fixed                          # fixed | rotate (game i seats policy (s + i) mod players at seat s)
    variants:                               # rule sets to compare; the first is the baseline
      side A: {}
      side B, Pizarro crowns: {side: B, pizarro_scores: crowns}
      side B, Pizarro gold: {side: B, pizarro_scores: gold}
    analysis: {rollouts: 20000, seed: 7}    # rollouts = games per rule set

A variant may set any rule (`side`, `sides`, `board`, `pizarro_scores`, `card_crowns`,
`phase_end_draws`, ...), `players` and `policies`.  Scores are crowns; a game's length is
counted in bids (raises) and in cards nobody bought.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan import sim
from analyzer.games.magellan.rules import EXPLORERS, SETTINGS, RuleSet
from analyzer.games.magellan.state import parse_policies, parse_rules

SEATINGS = ("fixed", "rotate")
KINDS = ("bids", "cards won", "vetoes")
LENGTHS = ("bids", "unsold")
RULE_KEYS = {"side", "sides", "board", *SETTINGS}
VARIANT_KEYS = {"players", "policies"}
CHUNK = 8192  # games per chunk: one batch of the engine
MAX_VARIANTS = 16


@dataclass(frozen=True)
class GameConfig:
    rules: RuleSet
    players: int
    policies: tuple[pol.Policy, ...]
    seating: str = "fixed"


def play(config: GameConfig, n: int, rng: np.random.Generator) -> dict:
    """n games from the set-up, per game (the `core.balance` contract)."""
    P = config.players
    if config.seating == "fixed":
        games = sim.full_games(config.rules, list(config.policies), n, rng)
        seat_policy = np.broadcast_to(np.arange(P), (n, P))
    else:  # game i seats policy (s + i) mod P at seat s: one batch per rotation
        games = {}
        seat_policy = (np.arange(P)[None, :] + np.arange(n)[:, None]) % P
        for r in range(min(P, n)):
            rows = np.arange(r, n, P)
            seated = [config.policies[(s + r) % P] for s in range(P)]
            part = sim.full_games(config.rules, seated, len(rows), rng)
            for key, value in part.items():
                games.setdefault(key, np.zeros((n,) + value.shape[1:], dtype=value.dtype))[rows] = value
    actions = np.stack([games["bids"].sum(0), games["won"].sum(0), games["vetoes"].sum(0)], axis=1)
    return {"money": games["score"], "credit": games["share"], "bids": games["bids"].sum(1),
            "unsold": games["unsold"], "actions": actions, "policy": np.ascontiguousarray(seat_policy)}


def parse_balance(data: dict):
    """A balance scenario -> (core.balance.BalanceSpec, {name: GameConfig})."""
    from analyzer.core.balance import BalanceSpec, Variant

    if data.get("position") is not None:
        raise ScenarioError("position", "a balance scenario plays whole games from the set-up; leave position out")
    base_rules = dict(sc.mapping(data.get("rules"), "rules", RULE_KEYS))
    base_players = sc.integer(data.get("players", 4), "players", 3, 6)
    seating = sc.choice(data.get("seating", "fixed"), "seating", SEATINGS)
    raw = sc.mapping(data.get("variants"), "variants") or {"base": {}}
    if len(raw) > MAX_VARIANTS:
        raise ScenarioError("variants", f"at most {MAX_VARIANTS} rule sets, got {len(raw)}")
    configs = {}
    for name, block in raw.items():
        field = f"variants.{name}"
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise ScenarioError(field, "a rule set's name is a word of 1 to 40 characters")
        block = sc.mapping(block, field, RULE_KEYS | VARIANT_KEYS)
        try:
            rules = parse_rules({**base_rules, **{k: v for k, v in block.items() if k in RULE_KEYS}})
        except ScenarioError as exc:  # name the field where the scenario wrote it
            key = exc.field.split(".", 1)[1] if "." in exc.field else exc.field
            where = field if key.split(".")[0] in block else "rules"
            raise ScenarioError(f"{where}.{key}", exc.problem) from None
        players = base_players
        if "players" in block:
            players = sc.integer(block["players"], f"{field}.players", rules.min_players, rules.max_players)
        where = f"{field}.policies" if "policies" in block else "policies"
        policies = parse_policies(block.get("policies", data.get("policies")), where, players)
        configs[name] = GameConfig(rules, players, policies, seating)
    variants = tuple(Variant(name, c.players, c, tuple(q.name for q in c.policies), tuple(q.name for q in c.policies),
                             c.seating == "rotate") for name, c in configs.items())
    spec = BalanceSpec("magellan", play, variants, chunk=CHUNK, action_kinds=KINDS, lengths=LENGTHS,
                       money_name="crowns")
    return spec, configs


def notes(configs: dict[str, GameConfig]) -> list[str]:
    """What every balance output says: the board (illustrative or supplied) and the policies."""
    seen, out = {}, []
    for c in configs.values():
        for label in c.rules.labels():
            if label not in out:
                out.append(label)
        for q in c.policies:
            seen.setdefault(q.name, q.describe())
    out += [f"policies: {text}" for text in seen.values()]
    out.append("the numbers describe these player models on this board, not human play")
    return out


def illustrative(configs: dict[str, GameConfig]) -> bool:
    return any(c.rules.illustrative for c in configs.values())


def rule_set_table(configs: dict[str, GameConfig]) -> pd.DataFrame:
    """The rule sets side by side: table, policies, sides, Pizarro's reading and each explorer's row."""
    rows: dict[str, dict[str, str]] = {}
    for name, c in configs.items():
        r = c.rules
        col = {"players": str(c.players), "policies (seat 0 first)": ", ".join(q.name for q in c.policies),
               "seating": c.seating, "sides": "".join(r.sides), "Pizarro scores": r.pizarro_scores,
               "card crowns (1-9)": " ".join(map(str, r.card_crowns)),
               "draws after phases I/II/III": "/".join(map(str, r.phase_end_draws))}
        for e, explorer in enumerate(EXPLORERS):
            row = r.row(e)
            right = f", right {list(row.right_crowns)}" if row.right_crowns else ""
            col[explorer] = (f"crowns {list(row.crowns)}{right}, bags {list(row.bags)}, {row.power or 'no power'}"
                             + ("" if r.supplied[e] else " (illustrative)"))
        for what, value in col.items():
            rows.setdefault(what, {})[name] = value
    table = pd.DataFrame(rows).T[list(configs)]
    table.index.name = "rule"
    return table


def policy_table(configs: dict[str, GameConfig]) -> pd.DataFrame:
    seen = {}
    for c in configs.values():
        for q in c.policies:
            seen.setdefault(q.name, q.describe())
    return pd.DataFrame({"policy": list(seen), "what it does": list(seen.values())}).set_index("policy")


def _title(data: dict, configs) -> str:
    title = data.get("title") or "Magellan: balance of the rule sets"
    if illustrative(configs) and "illustrative" not in title.lower():
        title += " (illustrative board)"
    return title


def balance(data: dict, settings):
    """`analyzer balance`: whole games under every rule set of the scenario, compared seat by seat."""
    from analyzer.core import balance as core

    spec, configs = parse_balance(data)
    result = core.balance(spec, settings, title=_title(data, configs))
    result.notes += notes(configs)
    result.payload["illustrative"] = illustrative(configs)
    result.payload["rule_sets_detail"] = rule_set_table(configs).to_dict()
    return result


def report(data: dict, settings, reproduce: str = ""):
    """`analyzer report`: the balance result as a `core.report.Report`."""
    from analyzer.core import balance as core

    spec, configs = parse_balance(data)
    settings = settings.with_seed()
    title = _title(data, configs)
    result = core.balance(spec, settings, title=title)
    setup = [("The rule sets compared (the first is the baseline)", rule_set_table(configs)),
             ("The player models", policy_table(configs)),
             ("", f"{settings.rollouts:,} games per rule set, root seed {settings.seed}; every rule set plays from "
                  "the same seeds (common random numbers)")]
    return core.report(spec, result, title=title, question=str(data.get("description") or ""), setup=setup,
                       method=notes(configs), reproduce=reproduce)
