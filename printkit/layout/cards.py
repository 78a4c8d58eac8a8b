"""Card faces: a `CardText` in its own coordinates, with bleed, fitted text and colours."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from printkit.colour.contrast import WHITE, ink_on
from printkit.errors import Problems, Where
from printkit.layout.fonts import Chosen, chosen, using
from printkit.layout.ops import MM, Face, Group, Op, Rect, Text
from printkit.layout.pictures import picture_ops
from printkit.layout.problems import (
    HOUSE_SIZE,
    HOUSE_TABLE_SIZE,
    check_glyphs,
    shrank,
    too_long,
)
from printkit.layout.style import BLEED, SAFE
from printkit.layout.symbols import band_symbol, faint_band_outline
from printkit.layout.text import MIN_SIZE, NAMES, NBSP, Placed, fit
from printkit.localise.kit import Block, CardText, Heading, Para, Row, Table
from printkit.model.theme import DEFAULT, Picture, Theme

BODY_SIZE = 9.0
TITLE_SIZE = 12.0
BAND_LINE = 7.5  # pt: the smallest a deed's band label is set on one line
BACK_TITLE_SIZE = 22.0
PICTURE_SHARES = (0.5, 0.4, 0.3, 0.2, 0.12)  # of a front's body: its picture, at most
Fitted = tuple[list[Placed], float]


def card_face(card: CardText, width: float, height: float, where: Where,
              problems: Problems, bleed: float = BLEED, theme: Theme = DEFAULT,
              picture: Picture | None = None, lang: str = "") -> Face:
    """One side of a card, its background run `bleed` past the trim (never scaled), with
    the theme's picture: a back's artwork over the whole card and bleed, or a front's
    picture above its text.

    Words too long for a line break at the hyphenation points of `lang` before the text
    shrinks, but a title's names and a table's cells keep their words whole while they
    fit at 6 pt (text.NAMES); text that cannot fit at 6 pt is reported with the card's
    name."""
    texts = [card.title, card.band, card.footer] + [block_text(b) for b in card.blocks]
    if not check_glyphs(texts, where, problems):
        return Face(card.id, width, height, bleed, ())
    used = f"{where.field.split('.')[0]} (every back)" if card.full_colour else where.field
    art = Art(theme, picture, used, problems, lang)
    if card.full_colour:
        ops = back_ops(card, width, height, bleed, where, problems, art)
    elif card.framed:
        ops = framed_ops(card, width, height, bleed, where, problems, art)
    else:
        ops = front_ops(card, width, height, bleed, where, problems, art)
    return Face(card.id, width, height, bleed, tuple(ops))


@dataclass(frozen=True)
class Art:
    """The theme of a card and its picture, if any (`used`: the card, for messages)."""

    theme: Theme
    picture: Picture | None
    used: str
    problems: Problems
    lang: str = ""  # words too long for a line break at this language's hyphenation points

    def colour(self, role: str) -> str:
        return self.theme.colour(role)

    def body(self, blocks: tuple[Block, ...], x: float, top: float, width: float,
             room: float, size: float) -> tuple[list[Op], float, Fitted | None]:
        """The card's picture above its body text, and the text fitted below it: the
        picture takes the largest share of the room that leaves the text the size it has
        without a picture (else the smallest share). Returns the picture's ops, how far
        down it reaches, and the text's fit (None: the text does not fit at all)."""
        alone = fit(blocks, width, room, size, lang=self.lang)
        if self.picture is None or alone is None:
            return [], 0.0, alone
        chosen: tuple[float, Fitted] | None = None
        for share in PICTURE_SHARES:
            down = room * share + 2 * MM
            found = fit(blocks, width, room - down, size, lang=self.lang)
            if found is not None:
                chosen = (down, found)
                if found[1] >= alone[1] - 0.5:
                    break
        if chosen is None:
            return [], 0.0, None
        down, found = chosen
        ops = picture_ops(self.picture, (x, top - down + 2 * MM, width, down - 2 * MM),
                          self.used, self.theme, self.problems)
        return ops, down, found

    def footer(self, text: str, x: float, bottom: float, width: float, size: float,
               where: Where) -> tuple[list[Op], float] | None:
        """A card's footer in small print, centred in the `width` from `x` and standing
        on `bottom`, and the height it takes from the body (none without a text); None,
        with a problem, if it does not fit."""
        if not text:
            return [], 0.0
        fitted = fit((Para(text, "note"),), width, 10 * MM, size, lang=self.lang)
        if fitted is None:
            too_long(where.at(where.field + ".footer"), self.problems, MIN_SIZE)
            return None
        lines, _ = fitted
        height = lines[-1].dy + 1.5 * MM
        return placed_ops(lines, x, bottom + height - 1.5 * MM, width,
                          self.colour("card_note"), True), height


def block_text(block: Block) -> str:
    """Every character of a block (to check that the font has them)."""
    if isinstance(block, Table):
        return "".join("".join(row) for row in block.rows)
    if isinstance(block, Row):
        return block.label + block.value
    return block.text


def front_ops(card: CardText, w: float, h: float, bleed: float, where: Where,
              problems: Problems, art: Art) -> list[Op]:
    ops: list[Op] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=WHITE)]
    inner = w - 2 * SAFE
    head = (Para(card.band, "note"), Heading(card.title)) if card.band else (Heading(card.title),)
    band_h = max(h * 0.24, 16 * MM) if card.band else max(h * 0.2, 13 * MM)
    colour = card.colour or art.colour("card_band")
    sign, room = band_symbol(card.mark if art.theme.group_symbols else -1, SAFE, h - band_h,
                             inner, band_h, ink_on(colour), True)
    head_fit = fit(head, inner - 2 * room, band_h - SAFE - 1.5 * MM, TITLE_SIZE, lang=art.lang,
                   breaking=NAMES)
    if head_fit is None:
        too_long(where.at(where.field + ".title"), problems, MIN_SIZE)
        return ops
    ops.append(Rect(-bleed, h - band_h, w + 2 * bleed, band_h + bleed, fill=colour))
    ops += sign + placed_ops(head_fit[0], SAFE + room, h - SAFE, inner - 2 * room,
                             ink_on(colour), centre=True)
    footer = art.footer(card.footer, SAFE, SAFE, inner, 7.5, where)
    if footer is None:
        return ops
    ops += footer[0]
    footer_h = footer[1]
    body_top = h - band_h - 2.5 * MM
    pic, down, body_fit = art.body(card.blocks, SAFE, body_top, inner,
                                   body_top - SAFE - footer_h, BODY_SIZE)
    ops += pic
    body_top -= down
    if body_fit is None:
        too_long(where, problems, MIN_SIZE)
        return ops
    shrank(where, problems, body_fit[1], BODY_SIZE)
    ops += placed_ops(body_fit[0], SAFE, body_top, inner, art.colour("card_ink"))
    return ops


FRAME = 2.5 * MM  # a title deed's margin round its band and body, inside the trim
CARD_TEXT_SIZE = 11.0  # the text of a framed card without a table (a deck card)


def framed_ops(card: CardText, w: float, h: float, bleed: float, where: Where,
               problems: Problems, art: Art) -> list[Op]:
    """A title deed: white card, the colour band (label and name) FRAME inside the trim,
    the body centred between band and footer. A framed card without rows (a deck card) has
    its text centred and larger. No line runs near the trim: after a cut 1 mm off, a
    frame there would show an uneven border."""
    frame = art.colour("card_frame")
    ops: list[Op] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=WHITE)]
    gap = 1.2 * MM
    band_x, band_w = FRAME + gap, w - 2 * (FRAME + gap)
    band_h = max(h * 0.2, 16 * MM) if card.band else max(h * 0.18, 11 * MM)
    band_top = h - FRAME - gap
    colour = card.colour or art.colour("card_band")
    inner = w - 2 * (FRAME + 2.5 * MM)
    x = (w - inner) / 2
    head = (Para(card.band.upper(), "note"), Heading(card.title)) if card.band else (
        Heading(card.title),)
    sign, room = band_symbol(card.mark if art.theme.group_symbols else -1, band_x + 1.5 * MM,
                             band_top - band_h, band_w - 3 * MM, band_h, ink_on(colour), True)
    head_fit = fit(one_line(head), inner - 2 * room, band_h - 3 * MM, TITLE_SIZE,
                   min_size=BAND_LINE, lang=art.lang, breaking=NAMES) or fit(
        head, inner - 2 * room, band_h - 3 * MM, TITLE_SIZE, lang=art.lang, breaking=NAMES)
    if head_fit is None:
        too_long(where.at(where.field + ".title"), problems, MIN_SIZE)
        return ops
    ops.append(Rect(band_x, band_top - band_h, band_w, band_h, fill=colour, stroke=frame,
                    width=0.6))
    ops += faint_band_outline(band_x, band_top - band_h, band_w, band_h, colour, WHITE)
    lines, _ = head_fit
    ops += sign + placed_ops(lines, x + room, band_top - (band_h - lines[-1].dy) / 2
                             + 0.4 * MM, inner - 2 * room, ink_on(colour), centre=True)
    footer = art.footer(card.footer, x, FRAME + 1.5 * MM, inner, 7.0, where)
    if footer is None:
        return ops
    ops += footer[0]
    footer_h = footer[1]
    body_top = band_top - band_h - 2 * MM
    table = any(isinstance(b, (Row, Table)) for b in card.blocks)  # a deed or an aid
    pic, down, body_fit = art.body(card.blocks, x, body_top, inner,
                                   body_top - FRAME - 2 * MM - footer_h,
                                   BODY_SIZE if table else CARD_TEXT_SIZE)
    ops += pic
    body_top -= down
    room = body_top - FRAME - 2 * MM - footer_h
    if body_fit is None:
        too_long(where, problems, MIN_SIZE)
        return ops
    blines, used = body_fit
    shrank(where, problems, used, BODY_SIZE if table else CARD_TEXT_SIZE,
           HOUSE_TABLE_SIZE if table else HOUSE_SIZE)
    used = blines[-1].dy + 0.3 * blines[-1].size if blines else 0
    ops += placed_ops(blines, x, body_top - max(0.0, (room - used) / 2), inner,
                      art.colour("card_ink"), centre=not table)
    return ops


def one_line(head: tuple[Block, ...]) -> tuple[Block, ...]:
    """A deed's head with its band label ("EIGENDOMSBEWIJS · MAASTRICHT") on one line:
    set smaller, down to BAND_LINE, rather than broken over two like no other deed's."""
    if len(head) < 2 or not isinstance(head[0], Para):
        return head
    return (replace(head[0], text=head[0].text.replace(" ", NBSP)), *head[1:])


def back_ops(card: CardText, w: float, h: float, bleed: float, where: Where,
             problems: Problems, art: Art) -> list[Op]:
    if art.picture is not None:
        return [picture_back(art, w, h, bleed)]
    drawn = back_art(card.colour or art.colour("card_back"), card.title, card.blocks, w, h,
                     bleed, lang=art.lang, fonts=chosen(), digests=art.theme.font_digests)
    if drawn is None:
        too_long(where.at(where.field + ".back"), problems, MIN_SIZE)
        return []
    return [drawn]


def picture_back(art: Art, w: float, h: float, bleed: float) -> Group:
    """A deck's back artwork: it covers the card and its bleed (never scaled to hide the
    bleed), cropped at the bleed edge; drawn once and reused for every back."""
    assert art.picture is not None
    box = (-bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
    ops = picture_ops(art.picture, box, art.used, art.theme, art.problems, fill=True)
    return Group(tuple(ops), clip=box, key=f"back:{art.picture.path}:{w:.1f}x{h:.1f}+{bleed:.2f}",
                 reuse=True)


@lru_cache(maxsize=64)
def back_art(colour: str, title: str, blocks: tuple[Block, ...], w: float, h: float,
             bleed: float, lang: str = "", fonts: Chosen = (),
             digests: tuple[str, ...] = ()) -> Group | None:
    """A card back's artwork in the `fonts` chosen, reused as it is drawn (None if its text
    cannot fit). The backs of a deck are mostly alike, so each different one is laid out
    once for each choice of fonts and their content: `digests`, the theme's digests of its
    fonts' content, are part of what is remembered, so a font file replaced under the same
    name (while `printkit serve` runs) is measured anew."""
    inner = w - 2 * SAFE - 4 * MM
    with using(fonts):
        result = fit((Heading(title), *blocks), inner, h - 2 * SAFE, BACK_TITLE_SIZE,
                     lang=lang, breaking=NAMES)
    if result is None:
        return None
    lines, _ = result
    total = lines[-1].dy if lines else 0
    ink = ink_on(colour)
    art: list[Op] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=colour),
                     Rect(SAFE + 1 * MM, SAFE + 1 * MM, w - 2 * SAFE - 2 * MM,
                          h - 2 * SAFE - 2 * MM, stroke=ink, width=1.2)]
    art += placed_ops(lines, SAFE + 2 * MM, (h + total) / 2, inner, ink, centre=True)
    return Group(tuple(art), key=f"back:{colour}:{title}:{w:.1f}x{h:.1f}+{bleed:.2f}:"
                 + "|".join(getattr(b, "text", "") for b in blocks)
                 + f":{'|'.join(f'{role}={path}' for role, path in fonts)}"
                 + f":{','.join(digests)}", reuse=True)


def placed_ops(lines: list[Placed], x: float, top: float, width: float, colour: str,
               centre: bool = False) -> list[Op]:
    """Ops for lines laid out below `top`, left-aligned (or centred) in the box; a table's
    boxes and cells keep the places the flow gave them."""
    ops: list[Op] = []
    for line in lines:
        ink = line.colour or colour
        if line.kind == "box":
            ops.append(Rect(x + line.dx, top - line.dy, line.w, line.h, fill=line.fill))
        elif line.kind == "end":
            continue
        elif line.align == "right":
            ops.append(Text(x + line.dx, top - line.dy, line.text, line.role, line.size,
                            ink, "right"))
        elif line.align == "middle":
            ops.append(Text(x + line.dx, top - line.dy, line.text, line.role, line.size,
                            ink, "centre"))
        elif line.align == "at":
            ops.append(Text(x + line.dx, top - line.dy, line.text, line.role, line.size, ink))
        elif centre:
            ops.append(Text(x + width / 2, top - line.dy, line.text, line.role, line.size,
                            ink, "centre"))
        else:
            ops.append(Text(x, top - line.dy, line.text, line.role, line.size, ink))
    return ops
