"""The table session: a state file that follows the game, the commands that read and change it, the prompt.

The state file (JSON) holds how the game started (`new ...`, as a scenario dict) and the events
since, one line each, and the events undone (for `redo`); the table of the moment is the start
with every event replayed.  It is written after every change to a temporary file beside it and
renamed over it, under a lock (flock on its folder), so a crash or a closed terminal loses nothing
and two processes may share the file.  A refused event or command leaves it byte for byte as it was.
"""
from __future__ import annotations

import json
import os
import shlex
from contextlib import contextmanager
from pathlib import Path

from analyzer.core.errors import AnalyzerError, ScenarioError
from analyzer.games.camelup.table import COMMANDS, Table, TableError, replay

FORMAT = 1
DEFAULT_STATE = "camelup-table.json"
ROLLOUTS = 50_000  # races per answer in the session: about +-0.004 on a probability
SESSION_COMMANDS = ("new", "undo", "redo", "show", "ev", "odds", "log", "help")
FLAGS = {"--track": "track", "--dice": "dice", "--desert": "desert", "--tiles": "tiles", "--held": "held",
         "--players": "players", "--money": "money", "--me": "to_move", "--to-move": "to_move",
         "--winner-cards": "winner_cards", "--loser-cards": "loser_cards", "--placed": "placed",
         "--edition": "edition", "--supercup": "supercup", "--boost": "boost", "--boost-faces": "boost_faces",
         "--pit": "pit", "--pyramid-held": "pyramid_held", "--camera": "camera", "--placements": "placements",
         "--partners": "partners"}
INTEGER_FLAGS = {"players", "to_move", "winner_cards", "loser_cards"}

HELP = """events (the player to move makes them; `as P EVENT` for player P):
  roll C N          C's die came out showing N: the unit moves, tiles act, the leg and race end by themselves
  roll C+ N         a Supercup boost die;   roll grey C N: the second edition's grey die (C: white or black)
  take C            the top leg tile of colour C
  desert S +|-      lay or move one's desert tile (second edition: spectator S +|-)
  winner C, loser C lay an overall card; winner ?, loser ?: a face-down card of unknown colour
  boost C           Supercup: hand back a pyramid tile, throw C's boost die in (the turn does not pass)
  photo S           Supercup: take the photographer / move the camera to space S
  place P C [V]     Supercup: placement tile P on a held tile C V, or on C's lowest tile, taken now
  partner P         partnership with player P (6+ players)
commands:
  new --track "1:bg 3:y 4:ow" [flags as `analyzer camelup ev`] | new FILE    start a game
  undo, redo        step back or forward through the events, any number
  show              the board;  ev [all]: the EV of each action;  odds: leg and race odds;  log: the events
C is a colour or its letter (b g o y w; second edition b g y r p, crazy w k), N a die's number, S a space."""


class Session:
    """The commands of `analyzer camelup table`, on one state file."""

    def __init__(self, path: Path, top: int | None = 10, rollouts: int = ROLLOUTS, seed: int = 0,
                 answers: bool = True):
        self.path = Path(path)
        self.top, self.rollouts, self.seed, self.answers = top, rollouts, seed, answers

    # -- the state file ---------------------------------------------------------------------------

    @contextmanager
    def locked(self):
        import fcntl

        # The folder is locked, not a lock file beside the state: nothing is left behind, and the
        # state file itself is replaced by a rename, so it cannot carry the lock.
        folder = self.path.parent if str(self.path.parent) else Path(".")
        try:
            handle = os.open(folder, os.O_RDONLY)
        except OSError as exc:
            raise AnalyzerError(f"--state: cannot use {self.path}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
            os.close(handle)

    def load(self) -> dict | None:
        if not self.path.exists():
            return None
        try:
            state = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise AnalyzerError(f"--state: {self.path} is not a table state file (or it is damaged)") from None
        if not isinstance(state, dict) or state.get("format") != FORMAT or "start" not in state:
            raise AnalyzerError(f"--state: {self.path} is not a table state file of format {FORMAT}")
        return state

    def save(self, state: dict) -> None:
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(json.dumps(state, indent=1), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise AnalyzerError(f"--state: cannot write {self.path}: {exc.strerror or exc}") from None

    def snapshot(self):
        """(the state, the table now), read under the lock; (None, None) before `new`."""
        with self.locked():
            state = self.load()
            return (None, None) if state is None else (state, self._table(state))

    def version(self) -> str:
        """Changes whenever the state file does (for pages that poll)."""
        try:
            stat = self.path.stat()
        except OSError:
            return "none"
        return f"{stat.st_mtime_ns}-{stat.st_size}"

    # -- commands ---------------------------------------------------------------------------------

    def run(self, line: str):
        """Do one command or event; returns (renderables to print, a JSON-able summary). Raises AnalyzerError."""
        words = shlex.split(line) if line.strip() else []
        if not words:
            return [], {}
        verb = words[0].lower()
        with self.locked():
            state = self.load()
            if verb == "help":
                return [HELP], {"help": HELP}
            if verb == "new":
                return self._new(words[1:], line)
            if state is None:
                raise AnalyzerError(f"no game in {self.path} yet: start one with `new --track \"1:bg 3:y 4:ow\"` "
                                    "(or `new FILE`)")
            table = self._table(state)
            if verb in ("undo", "redo"):
                return self._step(state, verb, words[1:])
            if verb == "show":
                return self._show(table), self._summary(table)
            if verb == "ev":
                top = None if words[1:] == ["all"] else self.top
                return self._ev(table, top)
            if verb == "odds":
                return self._odds(table)
            if verb == "log":
                lines = [state["new"]] + state["events"]
                return ["\n".join(lines)], {"log": lines}
            if verb not in COMMANDS:
                raise TableError(f"unknown command {verb!r}; commands: {', '.join(SESSION_COMMANDS)}; events: "
                                 f"{', '.join(COMMANDS)} (`help` explains each)")
            event = " ".join(words)
            after = table.apply(event)
            state["events"].append(event)
            state["redo"] = []
            self.save(state)
            return self._after(after)

    def _table(self, state) -> Table:
        try:
            return replay(state["start"], state["events"])
        except (TableError, ScenarioError) as exc:
            raise AnalyzerError(f"--state: {self.path} does not replay: {exc}") from None

    def _new(self, args: list[str], line: str):
        scenario = start_scenario(args)
        table = Table.start(scenario)
        self.save({"format": FORMAT, "game": "camelup", "new": " ".join(shlex.quote(w) for w in ["new", *args]),
                   "start": scenario, "events": [], "redo": []})
        table.said = [f"a new game: {table.players} players, {table.rules.edition} edition"
                      + (f" + Supercup {', '.join(table.rules.supercup)}" if table.rules.supercup else "")]
        return self._after(table)

    def _step(self, state, verb: str, args):
        count = 1
        if args:
            if len(args) != 1 or not args[0].isdigit() or int(args[0]) < 1:
                raise AnalyzerError(f"{verb} [N]: how many events, a whole number from 1")
            count = int(args[0])
        source, target = ("events", "redo") if verb == "undo" else ("redo", "events")
        if len(state[source]) < count:
            raise AnalyzerError(f"nothing to {verb}" if not state[source] else
                                f"only {len(state[source])} events to {verb}")
        moved = []
        for _ in range(count):
            moved.append(state[source].pop())
            state[target].append(moved[-1])
        table = self._table(state)
        self.save(state)
        table.said = [f"{'undone' if verb == 'undo' else 'redone'}: " + "; ".join(moved)]
        return self._after(table)

    # -- answers ----------------------------------------------------------------------------------

    def _after(self, table: Table):
        out = [self._said(table)] + self._show(table)
        summary = self._summary(table)
        if self.answers and not table.over:
            more, payload = self._ev(table, self.top)
            out += more
            summary["actions"] = payload["actions"]
        return out, summary

    def _said(self, table: Table):
        from rich.text import Text

        return Text("\n".join(table.said), style="bold cyan")

    def _show(self, table: Table):
        from analyzer.games.camelup import table_view

        return [table_view.board(table)]

    def _summary(self, table: Table) -> dict:
        return {"said": table.said, "leg": table.leg, "over": table.over, "to_move": table.to_move,
                "money": list(table.money)}

    def _settings(self):
        from analyzer.core.runner import RunSettings

        return RunSettings(rollouts=self.rollouts, seed=self.seed, jobs=1, progress=False)

    def _ev(self, table: Table, top):
        from analyzer.games.camelup import table_view
        from analyzer.games.camelup.answers import action_rows

        if table.over:
            raise AnalyzerError("the race is over: nothing left to price (`undo` to go back)")
        position = table.to_position()
        rows, _ = action_rows(position, self._settings())
        view = table_view.actions(rows, set(table.names), table.to_move, top)
        return [view], {**self._summary(table), "actions": rows}

    def _odds(self, table: Table):
        from analyzer.games.camelup import exact, table_view
        from analyzer.games.camelup.race import race_odds

        if table.over:
            raise AnalyzerError("the race is over (`undo` to go back)")
        position = table.to_position()
        leg = exact.leg_exact(position).rank_probs[0]
        race = race_odds(position, self._settings())
        camels = position.racing_on_track
        n = race["n"]
        payload = {"leg": {table.names[c]: leg[c][: len(camels)].tolist() for c in camels},
                   "race_win": {table.names[c]: race["win"][c] / n for c in camels},
                   "race_lose": {table.names[c]: race["lose"][c] / n for c in camels}, "rollouts": n}
        return [table_view.odds(leg, race, table.names, camels)], payload


def start_scenario(args: list[str]) -> dict:
    """`new FILE` or `new --track ... [flags]`: the scenario dict of the start."""
    from analyzer.games.camelup.flags import position_from_flags

    if len(args) == 1 and not args[0].startswith("--"):
        from analyzer.core import scenario

        data = scenario.load(args[0])
        if data.get("game") != "camelup":
            raise ScenarioError("game", f"the table session follows Camel Up; {args[0]} is {data.get('game')!r}")
        return {k: v for k, v in data.items() if k in ("game", "rules", "players", "position")}
    values, i = {}, 0
    while i < len(args):
        flag = args[i]
        if flag not in FLAGS:
            raise AnalyzerError(f"new: unknown flag {flag!r}; flags: {', '.join(sorted(set(FLAGS)))}, or a scenario "
                                "file")
        if i + 1 >= len(args):
            raise AnalyzerError(f"new: {flag} needs a value")
        name = FLAGS[flag]
        if name in values:
            raise AnalyzerError(f"new: {flag} given twice")
        value = args[i + 1]
        if name in INTEGER_FLAGS:
            if not value.lstrip("-").isdigit() or len(value) > 6:
                raise AnalyzerError(f"new: {flag} takes a whole number, got {value!r}")
            value = int(value)
        values[name] = value
        i += 2
    if "track" not in values:
        raise AnalyzerError("new: give the track (--track \"1:bg 3:y 4:ow\") or a scenario file")
    return position_from_flags(values)[0]
