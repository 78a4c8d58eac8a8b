"""How to print: what the user asked (`Options`, every field by keyword, all optional) and
the same resolved against the print settings (`Resolved`, complete and checked).

Option values are case-insensitive: `--paper A4` is a4.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit.colour import PROFILE_INK_LIMIT
from printkit.errors import PrintkitError
from printkit.model.printing import Printer, PrintSpec
from printkit.model.theme import DEFAULT, Theme
from printkit.resources import DEFAULT_GAME, Default
from printkit.units import MM, parse_length

TARGETS = ("home", "shop")
DUPLEX = ("long", "short", "none")
COLOURS = ("rgb", "cmyk")  # --colour: RGB for home printers, CMYK for a print shop
BOARD_MIN = 300 * MM
BOARD_MAX = 1200 * MM


@dataclass(frozen=True, kw_only=True)
class Options:
    """What the user asked for. Empty texts and None mean "from the printer profile, else
    the default" (paper a4, duplex long, back offset 0,0; players 4 or the nearest the game
    allows). Offsets are in points."""

    players: int | None = None
    paper: str = ""
    duplex: str = ""
    back_offset: tuple[float, float] | None = None
    cmyk: bool | None = None  # None: CMYK for a print shop (--target shop), RGB at home
    allow_missing: bool = False
    target: str = "home"
    vendor: str = "eu"
    board_size: str = ""  # "": the game's; a paper name (fits on it) or a length
    printer: str = ""
    papers: tuple[tuple[str, str], ...] = ()  # (product, paper): --paper board=a3
    allow_low_resolution: bool = False  # pictures under 150 ppi warn instead of failing


@dataclass(frozen=True)
class Request:
    """What the user asked for, as the command line took it: a game (a name, or a folder),
    its languages (--lang values as typed), products (none: every one), the folder of the
    user's own games, how to print and the print settings file. Nothing is looked up yet:
    printkit.plan resolves it."""

    game: str = DEFAULT_GAME
    langs: tuple[str, ...] = ()
    only: tuple[str, ...] = ()
    data: Path | None = None
    options: Options = field(default_factory=Options)
    config: Path | None = None
    implied: Default | None = field(default=None, compare=False)  # why the game is the
    # built-in default, when no name was given (said first, unless -q)
    pictures_where_used: bool = False  # a picture the gate refuses is a problem of the
    # products that use it, not of the whole game (printkit serve shows the others)


@dataclass(frozen=True, kw_only=True)
class Resolved:
    """Options with every choice made and checked against the print settings `spec`."""

    players: int  # the pipeline chooses it for the game (players_for); else 4
    paper: str
    duplex: str
    back_offset: tuple[float, float]
    cmyk: bool
    allow_missing: bool
    target: str
    vendor: str
    board_size: str
    settings: PrintSpec
    papers: tuple[tuple[str, str], ...] = ()  # (product, paper): its own paper
    allow_low_resolution: bool = False
    theme: Theme = DEFAULT  # the game's [theme] under the print settings' (pipeline.settle)

    def for_product(self, name: str) -> Resolved:
        """The options for one product: its own paper, if it was given one."""
        paper = dict(self.papers).get(name)
        return replace(self, paper=paper) if paper else self

    @property
    def sheet_size(self) -> tuple[float, float]:
        return self.settings.papers[self.paper]

    @property
    def ink_limit(self) -> float:
        """The most ink (C + M + Y + K, %) anywhere: the shop preset's, else the profile's."""
        if self.target == "shop":
            return self.settings.vendors[self.vendor].ink_limit
        return PROFILE_INK_LIMIT

    @property
    def profile(self) -> str:
        """The printing condition CMYK is made for: the shop preset's, else FOGRA39."""
        if self.target == "shop":
            return self.settings.vendors[self.vendor].profile
        return "FOGRA39"

    @property
    def bleed(self) -> float:
        """Bleed of every item: the home sheet's, or the shop preset's."""
        if self.target == "shop":
            return self.settings.vendors[self.vendor].bleed
        return self.settings.sheet.bleed


def resolve(options: Options, spec: PrintSpec) -> Resolved:
    """Options with the printer profile and defaults applied, every name checked."""
    printer = _printer(options.printer, spec)
    paper = options.paper.lower() or (printer.paper if printer else "") or "a4"
    duplex = options.duplex.lower() or (printer.duplex if printer else "") or "long"
    offset = options.back_offset
    if offset is None:
        offset = printer.back_offset if printer else (0.0, 0.0)
    vendor, target = options.vendor.lower(), options.target.lower()
    papers = tuple((product, own.lower()) for product, own in options.papers)
    checks = [(paper, tuple(spec.papers), "--paper "), (vendor, tuple(spec.vendors), "--vendor "),
              (duplex, DUPLEX, "--duplex "), (target, TARGETS, "--target ")]
    checks += [(own, tuple(spec.papers), f"--paper {product}=") for product, own in papers]
    for value, known, option in checks:
        if value not in known:
            raise PrintkitError(f"{option}{value}: choose one of {', '.join(known)}")
    players = 4 if options.players is None else options.players
    resolved = Resolved(players=players, paper=paper, duplex=duplex,
                        back_offset=offset,
                        cmyk=target == "shop" if options.cmyk is None else options.cmyk,
                        allow_missing=options.allow_missing, target=target, vendor=vendor,
                        board_size=options.board_size.strip().lower(), settings=spec,
                        papers=papers, allow_low_resolution=options.allow_low_resolution)
    if resolved.board_size:
        board_side(resolved, 500 * MM)
    return resolved


def _printer(name: str, spec: PrintSpec) -> Printer | None:
    if not name:
        return None
    if name not in spec.printers:
        known = ", ".join(spec.printers) or "none yet; add [printers.NAME] to printkit.toml"
        raise PrintkitError(f"--printer {name}: no such printer profile (known: {known})")
    return spec.printers[name]


def board_side(options: Resolved, game_size: float) -> float:
    """The board's trim: the game's, a length, or the largest square that fits a paper
    with bleed, crop marks and the printer margin."""
    text = options.board_size
    if not text:
        return game_size
    spec = options.settings
    if text in spec.papers:
        s = spec.sheet
        side = min(spec.papers[text]) - 2 * (s.margin + s.mark_offset + s.mark_length)
    else:
        length = parse_length(text)
        if length is None:
            raise PrintkitError(f"--board-size {text}: write a paper "
                                f"({', '.join(spec.papers)}) or a length such as 450mm")
        side = length
    if not BOARD_MIN <= side <= BOARD_MAX:
        raise PrintkitError(f"--board-size {text}: the board must be "
                            f"{BOARD_MIN / MM:.0f}–{BOARD_MAX / MM:.0f} mm wide (it would be "
                            f"{side / MM:.0f} mm)")
    return side
