"""Values shared by every game system: board squares, text files, stakes, and the contract
every system's game class keeps (`AnyGame`).

The stages outside a system (pipeline, localise, validate, scaffold) rely only on what
`AnyGame` names. Squares belong to the systems that have a board: a game played on
something else (a deck of playing cards laid out on the table) has none, and nothing
outside its own system asks for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, overload

from printkit.errors import Where
from printkit.model.dice import AnalysisSpec


@dataclass(frozen=True)
class Located:
    """A value read from a game's files. `where` (file and line) is the place a user edits
    it, for the problems found in it later; it is no part of the value, and a record that
    extends this one takes it by keyword (`Station("north", 200, 100, where=row.where)`)."""

    where: Where = field(compare=False, kw_only=True)


@dataclass(frozen=True)
class Entry(Located):
    """A record a game names by its id (a row of a data file, a table of game.toml): the
    base of the records that keep `Record`."""

    id: str


@dataclass(frozen=True)
class Stake(Located):
    """A number of strokes with an implement."""

    implement: str
    count: int


@dataclass(frozen=True)
class Square(Located):
    """One square of the board: its position, its kind and the id it refers to."""

    position: int
    kind: str
    ref: str


@dataclass(frozen=True)
class BoardSpec(Located):
    """The board of game.toml: its trim size, corner size and colours (`where`: where the
    corner size is set)."""

    size: float
    corner: float
    background: str
    ink: str


@dataclass(frozen=True)
class TextSource:
    """A parsed text/<lang>.toml (game wording in one language)."""

    lang: str
    path: Path
    data: dict[str, Any] = field(compare=False)
    lines: dict[tuple[str | int, ...], int] = field(compare=False)


class Record(Protocol):
    """A record a game names by its id, and where it is written (`Entry` keeps it)."""

    @property
    def id(self) -> str: ...
    @property
    def where(self) -> Where: ...


R = TypeVar("R", bound=Record)


class ById(Generic[R]):
    """A game's records of one kind by id, made when first read and then kept on the game:
    `street = ById[Street]("streets")` in a game class gives `game.street["kalverstraat"]`."""

    def __init__(self, records: str) -> None:
        self.records = records
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, game: None, owner: type) -> ById[R]: ...

    @overload
    def __get__(self, game: object, owner: type) -> dict[str, R]: ...

    def __get__(self, game: object, owner: type) -> ById[R] | dict[str, R]:
        if game is None:
            return self
        made: dict[str, R] = {r.id: r for r in getattr(game, self.records)}
        game.__dict__[self.name] = made  # read from the game itself from now on
        return made


@dataclass(frozen=True, kw_only=True)
class GameInfo(Located):
    """The fields every game has, whatever its system: each system's `Game` extends it
    (`where`: its [game] table)."""

    id: str
    folder: Path
    system: str
    source_language: str
    languages: tuple[str, ...]
    players: tuple[int, int]
    texts: dict[str, TextSource] = field(compare=False, hash=False)
    # translated.toml: per language, text key -> fingerprint of the text it was made from
    translated: dict[str, dict[str, str]] = field(compare=False, hash=False,
                                                  default_factory=dict)
    analysis: AnalysisSpec = field(default_factory=AnalysisSpec)  # game.toml [analysis]

    @staticmethod
    def of(game: AnyGame) -> GameInfo:
        """These fields of a game of any system, without its texts."""
        return GameInfo(id=game.id, folder=game.folder, system=game.system,
                        source_language=game.source_language, languages=game.languages,
                        players=game.players, texts={}, where=game.where,
                        translated=game.translated, analysis=game.analysis)


class AnyGame(Protocol):
    """What every game system's `Game` offers the shared stages (read-only: the games are
    frozen dataclasses)."""

    @property
    def id(self) -> str: ...
    @property
    def folder(self) -> Path: ...
    @property
    def system(self) -> str: ...
    @property
    def source_language(self) -> str: ...
    @property
    def languages(self) -> tuple[str, ...]: ...
    @property
    def players(self) -> tuple[int, int]: ...
    @property
    def texts(self) -> dict[str, TextSource]: ...
    @property
    def where(self) -> Where: ...
    @property
    def translated(self) -> dict[str, dict[str, str]]: ...
    @property
    def analysis(self) -> AnalysisSpec: ...

    def text_section(self, ref: str) -> str:
        """The section of text/<lang>.toml that names `ref` (for the name() helpers)."""
        ...

    def named(self) -> frozenset[str]:
        """The ids name() and in_text() accept: the named squares of a board, or whatever
        a game without one names (the suits of a deck of playing cards)."""
        ...


class BoardGame(AnyGame, Protocol):
    """A game played on a board: its squares, and the text section that names each."""

    @property
    def squares(self) -> tuple[Square, ...]: ...


def square_names(game: BoardGame) -> frozenset[str]:
    """The squares of a board that have a name: corners and every square whose text
    section is its own (streets, stations, …; not the card squares)."""
    return frozenset(s.ref for s in game.squares
                     if s.kind == "corner" or game.text_section(s.ref) != "corners")


class Grouped(Record, Protocol):
    """A street of any board game: it belongs to a group."""

    @property
    def group(self) -> str: ...


Gr = TypeVar("Gr", bound=Record, covariant=True)
St = TypeVar("St", bound=Grouped, covariant=True)
Sn = TypeVar("Sn", bound=Record, covariant=True)
Tx = TypeVar("Tx", bound=Record, covariant=True)


@dataclass(frozen=True, kw_only=True)
class BoardInfo(GameInfo, Generic[Gr, St, Sn, Tx]):
    """The fields every game played on a board has: the board, its squares and the records
    they refer to, each kind also by id (`game.street["kalverstraat"]`). The `Game` of a
    board game system extends it with its own kinds of groups, streets, stations and taxes."""

    board: BoardSpec
    squares: tuple[Square, ...]
    groups: tuple[Gr, ...]
    streets: tuple[St, ...]
    stations: tuple[Sn, ...]
    taxes: tuple[Tx, ...]

    group = ById[Gr]("groups")
    street = ById[St]("streets")
    station = ById[Sn]("stations")
    tax = ById[Tx]("taxes")

    def mark(self, group: str) -> int:
        """A group's place among the groups, from 0 (its symbol on board and deeds)."""
        return next((n for n, g in enumerate(self.groups) if g.id == group), -1)

    def streets_of(self, group: str) -> tuple[St, ...]:
        return tuple(s for s in self.streets if s.group == group)

    def sections(self) -> tuple[tuple[str, Mapping[str, Record]], ...]:
        """The sections of text/<lang>.toml that name squares, with their records by id."""
        return (("streets", self.street), ("stations", self.station), ("taxes", self.tax))

    def text_section(self, ref: str) -> str:
        """The section of text/<lang>.toml that names the square or property `ref`."""
        return next((name for name, records in self.sections() if ref in records), "corners")

    def named(self) -> frozenset[str]:
        """The ids name() and in_text() accept: the board's named squares."""
        return square_names(self)
