"""The board: squares round a ring, each drawn upright in its own frame, then turned to
its side (bottom, left, top, right) like a printed board; the title in the centre."""

from __future__ import annotations

from printkit.errors import Problems, Where
from printkit.layout.cards import placed_ops
from printkit.layout.ops import MM, Circle, Face, Group, Line, Matrix, Op, Rect, Text, rotate
from printkit.layout.problems import check_glyphs, too_long
from printkit.layout.style import BLEED, ink_on
from printkit.layout.text import fit
from printkit.localise.kit import BoardText, Heading, Para, SquareText

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
               bleed: float = BLEED) -> Face:
    """The board at board.size, its background run `bleed` past the trim."""
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
        local = corner_ops(sq, C, board, where, problems) if corner else square_ops(
            sq, W, C, board, where, problems)
        ops.append(Group(tuple(local), square_matrix(sq.position, n, S, C, W)))
    ops += centre_ops(board, where, problems)
    return Face("board", S, S, bleed, tuple(ops))


def fitted(blocks: tuple, x: float, top: float, width: float, height: float, size: float,
           colour: str, where: Where, problems: Problems) -> list[Op]:
    """Blocks fitted into a box and centred in it; a located problem if they cannot fit."""
    result = fit(blocks, width, height, size)
    if result is None:
        too_long(where, problems, 6)
        return []
    lines, used = result
    return placed_ops(lines, x, top - (height - lines[-1].dy) / 2 if lines else top, width,
                      colour, centre=True)


def square_ops(sq: SquareText, W: float, C: float, board: BoardText, where: Where,
               problems: Problems) -> list[Op]:
    ink = board.ink
    here = where.at(f"square {sq.position} ({sq.name})")
    ops: list[Op] = [Line(0, 0, 0, C, ink, LINE), Line(W, 0, W, C, ink, LINE)]
    top = C
    if sq.kind == "street" and sq.colour:
        band = C * 0.22
        ops.append(Rect(0, C - band, W, band, fill=sq.colour, stroke=ink, width=LINE))
        ops += fitted((Para(sq.band, "strong"),), PAD, C - 1.5 * MM, W - 2 * PAD,
                      band - 3 * MM, 10, ink_on(sq.colour), here, problems)
        top = C - band
    value_h = 9 * MM if sq.value else 0
    icon_h = C * 0.32 if sq.kind in ("station", "chance", "penalty_lines", "tax") else 0
    name_h = top - EDGE - value_h - icon_h - 2 * MM
    ops += fitted((Heading(sq.name),), PAD, top - 2 * MM, W - 2 * PAD, name_h, 13, ink, here,
                  problems)
    if icon_h:
        ops += icon_ops(sq, W / 2, EDGE + value_h + icon_h / 2, icon_h, ink)
    if sq.value:
        ops += fitted((Para(sq.value, "strong"),), PAD, EDGE + value_h, W - 2 * PAD, value_h,
                      10, ink, here, problems)
    return ops


def icon_ops(sq: SquareText, cx: float, cy: float, h: float, ink: str) -> list[Op]:
    """A small pictogram per kind of square, drawn from shapes."""
    if sq.kind == "chance":
        return [Text(cx, cy - h * 0.3, "?", "bold", h * 0.9, sq.colour or ink, "centre")]
    if sq.kind == "station":
        w = h * 0.9
        return [Rect(cx - w / 2, cy - h * 0.15, w, h * 0.45, fill=ink),
                Rect(cx - w / 2 + w * 0.6, cy + h * 0.3, w * 0.25, h * 0.15, fill=ink),
                Circle(cx - w * 0.28, cy - h * 0.22, h * 0.12, fill=ink),
                Circle(cx + w * 0.28, cy - h * 0.22, h * 0.12, fill=ink),
                Line(cx - w * 0.6, cy - h * 0.36, cx + w * 0.6, cy - h * 0.36, ink, 1.2)]
    if sq.kind == "penalty_lines":
        w = h * 1.0
        ops: list[Op] = [Rect(cx - w / 2, cy - h / 2, w, h, fill="#FFFFFF", stroke=ink)]
        for k in range(1, 5):
            y = cy + h / 2 - k * h / 5
            ops.append(Line(cx - w / 2 + 2 * MM, y, cx + w / 2 - 2 * MM, y, ink, 0.5))
        return ops
    return [Circle(cx, cy, h * 0.4, stroke=ink, width=1.5),
            Text(cx, cy - h * 0.18, "×", "bold", h * 0.5, ink, "centre")]


def corner_ops(sq: SquareText, C: float, board: BoardText, where: Where,
               problems: Problems) -> list[Op]:
    """A corner square; outer edges at the bottom and right of its frame."""
    ink = board.ink
    here = where.at(f"corner {sq.position} ({sq.name})")
    ops: list[Op] = [Line(0, 0, 0, C, ink, LINE), Line(0, C, C, C, ink, LINE)]
    kind = sq_kind(sq, board)
    if kind == "start":
        ops += fitted((Heading(sq.name.upper()),), EDGE, C - 6 * MM, C - 2 * EDGE, C * 0.3, 28,
                      ink, here, problems)
        ops += fitted((Para(sq.note, "small"),), EDGE, C * 0.62, C - 2 * EDGE, C * 0.3, 9, ink,
                      here, problems)
        ops.append(Text(C / 2, EDGE + 2 * MM, "←", "bold", C * 0.28, "#C0392B", "centre"))
        return ops
    if kind == "visit":
        cell = C * 0.68
        ops.append(Rect(0, C - cell, cell, cell, fill="#E9DFC7", stroke=ink, width=LINE))
        ops += fitted((Heading(sq.note),), PAD, C - PAD, cell - 2 * PAD, cell - 2 * PAD, 14,
                      ink, here, problems)
        ops += fitted((Heading(sq.name),), PAD, C - cell - 1 * MM, C - PAD - EDGE,
                      C - cell - EDGE - 1 * MM, 11, ink, here, problems)
        return ops
    ops += fitted((Heading(sq.name),), EDGE, C - 4 * MM, C - 2 * EDGE, C * 0.28, 14, ink, here,
                  problems)
    ops += fitted((Para(sq.note, "small"),), EDGE, C * 0.66, C - 2 * EDGE, C * 0.22, 9, ink,
                  here, problems)
    ops += dice_ops(C / 2, EDGE + C * 0.15, C * 0.2, ink) if kind == "roll" \
        else [Text(C / 2, EDGE + 2 * MM, "↖", "bold", C * 0.3, "#C0392B", "centre")]
    return ops


def sq_kind(sq: SquareText, board: BoardText) -> str:
    """Which corner this is, by its place on the ring."""
    quarter = len(board.squares) // 4
    return {0: "start", 1: "visit", 2: "roll", 3: "go"}[sq.position // quarter]


def dice_ops(cx: float, cy: float, d: float, ink: str) -> list[Op]:
    ops: list[Op] = []
    for k, pips in ((-1, ((0.5, 0.5),)), (1, ((0.25, 0.25), (0.75, 0.75), (0.5, 0.5),
                                              (0.25, 0.75), (0.75, 0.25)))):
        x0 = cx + k * d * 0.65 - d / 2
        ops.append(Rect(x0, cy - d / 2, d, d, fill="#FFFFFF", stroke=ink, width=1.2))
        ops += [Circle(x0 + px * d, cy - d / 2 + py * d, d * 0.08, fill=ink) for px, py in pips]
    return ops


def centre_ops(board: BoardText, where: Where, problems: Problems) -> list[Op]:
    S, C = board.size, board.corner
    inner = S - 2 * C
    art: list[Op] = [Rect(-inner * 0.42, -22 * MM, inner * 0.84, 44 * MM, fill="#7A1F2B")]
    art += fitted((Heading(board.title),), -inner * 0.4, 20 * MM, inner * 0.8, 26 * MM, 72,
                  "#FFFFFF", where.at("game.title"), problems)
    art += fitted((Para(board.tagline, "strong"),), -inner * 0.4, -4 * MM, inner * 0.8, 14 * MM,
                  18, "#FFFFFF", where.at("game.tagline"), problems)
    ops: list[Op] = [Group(tuple(art), rotate(45, S / 2, S / 2))]
    scale = min(1.0, inner * 0.3 / (87 * MM))
    for k, (name, colour) in enumerate(board.deck_labels):
        cw, ch = 87 * MM * scale, 56 * MM * scale
        pile: list[Op] = [Rect(-cw / 2, -ch / 2, cw, ch, fill=colour, stroke=board.ink,
                               width=LINE, dash=(4, 3))]
        pile += fitted((Heading(name),), -cw / 2 + PAD, ch / 2 - PAD, cw - 2 * PAD,
                       ch - 2 * PAD, 24, ink_on(colour), where.at("squares.chance"), problems)
        ops.append(Group(tuple(pile), rotate(45, C + inner * (0.27 + 0.46 * k),
                                             S - C - inner * 0.27)))
    return ops
