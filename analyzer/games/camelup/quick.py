"""Quick entry at the table: short flag strings -> a camelup scenario dict.

    --track "1:bg 3:y 4:ow"   camels by first letter, bottom to top, per space
    --dice byw                dice still in the pyramid (default: every camel's)
    --desert "6+@2 9-@0"      space, + oasis / - mirage, @owner (default: the player to move)
    --tiles "b:3,2 g:"        leg tiles left per colour, top first (default: full stacks)
    --held "g5 2:b3"          leg tiles held, [player:]letter+value (default player: to move)
"""
from __future__ import annotations

import re

from analyzer.core.errors import ScenarioError
from analyzer.games.camelup.rules import EDITIONS

_DESERT = re.compile(r"^(\d+)([+-])(?:@(\d+))?$")
_HELD = re.compile(r"^(?:(\d+):)?([a-z])(\d+)$")


def _letters(text: str, flag: str, letters: dict[str, str]) -> list[str]:
    names = []
    for ch in text.strip().lower():
        if ch not in letters:
            raise ScenarioError(flag, f"unknown camel letter {ch!r}; allowed: "
                                      + ", ".join(f"{k}={v}" for k, v in letters.items()))
        names.append(letters[ch])
    return names


def parse_track(text: str, letters) -> dict:
    track = {}
    for token in text.split():
        space, sep, camels = token.partition(":")
        if not sep or not space.isdigit() or not camels:
            raise ScenarioError("--track", f"bad token {token!r}; write space:letters bottom to top, e.g. \"1:bg 3:y\"")
        if int(space) in track:
            raise ScenarioError("--track", f"space {space} given twice")
        track[int(space)] = _letters(camels, "--track", letters)
    if not track:
        raise ScenarioError("--track", "is empty; e.g. \"1:bg 3:y 4:ow\"")
    return track


def parse_desert(text: str, default_owner: int) -> list[dict]:
    tiles = []
    for token in text.split():
        m = _DESERT.match(token)
        if not m:
            raise ScenarioError("--desert", f"bad token {token!r}; write space, + (oasis) or - (mirage), "
                                            "optional @owner, e.g. \"6+@2 9-@0\"")
        owner = int(m.group(3)) if m.group(3) is not None else default_owner
        tiles.append({"space": int(m.group(1)), "side": "oasis" if m.group(2) == "+" else "mirage", "owner": owner})
    return tiles


def parse_tiles(text: str, letters) -> dict:
    left = {}
    for token in text.split():
        letter, sep, values = token.partition(":")
        if not sep:
            raise ScenarioError("--tiles", f"bad token {token!r}; write letter:values top first, e.g. \"b:3,2 g:\"")
        (name,) = _letters(letter, "--tiles", letters) or [None]
        try:
            left[name] = [int(v) for v in values.split(",") if v]
        except ValueError:
            raise ScenarioError("--tiles", f"bad values in {token!r}; e.g. b:3,2") from None
    return left


def parse_held(text: str, letters, default_player: int) -> dict:
    held: dict[int, list] = {}
    for token in text.replace(",", " ").split():
        m = _HELD.match(token.lower())
        if not m:
            raise ScenarioError("--held", f"bad token {token!r}; write [player:]letter+value, e.g. \"g5 2:b3\"")
        player = int(m.group(1)) if m.group(1) is not None else default_player
        (name,) = _letters(m.group(2), "--held", letters)
        held.setdefault(player, []).append([name, int(m.group(3))])
    return held


def scenario_from_flags(track: str, dice: str | None = None, desert: str | None = None, tiles: str | None = None,
                        held: str | None = None, players: int = 4, money: str | None = None, to_move: int = 0,
                        winner_cards: int = 0, loser_cards: int = 0, placed: str | None = None,
                        edition: str = "first") -> dict:
    if edition not in EDITIONS:
        raise ScenarioError("--edition", f"got {edition!r}; allowed: {', '.join(EDITIONS)}")
    letters = EDITIONS[edition].letters
    parsed_track = parse_track(track, letters)
    position = {
        "track": parsed_track,
        "dice_left": (_letters(dice, "--dice", letters) if dice is not None
                      else [c for stack in parsed_track.values() for c in stack]),
        "to_move": to_move,
        "race_bets": {"winner": winner_cards, "loser": loser_cards},
    }
    if desert:
        position["desert"] = parse_desert(desert, to_move)
    if tiles:
        position["leg_tiles_left"] = parse_tiles(tiles, letters)
    if held:
        position["held_leg_tiles"] = parse_held(held, letters, to_move)
    if money:
        try:
            position["money"] = [int(m) for m in money.replace(",", " ").split()]
        except ValueError:
            raise ScenarioError("--money", f"got {money!r}; write one whole number per player, e.g. \"3,5,2,4\"") from None
    if placed:
        position["overall_cards_placed"] = {to_move: _letters(placed, "--placed", letters)}
    return {"game": "camelup", "rules": {"edition": edition}, "players": players, "position": position}
