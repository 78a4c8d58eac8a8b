"""Contradictions inside one game, found in the localised kit (exactly what prints).

The board, the cards, the deeds, the ledgers and the booklet state some facts more than once:
what Start pays, the jail fine, a tax, a buy-off. Each sentence (a table row, a square's
text) that names exactly one such square and prints an amount is a *claim* about it. Its
amounts must include the square's: those the board prints on the square, or, where the
board prints none (the jail fine), the amount most of the claims print (the first product
in print order breaks a tie). A sentence names a square by its printed name (or the short
second name of a corner, "Gevangenis" of "Op bezoek · Gevangenis"); a booklet sentence that
names none is about the square its section's heading names, a card's about its title.

Rules worded differently in different places are found by the language's rule phrases
(`rule_phrases.toml` beside its `language.toml`): each rule lists ways it can go, each with
the phrases that say so ("on or passing Start" against "passing Start"). Every statement of
the rule on the board, on a ledger, on an aid and in the booklet must go the same way; cards
are left out, as a card that moves a pawn past Start rightly says only "passing".

Amounts are numbers with the unit the board prints its prices in ("€ 60", "30.000 kr.",
"15 klappen"); a game without a board (kortmonopol) has no squares to compare.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import PrintkitError, Problem, Problems, Where
from printkit.localise.kit import Deck, Heading, Kit, Para, Row, Table
from printkit.localise.kit_board import BoardText, SquareText
from printkit.localise.kit_booklet import BookHeading, BookletText, BookPara, BookTable
from printkit.localise.languages import language_dirs
from printkit.resources import builtin

TOPICS = ("corner", "tax", "penalty_lines")  # squares whose figures other texts repeat
PRICED = ("street", "station")  # squares whose value is a bare amount: it shows the unit
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'‘“«»„(]?[A-ZÀ-ÞØÆÅ0-9])")
DIGITS = r"\d{1,3}(?:[.\u00a0\u202f ]\d{3})+|\d+"


@dataclass(frozen=True)
class Statement:
    """One sentence or table row as printed, and where: its product, its place there (a
    square, a card, a booklet section) and the heading it stands under."""

    product: str
    place: str
    text: str
    heading: str = ""
    where: Where | None = None
    table: bool = False  # a row of a booklet table (a card's texts listed, a tax table)


@dataclass(frozen=True)
class Topic:
    """A square other texts state figures of: its names and the amounts the board prints."""

    name: str
    names: tuple[str, ...]
    amounts: frozenset[int]


def check_agreement(kit: Kit) -> None:
    """Raise with every disagreement of the kit (none for a kit without a board)."""
    problems = Problems()
    problems.extend(disagreements(kit))
    problems.raise_if_any()


def disagreements(kit: Kit) -> list[Problem]:
    """Every claim that contradicts the others of its square, and every statement of a
    rule that goes another way than the rest."""
    board = next((p.content for p in kit.products if isinstance(p.content, BoardText)), None)
    if board is None:
        return []
    said = list(statements(kit))
    amount = amount_pattern(board)
    topics = [t for t in topics_of(board, amount) if t.names]
    found = [*figure_problems(kit, said, topics, amount, others(kit, amount))]
    found += phrase_problems(kit, said, board, amount)
    return found


def statements(kit: Kit) -> Iterator[Statement]:
    """Every sentence and table row of the kit's products, in print order."""
    for product in kit.products:
        content = product.content
        if isinstance(content, BoardText):
            for square in content.squares:
                for text in (square.value, square.note):
                    yield from sentences(product.name, f"square '{square.name}'", text,
                                         square.name)
        elif isinstance(content, Deck):
            for card in content.fronts:
                for text in card_texts(card.blocks):
                    yield from sentences(product.name, f"card '{card.title or card.id}'",
                                         text, card.title)
        elif isinstance(content, BookletText):
            yield from booklet_statements(product.name, content)
        else:
            for heading, text in strings(content, ""):
                yield from sentences(product.name, heading or product.name, text, heading)


def card_texts(blocks: tuple[object, ...]) -> Iterator[str]:
    for block in blocks:
        if isinstance(block, Para | Heading):
            yield block.text
        elif isinstance(block, Row):
            yield f"{block.label} {block.value}"
        elif isinstance(block, Table):
            for row in block.rows[1:]:
                yield from (cell for cell in row if cell)


def booklet_statements(product: str, booklet: BookletText) -> Iterator[Statement]:
    heading = ""
    for block in booklet.blocks:
        if isinstance(block, BookHeading):
            heading = block.text
        elif isinstance(block, BookPara):
            for s in sentences(product, f"section '{heading}'", block.text, heading):
                yield dataclasses.replace(s, where=booklet.where(s.text[:40], Where(
                    booklet.source)))
        elif isinstance(block, BookTable):
            for row in block.rows[1:]:
                yield Statement(product, f"table under '{heading}'", " · ".join(row),
                                heading, booklet.where(row[0], Where(booklet.source)), True)


def strings(content: object, heading: str) -> Iterator[tuple[str, str]]:
    """Every text of a ledger, score pad, aid or sheet, with the title it stands under."""
    if isinstance(content, str):
        yield heading, content
    elif dataclasses.is_dataclass(content) and not isinstance(content, type):
        title = getattr(content, "title", heading)
        for f in dataclasses.fields(content):
            yield from strings(getattr(content, f.name), title if isinstance(title, str)
                               else heading)
    elif isinstance(content, tuple):
        for item in content:
            yield from strings(item, heading)


def sentences(product: str, place: str, text: str, heading: str) -> Iterator[Statement]:
    for sentence in SENTENCE_END.split(" ".join(text.split())):
        if sentence:
            yield Statement(product, place, sentence, heading)


def amount_pattern(board: BoardText) -> re.Pattern[str]:
    """Amounts as the board prints its prices: the number with the unit before or after."""
    units = set()
    for square in board.squares:
        if square.kind in PRICED and square.value:
            unit = re.sub(DIGITS, "", square.value).strip()
            if unit and len(unit.split()) <= 2:
                units.add(unit)
    if not units:
        return re.compile(r"(?!)")
    unit = "|".join(re.escape(u) for u in sorted(units, key=len, reverse=True))
    return re.compile(rf"(?:(?<![\w.])(?:{unit})[\u00a0\u202f ]?(?P<a>{DIGITS})(?!\d)|"
                      rf"(?<![\d.,])(?P<b>{DIGITS})[\u00a0\u202f ]?(?:{unit})(?!\w))")


def amounts(text: str, amount: re.Pattern[str]) -> frozenset[int]:
    return frozenset(int(re.sub(r"\D", "", m["a"] or m["b"])) for m in amount.finditer(text))


def topics_of(board: BoardText, amount: re.Pattern[str]) -> list[Topic]:
    """The squares whose figures other texts repeat, by name: a name shared by two squares
    (spankopoly's two penalty-line squares) is one topic with the amounts of both."""
    by_name: dict[str, list[SquareText]] = {}
    for square in board.squares:
        if square.kind in TOPICS or square.icon == "start":
            by_name.setdefault(square.name, []).append(square)
    found = []
    for name, squares in by_name.items():
        names = {name}
        for square in squares:  # a corner's short second name: "Gevangenis", "De hoek"
            names |= {n.strip() for n in re.split(r"[·/]", square.note)
                      if n.strip() and len(n.split()) <= 2 and not amounts(n, amount)}
        figures = frozenset().union(*(amounts(f"{s.value} {s.note}", amount)
                                      for s in squares))
        found.append(Topic(name, tuple(sorted(names, key=len, reverse=True)), figures))
    return found


INFLECTED = "(?:e|en|et|er|ene|a|s)?"  # nb "fengselet" of "Fengsel"


def form(name: str) -> str:
    """A square's name as a sentence may print it: also in a definite or plural form of a
    name of six letters or more (nb "fengselet", da "fængslet")."""
    pattern = re.escape(name)
    if len(name) >= 6:
        pattern += INFLECTED
        if name[-2:] in ("el", "er"):  # da "fængsel": "fængslet"
            pattern = f"(?:{pattern}|{re.escape(name[:-2] + name[-1])}(?:et|en|er|ene))"
    return pattern


@dataclass(frozen=True)
class Names:
    """Finds the topics a text names: one pattern of every name, the longest first, so
    that a longer name hides a shorter one inside it ("Naar de hoek", "De hoek")."""

    topics: tuple[Topic, ...]
    pattern: re.Pattern[str]

    @classmethod
    def of(cls, topics: list[Topic]) -> Names:
        names = sorted(((n, i) for i, t in enumerate(topics) for n in t.names),
                       key=lambda item: -len(item[0]))
        alternatives = "|".join(f"(?P<t{i}_{k}>{form(n)})" for k, (n, i) in enumerate(names))
        return cls(tuple(topics), re.compile(rf"(?<!\w)(?:{alternatives or '(?!)'})(?!\w)",
                                             re.IGNORECASE))

    def __call__(self, text: str) -> list[Topic]:
        found: list[Topic] = []
        for m in self.pattern.finditer(text):
            topic = self.topics[int((m.lastgroup or "t0_").split("_")[0][1:])]
            if topic not in found:
                found.append(topic)
        return found


def about(statement: Statement, named: Names) -> Topic | None:
    """The one topic a statement is about: the one it names, or its heading's."""
    own = named(statement.text) or named(statement.heading)
    return own[0] if len(own) == 1 else None


def others(kit: Kit, amount: re.Pattern[str]) -> frozenset[int]:
    """Figures the kit states as something other than a square's: the starting capital."""
    return frozenset().union(*(amounts(getattr(p.content, "start_amount", ""), amount)
                               for p in kit.products))


def figure_problems(kit: Kit, said: list[Statement], topics: list[Topic],
                    amount: re.Pattern[str], elsewhere: frozenset[int]) -> Iterator[Problem]:
    """Claims about a square whose amounts miss the square's. A claim printing only
    figures of something else (another square's, the starting capital: "take € 1.500 and
    put your pawn on Start") is about that, not the square it names."""
    claims: dict[str, list[tuple[Statement, frozenset[int]]]] = {}
    named = Names.of(topics)
    for statement in said:
        figures = amounts(statement.text, amount)
        topic = about(statement, named) if figures else None
        if topic is not None:
            claims.setdefault(topic.name, []).append((statement, figures))
    for topic in topics:
        found = claims.get(topic.name, [])
        foreign = elsewhere.union(*(t.amounts for t in topics if t is not topic))
        found = [(s, f) for s, f in found if not f <= foreign - topic.amounts]
        reference = topic.amounts or most_said(found)
        for statement, figures in found:
            if not figures & reference:
                agree = [s for s, f in found if f & reference][:3]
                also = [n for n in topic.names if n != topic.name]
                square = f"'{topic.name}'" + (f" ({', '.join(also)})" if also else "")
                yield problem(kit, statement, f"{shown(figures, statement, amount)} for "
                              f"{square}, where {places(agree) or 'the board'} "
                              f"{'says' if len(agree) < 2 else 'say'} "
                              f"{shown(reference, agree[0] if agree else None, amount)}")


def most_said(found: list[tuple[Statement, frozenset[int]]]) -> frozenset[int]:
    """The amount most claims print; of equals, the one printed first outside the booklet
    (whose text is the likeliest to be typed by hand), else first in the booklet."""
    counts = Counter(a for _, figures in found for a in figures)
    if not counts:
        return frozenset()
    ranked = sorted(found, key=lambda claim: claim[0].where is not None)  # booklet last
    order = [a for _, figures in ranked for a in sorted(figures)]
    best = max(counts.values())
    return frozenset({next(a for a in order if counts[a] == best)})


def shown(figures: frozenset[int], statement: Statement | None,
          amount: re.Pattern[str]) -> str:
    """The amounts as the statement prints them (else bare numbers)."""
    printed = [m[0] for m in amount.finditer(statement.text)] if statement else []
    chosen = [p for p in printed if int(re.sub(r"\D", "", p)) in figures]
    return " / ".join(dict.fromkeys(chosen)) or " / ".join(str(a) for a in sorted(figures))


def places(statements: list[Statement]) -> str:
    return ", ".join(f"{s.product} ({s.place})" for s in statements)


def located(kit: Kit, statement: Statement) -> Where:
    """Where to fix a statement: its line of the rules file, else the game's text file."""
    where = statement.where or Where(kit.text_file or kit.game_file)
    return Where(where.path, where.line, f"{statement.product} ({statement.place})")


def problem(kit: Kit, statement: Statement, says: str) -> Problem:
    return Problem(located(kit, statement),
                   f"says {says}: write the same figure everywhere, best from the game's "
                   f"data (e.g. {{{{ jail_fine }}}}) rather than typed")


def phrase_problems(kit: Kit, said: list[Statement], board: BoardText,
                    amount: re.Pattern[str]) -> Iterator[Problem]:
    """Statements of one rule (outside the card decks) that go different ways."""
    start = next((s.name for s in board.squares if s.icon == "start"), board.squares[0].name)
    decks = {p.name for p in kit.products if isinstance(p.content, Deck)}
    stating = [s for s in said if s.product not in decks and not s.table
               and amounts(s.text, amount)]
    for rule, ways in rule_phrases(kit).items():
        patterns = [(w, [phrase(p, start) for p in phrases]) for w, phrases in ways]
        going: list[tuple[str, Statement]] = []
        for statement in stating:
            way = next((w for w, found in patterns if any(p.search(statement.text)
                                                          for p in found)), None)
            if way is not None:
                going.append((way, statement))
        counts = Counter(w for w, _ in going)
        if len(counts) < 2:
            continue
        best = max(counts.values())
        usual = next(w for w, _ in going if counts[w] == best)
        agree = [s for w, s in going if w == usual][:3]
        for way, statement in going:
            if way != usual:
                yield Problem(located(kit, statement), f"says the {rule.replace('_', ' ')} rule "
                              f"goes '{way}' (\"{statement.text}\"), where {places(agree)} "
                              f"{'says' if len(agree) < 2 else 'say'} '{usual}': word the "
                              f"rule the same way everywhere")


Ways = list[tuple[str, list[str]]]


def rule_phrases(kit: Kit) -> dict[str, Ways]:
    """The language's rule phrases (the game's own language folder first), {start} being
    the Start square's printed name."""
    folder = Path(kit.game_file).parent if kit.game_file else None
    dirs = language_dirs(folder) if folder and folder.is_dir() else [builtin("templates") /
                                                                     "languages"]
    path = next((d / kit.lang / "rule_phrases.toml" for d in dirs
                 if (d / kit.lang / "rule_phrases.toml").is_file()), None)
    if path is None:
        return {}
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise PrintkitError(Problem(Where(str(path)), f"cannot read the rule phrases: {exc}")
                            ) from None
    return {rule: [(way, [str(p) for p in phrases]) for way, phrases in ways.items()
                   if isinstance(phrases, list)]
            for rule, ways in data.items() if isinstance(ways, dict)}


def phrase(text: str, start: str) -> re.Pattern[str]:
    """A phrase as a pattern: its words in order, any spaces between them, {start} the
    Start square's printed name."""
    words = [re.escape(start) if w == "{start}" else re.escape(w) for w in text.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.IGNORECASE)
