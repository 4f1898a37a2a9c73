"""The readable full game of Finstere Flure and its players (random, greedy-safest), replaying the fast engine's
chance record (game.py) so tests can hold the engine to the rules in reference.py.

The record is rows (tag, a, b, c) in play order, tag a name or its index in RECORD_KINDS (c is 0 but in move rows):
("start", p, 0) the start player of round 1; ("move", figure, end code, k) every figure turn, k the index of the
stone layout it leaves among those of that end (`reference.figure_moves`' order); ("card", stage, card code) the
card each monster phase plays; ("end", kind, winner) last.  End codes: y * width + x, OFF_CODE (stays off),
OUT_CODE (out); card codes 5, 7, 8, 10, -1 (1 cross), -2 (2 crosses).  An end (code, k) names one option of a
figure's move.  Random players' moves are read off the record and checked legal;
greedy moves are recomputed and must equal it; every card must be one the rules allow.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from analyzer.core.record import RecordMismatch, Rows
from analyzer.games.finstere_flure import reference as ref
from analyzer.games.finstere_flure import rules as r

RECORD_KINDS = ("start", "card", "move", "end")
END_KINDS = ("running", "escaped", "board empty", "cards out", "capped")
OFF_CODE, OUT_CODE = -1, -2
CARD_OF_CODE = {5: "5", 7: "7", 8: "8", 10: "10", -1: "X1", -2: "X2"}


def end_code(board: r.Board, end) -> int:
    if end == ref.OFF:
        return OFF_CODE
    if end == ref.OUT:
        return OUT_CODE
    return end[1] * board.width + end[0]


def legal_ends(t: ref.Table, i: int, settings) -> dict:
    """{(end code, k): path} of figure i, ascending: k numbers the stone layouts it can leave at that end."""
    moves = ref.figure_moves(t, i, settings)
    return dict(sorted(((end_code(t.board, end), k), path) for end, paths in moves.items()
                       for k, path in enumerate(paths)))


def unmoved(t: ref.Table, seat: int) -> list:
    return [i for i, f in enumerate(t.figures) if f.owner == seat and not f.moved and f.in_game]


def caught_count(t: ref.Table, i: int, settings) -> int:
    """How many of the cards this round's monster phase may play (a multiset) catch figure i."""
    counts = Counter(ref.playable_cards(t, settings))
    return sum(n for card, n in counts.items() if i in ref.monster_phase(t, card, settings).eaten)


def steps_to_exit(t: ref.Table, code: int, settings) -> int:
    """greedy's distance: Manhattan to the exit; 0 once out; from off the board the entrance's + 1."""
    if code == OUT_CODE:
        return 0
    ex, ey = t.board.exit
    x, y = t.board.entrance if code == OFF_CODE else (code % t.board.width, code // t.board.width)
    return abs(x - ex) + abs(y - ey) + (code == OFF_CODE) + (settings.exit_on == "beyond")


def greedy_choice(t: ref.Table, seat: int, settings) -> tuple[int, tuple]:
    """Spec question 2 as a player: every unmoved figure's every end keyed (caught, steps to exit, end), others
    where they stand; the least key, ties to the lower figure index -> (figure, end (code, k))."""
    best = None
    for i in unmoved(t, seat):
        for end, path in legal_ends(t, i, settings).items():
            if end[0] == OUT_CODE:
                caught = 0
            else:
                trial = t.copy()
                ref.move_figure(trial, i, path, settings)
                caught = caught_count(trial, i, settings)
            key = (caught, steps_to_exit(t, end[0], settings), end, i)
            if best is None or key < best:
                best = key
    return best[3], best[2]


@dataclass
class Game:
    end: str = "running"
    winner: int = -1
    rounds: int = 0
    exits: list = field(default_factory=list)  # owners in order
    eaten: list = field(default_factory=list)  # per seat: figures lost to the monster (both stages)
    snapshots: list = field(default_factory=list)  # after every monster phase, see snapshot()


def snapshot(t: ref.Table) -> tuple:
    """(round, stage, monster square code, facing, figure end codes (dead: -3), tops)."""
    codes = tuple(-3 if f.pos == ref.EATEN else end_code(t.board, f.pos) for f in t.figures)
    return t.round, t.stage, end_code(t.board, t.monster), t.facing, codes, tuple(f.top for f in t.figures)


def most_out(t: ref.Table) -> int:
    """Most figures out wins, ties to whoever reached that number first; nobody out: -1."""
    counts = Counter(t.exits)
    if not counts:
        return -1
    top = max(counts.values())
    seen = Counter()
    for owner in t.exits:
        seen[owner] += 1
        if seen[owner] == top:
            return owner
    return -1


def next_player(t: ref.Table, seat: int):
    """The first player from seat clockwise with an unmoved figure still in the game (None: the turns are over)."""
    for k in range(t.players):
        q = (seat + k) % t.players
        if unmoved(t, q):
            return q
    return None


class _Rows(Rows):
    KINDS = RECORD_KINDS
    WIDTH = 3


def figure_turn(t: ref.Table, seat: int, policy: str, rows: _Rows, settings):
    i, code, k = rows.take("move")
    end = code, k
    if policy == "greedy":
        mine = greedy_choice(t, seat, settings)
        if mine != (i, end):
            raise RecordMismatch(f"round {t.round}: greedy seat {seat} moves figure {mine[0]} to {mine[1]}, "
                                 f"the record says figure {i} to {end}")
    elif i not in unmoved(t, seat):
        raise RecordMismatch(f"round {t.round}: seat {seat} may not move figure {i}")
    ends = legal_ends(t, i, settings)
    if end not in ends:
        raise RecordMismatch(f"round {t.round}: figure {i} cannot end on {end}; legal: {sorted(ends)}")
    ref.move_figure(t, i, ends[end], settings)


def monster_turn(t: ref.Table, rows: _Rows, settings, game: Game) -> ref.Table:
    stage, code, _ = rows.take("card")
    card = CARD_OF_CODE[code]
    if stage != t.stage or card not in ref.playable_cards(t, settings):
        raise RecordMismatch(f"round {t.round}: card {card} (stage {stage}) is not playable: "
                             f"{ref.playable_cards(t, settings)} in stage {t.stage}")
    result = ref.monster_phase(t, card, settings)
    for j in result.eaten:
        game.eaten[t.figures[j].owner] += 1
    t = result.table
    if len(r.DECK) - len(t.cards_left) == settings.stage_cards:
        if t.stage == 2:
            game.end = "cards out"
            return t
        t.stage, t.stage_round, t.cards_left = 2, 0, list(r.DECK)
    return t


def play(board: r.Board, settings, players: int, policies, record) -> Game:
    """One full game replayed from the engine's record: policies[seat] is "random" or "greedy"."""
    rows = _Rows(record)
    t = ref.new_table(board, players)
    t.start_player = rows.take("start")[0]
    return play_from(t, settings, policies, rows)


def play_from(t: ref.Table, settings, policies, rows, to_move: int | None = None) -> Game:
    """The game from table t (this round's figure turns from seat to_move, default the start player, on) to its
    end, checked against the record rows (a `_Rows` or a list of rows)."""
    rows = rows if isinstance(rows, _Rows) else _Rows(rows)
    players = t.players
    game = Game(eaten=[0] * players)
    while game.end == "running":
        seat = t.start_player if to_move is None else to_move
        to_move = None
        while (seat := next_player(t, seat)) is not None:
            figure_turn(t, seat, policies[seat], rows, settings)
            if t.exits.count(seat) >= r.to_win(players):
                game.end, game.winner = "escaped", seat
                break
            seat = (seat + 1) % players
        if game.end != "running":
            break
        t = monster_turn(t, rows, settings, game)
        game.snapshots.append(snapshot(t))
        if game.end == "running" and t.stage == 2 and not any(f.in_game for f in t.figures):
            game.end = "board empty"
        if game.end == "running" and t.round >= settings.turn_cap:
            game.end = "capped"
        if game.end != "running":
            game.winner = most_out(t)
            break
        t.round += 1
        t.stage_round += 1
        t.start_player = (t.start_player + 1) % players
        for f in t.figures:
            f.moved = False
    kind, winner, _ = rows.take("end")
    if (END_KINDS[kind], winner) != (game.end, game.winner):
        raise RecordMismatch(f"the game ends {game.end} won by {game.winner}; the record: {END_KINDS[kind]}, {winner}")
    game.rounds, game.exits = t.round, list(t.exits)
    return game
