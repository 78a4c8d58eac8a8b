"""Turn each product of a kit into documents: lay it out, then impose it on pages.

One function per kind of content; a new kind registers itself in LAYOUTS. A layout
returns (file name, title suffix, pages) or (file name, title suffix, pages, keywords).
`--target home` imposes cards n-up with crop marks and tiles the board; `--target shop`
writes one item per page (trim + the vendor's bleed, no marks).

A layout reports what does not fit to `problems`. A deck's cards are laid out only as its
pages are read (by render, one sheet at a time), so their problems are known then.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from printkit.errors import PrintkitError, Problems, Where
from printkit.impose import PAPERS, bare, nup, plain, shop, single, tile_pages
from printkit.impose.booklet import page_size, saddle
from printkit.layout.board import board_face
from printkit.layout.booklet import booklet_pages
from printkit.layout.cards import card_face
from printkit.layout.ledger import blank_ledger, ledger_pages
from printkit.layout.ops import MM, Face
from printkit.layout.problems import item_where
from printkit.layout.sheets import blank_scorepad, lines_page, scorepad_pages
from printkit.layout.tableau import tableau_page
from printkit.lazy import Lazy
from printkit.localise.kit import (
    BoardText,
    BookletText,
    CardText,
    Deck,
    Kit,
    LedgerText,
    LinesSet,
    Product,
    ScorepadText,
    TableauText,
)
from printkit.model.printing import PrintSpec

TARGETS = ("home", "shop")
_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)\s*$")
_UNIT = {"mm": MM, "cm": 10 * MM, "in": 72.0}
BOARD_MIN = 300 * MM
BOARD_MAX = 1200 * MM


@dataclass(frozen=True)
class Options:
    """How to print. Empty paper/duplex and a None offset mean "from the printer profile,
    else the default" (a4, long, 0,0); `resolve` fills them in. Offsets are in points."""

    players: int | None = None  # None: 4, or the nearest the game allows
    paper: str = ""
    duplex: str = ""
    back_offset: tuple[float, float] | None = None
    cmyk: bool = False
    allow_missing: bool = False
    target: str = "home"
    vendor: str = "eu"
    board_size: str = ""  # "": the game's; a paper name (fits on it) or a length
    printer: str = ""
    spec: PrintSpec | None = None

    @property
    def settings(self) -> PrintSpec:
        assert self.spec is not None, "options are used before resolve()"
        return self.spec

    @property
    def sheet_size(self) -> tuple[float, float]:
        return self.settings.papers[self.paper]

    @property
    def bleed(self) -> float:
        """Bleed of every item: the home sheet's, or the shop preset's."""
        if self.target == "shop":
            return self.settings.vendors[self.vendor].bleed
        return self.settings.sheet.bleed


def named(value: str, known: Collection[str]) -> str:
    """The name of `known` that `value` is, ignoring case (`A4` is `a4`); `value` if none."""
    if value in known:
        return value
    return next((k for k in known if k.lower() == value.strip().lower()), value)


def resolve(options: Options, spec: PrintSpec) -> Options:
    """Options with the printer profile and defaults applied, every name checked (in any
    case: --paper A4 is a4)."""
    options = replace(options, printer=named(options.printer, spec.printers),
                      paper=named(options.paper, spec.papers),
                      vendor=named(options.vendor, spec.vendors),
                      duplex=named(options.duplex, ("long", "short", "none")),
                      target=named(options.target, TARGETS))
    printer = None
    if options.printer:
        if options.printer not in spec.printers:
            known = ", ".join(spec.printers) or "none yet; add [printers.NAME] to printkit.toml"
            raise PrintkitError(f"--printer {options.printer}: no such printer profile "
                                f"(known: {known})")
        printer = spec.printers[options.printer]
    paper = options.paper or (printer.paper if printer else "") or "a4"
    duplex = options.duplex or (printer.duplex if printer else "") or "long"
    offset = options.back_offset
    if offset is None:
        offset = printer.back_offset if printer else (0.0, 0.0)
    checks = [(paper, spec.papers, "--paper"), (options.vendor, spec.vendors, "--vendor"),
              (duplex, ("long", "short", "none"), "--duplex"), (options.target, TARGETS,
                                                                  "--target")]
    for value, known, option in checks:
        if value not in known:
            raise PrintkitError(f"{option} {value}: choose one of {', '.join(known)}")
    resolved = replace(options, paper=paper, duplex=duplex, back_offset=offset, spec=spec)
    if options.board_size:
        board_side(resolved, 500 * MM)
    return resolved


def board_side(options: Options, game_size: float) -> float:
    """The board's trim: the game's, a length, or the largest square that fits a paper
    with bleed, crop marks and the printer margin."""
    text = options.board_size.strip().lower()
    if not text:
        return game_size
    spec = options.settings
    if text in spec.papers:
        s = spec.sheet
        side = min(spec.papers[text]) - 2 * (s.margin + s.mark_offset + s.mark_length)
    else:
        match = _LENGTH.match(text)
        if not match:
            raise PrintkitError(f"--board-size {options.board_size}: write a paper "
                                f"({', '.join(spec.papers)}) or a length such as 450mm")
        side = float(match.group(1)) * _UNIT[match.group(2)]
    if not BOARD_MIN <= side <= BOARD_MAX:
        raise PrintkitError(f"--board-size {options.board_size}: the board must be "
                            f"{BOARD_MIN / MM:.0f}–{BOARD_MAX / MM:.0f} mm wide (it would be "
                            f"{side / MM:.0f} mm)")
    return side


Pages = list[tuple]  # (file name, title suffix, pages[, keywords])
Layout = Callable[[Product, Kit, Options, Problems], Pages]


def board(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    content = product.content
    assert isinstance(content, BoardText)
    side = board_side(options, content.size)
    content = replace(content, size=side, corner=content.corner * side / content.size)
    where = item_where(kit, "board")
    face = board_face(content, where, problems, options.bleed)
    if problems:
        return []
    if options.target == "shop":
        return [(product.name, "", [bare(face)])]
    sheet = options.settings.sheet
    paper = options.settings.papers.get(options.board_size.strip().lower())
    text = kit.print_text
    tiles, keywords = tile_pages(face, options.sheet_size, sheet.tile_overlap, text.assembly_steps,
                                 text.assembly_title, game_where(kit, "board (tiles)"), problems)
    if not tiles:
        return []
    return [(product.name, "", [single(face, sheet.mark_offset, sheet.mark_length, paper)]),
            (f"{product.name}-{options.paper}", f" ({options.paper.upper()})", tiles,
             keywords)]


def deck(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    d = product.content
    assert isinstance(d, Deck)
    spec = options.settings
    if d.card_format not in spec.formats:
        problems.add(game_where(kit, f"cards ({d.name})"),
                     f"'{d.card_format}' is not a card format; use one of "
                     f"{', '.join(spec.formats)} or define it under [print.formats] in "
                     "game.toml")
        return []
    size = spec.formats[d.card_format]
    copies = (options.players or 1) if d.per_player else 1  # a player aid for every player
    sides = [faces(d.name, cards, side, size, kit, options.bleed, problems)
             for side, cards in (("front", d.fronts * copies), ("back", d.backs * copies))]
    if options.target == "shop":
        together, backs = shop(sides[0], sides[1], spec.vendors[options.vendor].sides)
        if backs:
            return [(f"{product.name}-fronts", "", together),
                    (f"{product.name}-backs", "", backs)]
        return [(product.name, "", together)]
    sheet = spec.sheet_for(d.card_format, options.paper)
    try:
        pages = nup(sides[0], sides[1], options.sheet_size, sheet, options.duplex,
                    options.back_offset or (0.0, 0.0))
    except ValueError as exc:
        problems.add(game_where(kit, f"cards ({d.name})"), f"{exc}; choose "
                     "a larger --paper, a smaller card format or other sheet settings")
        return []
    return [(product.name, "", pages)]


def game_where(kit: Kit, item: str) -> Where:
    """Where a card format or sheet is chosen: the game's game.toml (its [print] table)."""
    return Where(kit.game_file or f"{kit.game}/game.toml", 0, item)


def faces(deck: str, cards: tuple[CardText, ...], side: str, size: tuple[float, float],
          kit: Kit, bleed: float, problems: Problems) -> Lazy[Face]:
    """The faces of one side of a deck, each laid out when it is read (so a deck is laid
    out one sheet at a time as it renders); a card that does not fit is reported then."""
    def face(i: int) -> Face:
        card = cards[i]
        where = item_where(kit, f"{deck}.{card.id} ({side})", *card_keys(deck, card.id))
        return card_face(card, *size, where, problems, bleed)
    return Lazy(len(cards), face)


def card_keys(deck: str, card: str) -> tuple[tuple[str, ...], ...]:
    """Where a card's wording may be, in the text files of the game systems."""
    return ((deck, card), ("cards", deck, card), *((section, card) for section in (
        "streets", "stations", "utilities", "penalty_lines", "cities")))


def scorepad(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    assert isinstance(product.content, ScorepadText)
    faces = scorepad_pages(product.content, options.players, options.sheet_size,
                           item_where(kit, "scorepad"), problems)
    blank = blank_scorepad(product.content, options.sheet_size, item_where(kit, "scorepad"),
                           problems)
    return [(product.name, "", [plain(f) for f in faces]),
            (f"{product.name}-blank", "", [plain(f) for f in blank])]


def lines(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    assert isinstance(product.content, LinesSet)
    faces = [lines_page(t, options.sheet_size, item_where(
        kit, f"penalty_lines.{t.id}", ("penalty_lines", t.id)), problems)
        for t in product.content.sheets]
    return [(product.name, "", [plain(f) for f in faces if f])]


def rules(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    """The booklet in reading order (for a print shop) and, at home, imposed for saddle
    stitching."""
    assert isinstance(product.content, BookletText)
    if options.paper not in PAPERS:
        problems.add(Where("", 0, f"--paper {options.paper}"), f"the rule booklet is "
                     f"printed on {', '.join(PAPERS)}; choose one of them")
        return []
    faces = booklet_pages(product.content, page_size(options.paper),
                          item_where(kit, "rules"), problems)
    if not faces:
        return []
    reading = (product.name, "", [plain(f) for f in faces])
    if options.target == "shop":
        return [reading]
    return [reading, (f"{product.name}-booklet", "", saddle(faces, options.paper))]


def ledger(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    """A money ledger per player (--players), the bank sheet and the property register."""
    content = product.content
    assert isinstance(content, LedgerText)
    faces = ledger_pages(content, options.players, PAPERS[options.paper],
                         item_where(kit, "ledger"), problems)
    blank = blank_ledger(content, PAPERS[options.paper], item_where(kit, "ledger"), problems)
    return [(product.name, "", [plain(f) for f in faces]),
            (f"{product.name}-blank", "", [plain(f) for f in blank])]


def tableau(product: Product, kit: Kit, options: Options, problems: Problems) -> Pages:
    """The layout sheet of a card-deck game: a landscape page of --paper."""
    assert isinstance(product.content, TableauText)
    face = tableau_page(product.content, options.sheet_size,
                        item_where(kit, "layout"), problems)
    return [(product.name, "", [plain(face)])]


LAYOUTS: dict[type, Layout] = {BoardText: board, Deck: deck, ScorepadText: scorepad,
                               LinesSet: lines, BookletText: rules, LedgerText: ledger,
                               TableauText: tableau}
