"""`analyzer balance` and `analyzer report`: full games under one or more rule sets, compared seat by seat;
`report` on a position scenario answers every question the position supports instead."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.cli import options as opt
from analyzer.core.runner import AUTO

BalancePath = Annotated[Path, typer.Argument(
    help="Balance scenario, YAML or JSON: a game's `scenarios/GAME/balance-*.yaml` (see `analyzer games`).",
    show_default=False)]
ReportPath = Annotated[Path, typer.Argument(
    help="A balance scenario (`scenarios/GAME/balance-*.yaml`), or a position scenario (one with `position:`, "
         "as `odds` and `ev` take).", show_default=False)]
ReportOut = Annotated[Optional[Path], typer.Option(
    "--out", "-o", dir_okay=False,
    help="The HTML file to write; NAME.md and the plots (NAME-plots/) go beside it "
         "[default: `reports/SCENARIO.html`, SCENARIO the scenario file's name].")]


def load(path: Path, command: str, run: opt.RunOptions):
    """The scenario, its game and the run settings; with --precision, --max-rollouts counts games per rule set."""
    from analyzer.core import registry, scenario

    data = scenario.load(path)
    game = registry.game(data["game"])
    full = game.full()
    from analyzer.cli.compiling import warm_full_games

    warm_full_games(game, progress=not run.no_progress)  # a first run says it is compiling, then the bar moves
    settings = run.settle(scenario.analysis_settings(data), default_rollouts=full.default_games,
                          identity=opt.game_identity(game, command, data, path.name),
                          default_jobs=AUTO)
    return game, data, settings


@opt.with_run_options(rollouts=opt.Games, jobs=opt.AllJobs)
def balance(scenario: BalancePath, fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, *,
            run: opt.RunOptions):
    """Play N full games from the set-up under each rule set of the scenario and compare them seat by seat.

    Reports, with 95% intervals: win rate per seat (Wilson; a win shared by k tied players counts 1/k), final
    money, game length, how often each kind of action is taken, and the first player's edge. Rule sets are
    played on the same dice (common random numbers); each is compared with the first, per game, so the
    difference and its interval show a house rule's own effect.

    A scenario with `ladder: [greedy, search:64]` (policy names of the game, weakest first, instead of
    `policies`) plays every rule set under each rung, every seat the rung's policy, on the same seeds: the
    `ladder` table sets the first player's edge, each seat's edge against the fair share and each seat's change
    against the baseline side by side, a column per rung, with a verdict (holds under every rung, appears only
    with stronger players, fades with stronger players, depends on the players); every other table gains a
    `rung` level, and N counts games per rule set and rung.

    With --precision H, games are added until every win rate and every paired win-rate difference (of every
    rung) has a 95% half-width of at most H (--max-rollouts then caps the games per rule set).

    JSON: {"games": n, "seed": s, "findings": [...], "win_rate": [...], "first_player": [...],
    "differences": [...], "money": [...], "length": [...], "actions": [...]}; with a ladder also "rungs" and
    "ladder": [{"rule set", "conclusion", "verdict", "rungs": [{"rung", "estimate", "lo95", "hi95"}]}].
    """
    from analyzer.core import balance as core

    game, data, settings = load(scenario, "balance", run)
    opt.emit(core.balance_scenario(game, data, settings), fmt, out, run)


TunePath = Annotated[Path, typer.Argument(
    help="Tune scenario: a balance scenario with a `tune:` block instead of `variants:` (e.g. "
         "`scenarios/GAME/tune-*.yaml`).", show_default=False)]


@opt.with_run_options(rollouts=opt.Games, jobs=opt.AllJobs, resumable=False)
def tune(scenario: TunePath, fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, *, run: opt.RunOptions):
    """Find the value of one rule setting that makes the game fairest.

    The scenario's `tune:` block names the setting (`setting: turn_cap`), its candidates (`values: [40, 50,
    60]`, `{from: 40, to: 60, step: 5}`, or per-seat lists) and the objective: `equal` (default: the smallest
    largest gap of a seat's win rate to the fair share), `{seat: 0, edge: 0}` (that seat's edge at zero) or
    `{seat: 0, target: 0.3}` (that seat's win rate at 0.3). Round by round every surviving candidate plays the
    same games (common random numbers) and the better half goes on, down to two: the games go where candidates
    are close. With `ladder: [greedy, search:64]` it tunes under each rung and says whether the best value is
    the same.

    Reports each candidate's objective with its 95% interval, its games and win rate per seat; the best value,
    the runner-up and whether the two are told apart; the games spent against playing every candidate equally.
    -n is the budget in games per rung [default: 4,096 per candidate].

    JSON: {"setting", "objective", "candidates", "rungs": [{"rung", "best", "runner_up", "objective",
    "runner_up_objective", "distinguishable", "games", "fixed_design_games"}], "table": [...]}.
    """
    from analyzer.core import scenario as sc
    from analyzer.core import tune as core

    data = sc.load(scenario)
    game, settings = _tune_settings(scenario, data, run)
    opt.emit(core.tune_scenario(game, data, settings), fmt, out, run)


def _tune_settings(scenario: Path, data: dict, run: opt.RunOptions):
    """The game and run settings of a tune scenario; a bad tune block fails before anything runs."""
    from analyzer.cli.compiling import warm_full_games
    from analyzer.core import registry, scenario as sc
    from analyzer.core import tune as core
    from analyzer.core.errors import AnalyzerError

    if run.precision is not None:
        raise AnalyzerError("--precision: tune spends a budget of games (-n) by halving; leave --precision out")
    if run.checkpoint is not None or run.resume is not None:
        raise AnalyzerError("--checkpoint/--resume: a tune run is rounds of halving; run it again with its seed")
    game = registry.game(data["game"])
    candidates = len(core.load(data, game.full())[0].values)
    warm_full_games(game, progress=not run.no_progress)
    return game, run.settle(sc.analysis_settings(data), default_rollouts=core.default_budget(candidates),
                            identity=opt.game_identity(game, "tune", data, scenario.name), default_jobs=AUTO)


def _tune_report(scenario: Path, data: dict, out: Path, run: opt.RunOptions):
    from analyzer.core import tune as core

    game, settings = _tune_settings(scenario, data, run)
    command = f"analyzer report {scenario} -n {settings.rollouts} --seed {settings.seed} -o {out}"
    return core.report(game, data, core.tune_scenario(game, data, settings), reproduce=command)


STRENGTH_GAMES = 400
PolicyOpt = Annotated[str, typer.Option(
    "--policy", "-p", help="The player measured: one of the game's policies (`analyzer games`), e.g. `search:64`.")]
AgainstOpt = Annotated[str, typer.Option(
    "--against", "-a", help="The player in every other seat, e.g. `greedy`.")]
PlayersOpt = Annotated[Optional[int], typer.Option(
    "--players", help="Table size [default: the scenario's].", show_default=False)]


@opt.with_run_options(rollouts=opt.Games, jobs=opt.AllJobs)
def strength(scenario: BalancePath, policy: PolicyOpt = "search", against: AgainstOpt = "greedy",
             players: PlayersOpt = None, fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, *,
             run: opt.RunOptions):
    """How much better one player model plays than another: N games of the scenario's first rule set with one
    seat --policy and every other seat --against, that seat rotated over every turn-order rank.

    Reports the player's win rate with its 95% interval against the fair share (1/players), its mean score
    margin over the best other seat, and games per second. A ladder climbs when each rung's whole interval is
    above the fair share, e.g. `analyzer strength scenarios/GAME/balance-X.yaml --policy search:16 --against
    greedy -n 200`. -n counts games [default: 400; the scenario's analysis.rollouts is for
    its balance runs and is not read here]; the same seed gives the same games for any --jobs.

    JSON: {"win_rate", "lo95", "hi95", "fair_share", "margin", "margin_ci95", "games", "games_per_second",
    "policy", "against", "players", "seed", "verdict"}.
    """
    from analyzer.core import registry, scenario as sc
    from analyzer.core.strength import strength as measure

    data = sc.load(scenario)
    game = registry.game(data["game"])
    game.full()
    block = {k: v for k, v in sc.analysis_settings(data).items() if k != "rollouts"}
    settings = run.settle(block, default_rollouts=STRENGTH_GAMES,
                          identity=opt.game_identity(game, "strength", {**data, "strength": [policy, against, players]},
                                                     scenario.name),
                          default_jobs=AUTO)
    opt.emit(measure(game, data, policy, against, players, settings), fmt, out, run)


@opt.with_run_options(rollouts=opt.Games, jobs=opt.AllJobs, tables=False)
def report(scenario: ReportPath, out: ReportOut = None, *, run: opt.RunOptions):
    """Run a scenario and write a self-contained HTML report and its Markdown twin.

    A balance scenario: what was asked (the scenario's `description`), the findings first, the rule sets and
    player models, n and the seed, the tables and plots; with a `ladder`, a section "Across player strength" (the
    ladder table and the win rate per seat under each rung). A position scenario (one with `position:`): the position
    drawn (the game's picture of it, else a table), every question the position supports answered (`odds`, `ev`
    and the game's own), its odds as charts, the moves ranked with their values and 95% intervals, the
    assumptions (the EV convention, policies, settings, illustrative data); -n then sets every question's
    rollouts (default: the scenario's `analysis.rollouts`, else each question's own), and one seed serves them
    all. Both end with the command that reproduces them.

    The HTML embeds its plots and fetches nothing, so it opens offline; the Markdown refers to the same plots as
    PNG files in `NAME-plots/`. The destination is checked before any work; if writing fails at the end anyway,
    the Markdown is printed instead, then the one-line error.
    """
    from analyzer.core import report as core_report
    from analyzer.core import runner, scenario as sc

    out = core_report.check_path(out or Path("reports") / f"{scenario.stem}.html")  # before any work
    data = sc.load(scenario)
    if data.get("position") is not None:
        page = _position_report(scenario, data, out, run)
    else:
        from analyzer.core import balance as core

        if "tune" in data:
            page = _tune_report(scenario, data, out, run)
        else:
            game, data, settings = load(scenario, "report", run)
            size = f"--precision {run.precision}" + (f" --max-rollouts {run.max_rollouts}" if run.max_rollouts else "") \
                if run.precision is not None else f"-n {settings.rollouts}"
            command = f"analyzer report {scenario} {size} --seed {settings.seed} -o {out}"
            page = core.report_scenario(game, data, settings, reproduce=command)
    runner.stage("drawing plots and writing the report")
    try:
        written = core_report.write(page, out)
    except Exception:  # whatever failed, the report's numbers come first
        runner.stage(None)
        typer.echo(core_report.to_markdown(page, core_report.paths(out)[2].name))
        raise
    runner.stage(None)
    typer.echo(f"wrote {written[0]}, {written[1]} and {len(written) - 2} plots in {written[0].stem}-plots/")


def _position_report(path: Path, data: dict, out: Path, run: opt.RunOptions):
    """Every question the position supports, through the game contract, under one seed; the report of them."""
    import dataclasses

    from analyzer.core import game as contract, registry, scenario as sc
    from analyzer.core import report as core_report
    from analyzer.core.errors import AnalyzerError

    if run.checkpoint is not None or run.resume is not None:
        raise AnalyzerError("--checkpoint/--resume: a position report answers several questions; checkpoint one "
                            "question with `analyzer odds|ev|ask ... --checkpoint FILE`")
    game = registry.game(data["game"])
    position = game.position(data)
    results, seed = {}, run.seed
    for name in game.supported(position):
        asked = game.question(name)
        settings = dataclasses.replace(run, seed=seed).settle(
            sc.analysis_settings(data), default_rollouts=asked.default_rollouts or 1,
            identity=opt.game_identity(game, name, data, path.name))
        seed = settings.seed  # every question under the first one's seed
        results[name] = contract.ask(game, name, position, settings, data)
    size = (f" --precision {run.precision}" + (f" --max-rollouts {run.max_rollouts}" if run.max_rollouts else "")
            if run.precision is not None else f" -n {run.rollouts}" if run.rollouts is not None else "")
    alone = [f"analyzer {name if name in ('odds', 'ev') else 'ask ' + name} {path}{size} --seed {seed}"
             for name in results]
    command = "\n".join([f"analyzer report {path}{size} --seed {seed} -o {out}",
                         "# the same numbers, one question at a time:"] + alone)
    return core_report.position(game, data, position, results, reproduce=command, source=path.name)
