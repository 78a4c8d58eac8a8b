"""Money ledgers written on by hand: one sheet per player (the starting capital in the
first row), a bank sheet, and the property register listing every deed of the game (the
last two only when the ledger has them).

Each sheet is a ruled table filling the page below its heading; the register runs on to
further pages when a game has more deeds than one page holds.
"""

from __future__ import annotations

from printkit.errors import Problems, Where
from printkit.layout.cards import placed_ops
from printkit.layout.fonts import width as text_width
from printkit.layout.ops import MM, Face, Line, Op, Rect, Text
from printkit.layout.pictures import LOGO_H, logo_ops
from printkit.layout.problems import check_glyphs, too_long
from printkit.layout.sheets import field_ops
from printkit.layout.style import SHEET_MARGIN
from printkit.layout.text import fit
from printkit.layout.themed import SHEETS, recoloured
from printkit.localise.kit import Para
from printkit.localise.kit_sheets import LedgerText, RegisterRow
from printkit.model.theme import DEFAULT, Theme

INK = "#1E1E1E"
GRID = "#555555"
HEAD = "#DADADA"
SHADE = "#F1F1F1"
HOUSE = "#1E8A3E"   # houses are green, hotels red, as on the board
HOTEL = "#C0392B"
ROW_H = 7.5 * MM
HEAD_H = 9 * MM
PAD = 1.5 * MM
PLAYER_COLUMNS = (0.09, 0.43, 0.16, 0.16, 0.16)
BANK_COLUMNS = (0.09, 0.17, 0.42, 0.16, 0.16)
REGISTER_COLUMNS = (0.38, 0.13, 0.24, 0.16, 0.09)


class Sheet:
    """Drawing on one sheet: the page, its problems and the place they are reported."""

    def __init__(self, name: str, paper: tuple[float, float], where: Where,
                 problems: Problems, theme: Theme = DEFAULT):
        self.name = name
        self.theme = theme
        self.width, self.height = paper
        self.where = where
        self.problems = problems
        self.ops: list[Op] = []
        self.x = SHEET_MARGIN
        self.inner = self.width - 2 * SHEET_MARGIN
        self.top = self.height - SHEET_MARGIN

    def text(self, text: str, x: float, top: float, width: float, height: float,
             size: float = 9.0, style: str = "body", centre: bool = False,
             right: bool = False) -> None:
        """Text fitted into a box (shrunk if needed); a located problem if it cannot fit."""
        result = fit((Para(text, style),), width, height, size)
        if result is None:
            shown = text if len(text) <= 40 else text[:39] + "…"
            too_long(self.where.at(f"{self.where.field} ({shown})"), self.problems, 6)
            return
        lines, _ = result
        offset = (height - lines[-1].dy) / 2
        if right:
            self.ops += [Text(x + width, top - offset - line.dy, line.text, line.role,
                              line.size, INK, "right") for line in lines]
        else:
            self.ops += placed_ops(lines, x, top - offset, width, INK, centre=centre)

    def heading(self, title: str, game: str) -> float:
        """The sheet's title (after the theme's logo) with the game's name at the right;
        returns the y below it."""
        logo, shift = logo_ops(self.theme, self.x, self.top, "ledger heading", self.problems)
        self.ops += logo
        room = self.inner - shift - text_width(game, "italic", 10) - 4 * MM
        if text_width(title, "bold", 16) > room:
            name = game if len(game) <= 60 else game[:59] + "…"
            self.problems.add(self.where.at("ledger"), f"the game's name '{name}' is too "
                              f"long to stand beside the sheet's title '{title}'; shorten "
                              "the game's title in this file")
        self.ops.append(Text(self.x + shift, self.top - 16, title, "bold", 16, INK))
        self.ops.append(Text(self.x + self.inner, self.top - 14, game, "italic", 10, GRID,
                             "right"))
        return self.top - 26 - (LOGO_H - 19 if logo else 0)

    def columns(self, fractions: tuple[float, ...]) -> list[float]:
        xs = [self.x]
        for f in fractions:
            xs.append(xs[-1] + f * self.inner)
        return xs

    def table(self, heads: tuple[str, ...], fractions: tuple[float, ...], top: float,
              rows: int) -> list[float]:
        """A header row and `rows` ruled rows below `top`; returns the column edges."""
        xs = self.columns(fractions)
        ops = self.ops
        ops.append(Rect(self.x, top - HEAD_H, self.inner, HEAD_H, fill=HEAD, stroke=GRID))
        for i, head in enumerate(heads):
            self.text(head, xs[i] + PAD, top, xs[i + 1] - xs[i] - 2 * PAD, HEAD_H, 9,
                      "strong", centre=True)
        first = top - HEAD_H
        ops += [Rect(self.x, first - (r + 1) * ROW_H, self.inner, ROW_H, fill=SHADE)
                for r in range(1, rows, 2)]
        ops += [Line(self.x, first - r * ROW_H, self.x + self.inner, first - r * ROW_H, GRID,
                     0.4) for r in range(1, rows)]
        y = first - rows * ROW_H
        for xv in xs[1:-1]:
            ops.append(Line(xv, top, xv, y, GRID, 0.5))
        ops.append(Rect(self.x, y, self.inner, top - y, stroke=INK, width=1.0))
        return xs

    def rows_below(self, top: float) -> int:
        return max(1, int((top - HEAD_H - SHEET_MARGIN) // ROW_H))

    def face(self) -> Face:
        return Face(self.name, self.width, self.height, 0, tuple(self.ops))


def ledger_pages(ledger: LedgerText, players: int, paper: tuple[float, float], where: Where,
                 problems: Problems, theme: Theme = DEFAULT) -> list[Face]:
    """A sheet per player, the bank sheet and the register pages."""
    texts = [ledger.game, ledger.title, ledger.player, ledger.date, *ledger.columns,
             ledger.start_label, ledger.start_amount, ledger.reminder, ledger.bank_title,
             *ledger.bank_columns, ledger.bank_note, ledger.register_title,
             *ledger.register_columns] + [
        f"{r.name}{r.price}" for r in ledger.register_rows]
    if not check_glyphs(texts, where, problems):
        return []
    pages = [player_sheet(ledger, n, paper, where.at(f"ledger.player {n}"), problems, theme)
             for n in range(1, players + 1)]
    if ledger.bank_title:  # a game without a banker (coins on the table) has no bank sheet
        pages.append(bank_sheet(ledger, paper, where.at("ledger.bank"), problems, theme))
    if ledger.register_rows:
        pages += register_sheets(ledger, paper, where.at("ledger.register"), problems, theme)
    return [recoloured(page, theme, SHEETS) for page in pages]


def blank_ledger(ledger: LedgerText, paper: tuple[float, float], where: Where,
                 problems: Problems, theme: Theme = DEFAULT) -> list[Face]:
    """A master to copy for any number of players: a player's sheet without a number or
    the starting row, ruled to the foot of the page."""
    texts = [ledger.game, ledger.title, ledger.player, ledger.date, *ledger.columns,
             ledger.reminder]
    if not check_glyphs(texts, where, problems):
        return []
    return [recoloured(player_sheet(ledger, None, paper, where.at("ledger.blank"), problems,
                                    theme), theme, SHEETS)]


def player_sheet(ledger: LedgerText, n: int | None, paper: tuple[float, float], where: Where,
                 problems: Problems, theme: Theme) -> Face:
    """Player n's sheet, its first row the starting capital; with n None, a blank one."""
    sheet = Sheet(f"ledger-{n or 'blank'}", paper, where, problems, theme)
    y = sheet.heading(ledger.title, ledger.game)
    label = f"{ledger.player} {n}" if n is not None else ledger.player
    sheet.ops += field_ops(label, sheet.x, y - 6, sheet.inner * 0.6, sheet.where,
                           sheet.problems)
    sheet.ops += field_ops(ledger.date, sheet.x + sheet.inner * 0.66, y - 6,
                           sheet.inner * 0.34, sheet.where, sheet.problems)
    sheet.text(ledger.reminder, sheet.x, y - 12, sheet.inner, 5 * MM, 8.5, "small")
    top = y - 12 - 7 * MM
    xs = sheet.table(ledger.columns, PLAYER_COLUMNS, top, sheet.rows_below(top))
    if n is None:
        return sheet.face()
    first = top - HEAD_H
    sheet.text(ledger.start_label, xs[1] + PAD, first, xs[2] - xs[1] - 2 * PAD, ROW_H, 9,
               "strong")
    for col in (2, 4):
        sheet.text(ledger.start_amount, xs[col] + PAD, first, xs[col + 1] - xs[col] - 2 * PAD,
                   ROW_H, 9, "strong", right=True)
    return sheet.face()


def bank_sheet(ledger: LedgerText, paper: tuple[float, float], where: Where,
               problems: Problems, theme: Theme) -> Face:
    sheet = Sheet("ledger-bank", paper, where, problems, theme)
    y = sheet.heading(ledger.bank_title, ledger.game)
    sheet.ops += field_ops(ledger.date, sheet.x, y - 6, sheet.inner * 0.34, sheet.where,
                           sheet.problems)
    sheet.text(ledger.bank_note, sheet.x, y - 12, sheet.inner, 5 * MM, 8.5, "small")
    top = y - 12 - 7 * MM
    sheet.table(ledger.bank_columns, BANK_COLUMNS, top, sheet.rows_below(top))
    return sheet.face()


def register_sheets(ledger: LedgerText, paper: tuple[float, float], where: Where,
                    problems: Problems, theme: Theme) -> list[Face]:
    """The register: every deed with its colour and price; owner, houses and mortgage
    are filled in by hand (tick boxes for houses, a hotel box and a mortgage box)."""
    rows = list(ledger.register_rows)
    pages: list[Face] = []
    while True:
        sheet = Sheet(f"register-{len(pages) + 1}", paper, where, problems, theme)
        y = sheet.heading(ledger.register_title, ledger.game)
        top = y - 6 * MM
        capacity = sheet.rows_below(top)
        chunk, rows = rows[:capacity], rows[capacity:]
        xs = sheet.table(ledger.register_columns,
                         register_fractions(ledger.register_columns, sheet.inner), top,
                         len(chunk))
        for i, row in enumerate(chunk):
            register_row(sheet, row, xs, top - HEAD_H - i * ROW_H)
        pages.append(sheet.face())
        if not rows:
            return pages


BOX = 3.2 * MM  # a register's tick box (a house, the mortgage); the hotel's is 1.6 as wide
BOX_GAP = 1 * MM  # between the house boxes
HOTEL_X = PAD + 4 * (BOX + BOX_GAP) + 0.5 * MM  # the hotel box from its column's edge
HOUSES_W = HOTEL_X + 1.6 * BOX + PAD  # the houses column's least width
HEAD_SIZE = 7.5  # the smallest a register's column head is set before its column widens


def register_fractions(heads: tuple[str, ...], inner: float) -> tuple[float, ...]:
    """The register's columns: REGISTER_COLUMNS where the paper is wide enough; on narrow
    paper (A5) the house boxes and the mortgage head keep the room they need and the name,
    price and owner columns share what is left in the same proportion (a mortgage head too
    long for a fifth of the sheet is a problem of its text)."""
    mortgage = text_width(heads[4], "bold", HEAD_SIZE) + 3 * PAD if len(heads) > 4 else 0.0
    houses = max(REGISTER_COLUMNS[3], HOUSES_W / inner)
    mortgaged = min(0.2, max(REGISTER_COLUMNS[4], mortgage / inner))
    scale = (1 - houses - mortgaged) / sum(REGISTER_COLUMNS[:3])
    return (*(f * scale for f in REGISTER_COLUMNS[:3]), houses, mortgaged)


def register_row(sheet: Sheet, row: RegisterRow, xs: list[float], top: float) -> None:
    """A deed's row: colour swatch, name and price; tick boxes for four houses (green)
    and a hotel (red) on a street, and for the mortgage."""
    swatch = 4 * MM
    x0 = xs[0] + PAD
    if row.colour:
        sheet.ops.append(Rect(x0, top - (ROW_H + swatch) / 2, swatch, swatch, fill=row.colour,
                              stroke=GRID, width=0.4))
    name_x = x0 + swatch + PAD
    sheet.text(row.name, name_x, top, xs[1] - name_x - PAD, ROW_H, 9)
    sheet.text(row.price, xs[1] + PAD, top, xs[2] - xs[1] - 2 * PAD, ROW_H, 9, right=True)
    mid = top - (ROW_H + BOX) / 2
    if row.buildings:
        for k in range(4):
            sheet.ops.append(Rect(xs[3] + PAD + k * (BOX + BOX_GAP), mid, BOX, BOX,
                                  stroke=HOUSE, width=0.9))
        sheet.ops.append(Rect(xs[3] + HOTEL_X, mid, BOX * 1.6, BOX, stroke=HOTEL, width=1.1))
    sheet.ops.append(Rect((xs[4] + xs[5] - BOX) / 2, mid, BOX, BOX, stroke=INK, width=0.7))
