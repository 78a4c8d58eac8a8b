"""One declaration per key of a file a user edits: its kind of value, its range or choices,
its default and what it means (as MkDocs declares its options in config/defaults.py).

A game system declares its files with these (printkit/systems/<system>/fields.py), the
print settings and the theme theirs (load/printing.py, load/theme.py). From the
declarations come:

- the tables and keys a loader knows (`Table.known`, `Table.names`): any other key is
  reported, usually a typo;
- the defaults and ranges the loaders read with (`Table.at`, `manifest.whole`);
- the comments `printkit new` writes into a copy (`Files.docs`);
- a JSON Schema for every TOML file (`Files.schemas`), shipped in printkit/schemas/ for
  editors (Taplo, Even Better TOML): completion, the meaning of a key on hover, and a
  mark on a value the loader would refuse.

The loaders keep their own messages: a declaration says what a key is, the loader what to
do about a wrong one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

JSON_SCHEMA = "http://json-schema.org/draft-07/schema#"  # the draft Taplo knows best
IDENT = r"^[a-z][a-z0-9_]*$"
COLOUR = r"^#[0-9A-Fa-f]{6}$"
# a length as printkit.units reads one: a number and its unit, in any case
LENGTH = r"^\s*[0-9]+(\.[0-9]+)?\s*([mM][mM]|[cC][mM]|[iI][nN]|[pP][tT])\s*$"
SIGNED_LENGTH = LENGTH.replace("^\\s*", "^\\s*-?", 1)
MAX_WHOLE: Final = 10_000_000


class _Required:
    """The default of a key the file must give."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Final = _Required()


@dataclass(frozen=True)
class Key:
    """A key and what its value may be: `doc` says what it means; `default` is the value
    when the key is left out (None: it is optional and has no value of its own;
    REQUIRED: the file must give it)."""

    doc: str
    default: Any = None

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def schema(self) -> dict[str, Any]:
        """The key's JSON Schema."""
        out: dict[str, Any] = {"description": self.doc} if self.doc else {}
        out.update(self.kind())
        if self.default is not None and not self.required:
            out["default"] = self.default
        return out

    def kind(self) -> dict[str, Any]:
        """What the value may be, in JSON Schema's terms (anything: {})."""
        return {}


@dataclass(frozen=True)
class Whole(Key):
    """A whole number from `low` to `high`."""

    low: int = 0
    high: int = MAX_WHOLE

    def kind(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.low, "maximum": self.high}


@dataclass(frozen=True)
class Text(Key):
    """A text; `pattern`, if given, is what it must look like, `choices` what it may be."""

    pattern: str = ""
    choices: tuple[str, ...] = ()

    def kind(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string"}
        if self.pattern:
            out["pattern"] = self.pattern
        if self.choices:
            out["enum"] = list(self.choices)
        return out


def Ident(doc: str, default: Any = None) -> Text:  # noqa: N802 (a kind of key, as Text)
    """An id: lower-case letters, digits and _, starting with a letter."""
    return Text(doc, default, IDENT)


def Colour(doc: str, default: Any = None) -> Text:  # noqa: N802
    """A colour written as #RRGGBB."""
    return Text(doc, default, COLOUR)


def Choice(doc: str, choices: tuple[str, ...], default: Any = None) -> Text:  # noqa: N802
    return Text(doc, default, choices=choices)


@dataclass(frozen=True)
class Length(Text):
    """A length with its unit ("500mm", "0.125in"), from `low_mm` to `high_mm`."""

    pattern: str = LENGTH
    low_mm: float = 0.0
    high_mm: float = 10_000.0


@dataclass(frozen=True)
class Flag(Key):
    """true or false."""

    def kind(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(frozen=True)
class Names(Key):
    """A text, or a list of texts (a language, or several)."""

    def kind(self) -> dict[str, Any]:
        return {"type": ["string", "array"], "items": {"type": "string"}}


@dataclass(frozen=True)
class Texts(Key):
    """A text, a list of texts, or a table of these (tables in tables, `depth` deep): what a
    text file holds beside the keys it declares."""

    depth: int = 4

    def kind(self) -> dict[str, Any]:
        if self.depth <= 0:
            return {"type": "string"}
        return {"type": ["string", "array", "object"], "items": {"type": "string"},
                "additionalProperties": Texts("", depth=self.depth - 1).kind()}


@dataclass(frozen=True)
class Items(Key):
    """A list of values, each an `item`."""

    item: Key = field(default_factory=lambda: Key(""))
    least: int = 0
    most: int | None = None

    def kind(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.schema()}
        if self.least:
            out["minItems"] = self.least
        if self.most is not None:
            out["maxItems"] = self.most
        return out


@dataclass(frozen=True)
class Table(Key):
    """A table of the `keys` declared; `entries`, if given, is what any other key holds (a
    table of names, such as [papers] or [streets.<id>]). A table whose loader checks its
    own keys (`own_check`) is left out of the keys `known` reports."""

    keys: Mapping[str, Key] = field(default_factory=dict)
    entries: Key | None = None
    own_check: bool = False
    names: str = ""  # the pattern of the names of `entries`, if they have one

    @property
    def required(self) -> bool:
        return self.default is REQUIRED or any(k.required for k in self.keys.values())

    def kind(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "object",
                               "properties": {k: v.schema() for k, v in self.keys.items()}}
        needed = [k for k, v in self.keys.items() if v.required]
        if needed:
            out["required"] = needed
        if self.entries is None:
            out["additionalProperties"] = False
        elif self.names:
            out["patternProperties"] = {self.names: self.entries.schema()}
            out["additionalProperties"] = False
        else:
            out["additionalProperties"] = self.entries.schema()
        return out

    def at(self, *keys: str) -> Key:
        """The declaration of a key inside this table, by its path."""
        found: Key = self
        for key in keys:
            if isinstance(found, Tables):
                found = found.table
            if not isinstance(found, Table):
                raise KeyError(keys)
            found = found.keys[key] if key in found.keys else _entry(found, keys)
        return found

    def default_of(self, *keys: str) -> Any:
        """The default of a key inside this table."""
        return self.at(*keys).default

    def known(self) -> dict[str, set[str] | None]:
        """Each table of this one and its keys (None: its loader checks them), in the order
        declared: what a loader knows (printkit.load.manifest.check_keys)."""
        return {name: None if not isinstance(t, Table) or t.own_check else set(t.keys)
                for name, t in self.keys.items()}

    def names_of(self, *keys: str) -> tuple[str, ...]:
        """The keys of the table at this path, in the order declared."""
        table = self.at(*keys)
        if isinstance(table, Tables):
            table = table.table
        assert isinstance(table, Table), keys
        return tuple(table.keys)

    def but(self, **changed: Key) -> Table:
        """The same table with some keys declared otherwise (another meaning, default)."""
        return replace(self, keys={**self.keys, **changed})

    def docs(self, prefix: str = "") -> dict[str, str]:
        """Each key's meaning by its dotted path ("cards.deed"; an array of tables without
        its index, "card.id"; any name of a table of names as *, "streets.*.name")."""
        out: dict[str, str] = {}
        for name, key in self.keys.items():
            path = f"{prefix}{name}"
            if key.doc:
                out[path] = key.doc
            out.update(nested_docs(key, f"{path}."))
        if isinstance(self.entries, (Table, Tables)):
            out.update(nested_docs(self.entries, f"{prefix}*."))
        return out


def _entry(table: Table, keys: tuple[str, ...]) -> Key:
    if table.entries is None:
        raise KeyError(keys)
    return table.entries


@dataclass(frozen=True)
class Tables(Key):
    """An array of tables ([[card]]), each a `table`."""

    table: Table = field(default_factory=lambda: Table(""))
    least: int = 0

    def kind(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.table.kind()}
        if self.least:
            out["minItems"] = self.least
        return out


def nested_docs(key: Key, prefix: str) -> dict[str, str]:
    if isinstance(key, Tables):
        return key.table.docs(prefix)
    if isinstance(key, Table):
        return key.docs(prefix)
    return {}


@dataclass(frozen=True)
class TomlFile:
    """A TOML file of a game (`pattern`: its path in the game folder, e.g. decks/*.toml):
    what it is, its root table and the name of its shipped schema."""

    pattern: str
    doc: str
    root: Table
    schema_name: str


@dataclass(frozen=True)
class CsvFile:
    """A table of a game (a CSV file, or a sheet of a workbook): what it holds and each
    column, those it must have and those it may have."""

    pattern: str
    doc: str
    required: Mapping[str, str]
    optional: Mapping[str, str] = field(default_factory=dict)

    @property
    def columns(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The columns a table must have and those it may have, for load.grid.read_table."""
        return tuple(self.required), tuple(self.optional)


@dataclass(frozen=True)
class OtherFile:
    """Any other file a game has (a rule booklet): what it is."""

    pattern: str
    doc: str


File = TomlFile | CsvFile | OtherFile


@dataclass(frozen=True)
class Files:
    """Every file of a game system a user edits."""

    files: tuple[File, ...]

    def docs(self) -> dict[str, dict[str, str]]:
        """file pattern -> {key path or column ("" for the file): meaning}: the comments
        `printkit new` writes."""
        out: dict[str, dict[str, str]] = {}
        for f in self.files:
            own = {"": f.doc} if f.doc else {}
            if isinstance(f, TomlFile):
                own.update(f.root.docs())
            elif isinstance(f, CsvFile):
                own.update({**f.required, **f.optional})
            out[f.pattern] = own
        return out

    def schemas(self, system: str) -> dict[str, dict[str, Any]]:
        """The JSON Schema of each TOML file, by the name of its file in printkit/schemas/."""
        return {f"{system}-{f.schema_name}.json": schema(f.root, f.doc, f.pattern)
                for f in self.files if isinstance(f, TomlFile)}

    def toml(self, pattern: str) -> TomlFile:
        return next(f for f in self.files if isinstance(f, TomlFile) and f.pattern == pattern)


def schema(root: Table, doc: str, title: str) -> dict[str, Any]:
    """The JSON Schema of a TOML file whose root table is `root`."""
    return {"$schema": JSON_SCHEMA, "title": title, "description": doc, **root.kind()}

