"""The quick-entry flag syntax: short flag strings -> a camelup scenario dict (and its Position).

    --track "1:bg 3:y 4:ow"   camels by first letter, bottom to top, per space
    --dice byw                dice still in the pyramid (default: every camel's)
    --desert "6+@2 9-@0"      space, + oasis / - mirage, @owner (default: the player to move)
    --tiles "b:3,2 g:"        leg tiles left per colour, top first (default: full stacks)
    --held "g5 2:b3"          leg tiles held, [player:]letter+value (default player: to move)

Second edition: letters b g y r p (racing), w k (crazy white and black); x is the grey die.
Supercup: --boost / --pit (boost dice in the pyramid / rolled this leg), --pyramid-held
"1 2:1" (pyramid tiles held), --camera 9@1 (space@holder), --placements "y5@3"
([player:]letter+value@place), --partners "0-3".  Used by `analyzer camelup odds|ev` and by the
table session's `new`; an error names the flag typed and its value.
"""
from __future__ import annotations

import re

from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.games.camelup.rules import EDITIONS

_DESERT = re.compile(r"^(\d{1,9})([+-])(?:@(\d{1,9}))?$")
_HELD = re.compile(r"^(?:(\d{1,9}):)?([a-z])(\d{1,9})$")


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
        if not sep or not space.isdecimal() or len(space) > 9 or not camels:
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
        names = _letters(letter, "--tiles", letters)
        if len(names) != 1:
            raise ScenarioError("--tiles", f"bad token {token!r}; one camel letter per token, e.g. \"b:3,2 g:\"")
        (name,) = names
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
                        edition: str = "first", supercup: str | None = None, boost: str | None = None,
                        pit: str | None = None, pyramid_held: str | None = None, camera: str | None = None,
                        placements: str | None = None, partners: str | None = None,
                        boost_faces: str | None = None) -> dict:
    if edition not in EDITIONS:
        raise ScenarioError("--edition", f"got {edition!r}; allowed: {', '.join(EDITIONS)}"
                                         f"{did_you_mean(edition, EDITIONS)}")
    edition_rules = EDITIONS[edition]
    letters = edition_rules.letters
    parsed_track = parse_track(track, letters)
    racing = set(edition_rules.camels[: edition_rules.racing])
    if dice is None:
        dice_left = [c for stack in parsed_track.values() for c in stack if c in racing]
        dice_left += [GREY_DIE] if edition_rules.crazy_camels else []
    else:
        dice_left = _dice_letters(dice, edition_rules)
    position = {
        "track": parsed_track,
        "dice_left": dice_left,
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
    if boost:
        position["boost_dice_left"] = _letters(boost, "--boost", letters)
    if pit:
        position["boost_dice_pit"] = _letters(pit, "--pit", letters)
    if pyramid_held:
        position["pyramid_tiles_held"] = _player_counts(pyramid_held, "--pyramid-held", to_move)
    if camera:
        m = _CAMERA.match(camera.strip())
        if not m:
            raise ScenarioError("--camera", f"got {camera!r}; write space@holder, e.g. 9@1")
        position["photographer"] = {"space": int(m.group(1)),
                                    "holder": int(m.group(2)) if m.group(2) is not None else to_move}
    if placements:
        position["placement_bets"] = _placements(placements, letters, to_move)
    if partners:
        position["partners"] = _pairs(partners)
    rules = {"edition": edition}
    if supercup:
        rules["supercup"] = [m.strip() for m in supercup.replace(",", " ").split()]
    if boost_faces:
        try:
            rules["boost_faces"] = [int(v) for v in boost_faces.replace(",", " ").split()]
        except ValueError:
            raise ScenarioError("--boost-faces", f"got {boost_faces!r}; write the faces, e.g. \"1,2\"") from None
    return {"game": "camelup", "rules": rules, "players": players, "position": position}


GREY_DIE = "grey"
GREY_LETTER = "x"
_CAMERA = re.compile(r"^(\d{1,9})(?:@(\d{1,9}))?$")
_PLACEMENT = re.compile(r"^(?:(\d{1,9}):)?([a-z])(\d{1,9})@(\d)$")
_COUNT = re.compile(r"^(?:(\d{1,9}):)?(\d{1,9})$")


def _dice_letters(text: str, rules) -> list[str]:
    """Dice letters; x is the grey die (second edition)."""
    names = []
    for ch in text.strip().lower():
        if ch == GREY_LETTER and rules.crazy_camels:
            names.append(GREY_DIE)
        else:
            names += _letters(ch, "--dice", rules.letters)
    return names


def _player_counts(text: str, flag: str, default_player: int) -> dict:
    counts = {}
    for token in text.replace(",", " ").split():
        m = _COUNT.match(token)
        if not m:
            raise ScenarioError(flag, f"bad token {token!r}; write [player:]count, e.g. \"1 2:1\"")
        counts[int(m.group(1)) if m.group(1) is not None else default_player] = int(m.group(2))
    return counts


def _placements(text: str, letters, default_player: int) -> dict:
    bets: dict[int, list] = {}
    for token in text.replace(",", " ").split():
        m = _PLACEMENT.match(token.lower())
        if not m:
            raise ScenarioError("--placements", f"bad token {token!r}; write [player:]letter+value@place, e.g. \"y5@3\"")
        player = int(m.group(1)) if m.group(1) is not None else default_player
        (name,) = _letters(m.group(2), "--placements", letters)
        bets.setdefault(player, []).append([name, int(m.group(3)), int(m.group(4))])
    return bets


def _pairs(text: str) -> list:
    pairs = []
    for token in text.replace(",", " ").split():
        a, sep, b = token.partition("-")
        if not sep or not a.isdecimal() or not b.isdecimal() or len(a) > 9 or len(b) > 9:
            raise ScenarioError("--partners", f"bad token {token!r}; write pairs of players, e.g. \"0-3 1-5\"")
        pairs.append([int(a), int(b)])
    return pairs


# Where a position field comes from: the scenario field's start -> (the quick-entry parameter, its flag).
FIELD_FLAGS = (("position.track", "track", "--track"), ("position.dice_left", "dice", "--dice"),
               ("position.desert", "desert", "--desert"), ("position.leg_tiles_left", "tiles", "--tiles"),
               ("position.held_leg_tiles", "held", "--held"), ("position.money", "money", "--money"),
               ("position.to_move", "to_move", "--me"), ("position.race_bets.winner", "winner_cards", "--winner-cards"),
               ("position.race_bets.loser", "loser_cards", "--loser-cards"),
               ("position.overall_cards_placed", "placed", "--placed"), ("position.boost_dice_left", "boost", "--boost"),
               ("position.boost_dice_pit", "pit", "--pit"), ("position.pyramid_tiles_held", "pyramid_held",
                                                             "--pyramid-held"),
               ("position.photographer", "camera", "--camera"), ("position.placement_bets", "placements",
                                                                  "--placements"),
               ("position.partners", "partners", "--partners"), ("rules.edition", "edition", "--edition"),
               ("rules.supercup", "supercup", "--supercup"), ("rules.boost_faces", "boost_faces", "--boost-faces"),
               ("players", "players", "--players"))


def position_from_flags(typed: dict):
    """(the scenario dict, its Position) from quick-entry values; an error names the flag typed and its value."""
    from analyzer.games.camelup.state import parse_position

    data = scenario_from_flags(**typed)
    try:
        return data, parse_position(data)
    except ScenarioError as exc:
        for field, name, flag in FIELD_FLAGS:
            if exc.field == field or exc.field.startswith((field + ".", field + "[")):
                value = typed.get(name)
                shown = f' "{value}"' if value is not None and len(str(value)) <= 40 else ""
                raise ScenarioError(f"{flag}{shown}", exc.problem) from None
        raise
