"""The layout sheet of a card-deck game: a landscape page with a diagram of the playing
cards laid out on the table (the ring clockwise from the start joker, the deed pile and
the bank in its middle, arrows showing the way round) and the set-up steps beside it.

The ring is a rectangle of cards; its number of columns and rows is chosen so that the
cards come out as large as the diagram's box allows.
"""

from __future__ import annotations

import math

from printkit.errors import Problems, Where
from printkit.layout.cards import placed_ops
from printkit.layout.fonts import width as text_width
from printkit.layout.ops import MM, Circle, Face, Line, Op, Rect, Text
from printkit.layout.problems import check_glyphs, too_long
from printkit.layout.style import SHEET_MARGIN
from printkit.layout.text import fit
from printkit.localise.kit import Para
from printkit.localise.kit_tableau import TableauCard, TableauText

INK = "#1E1E1E"
RED = "#C0392B"
CARD_RATIO = 0.7  # width / height of a playing card
GAP = 0.14        # gap between cards, in card widths
WHITE = "#FFFFFF"


def ring_shape(n: int, width: float, height: float) -> tuple[int, int, float]:
    """Columns, rows and card width of a rectangular ring of at least n cards in a box."""
    half = math.ceil(n / 2)
    best = (2, 2, 0.0)
    for rows in range(2, half + 1):
        cols = half + 2 - rows
        if cols < 2:
            break
        w = min(width / (cols + GAP * (cols - 1)),
                height / (rows / CARD_RATIO + GAP * (rows - 1)))
        if w > best[2]:
            best = (cols, rows, w)
    return best


def ring_slots(cols: int, rows: int) -> list[tuple[int, int]]:
    """Grid cells of the ring clockwise from the top left (column, row from the top)."""
    cells = [(c, 0) for c in range(cols)] + [(cols - 1, r) for r in range(1, rows)]
    cells += [(c, rows - 1) for c in range(cols - 2, -1, -1)]
    return cells + [(0, r) for r in range(rows - 2, 0, -1)]


def card_ops(card: TableauCard, x: float, y: float, w: float, start: str,
             first: bool) -> list[Op]:
    """A playing card seen from above: rank in the corner, suit in the middle; a joker
    with a star (the start joker framed in red with its caption)."""
    h = w / CARD_RATIO
    colour = RED if card.red else INK
    ops: list[Op] = [Rect(x, y, w, h, fill=WHITE, stroke=RED if first else "#777777",
                          width=2.0 if first else 0.7)]
    if card.joker:
        ops.append(Text(x + w / 2, y + h * 0.45, "★", "bold", w * 0.5,
                        RED if first else INK, "centre"))
        ops.append(Text(x + w / 2, y + h * 0.2, card.rank, "bold", min(w * 0.2, 9), INK,
                        "centre"))
        if first:
            ops.append(Text(x + w / 2, y + h * 0.78, start.upper(), "bold", min(w * 0.22, 10),
                            RED, "centre"))
        return ops
    corner = min(w * 0.26, 11)
    ops.append(Text(x + w * 0.1, y + h - corner * 1.05, card.rank, "bold", corner, colour))
    ops.append(Text(x + w * 0.1, y + h - corner * 2.05, card.suit, "regular", corner, colour))
    ops.append(Text(x + w / 2, y + h * 0.3, card.suit, "regular", w * 0.55, colour, "centre"))
    return ops


def arrow_ops(x1: float, y1: float, x2: float, y2: float, colour: str) -> list[Op]:
    """An arrow from (x1, y1) to (x2, y2): a shaft and two strokes of the head."""
    angle = math.atan2(y2 - y1, x2 - x1)
    head = 3.2 * MM
    ops: list[Op] = [Line(x1, y1, x2, y2, colour, 1.4)]
    for side in (-1, 1):
        a = angle + math.pi + side * math.radians(28)
        ops.append(Line(x2, y2, x2 + head * math.cos(a), y2 + head * math.sin(a), colour, 1.4))
    return ops


def pile_ops(caption: str, symbols: str, cx: float, cy: float, w: float) -> list[Op]:
    """A pile in the middle of the ring: stacked cards with suit symbols, or coins."""
    h = w / CARD_RATIO
    ops: list[Op] = []
    if symbols:
        for k in range(3):
            ops.append(Rect(cx - w / 2 + k * 1.2, cy - h / 2 + k * 1.2, w, h, fill=WHITE,
                            stroke="#777777", width=0.7))
        ops.append(Text(cx + 2.4, cy - w * 0.12, symbols, "regular", w * 0.32, INK, "centre"))
    else:
        for k in range(4):
            ops.append(Circle(cx, cy - h * 0.2 + k * w * 0.12, w * 0.32, fill="#E2B33C",
                              stroke="#8A6A10", width=0.8))
    ops.append(Text(cx, cy - h / 2 - 4.5 * MM, caption, "bold", 9, WHITE, "centre"))
    return ops


def diagram_ops(t: TableauText, x: float, y: float, width: float, height: float) -> list[Op]:
    """The table (in the game's colour) with the ring, the piles and the arrows."""
    pad = 6 * MM
    cols, rows, w = ring_shape(len(t.ring), width - 2 * pad, height - 2 * pad)
    h, g = w / CARD_RATIO, w * GAP
    used_w, used_h = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
    left, top = x + pad, y + height - pad
    ops: list[Op] = [Rect(x, top - used_h - pad, used_w + 2 * pad, used_h + 2 * pad,
                          fill=t.colour)]
    for i, (c, r) in enumerate(ring_slots(cols, rows)[:len(t.ring)]):
        ops += card_ops(t.ring[i], left + c * (w + g), top - r * (h + g) - h, w, t.start,
                        i == 0)
    inner_l, inner_r = left + w + 2 * g, left + used_w - w - 2 * g
    inner_t, inner_b = top - h - 2 * g, top - used_h + h + 2 * g
    for x1, y1, x2, y2 in ((inner_l + w * 0.3, inner_t, inner_r - w * 0.3, inner_t),
                           (inner_r, inner_t - h * 0.3, inner_r, inner_b + h * 0.3),
                           (inner_r - w * 0.3, inner_b, inner_l + w * 0.3, inner_b),
                           (inner_l, inner_b + h * 0.3, inner_l, inner_t - h * 0.3)):
        ops += arrow_ops(x1, y1, x2, y2, WHITE)
    cy = (inner_t + inner_b) / 2
    for k, (caption, symbols) in enumerate(t.piles):
        cx = inner_l + (inner_r - inner_l) * (k + 1) / (len(t.piles) + 1)
        ops += pile_ops(caption, symbols, cx, cy + 2 * MM, min(w, (inner_t - inner_b) * 0.4))
    return ops


def tableau_page(t: TableauText, paper: tuple[float, float], where: Where,
                 problems: Problems) -> Face:
    """The layout sheet on `paper` turned to landscape."""
    texts = [t.game, t.tagline, t.title, t.start, *t.steps, *(c.rank + c.suit for c in t.ring),
             *(a + b for a, b in t.piles), "★"]
    pw, ph = max(paper), min(paper)
    if not check_glyphs(texts, where, problems):
        return Face("layout", pw, ph, 0, ())
    x, top = SHEET_MARGIN, ph - SHEET_MARGIN
    inner = pw - 2 * SHEET_MARGIN
    ops: list[Op] = [Text(x, top - 16, t.title, "bold", 16, INK)]
    for text, role, size, y in ((t.game, "bold", 10, top - 9),
                                (t.tagline, "italic", 8.5, top - 19)):
        while size > 6 and text_width(text, role, size) > inner * 0.45:
            size -= 0.25
        if text_width(text, role, size) > inner * 0.45:
            too_long(where.at("game.title" if text == t.game else "game.tagline"), problems, 6)
        ops.append(Text(x + inner, y, text, role, size, "#555555", "right"))
    body_top = top - 26
    body_h = body_top - SHEET_MARGIN
    diagram_w = inner * 0.64
    ops += diagram_ops(t, x, SHEET_MARGIN, diagram_w, body_h)
    steps_x = x + diagram_w + 8 * MM
    steps_w = inner - diagram_w - 8 * MM
    blocks = tuple(Para(f"{n}. {step}") for n, step in enumerate(t.steps, 1))
    result = fit(blocks, steps_w, body_h, 11)
    if result is None:
        too_long(where.at("layout.steps"), problems, 6)
    else:
        ops += placed_ops(result[0], steps_x, body_top, steps_w, INK)
    return Face("layout", pw, ph, 0, tuple(ops))
