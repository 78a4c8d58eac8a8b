"""Turn each product of a kit into documents: lay it out, then impose it on pages.

One function per kind of content; a new kind registers itself in `layout_for`. A layout
returns the `Output`s (PDFs) of a product.
`--target home` imposes cards n-up with crop marks and tiles the board; `--target shop`
writes one item per page (trim + the vendor's bleed, no marks).

A layout reports what does not fit to `problems`. A deck's cards are laid out only as its
pages are read (by render, one sheet at a time), so their problems are known then.

Each layout imports the modules of its own kind: a build pays only for the products it
makes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from printkit.errors import Problems, Where
from printkit.impose.page import Page
from printkit.impose.sheets import bare, cards_keywords, flat, nup, plain, shop, single
from printkit.layout.cards import card_face
from printkit.layout.ops import Face
from printkit.layout.problems import item_where
from printkit.lazy import Lazy
from printkit.localise.kit import CardText, Content, Deck, Kit, Product
from printkit.model.theme import Picture, Theme
from printkit.options import Resolved, board_side


@dataclass(frozen=True)
class Output:
    """One PDF of a product: its file name (without .pdf), what its title adds to the
    product's, its pages and the keywords of its metadata."""

    name: str
    suffix: str
    pages: Sequence[Page]
    keywords: str = ""


Pages = list[Output]
Layout = Callable[[Product, Kit, Resolved, Problems], Pages]


def board(product: Product, kit: Kit, options: Resolved, problems: Problems) -> Pages:
    from printkit.impose.tiles import tile_pages
    from printkit.layout.board import board_face
    from printkit.localise.kit_board import BoardText

    content = product.content
    assert isinstance(content, BoardText)
    side = board_side(options, content.size)
    content = replace(content, size=side, corner=content.corner * side / content.size)
    where = item_where(kit, "board")
    face = board_face(content, where, problems, options.bleed, lang=kit.lang,
                      theme=options.theme)
    if problems:
        return []
    if options.target == "shop":
        return [Output(product.name, "", [bare(face)])]
    sheet = options.settings.sheet
    paper = options.settings.papers.get(options.board_size)
    text = kit.print_text
    tiles, keywords = tile_pages(face, options.sheet_size, sheet.tile_overlap, text.assembly_steps,
                                 text.assembly_title, game_where(kit, "board (tiles)"), problems)
    if not tiles:
        return []
    return [Output(product.name, "", [single(face, sheet.mark_offset, sheet.mark_length, paper)]),
            Output(f"{product.name}-{options.paper}", f" ({options.paper.upper()})", tiles,
                   keywords)]


def deck(product: Product, kit: Kit, options: Resolved, problems: Problems) -> Pages:
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
    sides = [faces(d.name, cards, side, size, kit, options, problems)
             for side, cards in (("front", d.fronts * copies), ("back", d.backs * copies))]
    if options.target == "shop":
        together, backs = shop(sides[0], sides[1], spec.vendors[options.vendor].sides)
        if backs:
            return [Output(f"{product.name}-fronts", "", together),
                    Output(f"{product.name}-backs", "", backs)]
        return [Output(product.name, "", together)]
    sheet = spec.sheet_for(d.card_format, options.paper)
    try:
        pages = nup(sides[0], sides[1], options.sheet_size, sheet, options.duplex,
                    options.back_offset)
    except ValueError as exc:
        problems.add(game_where(kit, f"cards ({d.name})"), f"{exc}; choose "
                     "a larger --paper, a smaller card format or other sheet settings")
        return []
    keywords = cards_keywords(sides[0][0], options.sheet_size, sheet, len(pages))
    return [Output(product.name, "", pages, keywords)]


def game_where(kit: Kit, item: str) -> Where:
    """Where a card format or sheet is chosen: the game's game.toml (its [print] table)."""
    return Where(kit.game_file or f"{kit.game}/game.toml", 0, item)


def faces(deck: str, cards: tuple[CardText, ...], side: str, size: tuple[float, float],
          kit: Kit, options: Resolved, problems: Problems) -> Lazy[Face]:
    """The faces of one side of a deck, each laid out when it is read (so a deck is laid
    out one sheet at a time as it renders); a card that does not fit is reported then."""
    def face(i: int) -> Face:
        card = cards[i]
        where = card.where.at(f"{deck}.{card.id} ({side})")
        picture = picture_of(options.theme, deck, card.id, side)
        return card_face(card, *size, where, problems, options.bleed, options.theme, picture,
                         lang=kit.lang)
    return Lazy(len(cards), face)


def picture_of(theme: Theme, deck: str, card: str, side: str) -> Picture | None:
    """The picture a theme puts on a card: the deck's back artwork, or the card's own."""
    return theme.back(deck) if side == "back" else theme.card(deck, card)


def scorepad(product: Product, kit: Kit, options: Resolved, problems: Problems) -> Pages:
    from printkit.layout.sheets import blank_scorepad, scorepad_pages
    from printkit.localise.kit_sheets import ScorepadText

    assert isinstance(product.content, ScorepadText)
    faces = scorepad_pages(product.content, options.players, options.sheet_size,
                           item_where(kit, "scorepad"), problems, options.theme)
    blank = blank_scorepad(product.content, options.sheet_size, item_where(kit, "scorepad"),
                           problems, options.theme)
    return [Output(product.name, "", [sheet(f, options) for f in faces]),
            Output(f"{product.name}-blank", "", [sheet(f, options) for f in blank])]


def lines(product: Product, kit: Kit, options: Resolved, problems: Problems) -> Pages:
    from printkit.layout.sheets import lines_page
    from printkit.localise.kit_sheets import LinesSet

    assert isinstance(product.content, LinesSet)
    faces = [lines_page(t, options.sheet_size, t.where.at(f"penalty_lines.{t.id}"), problems,
                        options.theme) for t in product.content.sheets]
    return [Output(product.name, "", [sheet(f, options) for f in faces if f])]


def sheet(face: Face, options: Resolved) -> Page:
    """A flat product's page: printed as it is at home, with bleed for a print shop."""
    return flat(face, options.bleed) if options.target == "shop" else plain(face)


def rules(product: Product, kit: Kit, options: Resolved, problems: Problems) -> Pages:
    """The booklet in reading order (for a print shop) and, at home, imposed for saddle
    stitching."""
    from printkit.impose.booklet import page_size, saddle
    from printkit.layout.booklet import booklet_pages
    from printkit.localise.kit_booklet import BookletText

    assert isinstance(product.content, BookletText)
    papers = options.settings.papers
    faces = booklet_pages(product.content, page_size(options.paper, papers),
                          item_where(kit, "rules"), problems, lang=kit.lang, theme=options.theme)
    if not faces:
        return []
    reading = Output(product.name, "", [sheet(f, options) for f in faces])
    if options.target == "shop":
        return [reading]
    return [reading, Output(f"{product.name}-booklet", "", saddle(faces, options.sheet_size))]


def ledger(product: Product, kit: Kit, options: Resolved, problems: Problems) -> Pages:
    """A money ledger per player (--players), the bank sheet and the property register."""
    from printkit.layout.ledger import blank_ledger, ledger_pages
    from printkit.localise.kit_sheets import LedgerText

    content = product.content
    assert isinstance(content, LedgerText)
    faces = ledger_pages(content, options.players, options.sheet_size,
                         item_where(kit, "ledger"), problems, options.theme)
    blank = blank_ledger(content, options.sheet_size, item_where(kit, "ledger"), problems,
                         options.theme)
    return [Output(product.name, "", [sheet(f, options) for f in faces]),
            Output(f"{product.name}-blank", "", [sheet(f, options) for f in blank])]


def tableau(product: Product, kit: Kit, options: Resolved, problems: Problems) -> Pages:
    """The layout sheet of a card-deck game: a landscape page of --paper."""
    from printkit.layout.tableau import tableau_page
    from printkit.localise.kit_tableau import TableauText

    assert isinstance(product.content, TableauText)
    face = tableau_page(product.content, options.sheet_size,
                        item_where(kit, "layout"), problems)
    return [Output(product.name, "", [sheet(face, options)])]


def report(product: Product, kit: Kit, options: Resolved, problems: Problems) -> Pages:
    """The analysis report (printkit analyse): pages of --paper, portrait."""
    from printkit.layout.report import report_pages
    from printkit.localise.kit_report import ReportText

    assert isinstance(product.content, ReportText)
    faces = report_pages(product.content, options.sheet_size, item_where(kit, "analysis"),
                         problems, lang=kit.lang, theme=options.theme)
    return [Output(product.name, "", [sheet(f, options) for f in faces])]


def layout_for(content: Content) -> Layout:
    """The layout of a kind of content. The kinds other than a deck are imported only
    when a product holds one: a deck's build does not make the others' classes."""
    if isinstance(content, Deck):
        return deck
    from printkit.localise.kit_board import BoardText
    from printkit.localise.kit_booklet import BookletText
    from printkit.localise.kit_report import ReportText
    from printkit.localise.kit_sheets import LedgerText, LinesSet, ScorepadText
    from printkit.localise.kit_tableau import TableauText

    layouts: dict[type, Layout] = {BoardText: board, ScorepadText: scorepad, LinesSet: lines,
                                   BookletText: rules, LedgerText: ledger, TableauText: tableau,
                                   ReportText: report}
    return layouts[type(content)]
