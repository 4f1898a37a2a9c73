"""The benchmark suite: every game's benchmarks in one table, with the machine they ran on."""
from __future__ import annotations

import json
import os
import platform
import time
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

from analyzer.core.game import resolve


def machine() -> dict:
    return {"machine": platform.machine(), "processor": platform.processor() or platform.machine(),
            "cores": os.cpu_count(), "python": platform.python_version(), "system": platform.system()}


def best_of(fn, repeats: int) -> float:
    """The shortest wall time of `repeats` calls, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def per_second(play, n: int, repeats: int) -> float:
    """The median rate of `play(n, rng)` (n games, say) over `repeats` runs, run k on `default_rng(k + 1)`,
    after a first small call (`play(2, default_rng(0))`) that compiles or loads a compiled kernel.  Timed in
    process time (every engine runs in this one thread), so other work on a busy machine does not count; on an
    idle one it is the wall time."""
    import statistics

    import numpy as np

    play(2, np.random.default_rng(0))
    rates = []
    for k in range(repeats):
        t = time.process_time()
        play(n, np.random.default_rng(k + 1))
        rates.append(n / (time.process_time() - t))
    return statistics.median(rates)


def full_games(game_name: str, config_of, play, runs, repeats: int, note: str = "", detail: str = "") -> list[dict]:
    """Rows: whole 4-player games per second in one process (`per_second`), one per (policy kind, games, target)
    of `runs`; `config_of(kind)` is the game's config with that policy in every seat, `play` its balance play
    (`play(config, n, rng)`); `note` follows "games" in the row's name, `detail` the repeats."""
    rows = []
    for kind, games, target in runs:
        config = config_of(kind)
        rows.append({"what": f"{game_name} full 4-player games{note}, {kind} players, 1 process (games/s, median of "
                             f"{repeats}{detail})",
                     "ours": per_second(lambda n, rng: play(config, n, rng), games, repeats), "comparison": None,
                     "ratio": None, "target": target})
    return rows


def engine_games(game_name: str, pl, policy, runs, repeats: int, note: str = "") -> list[dict]:
    """`full_games` for a game on core/engine.py's glue (its play module `pl`): 4 seats of `policy(kind)` under
    the default rule set."""
    return full_games(game_name, lambda kind: pl.GameConfig(pl.RuleSet(), 4, (policy(kind),) * 4), pl.play, runs,
                      repeats, note)


def board_games(game_name: str, g, policy, runs, repeats: int) -> list[dict]:
    """`full_games` for a game whose engine module `g` plays on a board vector (both Samarkands): 4 seats of
    `policy(kind)`, the default rule set, the illustrative board."""
    bd = g.board_vector(None)
    return full_games(game_name, lambda kind: (policy(kind),) * 4,
                      lambda policies, n, rng: g.play_games(None, None, 4, policies, n, rng, bd=bd), runs, repeats,
                      detail="; illustrative board")


def dealt_game(g, seed: int, players: int = 4, seats: int | None = None):
    """Game `seed` of engine module `g` (a game's game.py) dealt for `players` greedy players, as its forward model
    sees it: (state, settings, chance streams); `seats` the width of its policy row (default `players`)."""
    import numpy as np

    cfg = g.settings_vector(None, players)
    s = np.zeros(g.SSIZE, dtype=np.int64)
    streams = g.Chance(1, np.random.default_rng(seed)).seeds
    g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 0,
          pols=np.full((1, seats or players), g.P_GREEDY, dtype=np.int64))
    return s, cfg, streams[0]


def exact_questions(game_name: str, questions, repeats: int = 3, names=None, target_ms: int = 200) -> list[dict]:
    """Rows: for each exact question, its slowest shipped position scenario (`names`: only these files), as the
    median compute time (process time, so a busy machine does not count) of `repeats` answers after one that
    warms caches and imports; `target_ms` is the issue's target (most say under 0.2 s)."""
    import statistics

    from analyzer.core import registry, runner, scenario

    game = registry.game(game_name)
    settings = runner.RunSettings(seed=1, progress=False)
    slowest = {}
    for path in registry.scenarios(game_name):
        data = scenario.load(path)
        if "position" not in data or (names and path.name not in names):
            continue
        position = game.position(data)
        for name in questions:
            if name not in game.supported(position):
                continue
            answer = game.question(name)
            answer(position, settings)
            times = []
            for _ in range(repeats):
                t = time.process_time()
                answer(position, settings)
                times.append(time.process_time() - t)
            ms = 1000 * statistics.median(times)
            if ms >= slowest.get(name, ("", -1.0))[1]:
                slowest[name] = (path.name, ms)
    return [{"what": f"{game_name} exact '{name}', slowest shipped scenario ({where}) (ms of compute, median of "
                     f"{repeats})", "ours": ms, "comparison": None, "ratio": None, "target": f"< {target_ms} ms"}
            for name, (where, ms) in slowest.items()]


SCALING = (("1 local worker", {"jobs": 1}), ("2 local workers", {"jobs": 2}),
           ("2-worker Dask LocalCluster", {"backend": "dask"}))


def scaling(task, what: str, unit: str, chunk_counts=(2, 8), repeats: int = 2, targets=None,
            configs=SCALING) -> list[dict]:
    """Rows: the rate of `task` through `runner.run` on 1 and 2 local workers and a 2-worker Dask LocalCluster
    (processes on loopback), at each work size in chunks; workers are started and warmed before timing.

    `targets`: {(config name, chunks): target text}.  A row holds the rate, the work and the wall seconds."""
    from analyzer.core import runner

    targets = targets or {}
    rows = []
    for name, config in configs:
        with _backend(config) as extra:
            for chunks in chunk_counts:
                work = chunks * runner.CHUNK
                row = {"what": f"{what}: {name}, {work:,} {unit} ({unit}/s)", "ours": None, "comparison": None,
                       "ratio": None, "seconds": None, "target": targets.get((name, chunks), "")}
                if extra is None:
                    row["target"] = "skipped: pip install 'analyzer[dask]'"
                else:
                    settings = runner.RunSettings(rollouts=work, seed=1, progress=False, **{**config, **extra})
                    if chunks == chunk_counts[0]:  # start and warm the workers
                        runner.run(task, replace(settings, rollouts=2 * runner.CHUNK))
                    t = best_of(lambda: runner.run(task, settings), repeats)
                    row.update(ours=work / t, seconds=t)
                rows.append(row)
    return rows


class _backend:
    """For the Dask rows: a LocalCluster of 2 single-thread worker processes on loopback, closed afterwards."""

    def __init__(self, config: dict):
        self.config, self.cluster = config, None

    def __enter__(self):
        if self.config.get("backend") != "dask":
            return {}
        try:
            import logging

            from distributed import LocalCluster
        except ImportError:
            return None
        self.cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, protocol="tcp://",
                                    host="127.0.0.1", dashboard_address=":0", silence_logs=logging.ERROR)
        return {"scheduler": self.cluster.scheduler_address}

    def __exit__(self, *exc):
        if self.cluster is not None:
            self.cluster.close()
        return False


def children_cpu() -> float | None:
    """User + system seconds of this process's finished children (None where the platform does not say)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def installed_env() -> dict:
    """The environment for a measured command: bytecode written and read as an installed package's is
    (PYTHONDONTWRITEBYTECODE dropped), the output printed whole (COLUMNS dropped)."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "COLUMNS")}


def command_times(args, repeats: int, before=None, columns: int | None = None) -> tuple[float, float | None]:
    """The median wall time and the median CPU time (user + system) of `analyzer ARGS` (or of `python ARGS`, args
    starting with "-c") in a fresh process, start-up included, after one run that fills the file cache and
    writes the bytecode (as an installed package has it: PYTHONDONTWRITEBYTECODE is dropped); `before()` runs
    before each (a command that changes a file puts it back); `columns`: the output fitted to that many columns,
    as on a terminal (COLUMNS), else printed whole, as into a pipe.  On a shared machine the CPU time is the
    steadier figure: it is about what the wall time is on a quiet one."""
    import os
    import statistics
    import subprocess
    import sys

    cmd = [sys.executable, *(args if args[0] == "-c" else ["-m", "analyzer", *args])]
    env = installed_env()
    if columns is not None:
        env["COLUMNS"] = str(columns)
    walls, cpus = [], []
    for k in range(repeats + 1):
        if before is not None:
            before()
        cpu, t = children_cpu(), time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=env)
        if k:
            walls.append(time.perf_counter() - t)
            cpus.append(None if cpu is None else children_cpu() - cpu)
    return statistics.median(walls), None if None in cpus else statistics.median(cpus)


def command_seconds(args, repeats: int) -> float:
    """The median wall time of `command_times`."""
    return command_times(args, repeats)[0]


def startup_row(what: str, args, repeats: int, target: str, interpreter: float, before=None,
                columns: int | None = None) -> dict:
    """A start-up row: a command's median wall time against the bare interpreter's (`python -c pass`), measured
    in the same run; ratio = the command's time over the interpreter's; `cpu`: its median user + system time;
    `columns`: as `command_times`."""
    t, cpu = command_times(args, repeats, before, columns)
    return {"what": f"{what} (s wall, median of {repeats}; comparison: python -c pass)", "ours": t,
            "comparison": interpreter, "ratio": t / interpreter, "seconds": t, "cpu": cpu, "target": target}


def startup_rows(quick: bool = False) -> list[dict]:
    """`analyzer --help` and `analyzer games`, each in a fresh process (the issue's target: 0.3 s wall)."""
    repeats = 3 if quick else 7
    interpreter = command_seconds(["-c", "pass"], repeats)
    return [startup_row(f"start-up: `analyzer {' '.join(args)}`", args, repeats, "<= 0.3 s", interpreter)
            for args in (["--help"], ["games"])]


def default_jobs_rows(game_name: str, scenario: str, sizes=(None,), quick: bool = False) -> list[dict]:
    """`analyzer balance` on a shipped scenario of `game_name`, with the default --jobs against -j 1, each in a
    fresh process (start-up and workers included, as a user waits for them), the two interleaved; at each of
    `sizes` games per rule set (None: the scenario's own).  ratio = the -j 1 time over the default's: the
    default's speed as a multiple of one worker's (the issue's targets: at least 0.95 at every size, at least
    1.7 at 65,536 games on 2 cores).  Medians of wall times; `quick`: one run each, the scenario's size only.

    Beside it, what two workers could reach on this machine in the same run (`ceiling_of`): `serial`, the
    wall time of the part no worker shares (the same command with -j 1 on one chunk of games: start-up, the
    first chunk, the tables, the exit), and `pair`, the speed of each of two -j 1 runs at once against one
    alone (1: the two cores are as good as one each; less on a machine with busy or shared cores)."""
    import statistics

    from analyzer.core import registry, scenario as sc
    from analyzer.core.balance import variants

    path = next(p for p in registry.scenarios(game_name) if p.name == scenario)
    data = sc.load(path)
    spec, _ = variants.parse(registry.game(game_name).full(), data, game_name)
    own = data.get("analysis", {}).get("rollouts") or registry.game(game_name).full().default_games
    cmd = _balance_command(path)
    _run_all([cmd + ["-n", "64"]])  # imports and engine in the file cache
    rows = []
    for games in sizes[:1] if quick else sizes:
        n = own if games is None else games
        sized = cmd + ["-n", str(n)]
        times: dict = {"default": [], "-j 1": [], "serial": [], "pair": []}
        for _ in range(1 if quick else 3):
            times["default"].append(_run_all([sized]))
            times["-j 1"].append(_run_all([sized + ["-j", "1"]]))
            times["serial"].append(_run_all([cmd + ["-n", str(min(spec.chunk, n)), "-j", "1"]]))
            times["pair"].append(_run_all([sized + ["-j", "1"]] * 2))
        default, one, serial, pair = (statistics.median(times[k]) for k in ("default", "-j 1", "serial", "pair"))
        label = "the scenario's games" if games is None else f"{games:,} games per rule set"
        speed = min(one / pair, 1.0)
        rows.append({"what": f"{game_name} `analyzer balance {scenario}`, {label}: default --jobs (s wall; "
                             "comparison: -j 1; ratio: its speed-up; ceiling: the most its workers could reach)",
                     "ours": default, "comparison": one, "ratio": one / default, "seconds": default,
                     "target": ">= 0.95" if games is None or games < 65_536 else ">= 1.7 on 2 cores",
                     "ceiling": ceiling_of(one, serial, min(os.cpu_count() or 1, -(-n // spec.chunk)), speed),
                     "serial": serial, "pair": one / pair})
    return rows


def ceiling_of(one: float, serial: float, workers: int, speed: float = 1.0) -> float:
    """The most `workers` workers can speed up a run that takes `one` seconds on one: its `serial` seconds
    (start-up, the first chunk, tables, exit) stay, the rest is shared, each worker going at `speed` of one
    alone (Amdahl's law)."""
    rest = max(one - serial, 0.0)
    return one / (min(serial, one) + rest / (workers * speed))


def _balance_command(path) -> list[str]:
    import sys

    return [sys.executable, "-m", "analyzer", "balance", str(path), "-f", "json", "--no-progress"]


def _run_all(commands: list[list[str]]) -> float:
    """Wall seconds until every command (started together, each in a fresh process) has finished; the project's
    modules load from bytecode, as an installed package's do."""
    import subprocess

    env = installed_env()
    t = time.perf_counter()
    running = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env) for c in commands]
    for c, p in zip(commands, running):
        _, err = p.communicate()
        if p.returncode:
            raise subprocess.CalledProcessError(p.returncode, c, stderr=err)
    return time.perf_counter() - t


def run(games, quick: bool = False) -> dict:
    """Every benchmark row of `games` (GameSpecs with a `bench` hook), after the start-up rows."""
    rows = startup_rows(quick)
    for game in games:
        rows += resolve(game.bench)(quick=quick)
    return {"when": datetime.now(timezone.utc).isoformat(timespec="seconds"), "machine": machine(), "rows": rows}


def render(table: dict) -> str:
    import pandas as pd

    df = pd.DataFrame(table["rows"]).set_index("what")
    first = ("ours", "comparison", "ratio", "seconds", "cpu", "target")
    df = df[[c for c in first if c in df] + [c for c in df if c not in first]]
    m = table["machine"]
    with pd.option_context("display.width", 200, "display.max_colwidth", 60):
        body = df.to_string(float_format=lambda v: f"{v:,.0f}" if abs(v) >= 1000 else f"{v:.4g}", na_rep="-")
    return f"{body}\n\nmachine: {m['processor']}, {m['cores']} cores, Python {m['python']}, {table['when']}"


def write_json(table: dict, path: Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(table, indent=2, default=float))
    os.replace(tmp, path)


def search_rows(game_name: str, model, decisions, base: int, nstreams: int, strength_runs, repeats: int) -> list[dict]:
    """The search player's rows: its driver's overhead (a search decision's time against the same number of bare
    playouts, target at most 20%) over `decisions` [(state, cfg, seat)], and whole games on 2 local workers for
    each (policy, against, players, games, target) of `strength_runs`, through `analyzer strength`'s own code."""
    import statistics

    import numpy as np

    from analyzer.core import registry, runner, search, strength

    whole = bare = 0.0
    budget = search.DEFAULT_BUDGET
    for s, cfg, seat in decisions:
        opts = np.empty(search.MAX_OPTIONS, dtype=np.int64)
        n = model.legal(s, cfg, opts)
        k = search.playouts_in(n, budget)
        t0 = time.process_time()
        search.decide(model, s, cfg, seat, budget, base, 1, nstreams)
        t1 = time.process_time()
        search.playouts_alone(s, cfg, seat, k, base, nstreams, model.explore_in, model.depth_at(budget),
                              *model.functions())
        t2 = time.process_time()
        whole, bare = whole + t1 - t0, bare + t2 - t1
    rows = [{"what": f"{game_name} search:{budget} decision: the driver's share of its time ({len(decisions)} "
                     "decisions, against the same playouts alone)", "ours": max(0.0, 1 - bare / whole),
             "comparison": None, "ratio": None, "target": "<=0.20"}]
    game = registry.game(game_name)
    data = {"game": game_name}
    for policy, against, players, games, target in strength_runs:
        rates = []
        for rep in range(repeats):
            settings = runner.RunSettings(rollouts=games, seed=rep, jobs=2, progress=False)
            t = time.perf_counter()
            strength.strength(game, data, policy, against, players, settings)
            rates.append(games / (time.perf_counter() - t))
        rows.append({"what": f"{game_name} whole {players}-player games, {policy} against {against}, 2 local "
                             f"workers (games/s, median of {repeats})", "ours": statistics.median(rates),
                     "comparison": None, "ratio": None, "target": target})
    return rows


def spread_decisions(model, new_game, k: int, base: int) -> list:
    """k decisions of two options or more from seeded games (every seat playing `base`), spread over the game:
    [(state with the decision pending, cfg, seat)].  `new_game(seed) -> (s, cfg, rs)` deals game `seed`."""
    import numpy as np

    from analyzer.core import search

    rec = np.zeros((1, 3), dtype=np.int64)
    opts = np.empty(search.MAX_OPTIONS, dtype=np.int64)
    out, seed = [], 0
    while len(out) < k:
        s, cfg, rs = new_game(seed)
        step = 0
        while (p := model.advance(s, cfg, rs, rec)) != search.ENDED and len(out) < k:
            if p >= 0:
                if model.legal(s, cfg, opts) >= 2 and step % 37 == seed % 37:
                    out.append((s.copy(), cfg, p))
                model.apply(s, cfg, rs, rec, model.policy(s, cfg, rs, rec, base))
                step += 1
        seed += 1
    return out
