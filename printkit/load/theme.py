"""Read the `[theme]` table: the game's, then the user's print settings, key by key.

Colours are `#RRGGBB`; pictures and fonts are paths inside the folder of the file that
names them (the game folder for game.toml), checked as they are read (see
printkit.load.pictures and printkit.load.fontfiles).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from printkit.config import CONFIG_NAME, user_configs
from printkit.errors import Problems
from printkit.files import digest
from printkit.load import fields as f
from printkit.load.declare import IDENT, Colour, Flag, Table, Text, TomlFile
from printkit.load.fontfiles import MAX_BYTES as FONT_BYTES
from printkit.load.fontfiles import font_file
from printkit.load.pictures import picture
from printkit.load.printing import DEFAULTS, PRINT
from printkit.load.tables import Toml, read_toml
from printkit.model.theme import COLOUR_ROLES, COLOURS, FONT_ROLES, PICTOGRAMS, Picture, Theme

PICTURE = Text("a PNG or JPEG file inside the folder of this file, e.g. \"art/back.png\"")
THEME = Table("The look (optional; see README, Themes): colours per role, fonts and "
              "pictures.", own_check=True, keys={
    **{role: Colour(doc, look) for role, (look, doc) in COLOUR_ROLES.items()},
    "board_title": Flag("false: the board-centre picture instead of the title", True),
    "group_symbols": Flag("true: a symbol beside each group's colour", False),
    "fonts": Table(f"TrueType fonts: {', '.join(FONT_ROLES)}",
                   keys={role: Text(f"the {role} font: a .ttf file inside the folder of "
                                    "this file") for role in FONT_ROLES}),
    "pictures": Table("pictures: board_centre, cover (the rule booklet), logo (ledgers); PNG "
                      "or JPEG inside the game folder", keys={
                          "board_centre": replace(PICTURE, doc="the board's centre"),
                          "cover": replace(PICTURE, doc="the cover of the rule booklet"),
                          "logo": replace(PICTURE, doc="the logo on the ledgers")}),
    "backs": Table("a picture per deck for the back of its cards (full bleed)",
                   entries=PICTURE, names=IDENT),
    "cards": Table("a picture per card front or deed: \"<deck>.<card id>\" = \"art/….png\"",
                   entries=PICTURE, names=IDENT.replace("$", r"\.[a-z][a-z0-9_]*$")),
    "squares": Table("a picture per board square, by position: \"5\" = \"art/….png\"",
                     entries=PICTURE, names=r"^[0-9]{1,3}$"),
    "pictograms": Table("a built-in pictogram replaced, per kind",
                        keys=dict.fromkeys(PICTOGRAMS, PICTURE)),
})
SINGLE = tuple(THEME.names_of("pictures"))  # [theme.pictures]
TABLES = tuple(k for k, v in THEME.keys.items() if isinstance(v, Table))
FLAGS = tuple(k for k, v in THEME.keys.items() if isinstance(v, Flag))
PRINTKIT_TOML = TomlFile(CONFIG_NAME, "Your print settings (see README, Print settings), "
                         "theme and defaults for the commands' options.",
                         Table("", keys={**PRINT.keys, "theme": THEME, "defaults": DEFAULTS}),
                         "printkit")


def load_theme(game: Toml | None, config: Path | None, problems: Problems,
               allow_low_resolution: bool = False, where_used: bool = False) -> Theme:
    """The theme of a build: the game's [theme] (of its game.toml as read), then each print
    settings file's. `where_used`: a refused picture is a problem of what uses it
    (printkit.load.pictures)."""
    merged: dict[str, dict[str, Any]] = {name: {} for name in ("colours", "flags", *TABLES)}
    docs = [game] + [read_toml(path, problems) for path in user_configs(config)]
    for doc in docs:
        if doc is not None:
            read_theme(doc, merged, problems, where_used)
    pictures = merged["pictures"]
    fonts = tuple(sorted(merged["fonts"].items()))
    return Theme(colours=tuple(sorted(merged["colours"].items())), fonts=fonts,
                 font_digests=tuple(digest(path, FONT_BYTES) for _, path in fonts),
                 board_centre=pictures.get("board_centre"),
                 board_title=merged["flags"].get("board_title", True),
                 group_symbols=merged["flags"].get("group_symbols", False),
                 cover=pictures.get("cover"), logo=pictures.get("logo"),
                 backs=tuple(sorted(merged["backs"].items())),
                 cards=tuple(sorted(merged["cards"].items())),
                 squares=tuple(sorted((int(k), v) for k, v in merged["squares"].items())),
                 pictograms=tuple(sorted(merged["pictograms"].items())),
                 allow_low_resolution=allow_low_resolution)


def read_theme(doc: Toml, merged: dict[str, dict[str, Any]], problems: Problems,
               where_used: bool = False) -> None:
    table = doc.data.get("theme")
    if table is None:
        return
    if not isinstance(table, dict):
        problems.add(doc.where("theme"), "must be a table: write [theme] and its keys below")
        return
    for key, value in table.items():
        where = doc.where("theme", key)
        if key in COLOURS:
            merged["colours"][key] = f.colour(value, where, problems)
        elif key in FLAGS:
            merged["flags"][key] = f.boolean(value, where, problems)
        elif key in TABLES:
            if not isinstance(value, dict):
                problems.add(where, f"must be a table: write [theme.{key}] and its keys below")
                continue
            merged[key].update(entries(doc, key, value, problems, where_used))
        else:
            known = sorted((*COLOURS, *FLAGS, *TABLES))
            problems.add(where, f"unknown theme key; known keys are {', '.join(known)}")


def entries(doc: Toml, table: str, value: dict[str, Any], problems: Problems,
            where_used: bool = False) -> dict[Any, Any]:
    """The checked entries of one [theme.<table>]."""
    folder = doc.path.parent
    result: dict[Any, Any] = {}
    for key, item in value.items():
        where = doc.where("theme", table, key)
        if table == "fonts":
            if key not in FONT_ROLES:
                problems.add(where, f"unknown font role; known roles are {', '.join(FONT_ROLES)}")
            elif (path := font_file(item, folder, where, problems)) is not None:
                result[FONT_ROLES[key]] = path
            continue
        wanted = known_key(table, key)
        if wanted:
            problems.add(where, wanted)
            continue
        found: Picture | None = picture(item, folder, where, problems, where_used)
        if found is not None:
            result[int(key) if table == "squares" else key] = found
    return result


def known_key(table: str, key: str) -> str:
    """What is wrong with a picture's key ('' if nothing)."""
    if table == "pictures" and key not in SINGLE:
        return f"unknown picture; known ones are {', '.join(SINGLE)}"
    if table == "pictograms" and key not in PICTOGRAMS:
        return f"unknown pictogram; known ones are {', '.join(PICTOGRAMS)}"
    if table == "squares" and not (key.isascii() and key.isdigit() and len(key) <= 3):
        return 'write a square by its position on the board, e.g. "5" = "art/station.png"'
    if table == "cards" and key.count(".") != 1:
        return 'write a card as "<deck>.<card id>", e.g. "chance.go_start"'
    return ""
