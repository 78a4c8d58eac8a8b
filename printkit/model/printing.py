"""Print settings as data: papers, card formats, sheet layout, shop presets and printers.

Built-ins come from printkit/builtin/print.toml; a game's [print] table and the user's
printkit.toml override them entry by entry (see load/printing.py). All lengths in points.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

Size = tuple[float, float]  # width, height in points


@dataclass(frozen=True)
class SheetSpec:
    """How items sit n-up on a home sheet: margins, gutter, marks, rotation and slots."""

    margin: float
    gutter: float
    mark_offset: float
    mark_length: float
    rotate: bool
    bleed: float
    tile_overlap: float
    cols: int = 0  # 0: as many as fit
    rows: int = 0


@dataclass(frozen=True)
class SheetOverride:
    """Sheet settings for one card format, optionally only on one paper."""

    name: str
    format: str
    paper: str
    values: tuple[tuple[str, float | int | bool], ...]


@dataclass(frozen=True)
class Vendor:
    """A print-shop preset: bleed, how fronts and backs are ordered, the printing
    condition (the name of its CMYK profile) and the most ink, C + M + Y + K in percent,
    any point may carry."""

    name: str
    bleed: float
    sides: str  # alternate | back-first | separate
    note: str = ""
    profile: str = "FOGRA39"
    ink_limit: float = 330.0


@dataclass(frozen=True)
class Printer:
    """A user's printer: the shift of its back sides, and optional defaults."""

    name: str
    back_offset: tuple[float, float]
    duplex: str = ""
    paper: str = ""


@dataclass(frozen=True)
class PrintSpec:
    """Every print setting known for one build."""

    papers: dict[str, Size] = field(hash=False)
    formats: dict[str, Size] = field(hash=False)
    sheet: SheetSpec
    overrides: tuple[SheetOverride, ...] = ()
    vendors: dict[str, Vendor] = field(default_factory=dict, hash=False)
    printers: dict[str, Printer] = field(default_factory=dict, hash=False)

    def sheet_for(self, card_format: str, paper: str) -> SheetSpec:
        """The sheet settings for a format on a paper: general, then format, then both."""
        spec = self.sheet
        ranked = sorted((o for o in self.overrides if o.format == card_format
                         and o.paper in ("", paper)), key=lambda o: o.paper != "")
        for override in ranked:
            # each key and the type of its value are checked by the loader (sheet_values)
            spec = replace(spec, **dict(override.values))  # type: ignore[arg-type]
        return spec
