"""Tabletop Simulator: deck sheets, backs and the board as pictures, and a saved object
that puts them on the table (what `export --to tts` writes).

A custom deck in Tabletop Simulator is a sheet of card faces in a grid of at most 10
columns and 7 rows, and a back: one picture for every card, or a sheet of backs in the
same grid when the backs differ (a title deed's back). Its last slot (the 70th of a full
sheet) is the "hidden" card, shown for a card in someone else's hand; printkit puts at most
69 cards on a sheet and marks the decks `BackIsHidden`, so the back is shown there and the
70th slot stays empty. A card's CardID is its sheet's number (its key under CustomDeck)
times 100 plus its place on the sheet, from 0.

The saved object refers to the pictures by file:/// URLs (absolute paths): Tabletop
Simulator loads them from the disk; to play online, upload them to the Steam Cloud in
the game (Modding > Cloud Manager) so every player sees them.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from printkit.commands.export_images import Shot

COLUMNS, ROWS = 10, 7  # the largest deck sheet Tabletop Simulator reads
PER_SHEET = COLUMNS * ROWS - 1  # the last slot is the hidden card
CARD_MM = 88.9  # a Tabletop Simulator card at scale 1 is as long as a poker card
THUMB = 256  # px: the saved object's picture in the game's list
LARGEST = 4096  # px: the longest side of a picture Tabletop Simulator is advised to load


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: its number (the CustomDeck key), grid, face picture, back picture
    (a sheet of backs when `unique`) and its cards."""

    number: int
    cols: int
    rows: int
    face: str
    back: str
    unique: bool
    cards: tuple[Shot, ...]


def grid(count: int) -> tuple[int, int]:
    """Columns and rows for `count` cards: up to 10 wide, as few rows as hold them."""
    cols = max(1, min(COLUMNS, count))
    return cols, max(1, -(-count // cols))


def fitted(width: int, height: int, cols: int = 1, rows: int = 1) -> tuple[int, int]:
    """A cell's size in a grid of cols × rows no wider or taller than LARGEST."""
    scale = min(1.0, LARGEST / (cols * width), LARGEST / (rows * height))
    return max(1, int(width * scale)), max(1, int(height * scale))


def sheet_png(shots: Sequence[Shot], cols: int, rows: int) -> bytes:
    """The pictures in a grid, row by row from the top left, each in a cell the size of
    the first (smaller when the sheet would be over LARGEST pixels); empty cells white."""
    first = Image.open(io.BytesIO(shots[0].png))
    w, h = fitted(*first.size, cols, rows)
    sheet = Image.new("RGB", (cols * w, rows * h), "white")
    for i, shot in enumerate(shots):
        image = Image.open(io.BytesIO(shot.png)).convert("RGB")
        if image.size != (w, h):
            image = image.resize((w, h), Image.Resampling.LANCZOS)
        sheet.paste(image, ((i % cols) * w, (i // cols) * h))
    buffer = io.BytesIO()
    sheet.save(buffer, "PNG")
    return buffer.getvalue()


def deck_sheets(deck: str, fronts: list[Shot], backs: list[Shot], first: int
                ) -> tuple[list[Sheet], list[tuple[str, bytes]]]:
    """A deck's sheets, numbered from `first`, and their pictures: `<deck>-<k>.png` the
    faces, `<deck>-back.png` the one back, or `<deck>-backs-<k>.png` when they differ."""
    unique = len({b.png for b in backs}) > 1
    files: list[tuple[str, bytes]] = []
    if backs and not unique:
        files.append((f"{deck}-back.png", shrunk(backs[0].png, LARGEST)))
    sheets = []
    for k, start in enumerate(range(0, len(fronts), PER_SHEET), 1):
        chunk = fronts[start:start + PER_SHEET]
        cols, rows = grid(len(chunk))
        face = f"{deck}-{k}.png"
        files.append((face, sheet_png(chunk, cols, rows)))
        back = f"{deck}-back.png"
        if unique:
            back = f"{deck}-backs-{k}.png"
            files.append((back, sheet_png(backs[start:start + PER_SHEET], cols, rows)))
        sheets.append(Sheet(first + k - 1, cols, rows, face, back, unique, tuple(chunk)))
    return sheets, files


def guid(*parts: object) -> str:
    """A stable six-digit hex GUID (the same export writes the same file)."""
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def transform(x: float, z: float, scale: float = 1.0, face_down: bool = False
              ) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def url(folder: Path, name: str) -> str:
    return (folder / name).resolve().as_uri()


def custom_deck(sheet: Sheet, folder: Path) -> dict[str, Any]:
    return {"FaceURL": url(folder, sheet.face), "BackURL": url(folder, sheet.back),
            "NumWidth": sheet.cols, "NumHeight": sheet.rows, "BackIsHidden": True,
            "UniqueBack": sheet.unique, "Type": 0}


def deck_object(title: str, sheets: list[Sheet], folder: Path, x: float) -> dict[str, Any]:
    """A DeckCustom of the sheets' cards, face down, in deck order, each as many times as
    it has copies (a player aid: one per player); a deck of one card: the card."""
    first = sheets[0].cards[0]
    sideways = first.width_mm > first.height_mm
    scale = round(max(first.width_mm, first.height_mm) / CARD_MM, 3)
    decks = {str(s.number): custom_deck(s, folder) for s in sheets}
    cards = [{"Name": "Card", "Transform": transform(x, 0.0, scale, True),
              "Nickname": shot.title, "CardID": s.number * 100 + i,
              "SidewaysCard": sideways, "GUID": guid(title, s.number, i, copy),
              "CustomDeck": {str(s.number): decks[str(s.number)]}}
             for s in sheets for i, shot in enumerate(s.cards) for copy in range(shot.copies)]
    if len(cards) == 1:  # a deck holds two cards at least: one card lies alone
        return cards[0]
    return {"Name": "DeckCustom", "Transform": transform(x, 0.0, scale, True),
            "Nickname": title, "Description": "", "GUID": guid(title),
            "Locked": False, "Grid": True, "Snap": True, "Hands": True,
            "SidewaysCard": sideways, "DeckIDs": [c["CardID"] for c in cards],
            "CustomDeck": decks, "ContainedObjects": cards}


def board_object(title: str, image: str, folder: Path) -> dict[str, Any]:
    return {"Name": "Custom_Board", "Transform": transform(0.0, 0.0), "Nickname": title,
            "Description": "", "GUID": guid(title, "board"), "Locked": True,
            "CustomImage": {"ImageURL": url(folder, image), "ImageSecondaryURL": "",
                            "WidthScale": 0.0}}


def saved_object(name: str, objects: list[dict[str, Any]]) -> str:
    """A Tabletop Simulator saved object holding `objects`."""
    return json.dumps({"SaveName": name, "GameMode": "", "Date": "", "Gravity": 0.5,
                       "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
                       "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects,
                       "TabStates": {}, "VersionNumber": ""},
                      ensure_ascii=False, indent=2) + "\n"


def shrunk(png: bytes, largest: int) -> bytes:
    """A picture no wider or taller than `largest` pixels (as it is when it is not)."""
    if max(Image.open(io.BytesIO(png)).size) <= largest:
        return png
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.thumbnail((largest, largest), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def tts_files(name: str, title: str, shots: list[Shot], titles: dict[str, str],
              folder: Path) -> list[tuple[str, bytes]]:
    """The pictures and the saved object `<name>.json` (with its thumbnail `<name>.png`)
    for one language of a game: the board and every deck, the decks in a row below it.
    `titles` names the products; `folder` is where the files go (their URLs)."""
    files: list[tuple[str, bytes]] = []
    objects: list[dict[str, Any]] = []
    board = next((s for s in shots if s.side == "board"), None)
    if board is not None:
        files += [("board.png", shrunk(board.png, LARGEST)),
                  (f"{name}.png", shrunk(board.png, THUMB))]
        objects.append(board_object(titles.get(board.product, board.product), "board.png",
                                    folder))
    decks = list(dict.fromkeys(s.product for s in shots if s.side == "front"))
    number = 1
    for i, deck in enumerate(decks):
        fronts = [s for s in shots if s.product == deck and s.side == "front"]
        backs = [s for s in shots if s.product == deck and s.side == "back"]
        sheets, pictures = deck_sheets(deck, fronts, backs, number)
        number += len(sheets)
        files += pictures
        x = (i - (len(decks) - 1) / 2) * 4.0
        objects.append(deck_object(titles.get(deck, deck), sheets, folder, x))
        objects[-1]["Transform"]["posZ"] = -14.0
    if board is None and decks:
        files.append((f"{name}.png", shrunk(files[0][1], THUMB)))
    files.append((f"{name}.json", saved_object(title, objects).encode()))
    return files
