"""Camel Up: the first edition, the four Supercup modules and the second edition.

One package plays all three rule sets (`rules.py` holds them as data; a scenario picks one with
`rules: {edition: first|second, supercup: [...]}`): exact leg odds and the exact EV of every leg
action (`exact.py`, `exact_ev.py`), exact race odds where every leg moves every camel forward
(`race_exact.py`; by batched rollouts, `sim.py`, in the second edition),
whole games for balance tests (`game.py` the engine, `play.py` the play loop, `policies.py` the
player models; both editions and every Supercup module), and a quick-entry sub-app for the table.
"""
from analyzer.core.game import GameSpec, Question

# Races on the compiled kernel: one process up to 4,194,304 races (measured on 2 cores, second-edition races in a
# fresh process, workers started in the run: 1 worker 2.83 s against 2.69 s for two at that size, 1.53 against 1.99 s
# at half of it; each worker loads numba, about 0.7 s more than a plain worker)
RACE_SERIAL_MAX = 4_194_304

ODDS_HELP = """Each camel's exact leg-rank probabilities, and race win/lose odds: exact in the first edition (Supercup
modules included); Monte Carlo with 95% CI in the second edition, or with `rules.race_method: monte_carlo`.

JSON: {"leg": {camel: [p_rank1, ...]}, "race_win": {camel: p}, "race_lose": {camel: p}, "rollouts": n, "seed": s}."""

EV_HELP = """EV is the change the action makes to the player's expected coins by the end of the leg
(overall cards: the race), against no action, with nobody else acting. Every leg action is exact: leg bets,
desert/spectator tiles (landings plus the effect on the leg tiles the player holds), the pyramid tile, and with
Supercup the photographer, placement bets, partnerships and the boost action. Overall cards are Monte Carlo with a
95% CI; cards already on a pile are taken to back the same camel, so a correct card pays the next rung of
8, 5, 3, 2, 1 (a lower bound). Supercup boost dice roll `rules.boost_faces` (default [1, 2]: unverified, the
printed numbers were lost); every table names the value used.

Money floor (`rules.money_floor`, default 0: verified for the second edition; the first edition's rulebook does
not settle it, and `money_floor: null` lifts it): each player's leg scoring is one net change (leg tiles, pyramid
tiles, placement and partnership payouts), the desert/spectator and camera coins earned during the leg counting
toward the money it is floored against; so a tile's -1 that the player could not pay costs nothing. An overall
card's -1 is floored against the money the player holds now (later legs are not modelled).

JSON: {"actions": [{"action": "leg-bet blue 5", "ev": x, "ci95": h or null, "ci_low": l or null, "ci_high": u or
null, "exact": true|false}, ...]}: an estimate's 95% interval is [ci_low, ci_high] (not centred on ev)."""

GAME = GameSpec.declare(
    __name__, "Camel Up", 5, (2, 10),
    summary="first edition, Supercup modules 1-4, second edition: exact leg odds, race odds, the EV of every action",
    questions={
        "odds": Question("analysis:odds",
                         "exact leg-rank odds of every camel; race win/lose odds", ODDS_HELP, serial_max=RACE_SERIAL_MAX),
        "ev": Question("analysis:ev",
                       "expected coins of every action for the player to move, best first", EV_HELP,
                       serial_max=RACE_SERIAL_MAX),
    },
    full_games="balance:FULL_GAMES", reference_check="reference_game:engine_agrees", quick_entry="quick_entry:app",
    draw="draw:draw",
)
