"""game.toml as every system reads it: known tables and keys, the fields every game shares
(languages, players, …) and the text files, plus small readers of typed values."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from printkit.errors import Problems, Where
from printkit.load import fields as f
from printkit.load.codes import code_for, known_codes, unknown
from printkit.load.declare import (
    MAX_WHOLE,
    REQUIRED,
    Choice,
    Flag,
    Items,
    Key,
    Table,
    Text,
    Texts,
    TomlFile,
    Whole,
)
from printkit.load.tables import Toml, read_toml
from printkit.model.common import GameInfo, TextSource
from printkit.model.dice import DICE_HINT, AnalysisSpec, Dice

MAX_NUMBER = MAX_WHOLE  # the largest whole number a game.toml value may have
Tables = dict[str, set[str] | None]  # table -> its keys (None: checked by its own reader)
G = TypeVar("G", bound=GameInfo)

GAME_DOC = "The game's structure; every text a player reads lives in text/<language>.toml."
GAME = Table("What the game is.", keys={
    "system": Text("the rules and components this game uses", REQUIRED),
    "source_language": Text("the language the game was written in; the others are checked "
                            "against it", REQUIRED),
    "languages": Items("the languages `--lang all` builds", REQUIRED, item=Text(""), least=1),
    "players": Items("fewest and most players, e.g. [2, 6]", [2, 6],
                     item=Whole("", None, 1, 12), least=2, most=2),
})
ANALYSIS = Table("For printkit analyse (optional).", keys={
    "dice": Text("the dice the game is played with, e.g. \"2d6\" (how many, d, their sides); "
                 "two six-sided dice when left out", "2d6", r"^\s*[1-9]\s*[dD]\s*[0-9]{1,2}\s*$"),
    "tips": Flag("true: the rule booklet ends with a chapter of the squares landed on most",
                 False),
})

IN_TEXT = "how running text says the name, built from it as {{ this }}"
ARTICLE = "the article before the name in running text (Dutch de or het)"
NAMED_TEXTS: dict[str, Key] = {  # the names of a game with a board, in its text files
    "streets": Table("", entries=Table("", entries=Text(""), keys={
        "name": Text("the street's name, given once: in the source language's text file; "
                     "every language uses it, unless its own file gives another (printkit "
                     "check lists those as own names)"),
        "article": Text("the article running text puts before the name, where the language "
                        "needs one (Dutch de or het): cards then say \"Ga naar het "
                        "Kasteelplein\" with the current name"),
        "in_text": Text(f"{IN_TEXT}: \"de {{{{ this|lcfirst('Keuken') }}}}\" (first letter "
                        "in lower case while the name starts with that word: a proper name it "
                        "is renamed to keeps its capital), \"station {{ this|q }}\"; never a "
                        "second copy of the name")})),
    "stations": Table("", entries=Table("", entries=Text(""), keys={
        "name": Text("the station's name, given once like a street's"),
        "in_text": Text(f"{IN_TEXT}, e.g. \"{{{{ this|lcfirst('Station') }}}}\""),
        "article": Text(ARTICLE)})),
    "corners": Table("", entries=Table("", entries=Text(""), keys={
        "name": Text("the corner's name; another language's file usually gives its own (a "
                     "translation)"),
        "in_text": Text(f"{IN_TEXT}, e.g. \"{{{{ this|lcfirst('Fængsel') }}}}\" (fængsel)")})),
}


def text_toml(doc: str, named: dict[str, Key] = NAMED_TEXTS) -> TomlFile:
    """A system's text/<lang>.toml: every text a player reads, in tables of tables; the
    names of `named` declared (by default those of a board: streets, stations, corners)."""
    return TomlFile("text/*.toml", doc, Table("", keys=named, entries=Texts("")), "text")


def game_toml(system: str, meaning: str, own: dict[str, Key], players: str = "",
              doc: str = GAME_DOC) -> TomlFile:
    """A system's game.toml: [game] (its `system` and what that means, and how many
    `players`, when said otherwise), the system's own tables, and [analysis], [print] and
    [theme], which every game may have (load/printing.py and load/theme.py read the last
    two)."""
    from printkit.load.printing import PRINT  # the tables every game.toml may have
    from printkit.load.theme import THEME

    game = GAME.but(system=Choice(f"the rules and components this game uses: {system} "
                                  f"({meaning})", (system,), REQUIRED))
    if players:
        game = game.but(players=replace(GAME.keys["players"], doc=players))
    return TomlFile("game.toml", doc, Table("", keys={
        "game": game, **own, "analysis": ANALYSIS, "print": PRINT, "theme": THEME}), "game")


def game_info(folder: Path, doc: Toml, system: str, problems: Problems,
              langs: Collection[str] | None) -> GameInfo:
    """The fields every game shares, from game.toml and text/*.toml (of `langs`, or all)."""
    known = known_codes(folder)
    return GameInfo(id=folder.name, folder=folder, system=system,
                    source_language=source_language(doc, problems, known),
                    languages=languages(doc, problems, known), players=players(doc, problems),
                    texts=texts(folder, problems, langs), where=doc.where("game"),
                    translated=translated(folder, problems),
                    analysis=analysis(doc, problems))


@dataclass(frozen=True)
class GameReader(Generic[G]):
    """A system's `load`: checks game.toml's tables and keys against `tables`, reads the
    fields every game shares, and then hands them to the system's own reader (`read`),
    which reads the rest of game.toml and the game's data files."""

    system: str
    tables: Tables
    read: Callable[[GameInfo, Toml, Problems], G]

    def __call__(self, folder: Path, manifest: Toml, problems: Problems,
                 langs: Collection[str] | None = None) -> G:
        """The game of `folder` (of the text files, those of `langs`, or all); problems are
        collected, not raised."""
        check_keys(manifest, self.tables, problems)
        return self.read(game_info(folder, manifest, self.system, problems, langs), manifest,
                         problems)


def check_keys(doc: Toml, known: dict[str, set[str] | None], problems: Problems) -> None:
    """Report tables and keys the format does not know (usually typos); a table known as
    None is checked elsewhere."""
    for name, value in doc.data.items():
        if name not in known:
            problems.add(doc.where(name), f"unknown table; known tables are {', '.join(known)}")
        elif known[name] is None:
            continue
        elif not isinstance(value, dict):
            problems.add(doc.where(name), f"must be a table: write [{name}] and its keys below")
        else:
            keys = known[name] or set()
            for key in value:
                if key not in keys:
                    problems.add(doc.where(name, key),
                                 f"unknown key; known keys are {', '.join(sorted(keys))}")


def section(doc: Toml, name: str) -> dict[str, Any]:
    """A top-level table ({} if absent or not a table; check_keys reports the latter)."""
    value = doc.data.get(name, {})
    return value if isinstance(value, dict) else {}


def source_language(doc: Toml, problems: Problems, known: dict[str, str]) -> str:
    value = section(doc, "game").get("source_language", "")
    where = doc.where("game", "source_language")
    if not isinstance(value, str) or not value:
        problems.add(where, 'write the language the game was written in as a code in quotes,'
                     ' e.g. "nl"')
        return ""
    return language_code(value, where, problems, known) or value


def languages(doc: Toml, problems: Problems, known: dict[str, str]) -> tuple[str, ...]:
    """The game's languages, each a code or an alias the command line accepts (no, dk,
    norsk); every code not known is reported, with the closest known one."""
    value = section(doc, "game").get("languages", [])
    where = doc.where("game", "languages")
    if not isinstance(value, list) or not value or not all(isinstance(x, str) for x in value):
        problems.add(where, 'write the languages as a list of codes, e.g. ["nl", "nb", "da"]')
        return ()
    codes = [language_code(text, where, problems, known) or text for text in value]
    return tuple(dict.fromkeys(codes))


def language_code(written: str, where: Where, problems: Problems,
                  known: dict[str, str]) -> str | None:
    """The code a language of game.toml means (None, and a problem, if none)."""
    code = code_for(written, known)
    if code is None:
        problems.add(where, unknown(written, known))
    return code


def players(doc: Toml, problems: Problems) -> tuple[int, int]:
    declared = GAME.at("players")
    assert isinstance(declared, Items)
    assert isinstance(declared.item, Whole)
    fewest, most = declared.default
    value = section(doc, "game").get("players", declared.default)
    where = doc.where("game", "players")
    if not (isinstance(value, list) and len(value) == 2):
        problems.add(where, "write the fewest and most players as [2, 6]")
        return (fewest, most)
    low = f.integer(value[0], where, problems, declared.item.low, declared.item.high)
    high = f.integer(value[1], where, problems, declared.item.low, declared.item.high)
    if high < low:
        problems.add(where, f"the most players ({high}) is fewer than the fewest ({low}); write"
                     " them as [fewest, most]")
        return high, low
    return low, high


def analysis(doc: Toml, problems: Problems) -> AnalysisSpec:
    """[analysis]: the dice the game is played with ("2d6") and whether the rule booklet
    ends with a page of the squares landed on most (`tips`)."""
    table = section(doc, "analysis")
    where = doc.where("analysis", "dice")
    dice = Dice.parse(table.get("dice", ANALYSIS.default_of("dice")))
    if dice is None:
        problems.add(where, f"{shown(table.get('dice'))} is not dice; {DICE_HINT}")
        dice = Dice()
    tips = f.boolean(table.get("tips", ANALYSIS.default_of("tips")),
                     doc.where("analysis", "tips"), problems)
    return AnalysisSpec(dice, tips, where)


def shown(raw: Any) -> str:
    return f"'{raw}'" if isinstance(raw, str) else repr(raw)


def required_table(doc: Toml, name: str, problems: Problems) -> dict[str, Any] | None:
    """A table the game must have; None (and one problem) if it is absent or not a table."""
    value = doc.data.get(name)
    if value is None:
        problems.add(doc.where(name), f"missing table; add [{name}] (see the built-in games)")
    return value if isinstance(value, dict) else None  # check_keys reports a non-table


def texts(folder: Path, problems: Problems,
          langs: Collection[str] | None = None) -> dict[str, TextSource]:
    """The game's text/<lang>.toml files, parsed (rendered later, per language): those of
    `langs`, or every one."""
    result = {}
    for path in sorted((folder / "text").glob("*.toml")):
        if langs is not None and path.stem not in langs:
            continue
        doc = read_toml(path, problems)
        if doc is not None:
            result[path.stem] = TextSource(path.stem, path, doc.data, doc.lines)
    return result


RECORD = "translated.toml"  # which source text each translation was made from


def translated(folder: Path, problems: Problems) -> dict[str, dict[str, str]]:
    """The game's record of translations (printkit.localise.drift): per language, each
    text's key and the fingerprint of the source text it translates. printkit writes it;
    a record it cannot read is reported, with the command that writes it anew."""
    path = folder / RECORD
    if not path.exists():
        return {}
    doc = read_toml(path, problems)
    if doc is None:
        return {}
    record: dict[str, dict[str, str]] = {}
    for code, table in doc.data.items():
        if not isinstance(table, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
            problems.add(doc.where(code), "printkit keeps this file; delete it and run: "
                         f"printkit translated {folder.name}")
            continue
        record[code] = table
    return record


def value(doc: Toml, keys: tuple[str, ...], default: Any = None) -> Any:
    data: Any = doc.data
    for key in keys:
        data = data.get(key, {}) if isinstance(data, dict) else {}
    return default if data == {} else data


def whole(doc: Toml, problems: Problems, declared: Table, *keys: str) -> int:
    """A whole number of game.toml, as `declared`: its default (or required) and range."""
    key = declared.at(*keys)
    assert isinstance(key, Whole), keys
    return number(doc, problems, keys, None if key.required else key.default, key.low,
                  key.high)


def number(doc: Toml, problems: Problems, keys: tuple[str, ...], default: int | None,
           low: int = 0, high: int = MAX_NUMBER) -> int:
    """A whole number from game.toml; required when default is None."""
    raw = value(doc, keys, default)
    if raw is None:
        problems.add(doc.where(*keys), "missing; write a whole number")
        return low
    return f.integer(raw, doc.where(*keys), problems, low, high)


def choice(raw: Any, allowed: tuple[str, ...], where: Any, problems: Problems) -> str:
    text = str(raw).strip()
    if text not in allowed:
        problems.add(where, f"'{text}' is not known; use one of {', '.join(allowed)}")
        return allowed[0]
    return text
