"""Camel Up's hooks for core's balance runner: `analyzer balance` and `analyzer report` on Camel Up.

The scenario format is core's (`core/balance/variants.py`).  Besides any rule field (`leg_tiles`,
`overall_payouts`, `starting_money`, `desert_tile_pays`, `pyramid_tile_pays`, `track_length`,
`money_floor`, ..., `edition`, `supercup` (a list of modules), `boost_faces`), a Camel Up variant may set
`starting_money_by_seat` and `opening` (seat 0's first action, forced: one of policies.OPENINGS).
"""
from __future__ import annotations

from dataclasses import fields

import pandas as pd

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.core.game import FullGames
from analyzer.games.camelup import policies as pol
from analyzer.games.camelup.game import KINDS, SEATINGS, GameConfig, check_rules
from analyzer.games.camelup.rules import HOUSE_RULE_FIELDS, RuleSet

MAX_TABLE = 10  # the most seats any Camel Up rule set has (Supercup)


def players(rules: RuleSet | None) -> tuple[int, int]:
    return (2, MAX_TABLE if rules is None else rules.max_players)


def make_config(rules: RuleSet, players: int, policies: tuple, seating: str, block: dict, field: str) -> GameConfig:
    check_rules(rules, field if set(block) & FULL_GAMES.rule_keys else "rules", players)
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
    return GameConfig(rules, players, policies, seating, money, opening)


RULE_NOTES = [
    "rules: Camel Up first edition as in camelup.md §1; camels past the finish line rank by how far past they are, "
    "then by height (unverified, what every engine does)",
    "money floor: money never goes below `money_floor` (0 by default; unverified for the first edition); leg "
    "scoring and the final scoring are each applied as one net change per player, then floored",
    "set-up: each camel on the space its die shows, stacked in a uniformly random order; seat 0 moves first and "
    "turns pass on across legs",
]
SECOND_EDITION_NOTES = [
    "second edition (camelup.md §3): crazy camels white and black run backwards, moved by the grey die with its "
    "override rules; a crazy camel crossing the line backwards ends the race too, and the racing camels it carries "
    "rank last; crazy camels are never ranked or backed; `desert` in the action tables is the spectator tile; at "
    "6 or more players partnerships are played (as Supercup module 4, below)",
    "second-edition set-up: the racing camels as in the first edition, then the grey die once per crazy camel "
    "(1: space 16, 2: 15, 3: 14) in a uniformly random order, the second on top if they share",
    "common random numbers across editions: from one seed both editions get the same racing set-up and the same "
    "racing dice in the same order and faces; the grey die's place among them and its face come from a stream of "
    "their own.  A second-edition leg rolls 5 of its 6 dice, so the grey die takes the place of one racing die",
]


SUPERCUP_NOTES = [
    "Supercup modules (camelup.md §2, the Czech rulebook): `long_track` 20 spaces, 6 pyramid tiles, leg tiles "
    "5/3/2/2; `boost_dice` at every leg's start (the first included) the pit empties and the boost die of the "
    "camel then last goes into the pyramid, a rolled boost die goes to the pit, the leg ends when the pyramid is "
    "empty; a pyramid tile for every die rolled (boost dice without `long_track`: as if a sixth tile were there, as "
    "`ev` and the table session count them)",
    "`boost_action`: after its action a player holding a pyramid tile may hand it back and throw a podium boost die "
    "in (not the leader's; not after the action that ended the leg); `random` follows up uniformly over none and "
    "every legal die, `greedy` when its estimated leg coins rise by more than the tile; the action tables count a "
    "follow-up as an action of its own, so with boost dice a seat's shares are of its actions, not its turns",
    "`photographer`: take the photographer (or, holding it, move the camera) onto an empty space 1..track_length "
    "(no camel, no desert tile); the first unit to end a move there pays the holder 1 coin per camel and the camera "
    "returns; it returns at every leg end; no desert tile on the camera's space",
    "`placement_bets`: a free placement tile (2nd..5th) on a leg tile held (the lowest-valued uncovered one of that "
    "colour) or on the bottom tile of a colour's stack, taken at once; +3 if the camel ends the leg in exactly that "
    "place, else -1, instead of the leg tile's pay",
    "`partnerships` (6+ players; at smaller tables the module is not played): swap cards with a player not yet "
    "partnered this leg; at leg scoring each partner adds the best single tile the other earned (leg tile, "
    "placement-covered tile, pyramid tile), or nothing",
    "common random numbers across modules: from one seed every rule set gets the same set-up and the same base "
    "dice in the same order and faces; the boost dice (which die comes out at each roll while some are in, and "
    "their faces) come from a stream of their own, shared by every rule set with boost dice",
]


def boost_faces_caveat(configs: dict[str, GameConfig]) -> list[str]:
    faces = sorted({c.rules.boost_faces for c in configs.values() if c.rules.boost_dice})
    if not faces:
        return []
    shown = " and ".join("[" + ", ".join(map(str, f)) + "]" for f in faces)
    return [f"**`boost_faces` is unverified**: the Supercup rulebook's text lost the two numbers printed on the boost "
            f"dice (each on three faces; grey digits, so both within 1-3); the default [1, 2] is a guess, and these "
            f"games roll {shown}.  Every figure of a rule set with boost dice depends on it: "
            "`scenarios/camelup/balance-supercup-boost-faces.yaml` measures how much"]


def notes(configs: dict[str, GameConfig]) -> list[str]:
    """RULE_NOTES, and the second edition's and the Supercup's when a rule set plays them."""
    out = RULE_NOTES + (SECOND_EDITION_NOTES if any(c.rules.crazy_camels for c in configs.values()) else [])
    if any(c.rules.supercup for c in configs.values()):
        out = out + SUPERCUP_NOTES
    return out + boost_faces_caveat(configs)
OPENING_NOTES = {
    "pyramid": "take a pyramid tile",
    "leg-bet-leader": "take the leading camel's top leg tile",
    "leg-bet-second": "take the second camel's top leg tile",
    "desert-oasis": "lay the desert tile, oasis side, where landings are likeliest",
    "desert-mirage": "lay the desert tile, mirage side, where landings are likeliest",
    "race-winner-leader": "back the leading camel to win the race",
    "race-loser-last": "back the last camel to lose the race",
}


def report_notes(configs: dict[str, GameConfig]) -> list[str]:
    return ["greedy estimates from a fixed rollout budget per decision (see the player models); its choices are "
            "not exact", "the numbers describe these player models at this table, not human play"]


def openings(configs: dict[str, GameConfig]) -> list:
    used = sorted({c.opening for c in configs.values() if c.opening})
    return [("Openings", "; ".join(f"`{o}`: {OPENING_NOTES[o]}" for o in used) + ".")] if used else []


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


FULL_GAMES = FullGames(
    play="analyzer.games.camelup.play:play", parse_rules="analyzer.games.camelup.state:parse_rules",
    parse_policies=pol.parse_seats, make_config=make_config, players=players,
    games_per_chunk="analyzer.games.camelup.play:games_per_chunk", rule_table=rule_set_table, notes=notes,
    report_notes=report_notes, setup=openings, rule_keys=frozenset(HOUSE_RULE_FIELDS) | {"edition", "supercup"},
    variant_keys=frozenset({"starting_money_by_seat", "opening"}), seatings=SEATINGS, action_kinds=KINDS,
    lengths=("turns", "legs"), money_name="coins", default_policy="greedy",
)
