"""Sankt Petersburg's board picture: the card board's two rows as a scenario names them (board.upper, board.lower;
the lower row's cards cost 1 less; both rows together are topped up to 8) and the four decks by phase name, each
with its start stone; with a position, the cards in the rows, the cards left in each deck and who holds each stone."""
from __future__ import annotations

from analyzer.core.board import Picture
from analyzer.games.st_petersburg import rules as r

ROWS = (("upper", "full price"), ("lower", "1 ruble less"))
DECK = {"worker": "#a8d5a2", "building": "#b9cfe8", "aristocrat": "#e9b3ad", "upgrade": "#e8d9a8"}


def picture(position=None) -> Picture:
    caption = ("board.upper / board.lower: the cards in each row, left to right; the rows together hold at most "
               f"{r.BOARD_SIZE} cards")
    pic = Picture("Sankt Petersburg: the card board (rows upper, lower) and the decks", caption, scale=0.6)
    for y, (row, price) in enumerate(ROWS):
        pic.place(row, 0, 1.8 * y, f"{row}\n{price}", shape="text", kind="row")
        for i in range(r.BOARD_SIZE):
            pic.place(f"{row} {i + 1}", 2.2 * (i + 1), 1.8 * y, f"{row} {i + 1}", size=1.7, kind="slot")
    for d, phase in enumerate(r.PHASES):
        left = r.DECK_SIZES[d] if position is None else position.decks_left[d]
        pic.place(phase, 2.2 * (2 * d + 1.5), 4.0, f"{phase} deck\n{left} cards", shape="circle", size=2.0,
                  fill=DECK[phase], kind="deck")
    if position is not None:
        for row, cards in (("upper", position.upper), ("lower", position.lower)):
            for i, card in enumerate(cards):
                pic.piece(f"{row} {i + 1}", card)
        for d, phase in enumerate(r.PHASES):
            seat = position.start_stones[d]
            pic.piece(phase, "start: me" if seat == position.me else f"start: seat {seat}", seat)
            if d == position.phase:
                pic.piece(phase, "now playing")
    return pic
