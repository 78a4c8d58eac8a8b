"""The board: squares round a ring, each drawn upright in its own frame, then turned to
its side (bottom, left, top, right) like a printed board; the title in the centre."""

from __future__ import annotations

from dataclasses import replace

from printkit.colour.contrast import ink_on
from printkit.errors import Problems, Where
from printkit.layout.cards import placed_ops
from printkit.layout.ops import MM, Circle, Face, Group, Line, Matrix, Op, Rect, Text, rotate
from printkit.layout.pictures import picture_ops
from printkit.layout.problems import check_glyphs, shrank, too_long
from printkit.layout.style import BLEED
from printkit.layout.symbols import band_symbol, faint_band_outline
from printkit.layout.text import BOARD_NAMES, RUNNING, fit
from printkit.layout.themed import BOARD, recoloured
from printkit.localise.kit import Block, Heading, Para
from printkit.localise.kit_board import BoardText, SquareText
from printkit.model.theme import DEFAULT, Theme

PAD = 2.5 * MM
EDGE = 6 * MM  # text keeps this far from the board's outer (trimmed) edge
LINE = 0.8


def square_matrix(position: int, n: int, size: float, corner: float, width: float) -> Matrix:
    """Place a square's local frame (outer edge at y = 0) on its side of the board."""
    side, i = divmod(position, n // 4)
    S, C = size, corner
    if side == 0:
        return rotate(0, S - C - i * width if i else S - C, 0)
    if side == 1:
        return rotate(-90, 0, C + i * width if i else C)
    if side == 2:
        return rotate(180, C + i * width if i else C, S)
    return rotate(90, S, S - C - i * width if i else S - C)


def board_face(board: BoardText, where: Where, problems: Problems,
               bleed: float = BLEED, lang: str = "", theme: Theme = DEFAULT) -> Face:
    """The board at board.size, its background run `bleed` past the trim, in the colours
    and with the pictures of the theme; names too long for their square break at the
    hyphenation points of `lang`."""
    board = replace(board, background=theme.colour("board_ground", board.background),
                    ink=theme.colour("board_ink", board.ink),
                    accent=theme.colour("accent", board.accent))
    S, C = board.size, board.corner
    n = len(board.squares)
    W = (S - 2 * C) / (n // 4 - 1)
    texts = [s.name for s in board.squares] + [s.value for s in board.squares] + [
        s.note for s in board.squares] + [s.band for s in board.squares] + [board.title,
                                                                           board.tagline]
    if not check_glyphs(texts, where, problems):
        return Face("board", S, S, bleed, ())
    ops: list[Op] = [Rect(-bleed, -bleed, S + 2 * bleed, S + 2 * bleed, fill=board.background)]
    ops.append(Rect(C, C, S - 2 * C, S - 2 * C, stroke=board.ink, width=LINE))
    for sq in board.squares:
        corner = sq.position % (n // 4) == 0
        local = corner_ops(sq, C, board, problems, lang, bleed) if corner else \
            square_ops(sq, W, C, board, problems, lang, bleed, theme)
        ops.append(Group(tuple(local), square_matrix(sq.position, n, S, C, W)))
    ops += centre_ops(board, where, problems, lang, theme)
    return recoloured(Face("board", S, S, bleed, tuple(ops)), theme, BOARD)


def fitted(blocks: tuple[Block, ...], x: float, top: float, width: float, height: float,
           size: float, colour: str, where: Where, problems: Problems, lang: str) -> list[Op]:
    """Blocks fitted into a box and centred in it; a located problem if they cannot fit.
    A name (a heading) breaks at a word boundary, then at a compound boundary of its
    language, and only then shrinks (see text.BOARD_NAMES)."""
    names = any(isinstance(b, Heading) for b in blocks)
    result = fit(blocks, width, height, size, lang=lang,
                 breaking=BOARD_NAMES if names else RUNNING)
    if result is None:
        too_long(where, problems, 6)
        return []
    lines, used = result
    shrank(where, problems, used, size)
    return placed_ops(lines, x, top - (height - lines[-1].dy) / 2 if lines else top, width,
                      colour, centre=True)


def square_ops(sq: SquareText, W: float, C: float, board: BoardText, problems: Problems,
               lang: str, bleed: float = 0.0, theme: Theme = DEFAULT) -> list[Op]:
    """A square; its outer edge at y = 0, its dividers run on into the bleed. Its problems
    are reported where its name is written."""
    ink = board.ink
    here = sq.where.at(f"square {sq.position} ({shortened(sq.name)})")
    ops: list[Op] = [Line(0, -bleed, 0, C, ink, LINE), Line(W, -bleed, W, C, ink, LINE)]
    top = C
    if sq.kind == "street" and sq.colour:
        band = C * 0.22
        ops.append(Rect(0, C - band, W, band, fill=sq.colour, stroke=ink, width=LINE))
        ops += faint_band_outline(0, C - band, W, band, sq.colour, board.background)
        sign, room = band_symbol(sq.mark if theme.group_symbols else -1, PAD, C - band,
                                 W - 2 * PAD, band, ink_on(sq.colour), bool(sq.band), 9 * MM)
        ops += sign + fitted((Para(sq.band, "strong"),), PAD + room, C - 1.5 * MM,
                             W - 2 * PAD - room, band - 3 * MM, 10, ink_on(sq.colour), here,
                             problems, lang)
        top = C - band
    value_h = 9 * MM if sq.value else 0
    picture = theme.square(sq.position) or theme.pictogram(sq.icon or sq.kind)
    icon_h = C * 0.32 if picture or sq.icon or sq.kind in PICTURED else 0
    name_h = top - EDGE - value_h - icon_h - 2 * MM
    ops += fitted((Heading(sq.name),), PAD, top - 2 * MM, W - 2 * PAD, name_h, 13, ink, here,
                  problems, lang)
    if picture:
        ops += picture_ops(picture, (PAD, EDGE + value_h, W - 2 * PAD, icon_h),
                           f"square {sq.position}", theme, problems,
                           ground=board.background)
    elif icon_h:
        ops += icon_ops(sq, W / 2, EDGE + value_h + icon_h / 2, icon_h, ink)
    if sq.value:
        ops += fitted((Para(sq.value, "number"),), PAD, EDGE + value_h, W - 2 * PAD, value_h,
                      10, ink, here, problems, lang)
    return ops


def shortened(name: str) -> str:
    """A name as a message shows it: at most 40 characters."""
    return name if len(name) <= 40 else name[:39] + "…"


PICTURED = ("station", "chance", "penalty_lines", "tax", "utility", "command")  # kinds with
# a pictogram of their own; a square of another kind has one when its system gives it an icon


def icon_ops(sq: SquareText, cx: float, cy: float, h: float, ink: str) -> list[Op]:
    """A small pictogram per kind of square (or per `icon`), drawn from shapes."""
    icon = sq.icon or sq.kind
    if icon == "pawns":
        return pawns_ops(cx, cy, h, sq.colours or (ink,), ink)
    if icon in ICONS:
        return ICONS[icon](cx, cy, h, sq.colour or ink, ink)
    if icon in ("chance", "question"):
        return [Text(cx, cy - h * 0.3, "?", "bold", h * 0.9, sq.colour or ink, "centre")]
    if icon in ("station", "train"):
        w = h * 0.9
        return [Rect(cx - w / 2, cy - h * 0.15, w, h * 0.45, fill=ink),
                Rect(cx - w / 2 + w * 0.6, cy + h * 0.3, w * 0.25, h * 0.15, fill=ink),
                Circle(cx - w * 0.28, cy - h * 0.22, h * 0.12, fill=ink),
                Circle(cx + w * 0.28, cy - h * 0.22, h * 0.12, fill=ink),
                Line(cx - w * 0.6, cy - h * 0.36, cx + w * 0.6, cy - h * 0.36, ink, 1.2)]
    if icon == "penalty_lines":
        w = h * 1.0
        ops: list[Op] = [Rect(cx - w / 2, cy - h / 2, w, h, fill="#FFFFFF", stroke=ink)]
        for k in range(1, 5):
            y = cy + h / 2 - k * h / 5
            ops.append(Line(cx - w / 2 + 2 * MM, y, cx + w / 2 - 2 * MM, y, ink, 0.5))
        return ops
    return [Circle(cx, cy, h * 0.4, stroke=ink, width=1.5),
            Text(cx, cy - h * 0.18, "×", "bold", h * 0.5, ink, "centre")]


def corner_ops(sq: SquareText, C: float, board: BoardText, problems: Problems, lang: str,
               bleed: float = 0.0) -> list[Op]:
    """A corner square; outer edges at the bottom and right of its frame, its dividers
    run on into the bleed."""
    ink = board.ink
    here = sq.where.at(f"corner {sq.position} ({shortened(sq.name)})")
    ops: list[Op] = [Line(0, -bleed, 0, C, ink, LINE), Line(0, C, C + bleed, C, ink, LINE)]
    kind = sq_kind(sq, board)
    if kind == "start":
        ops += fitted((Heading(sq.name.upper()),), EDGE, C - 6 * MM, C - 2 * EDGE, C * 0.3, 28,
                      ink, here, problems, lang)
        ops += fitted((Para(sq.note, "small"),), EDGE, C * 0.62, C - 2 * EDGE, C * 0.3, 9, ink,
                      here, problems, lang)
        ops.append(Text(C / 2, EDGE + 2 * MM, "←", "bold", C * 0.28, "#C0392B", "centre"))
        return ops
    if kind == "visit":
        cell = C * 0.68
        ops.append(Rect(0, C - cell, cell, cell, fill="#E9DFC7", stroke=ink, width=LINE))
        text_h = cell * 0.38 if sq.icon == "jail" else cell - 2 * PAD
        ops += fitted((Heading(sq.note),), PAD, C - PAD, cell - 2 * PAD, text_h, 14,
                      ink, here, problems, lang)
        if sq.icon == "jail":
            ops += bars_ops(cell * 0.12, C - cell + cell * 0.1, cell * 0.76, cell * 0.46, ink)
        ops += fitted((Heading(sq.name),), PAD, C - cell - 1 * MM, C - PAD - EDGE,
                      C - cell - EDGE - 1 * MM, 11, ink, here, problems, lang)
        return ops
    ops += fitted((Heading(sq.name),), EDGE, C - 4 * MM, C - 2 * EDGE, C * 0.28, 14, ink, here,
                  problems, lang)
    ops += fitted((Para(sq.note, "small"),), EDGE, C * 0.66, C - 2 * EDGE, C * 0.22, 9, ink,
                  here, problems, lang)
    if kind == "roll":
        ops += dice_ops(C / 2, EDGE + C * 0.15, C * 0.2, ink)
    elif kind == "parking":
        ops += parking_ops(C / 2, EDGE + C * 0.16, C * 0.3)
    elif sq.icon == "go_to_jail":  # the arrow points at a barred window: the jail
        bar = C * 0.26
        ops += bars_ops(C * 0.56, EDGE + 1 * MM, bar, bar, ink)
        ops.append(Text(C * 0.36, EDGE + 2 * MM, "↖", "bold", C * 0.3, "#C0392B", "centre"))
    else:
        ops.append(Text(C / 2, EDGE + 2 * MM, "↖", "bold", C * 0.3, "#C0392B", "centre"))
    return ops


CORNER_ICONS = {"start": "start", "jail": "visit", "parking": "parking", "go_to_jail": "go"}


def sq_kind(sq: SquareText, board: BoardText) -> str:
    """Which corner this is: by its icon when it names one, else by its place on the ring."""
    if sq.icon in CORNER_ICONS:
        return CORNER_ICONS[sq.icon]
    quarter = len(board.squares) // 4
    return {0: "start", 1: "visit", 2: "roll", 3: "go"}[sq.position // quarter]


def bars_ops(x: float, y: float, w: float, h: float, ink: str) -> list[Op]:
    """A barred window: the jail."""
    ops: list[Op] = [Rect(x, y, w, h, fill="#FFFFFF", stroke=ink, width=1.5)]
    for k in range(1, 6):
        bx = x + k * w / 6
        ops.append(Line(bx, y, bx, y + h, ink, 2.2))
    ops.append(Line(x, y + h / 2, x + w, y + h / 2, ink, 1.2))
    return ops


def parking_ops(cx: float, cy: float, d: float) -> list[Op]:
    """A parking sign: a white P on a blue square."""
    return [Rect(cx - d / 2, cy - d / 2, d, d, fill="#1F5FAD", stroke="#FFFFFF", width=2),
            Text(cx, cy - d * 0.3, "P", "bold", d * 0.82, "#FFFFFF", "centre")]


def chest_ops(cx: float, cy: float, h: float, colour: str, ink: str) -> list[Op]:
    """A treasure chest: box, lid and lock."""
    w = h * 1.2
    return [Rect(cx - w / 2, cy - h * 0.42, w, h * 0.55, fill=colour, stroke=ink, width=1.2),
            Rect(cx - w / 2, cy + h * 0.13, w, h * 0.27, fill=colour, stroke=ink, width=1.2),
            Rect(cx - w * 0.08, cy - h * 0.02, w * 0.16, h * 0.24, fill="#F2C14E", stroke=ink,
                 width=0.8),
            Line(cx - w * 0.3, cy - h * 0.42, cx - w * 0.3, cy + h * 0.4, ink, 1.0),
            Line(cx + w * 0.3, cy - h * 0.42, cx + w * 0.3, cy + h * 0.4, ink, 1.0)]


def ferry_ops(cx: float, cy: float, h: float, colour: str, ink: str) -> list[Op]:
    """A ferry: hull with portholes, a cabin and a funnel, on waves."""
    w = h * 1.3
    ops: list[Op] = [
        Rect(cx - w * 0.38, cy + h * 0.1, w * 0.2, h * 0.3, fill="#C0392B", stroke=ink),
        Rect(cx - w * 0.3, cy - h * 0.05, w * 0.62, h * 0.17, fill="#FFFFFF", stroke=ink),
        Rect(cx - w / 2, cy - h * 0.3, w, h * 0.26, fill=ink)]
    ops += [Circle(cx - w * 0.3 + k * w * 0.2, cy - h * 0.17, h * 0.04, fill="#FFFFFF")
            for k in range(4)]
    ops += [Line(cx - w / 2 + k * w / 4, cy - h * 0.42, cx - w / 2 + (k + 0.5) * w / 4,
                 cy - h * 0.38, "#1F5FAD", 1.2) for k in range(4)]
    return ops


def bulb_ops(cx: float, cy: float, h: float, colour: str, ink: str) -> list[Op]:
    """A light bulb."""
    r = h * 0.3
    return [Circle(cx, cy + h * 0.12, r, fill="#F7E26B", stroke=ink, width=1.2),
            Line(cx - r * 0.35, cy + h * 0.05, cx + r * 0.35, cy + h * 0.05, ink, 0.8),
            Rect(cx - r * 0.45, cy - h * 0.42, r * 0.9, h * 0.26, fill="#9A9A9A", stroke=ink),
            Line(cx - r * 0.45, cy - h * 0.33, cx + r * 0.45, cy - h * 0.33, ink, 0.6),
            Line(cx - r * 0.45, cy - h * 0.24, cx + r * 0.45, cy - h * 0.24, ink, 0.6)]


def tap_ops(cx: float, cy: float, h: float, colour: str, ink: str) -> list[Op]:
    """A water tap with a drop."""
    w = h * 1.1
    return [Rect(cx - w / 2, cy + h * 0.05, w * 0.7, h * 0.16, fill="#9A9A9A", stroke=ink),
            Rect(cx + w * 0.08, cy - h * 0.12, w * 0.12, h * 0.33, fill="#9A9A9A", stroke=ink),
            Rect(cx - w * 0.12, cy + h * 0.21, w * 0.08, h * 0.12, fill=ink),
            Rect(cx - w * 0.26, cy + h * 0.33, w * 0.36, h * 0.07, fill=ink),
            Circle(cx + w * 0.14, cy - h * 0.3, h * 0.08, fill="#3A8DDE")]


def bottle_ops(cx: float, cy: float, h: float, colour: str, ink: str) -> list[Op]:
    """A beer bottle with a label."""
    w = h * 0.36
    return [Rect(cx - w / 2, cy - h * 0.45, w, h * 0.55, fill="#8B4A12", stroke=ink),
            Rect(cx - w * 0.2, cy + h * 0.1, w * 0.4, h * 0.3, fill="#8B4A12", stroke=ink),
            Rect(cx - w * 0.24, cy + h * 0.38, w * 0.48, h * 0.07, fill="#D4AF37", stroke=ink),
            Rect(cx - w / 2, cy - h * 0.3, w, h * 0.2, fill="#F4EFE1", stroke=ink, width=0.4)]


def pawns_ops(cx: float, cy: float, h: float, colours: tuple[str, ...],
              ink: str) -> list[Op]:
    """A pawn in each colour, side by side (the roles of a game, e.g. green and blue)."""
    ops: list[Op] = []
    step = h * 0.5
    for k, colour in enumerate(colours):
        x = cx + (k - (len(colours) - 1) / 2) * step
        ops += [Rect(x - h * 0.2, cy - h * 0.45, h * 0.4, h * 0.1, fill=colour, stroke=ink,
                     width=0.8),
                Rect(x - h * 0.11, cy - h * 0.35, h * 0.22, h * 0.42, fill=colour, stroke=ink,
                     width=0.8),
                Circle(x, cy + h * 0.2, h * 0.14, fill=colour, stroke=ink, width=0.8)]
    return ops


ICONS = {"chest": chest_ops, "ferry": ferry_ops, "bulb": bulb_ops, "tap": tap_ops,
         "bottle": bottle_ops}


def centre_box(inner: float, title: bool, piles: bool) -> tuple[float, float, float, float]:
    """Where the board-centre picture goes (in the centre's turned frame): above the title
    banner, or in its place; clear of the card piles, which lie on the centre's upright
    axis, 0.325 × inner from the middle (see below)."""
    scale = min(1.0, inner * 0.3 / (87 * MM))
    reach = 0.325 * inner - 28 * MM * scale - 3 * MM if piles else 0.42 * inner
    if title:
        return -inner * 0.4, 25 * MM, inner * 0.8, max(10 * MM, reach - 25 * MM)
    return -inner * 0.42, -reach, inner * 0.84, 2 * reach


def dice_ops(cx: float, cy: float, d: float, ink: str) -> list[Op]:
    ops: list[Op] = []
    for k, pips in ((-1, ((0.5, 0.5),)), (1, ((0.25, 0.25), (0.75, 0.75), (0.5, 0.5),
                                              (0.25, 0.75), (0.75, 0.25)))):
        x0 = cx + k * d * 0.65 - d / 2
        ops.append(Rect(x0, cy - d / 2, d, d, fill="#FFFFFF", stroke=ink, width=1.2))
        ops += [Circle(x0 + px * d, cy - d / 2 + py * d, d * 0.08, fill=ink) for px, py in pips]
    return ops


def centre_ops(board: BoardText, where: Where, problems: Problems, lang: str,
               theme: Theme = DEFAULT) -> list[Op]:
    S, C = board.size, board.corner
    inner = S - 2 * C
    art: list[Op] = []
    if theme.board_title:
        art += [Rect(-inner * 0.42, -22 * MM, inner * 0.84, 44 * MM, fill=board.accent)]
        art += fitted((Heading(board.title),), -inner * 0.4, 20 * MM, inner * 0.8, 26 * MM,
                      72, ink_on(board.accent), where.at("game.title"), problems, lang)
        art += fitted((Para(board.tagline, "strong"),), -inner * 0.4, -4 * MM, inner * 0.8,
                      14 * MM, 18, ink_on(board.accent), where.at("game.tagline"), problems,
                      lang)
    if theme.board_centre is not None:
        art += picture_ops(theme.board_centre, centre_box(inner, theme.board_title,
                                                          bool(board.deck_labels)),
                           "board centre", theme, problems, ground=board.background)
    ops: list[Op] = [Group(tuple(art), rotate(45, S / 2, S / 2))]
    scale = min(1.0, inner * 0.3 / (87 * MM))
    for k, (name, colour) in enumerate(board.deck_labels):
        cw, ch = 87 * MM * scale, 56 * MM * scale
        pile: list[Op] = [Rect(-cw / 2, -ch / 2, cw, ch, fill=colour, stroke=board.ink,
                               width=LINE, dash=(4, 3))]
        pile += fitted((Heading(name),), -cw / 2 + PAD, ch / 2 - PAD, cw - 2 * PAD,
                       ch - 2 * PAD, 24, ink_on(colour), where.at("squares.chance"), problems,
                       lang)
        # the first pile at the top left; a second one across the title at the bottom
        # right, turned to face the other side of the table
        x, y = (C + inner * 0.27, S - C - inner * 0.27) if k == 0 else (
            S - C - inner * 0.27, C + inner * 0.27)
        ops.append(Group(tuple(pile), rotate(45 + 180 * (k % 2), x, y)))
    return ops
