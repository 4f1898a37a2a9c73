"""What the table session prints, with rich: the board as a picture, and the answers as tables.

Camels in their colours; the best action highlighted; exact values without an interval column
cluttering them; an estimate with its 95% interval (Wilson intervals are not centred, so it is
printed as [low, high], never as p ± h); desert placements worth nothing summed up in one line.
"""
from __future__ import annotations

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text

from analyzer.core import style

# each camel as a chip of its colour with the ink that reads on it: the white camel shows on a light terminal too
COLOURS = {name: style.rich_style(name) for name in style.CAMELS}
WORTHLESS = 0.005  # a placement worth less than this is summed up, not listed


def camel_text(name: str, label: str | None = None) -> Text:
    return Text(label or name, style=COLOURS.get(name, "bold"))


def _coloured(text: str, names) -> Text:
    """`text` with every camel name in it in its colour."""
    out = Text()
    for i, word in enumerate(text.split(" ")):
        if i:
            out.append(" ")
        out.append(word, style=COLOURS.get(word, "") if word in names else "")
    return out


def board(table) -> Group:
    """The track: stacks bottom to top in the camels' colours, tiles and the camera under their spaces."""
    rules, names = table.rules, table.names
    first = min([1] + list(table.stacks))
    last = max([rules.track_length] + list(table.stacks))
    spaces = range(first, last + 1)
    height = max((len(s) for s in table.stacks.values()), default=1)
    grid = RichTable.grid(padding=(0, 1))
    for _ in spaces:
        grid.add_column(justify="center", min_width=2)
    for level in reversed(range(height)):
        cells = []
        for s in spaces:
            stack = table.stacks.get(s, [])
            cells.append(camel_text(names[stack[level]], rules.camel_letters[stack[level]].upper())
                         if level < len(stack) else Text(""))
        grid.add_row(*cells)
    grid.add_row(*[Text(str(s), style="dim" if 1 <= s <= rules.track_length else "bold red") for s in spaces])
    marks = []
    for s in spaces:
        if s in table.desert:
            push, owner = table.desert[s]
            marks.append(Text(f"{'+' if push > 0 else '-'}{owner}", style="green" if push > 0 else "red"))
        elif table.camera and table.camera[0] == s:
            marks.append(Text(f"C{table.camera[1]}", style="cyan"))
        else:
            marks.append(Text(""))
    grid.add_row(*marks)
    return Group(grid, *_status(table))


def _status(table) -> list[Text]:
    rules, names = table.rules, table.names
    lines = []
    head = Text(f"leg {table.leg}" + (" (the race is over)" if table.over else f", player {table.to_move} to move"),
                style="bold")
    lines.append(head)
    dice = Text("dice in the pyramid: ")
    for c in sorted(table.dice):
        dice.append_text(camel_text(names[c])).append(" ")
    if table.grey:
        dice.append("grey ", style="bold grey62")
    for c in sorted(table.boost):
        dice.append_text(camel_text(names[c], names[c] + "+")).append(" ")
    lines.append(dice)
    tiles = Text("leg tiles left: ")
    for c in range(rules.racing):
        tiles.append_text(camel_text(names[c], rules.camel_letters[c])).append(
            ":" + (",".join(map(str, table.tiles_left[c])) or "-") + " ")
    lines.append(tiles)
    for p in range(table.players):
        line = Text(f"player {p}: {table.money[p]} coins", style="bold" if p == table.to_move else "")
        held = table.held[p]
        if held:
            line.append("; tiles ")
            for camel, value in held:
                line.append_text(camel_text(names[camel], f"{rules.camel_letters[camel]}{value}")).append(" ")
        if table.pyramid[p]:
            line.append(f"; pyramid tiles {table.pyramid[p]}")
        bets = table.placements[p] if table.placements else []
        if bets:
            line.append("; placements " + " ".join(f"{rules.camel_letters[c]}{v}@{place}" for c, v, place in bets))
        lines.append(line)
    piles = [f"{name} pile {len(cards)}" for name, cards in table.piles.items()]
    lines.append(Text("overall cards: " + ", ".join(piles), style="dim"))
    return lines


def interval(low, high) -> str:
    return "" if low is None else f"[{low:+.2f}, {high:+.2f}]"


def actions(rows, names, player: int, top: int | None, title: str = "", more: str = "`ev all`, or --all") -> Group:
    """The EV table: best first, the best highlighted; `top` rows (None: all) and a line for worthless placements."""
    shown, hidden = [], 0
    for row in rows:
        if row["exact"] and abs(row["ev"]) < WORTHLESS and row["action"].split()[0] in ("desert", "spectator"):
            hidden += 1
        else:
            shown.append(row)
    hidden_rows = max(0, len(shown) - top) if top is not None else 0
    shown = shown[:top] if top is not None else shown
    out = RichTable(title=title or f"player {player}: expected coins of each action", title_justify="left",
                    box=None, padding=(0, 1), header_style="bold dim")
    out.add_column("#", justify="right", style="dim")
    out.add_column("action")
    out.add_column("EV", justify="right")
    out.add_column("95% interval", justify="right", style="dim")
    for i, row in enumerate(shown, 1):
        style = "reverse" if i == 1 else ""
        ev = Text(f"{row['ev']:+.3f}", style="green" if row["ev"] > 0 else "red" if row["ev"] < 0 else "")
        out.add_row(str(i), _coloured(row["action"], names), ev,
                    "exact" if row["exact"] else interval(row["ci_low"], row["ci_high"]), style=style)
    notes = []
    if hidden_rows:
        notes.append(Text(f"... {hidden_rows} more ({more})", style="dim"))
    if hidden:
        notes.append(Text(f"{hidden} desert placements worth under {WORTHLESS} not listed", style="dim"))
    return Group(out, *notes)


def odds(leg_probs, race, names, camels) -> Group:
    """Leg ranks (exact) and race win/lose (with their 95% intervals)."""
    ranks = len(camels)
    out = RichTable(title="leg (exact) and race odds", title_justify="left", box=None, padding=(0, 1),
                    header_style="bold dim")
    out.add_column("camel")
    for r in range(ranks):
        out.add_column(("1st", "2nd", "3rd")[r] if r < 3 else f"{r + 1}th", justify="right")
    out.add_column("race win", justify="right")
    out.add_column("race lose", justify="right")
    from analyzer.games.camelup.race import interval, is_exact

    n, exact_race = race["n"], is_exact(race)
    win_lo, win_hi = interval(race, "win")
    lose_lo, lose_hi = interval(race, "lose")

    def cell(key, c, lo, hi):
        value = f"{race[key][c] / n:.3f}"
        return value if exact_race else f"{value} [{lo[c]:.3f}, {hi[c]:.3f}]"

    for c in camels:
        out.add_row(camel_text(names[c]), *[f"{leg_probs[c][r]:.3f}" for r in range(ranks)],
                    cell("win", c, win_lo, win_hi), cell("lose", c, lose_lo, lose_hi))
    return Group(out, Text("race: exact" if exact_race else f"race: {n:,} rollouts, 95% Wilson intervals",
                           style="dim"))
