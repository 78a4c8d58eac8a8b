"""The colours a game's data gives its printed items, as the colour-vision and contrast
check (printkit.colour.vision) needs them: each game system says which of its colours
tell groups and decks apart, and which carry black or white text (printkit.layout.style
ink_on). The theme's colour roles are added by the check itself."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import Where


@dataclass(frozen=True)
class Swatch:
    """A colour of the game's data: what it colours (`id`: a group's or deck's id, or a
    role such as `deed_back`), and where it is written. `large`: the text printed on it is
    large (18 pt, or 14 pt bold, and more: WCAG's large text)."""

    id: str
    colour: str
    where: Where
    large: bool = False


@dataclass(frozen=True)
class Palette:
    """A game's colours: its groups (board order) and card decks, each of which players
    must tell apart by colour; other colours printed with black or white text on them
    (`bands`: deed backs, the title banner); and the board's ground and ink."""

    groups: tuple[Swatch, ...] = ()
    decks: tuple[Swatch, ...] = ()
    bands: tuple[Swatch, ...] = ()
    ground: Swatch | None = None
    ink: Swatch | None = None


@dataclass(frozen=True)
class Vision:
    """A game's groups as each viewer sees them (normal colour vision first, then the
    deficiencies of printkit.colour.vision.VIEWERS): each group's id and its colour per
    viewer, and the pairs of groups some viewers can hardly tell apart (with those
    viewers)."""

    viewers: tuple[str, ...]
    groups: tuple[tuple[str, tuple[str, ...]], ...]
    confused: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
