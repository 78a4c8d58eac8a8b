"""Read the print settings: built-ins, then a game's [print] table, then the user's files.

Each source may add or change papers, card formats, the sheet layout, per-format sheet
overrides, shop presets and printer profiles; later sources win entry by entry (field by
field within one entry). Every bad value is a located problem in the file that holds it.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from printkit.colour import PROFILES
from printkit.config import user_configs
from printkit.errors import Problem, Problems, Where
from printkit.load.declare import (
    LENGTH,
    REQUIRED,
    SIGNED_LENGTH,
    Choice,
    Flag,
    Items,
    Length,
    Names,
    Table,
    Text,
    Whole,
)
from printkit.load.tables import Toml, read_toml
from printkit.model.printing import Printer, PrintSpec, SheetOverride, SheetSpec, Vendor
from printkit.options import COLOURS, TARGETS
from printkit.units import MM, parse_length

BUILTIN = Path(__file__).resolve().parent.parent / "builtin" / "print.toml"
SIDES = ("alternate", "back-first", "separate")
DUPLEX = ("long", "short", "none")
SIZE = Items("", item=Length(""), least=2, most=2)
SHEET = Table("How cards are laid out n-up on a home-printer sheet.", keys={
    "margin": Length("nothing is printed closer to the paper edge (home printers)"),
    "gutter": Length("space between neighbouring trims: room for both cards' bleed"),
    "mark_offset": Length("crop marks start this far from the trim (at least the bleed)"),
    "mark_length": Length("longest crop mark; shorter when the margin is tight"),
    "bleed": Length("bleed of items printed at home"),
    "tile_overlap": Length("glue strip shared by neighbouring tiles of the board"),
    "rotate": Flag("cards may be turned a quarter turn when more of them fit that way"),
    "cols": Whole("fixed slots: this many columns (0: as many as fit)", None, 0, 50),
    "rows": Whole("fixed slots: this many rows (0: as many as fit)", None, 0, 50),
})
PRINT = Table("Print settings of this game (optional; see README, Print settings): papers, "
              "card formats, the sheet layout, print-shop presets.", own_check=True, keys={
    "papers": Table("Paper sizes, portrait: name = [width, height].",
                    entries=replace(SIZE, doc="a paper's width and height, e.g. "
                                    '["210mm", "297mm"]')),
    "formats": Table("Card formats: name = [width, height] of the upright card's trim.",
                     entries=replace(SIZE, doc="a card's width and height, e.g. "
                                     '["63mm", "88mm"]')),
    "sheet": SHEET,
    "sheets": Table("Sheet settings for one card format (and paper).",
                    entries=SHEET.but(
                        format=Text("the card format these settings are for", REQUIRED),
                        paper=Text("only on this paper (default: every paper)"))),
    "vendors": Table("Print-shop presets for --target shop.", entries=Table(
        "A print-shop preset: one item per page, page = trim + bleed, no marks.", keys={
            "bleed": Length("the shop's bleed"),
            "sides": Choice("alternate (front, back, …), back-first or separate (a file of "
                            "fronts and one of backs)", SIDES),
            "note": Text("what the preset is for, shown in how-to-print lines"),
            "profile": Choice("the printing condition its CMYK is made for",
                              tuple(PROFILES)),
            "ink_limit": Text("the most ink, C + M + Y + K, anywhere on a page, e.g. "
                              '"300%"', None, r"^\s*[0-9]+(\.[0-9]+)?\s*%?\s*$")})),
    "printers": Table("Printer profiles (--printer NAME).", entries=Table(
        "A printer profile: its back offset (from printkit calibrate), duplex and paper.",
        keys={"back_offset": Items('shift of the backs, [x, y], e.g. ["0.5mm", "-1mm"]',
                                   item=Text("", None, SIGNED_LENGTH), least=2, most=2),
              "duplex": Choice("long, short or none", DUPLEX),
              "paper": Text("the paper it prints on")})),
})
DEFAULTS = Table("Your defaults for the commands' options, used when the command line does "
                 "not give them (see README, Your defaults).", own_check=True, keys={
    "ui_lang": Text("the language printkit speaks on the terminal (--ui-lang): en, nl, nb "
                    "or da"),
    "lang": Names("the languages to build (--lang): a code, a list of codes, or \"all\""),
    "data": Text("the folder of your own games (--data)"),
    "out": Text("the output folder (--out)"),
    "paper": Text("the paper (--paper): a4, letter, a3, a5, a2, a1 or one of [papers]"),
    "duplex": Choice("how your printer turns the sheet (--duplex)", DUPLEX),
    "printer": Text("a printer profile of [printers] (--printer)"),
    "target": Choice("home or shop (--target)", TARGETS),
    "vendor": Text("the print-shop preset (--vendor): eu, us, drivethru or one of "
                   "[vendors]"),
    "colour": Choice("rgb or cmyk (--colour)", COLOURS),
})
SECTIONS = set(PRINT.keys)
SHEET_KEYS = tuple(SHEET.keys)
SHEET_LENGTHS = tuple(k for k in SHEET_KEYS if SHEET.keys[k].kind().get("pattern") == LENGTH)
MAX_LENGTH = 5_080  # mm: 200 inches, PDF's largest page (and inf is not a length)


def load_print_spec(game: Toml | None = None, config: Path | None = None) -> PrintSpec:
    """Every print setting for a build: the built-in ones, the [print] table of a game's
    game.toml (`game`, as read), then the user's; raises with every problem found."""
    problems = Problems()
    merged: dict[str, dict[str, Any]] = {s: {} for s in SECTIONS}
    wheres: dict[tuple[str, str], Where] = {}
    docs: list[tuple[Toml | None, tuple[str, ...]]] = [(read_toml(BUILTIN, problems), ())]
    if game is not None:
        docs.append((game, ("print",)))
    docs += [(read_toml(p, problems), ()) for p in user_configs(config)]
    for doc, prefix in docs:
        if doc is not None:
            read_source(doc, prefix, merged, wheres, problems)
    problems.raise_if_any()
    spec = build_spec(merged, wheres, problems)
    problems.raise_if_any()
    return spec


def read_defaults(config: Path | None) -> tuple[dict[str, tuple[Any, Where]], list[Problem]]:
    """The [defaults] of the user's settings files (a later file's value wins), each value
    checked against DEFAULTS: the values with where each is set, and what is wrong with
    those refused (printkit.config reads the tables first, before any stage)."""
    problems = Problems()
    values: dict[str, tuple[Any, Where]] = {}
    for path in user_configs(config):
        doc = read_toml(path, Problems())  # unreadable: the print settings say so
        if doc is None or "defaults" not in doc.data:
            continue
        table = doc.data["defaults"]
        if not isinstance(table, dict):
            problems.add(doc.where("defaults"), 'must be a table of option values, e.g. '
                         '[defaults] then paper = "letter" on a line of its own')
            continue
        for key, value in table.items():
            read = default_value(key, value, doc.where("defaults", key), problems)
            if read is not None:
                values[key] = (read, doc.where("defaults", key))
    return values, problems.items


def default_value(key: str, value: Any, where: Where, problems: Problems) -> Any:
    """A value of [defaults] as its declaration allows it (a list for Names, a choice in
    lower case), or None and a problem."""
    if key not in DEFAULTS.keys:
        close = difflib.get_close_matches(key, list(DEFAULTS.keys), 1)
        hint = f"did you mean {close[0]}? " if close else ""
        problems.add(where, f"unknown default; {hint}known ones are {', '.join(DEFAULTS.keys)}")
        return None
    declared = DEFAULTS.keys[key]
    if isinstance(declared, Names):
        names = [value] if isinstance(value, str) else value
        if isinstance(names, list) and names and all(isinstance(v, str) and v.strip()
                                                     for v in names):
            return tuple(names)
        problems.add(where, 'write a language or a list of them, e.g. "nl" or ["nl", "da"]')
        return None
    if not isinstance(value, str) or not value.strip():
        problems.add(where, 'write a text in quotes, e.g. "letter"')
        return None
    choices = declared.choices if isinstance(declared, Text) else ()
    if choices and value.strip().lower() not in choices:
        problems.add(where, f"'{value}' is not one of {', '.join(choices)}")
        return None
    if key in ("data", "out"):  # a folder: ~ is the home folder, as a shell reads it
        return str(Path(value).expanduser())
    return value.strip().lower() if choices else value


def read_source(doc: Toml, prefix: tuple[str, ...], merged: dict[str, dict[str, Any]],
                wheres: dict[tuple[str, str], Where], problems: Problems) -> None:
    """Parse one file's settings into `merged`, remembering where each entry was set."""
    data: Any = doc.data
    for key in prefix:
        data = data.get(key, {}) if isinstance(data, dict) else {}
    if not isinstance(data, dict):
        problems.add(doc.where(*prefix), "must be a table of print settings")
        return
    for section, value in data.items():
        where = doc.where(*prefix, section)
        if section in ("theme", "defaults") and not prefix:  # load/theme.py, read_defaults
            continue
        if section not in SECTIONS:
            problems.add(where, f"unknown print setting; known ones are "
                         f"{', '.join(sorted(SECTIONS))}")
        elif not isinstance(value, dict):
            problems.add(where, "must be a table")
        elif section == "sheet":
            merged["sheet"].update(sheet_values(value, doc, (*prefix, section), problems))
            for key in value:
                wheres[("sheet", key)] = doc.where(*prefix, section, key)
        else:
            for name, entry in value.items():
                at = doc.where(*prefix, section, name)
                parsed = PARSERS[section](entry, doc, (*prefix, section, name), problems)
                if parsed is None:
                    continue
                if isinstance(parsed, dict):
                    merged[section].setdefault(name, {}).update(parsed)
                else:
                    merged[section][name] = parsed
                wheres.setdefault((section, name), at)


def length(value: Any, where: Where, problems: Problems, low: float = 0.0) -> float | None:
    """A length with its unit, at least `low` points; None (and a problem) otherwise."""
    points = parse_length(value) if isinstance(value, str) else None
    if points is None:
        problems.add(where, f"'{value}' is not a length; write a number with a unit, "
                     "e.g. \"3mm\" or \"0.125in\"")
        return None
    if points < low - 1e-9:
        problem = "cannot be negative" if points < 0 <= low else "is too small"
        problems.add(where, f"'{value}' {problem}; use at least {low / MM:g}mm")
        return None
    if abs(points) > MAX_LENGTH * MM:
        problems.add(where, f"'{value}' is too large; use at most {MAX_LENGTH}mm")
        return None
    return points


def pair(value: Any, where: Where, problems: Problems, low: float | None = 0.01
         ) -> tuple[float, float] | None:
    """[width, height] (or [x, y] when low is None: any sign) as lengths."""
    if not (isinstance(value, list) and len(value) == 2):
        problems.add(where, "write two lengths, e.g. [\"63mm\", \"88mm\"]")
        return None
    a, b = (length(v, where, problems, -1e9 if low is None else low) for v in value)
    return None if a is None or b is None else (a, b)


def sheet_values(table: dict[str, Any], doc: Toml, keys: tuple[str, ...], problems: Problems,
                 extra: tuple[str, ...] = ()) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key, value in table.items():
        where = doc.where(*keys, key)
        if key in extra:
            continue
        if key in SHEET_LENGTHS:
            parsed = length(value, where, problems)
        elif key == "rotate":
            parsed = value if isinstance(value, bool) else None
            if parsed is None:
                problems.add(where, f"'{value}' is not true or false")
        elif key in ("cols", "rows"):
            ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 50
            parsed = value if ok else None
            if not ok:
                problems.add(where, f"'{value}' is not a whole number from 0 (as many as fit)"
                             " to 50")
        else:
            problems.add(where, f"unknown key; known keys are {', '.join(SHEET_KEYS + extra)}")
            continue
        if parsed is not None:
            values[key] = parsed
    return values


def override(entry: Any, doc: Toml, keys: tuple[str, ...], problems: Problems
             ) -> dict[str, Any] | None:
    if not isinstance(entry, dict):
        problems.add(doc.where(*keys), "must be a table with format = \"…\" and sheet keys")
        return None
    values = sheet_values(entry, doc, keys, problems, extra=("format", "paper"))
    for key in ("format", "paper"):
        if key in entry:
            values[key] = str(entry[key])
    return values


def vendor(entry: Any, doc: Toml, keys: tuple[str, ...], problems: Problems
           ) -> dict[str, Any] | None:
    return keyed(entry, doc, keys, problems, "bleed and sides",
                 {"bleed": length, "sides": one_of(SIDES), "note": text,
                  "profile": one_of(tuple(PROFILES)), "ink_limit": percent})


def percent(value: Any, where: Where, problems: Problems) -> float | None:
    """A total ink limit such as "300%": from 100 % (black alone) to 400 % (all four inks
    solid); None (and a problem) otherwise."""
    text = str(value).strip().removesuffix("%").strip() if isinstance(value, str | int) \
        and not isinstance(value, bool) else ""
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if not 100 <= number <= 400:
        problems.add(where, f"'{value}' is not a total ink limit; write a percentage from "
                     "100% to 400%, e.g. \"300%\"")
        return None
    return number


def printer(entry: Any, doc: Toml, keys: tuple[str, ...], problems: Problems
            ) -> dict[str, Any] | None:
    return keyed(entry, doc, keys, problems, "back_offset = [\"x mm\", \"y mm\"]",
                 {"back_offset": partial(pair, low=None), "duplex": one_of(DUPLEX),
                  "paper": text})


Reader = Callable[[Any, Where, Problems], Any]


def keyed(entry: Any, doc: Toml, keys: tuple[str, ...], problems: Problems, holding: str,
          readers: dict[str, Reader]) -> dict[str, Any] | None:
    """A table of settings, each key read by its reader (a value it refuses is a problem
    and None); None if `entry` is not a table (it must be one `holding` …)."""
    if not isinstance(entry, dict):
        problems.add(doc.where(*keys), f"must be a table with {holding}")
        return None
    values: dict[str, Any] = {}
    for key, value in entry.items():
        where = doc.where(*keys, key)
        if key in readers:
            values[key] = readers[key](value, where, problems)
        else:
            problems.add(where, f"unknown key; known keys are {', '.join(readers)}")
    return values


def one_of(choices: tuple[str, ...]) -> Reader:
    """A reader that keeps the value and says so if it is not one of `choices`."""
    def read(value: Any, where: Where, problems: Problems) -> Any:
        if value not in choices:
            problems.add(where, f"'{value}' is not one of {', '.join(choices)}")
        return value
    return read


def text(value: Any, where: Where, problems: Problems) -> str:
    return str(value)


def size(entry: Any, doc: Toml, keys: tuple[str, ...], problems: Problems
         ) -> tuple[float, float] | None:
    return pair(entry, doc.where(*keys), problems)


PARSERS = {"papers": size, "formats": size, "sheets": override, "vendors": vendor,
           "printers": printer}


def build_spec(merged: dict[str, dict[str, Any]], wheres: dict[tuple[str, str], Where],
               problems: Problems) -> PrintSpec:
    """Check the merged settings as a whole and make the spec."""
    papers, formats = merged["papers"], merged["formats"]
    sheet = SheetSpec(**merged["sheet"])
    if sheet.mark_offset < sheet.bleed:
        problems.add(wheres.get(("sheet", "mark_offset"), Where("", 0, "sheet.mark_offset")),
                     "crop marks must start outside the bleed; make mark_offset at least bleed")
    overrides = []
    for name, values in merged["sheets"].items():
        where = wheres[("sheets", name)]
        fmt, paper = values.pop("format", ""), values.pop("paper", "")
        if fmt not in formats:
            problems.add(where.at(f"{where.field}.format"),
                         f"'{fmt}' is not a card format; known ones are {', '.join(formats)}")
        if paper and paper not in papers:
            problems.add(where.at(f"{where.field}.paper"),
                         f"'{paper}' is not a paper; known ones are {', '.join(papers)}")
        overrides.append(SheetOverride(name, fmt, paper, tuple(sorted(values.items()))))
    vendors = {}
    for name, values in merged["vendors"].items():
        if "bleed" not in values or "sides" not in values:
            problems.add(wheres[("vendors", name)], "a shop preset needs bleed and sides")
            continue
        vendors[name] = Vendor(name, values["bleed"], values["sides"], values.get("note", ""),
                               values.get("profile") or "FOGRA39",
                               values.get("ink_limit") or 330.0)
    printers = {}
    for name, values in merged["printers"].items():
        if values.get("paper") and values["paper"] not in papers:
            problems.add(wheres[("printers", name)].at(f"printers.{name}.paper"),
                         f"'{values['paper']}' is not a paper; known ones are "
                         f"{', '.join(papers)}")
        printers[name] = Printer(name, values.get("back_offset") or (0.0, 0.0),
                                 values.get("duplex", ""), values.get("paper", ""))
    return PrintSpec(dict(papers), dict(formats), sheet, tuple(overrides), vendors, printers)
