"""San Marco player models for whole games (spec §9).  The engine (`game.py`) plays them inside its
kernel; this module names them, describes them and reads them from a scenario.

- `random`: a uniformly random split (every partition of the cards into non-empty piles equally
  likely), pick, play order and legal option of each card (skipping included where allowed).
- `greedy`: values a position by prestige + S_p (S_p the static value of §9: what it would get if
  every district were scored now).  A pile is worth what its action cards gain played in a cheap
  order (bridges, district cards, transfers, banishments, Doges), each card the option with the best
  immediate change (a banishment at its six-face expectation), less `lambda` per limit point and
  `elim_penalty` when the pile takes it to 10 or more outside the extra round.  As chooser it takes
  the best pile (ties uniform); as divider it tries every split and keeps the one whose pile left to
  it is worth most when the receivers choose greedily (on the state at the split); in play it uses
  each card's best option, skipping a card whose best option loses (where skipping is allowed).
- `fair_split`: `greedy`, except as divider: cut-and-choose, the split whose worse pile is best for it.
- `softmax`: `greedy`, except as chooser: pile i with probability proportional to exp(beta x value_i).
- `search` (`search:N`, `search:N:BASE`): core's search player (`core/search.py`) over this engine's forward model
  (`model.py`): each decision it owns (D1's role lots under `roles: chosen`, the divider's split, the receiver's
  pick, which card of its pile next and each card's option, the passage-end banishment), each option scored by
  about N playouts (default 64) from the same resampled decks and unseen draws, every seat playing BASE (default
  greedy) to the round's end, two from search:64 on (`search:N:BASE:dK`: K rounds, default SEARCH_DEPTH, `:d0` to
  the game's end), then
  the evaluation (model.evaluate: a softmax of each seat's estimated prestige at the end); the reward is the
  share of the win.  More than 64 splits or options: the 64 best for greedy.

`rollout` (flat Monte Carlo over greedy continuations) answers the at-the-table questions
(`play.rollout`); it is not a seat policy of full games.
"""
from __future__ import annotations

from dataclasses import dataclass

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.core.policies import parse_with_params

KINDS = ("random", "greedy", "fair_split", "softmax")
DEFAULTS = {"lam": 1.0, "elim_penalty": 4.0, "beta": 1.0}


@dataclass(frozen=True)
class Policy:
    kind: str = "greedy"
    lam: float = 1.0  # prestige per limit point
    elim_penalty: float = 4.0  # when a pile takes it to >= 10 outside the extra round (illustrative)
    beta: float = 1.0  # softmax chooser

    @property
    def label(self) -> str:
        extra = []
        if self.kind != "random":
            if self.lam != DEFAULTS["lam"]:
                extra.append(f"lambda={self.lam:g}")
            if self.elim_penalty != DEFAULTS["elim_penalty"]:
                extra.append(f"elim={self.elim_penalty:g}")
        if self.kind == "softmax":
            extra.append(f"beta={self.beta:g}")
        return self.kind + (f"({', '.join(extra)})" if extra else "")

    def describe(self) -> str:
        cost = f"lambda {self.lam:g} prestige per limit point, elimination penalty {self.elim_penalty:g}"
        if self.kind == "random":
            return "uniformly random split, pick, play order and legal option of each card"
        base = ("static value (prestige + what every district would score now), piles played in a cheap order "
                f"(bridges, districts, transfers, banishments, Doges), each card its best immediate option; {cost}")
        if self.kind == "greedy":
            return f"greedy: {base}; divides for the pile a greedy chooser leaves him, takes the best pile"
        if self.kind == "fair_split":
            return f"fair_split (cut-and-choose): divides so that the worse pile for him is best; else greedy ({base})"
        return (f"softmax(beta={self.beta:g}): picks pile i with probability ~ exp(beta x value_i); else greedy "
                f"({base})")


# the search's playouts (model.MODEL's depth too): to the end of the round (a round of the model: every pile of
# the round's splits played), then the evaluation (model.evaluate); two rounds from search:64 on, where one round
# gave the bigger budget nothing (seed 9: search:64:d1 against three search:16 18.0%, search:64:d2 53.1%,
# 36.4-69.1, 32 games), at some ten times the time (a second round costs every divider's greedy split again:
# one search:64 seat against greedy 0.61 games/s on 2 cores, d1 6.7; docs/games/san_marco-search.md); `:d0` to
# the end
SEARCH_DEPTH = {1: 1, 64: 2}


def parse_policy(value, field: str) -> Policy:
    """A policy: a name (`greedy`, `search`, `search:N`, `search:N:BASE`, `search:N[:BASE]:dK`) or a mapping
    {kind, lambda, elim_penalty, beta}."""
    return parse_with_params(value, field, KINDS, parse_policy, Policy, ("lambda", "elim_penalty", "beta"), read_block,
                             depths=SEARCH_DEPTH)


def read_block(kind: str, block: dict, field: str) -> Policy:
    """A policy of `kind` with the parameters a scenario's mapping gives (defaults for the rest)."""
    out = {}
    for key, name, hi in (("lambda", "lam", 20), ("elim_penalty", "elim_penalty", 100), ("beta", "beta", 100)):
        if key in block:
            v = block[key]
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= hi:
                raise ScenarioError(f"{field}.{key}", f"a number from 0 to {hi}")
            out[name] = float(v)
    return Policy(kind, **out)


def parse_policies(value, field: str, players: int) -> tuple[Policy, ...]:
    """One policy for every seat (a single one is seated everywhere), seat 0 first."""
    return sc.per_seat(value, field, players, parse_policy, "greedy")
