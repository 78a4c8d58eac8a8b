"""A game's wording in one language: text/<lang>.toml strings rendered as sandboxed jinja2.

Helpers available in every string: name(id), in_text(id), number(n), ordinal(n), and those
a game system adds (spankopoly's strokes(n, implement), the money games' money(n), …);
the filters `q` (this language's quotation marks), `words` (a small number as a word)
and `lcfirst` (first letter in lower case; `lcfirst("Keuken")` only of a text starting
with that word, so that a proper name a square is renamed to keeps its capital). A square
is named once: a language without its own name uses the source language's.
"""

from __future__ import annotations

import difflib
import math
import re
from typing import Any

from babel import Locale
from babel.numbers import format_decimal
from jinja2 import Template, TemplateError, TemplateSyntaxError

from printkit.errors import Problems, Where
from printkit.localise.languages import Language
from printkit.localise.sandbox import MAX_TEXT, Sandbox, compiled
from printkit.model import AnyGame, TextSource

MISSING = object()
SHY = "\u00ad"
MAX_COUNT = 10**9  # the largest number a helper prints
MAX_DEPTH = 8  # texts inside texts (name() in a card's text, strokes() in a phrase): real: 3


class TextError(ValueError):
    """A helper called with arguments it cannot use (reported at the text's key)."""


def sandbox() -> Sandbox:
    """A jinja2 environment in which a game's text cannot reach Python internals."""
    return Sandbox()


def missing_text(keys: tuple[str, ...], code: str) -> str:
    """What to write where a text is missing: `name = "…"` under `[streets.kitchen]`."""
    *table, key = keys
    under = f" under [{'.'.join(table)}]" if table else ""
    return f'missing text; add {key} = "…"{under} to text/{code}.toml'


class Wording:
    """Looks up and renders the game's strings for one language.

    A string missing in this language falls back to the source language, marked
    "[xx: …]" when `allow_missing` is set and reported as a problem otherwise.
    """

    def __init__(self, game: AnyGame, lang: Language, problems: Problems,
                 allow_missing: bool = False):
        self.game = game
        self.lang = lang
        self.locale = Locale.parse(lang.locale)
        self.problems = problems
        self.allow_missing = allow_missing
        self.source = game.texts.get(game.source_language)
        self.target = game.texts.get(lang.code)
        self.env = sandbox()
        self.env.filters["q"] = self.quote  # named in sandbox.TEXT_FILTERS
        self.env.filters["words"] = self.words
        self.env.filters["lcfirst"] = lcfirst
        self.env.globals.update(self.helpers())
        self.compiled: dict[str, Template] = {}
        self.rendering: list[tuple[str, ...]] = []  # keys of the texts being rendered
        self.rendered: dict[tuple[Any, ...], str] = {}  # each text rendered once per context
        self.named: frozenset[str] | None = None  # ids name() accepts, found when first used

    def where(self, text: TextSource | None, keys: tuple[str, ...]) -> Where:
        path = text.path if text else self.game.folder / "text" / f"{self.lang.code}.toml"
        line = 0
        if text is not None:
            for end in range(len(keys), 0, -1):
                line = text.lines.get(tuple(keys[:end]), 0)
                if line:
                    break
        return self.problems.where(path, line, ".".join(keys))

    def at(self, *keys: str) -> Where:
        """Where the text at `keys` is written, for the problems of what is made of it:
        this language's text file (the source language's if it has none), at the line of
        the key or of its nearest table."""
        return self.where(self.target or self.source, keys)

    def named_at(self, ref: str) -> Where:
        """Where the name of `ref` (a square, a suit) is written."""
        return self.at(_section(self.game, ref), ref)

    def raw(self, *keys: str, required: bool = True) -> Any:
        """The unrendered value at keys, from this language or (marked) the source.

        An optional key (such as a square's `in_text`) absent in this language is None:
        the caller falls back to another string of the same language.
        """
        value = _lookup(self.target, keys)
        if value is not MISSING:
            return value
        if self.is_name(keys) and _lookup(self.source, keys) is not MISSING:
            return _lookup(self.source, keys)  # named once, in the source language
        if not required:
            return None
        fallback = _lookup(self.source, keys)
        if fallback is MISSING or not self.allow_missing:
            self.problems.add(self.where(self.target, keys), missing_text(keys, self.lang.code))
            return "?"
        return _mark(fallback, self.game.source_language)

    def text(self, *keys: str, required: bool = True, **context: Any) -> str:
        """The rendered string at keys ('' if optional and absent)."""
        value = self.raw(*keys, required=required)
        if value is None:
            return ""
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            return self.refuse(keys, "write a text in quotes here")
        text = self.render(str(value), keys, context)
        # a name's `|` is a break point its author set: a soft hyphen, which prints (as a
        # hyphen) only where a line breaks there
        return text.replace("|", SHY) if keys[-1:] == ("name",) else text

    def texts(self, *keys: str, **context: Any) -> tuple[str, ...]:
        """A rendered list of strings."""
        value = self.raw(*keys)
        items = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str) for v in items):
            return (self.refuse(keys, 'write a list of texts, e.g. ["one", "two"]'),)
        return tuple(self.render(str(v), keys, context) for v in items)

    def refuse(self, keys: tuple[str, ...], message: str) -> str:
        self.problems.add(self.where(self.target or self.source, keys), message)
        return "?"

    def render(self, source: str, keys: tuple[str, ...], context: dict[str, Any]) -> str:
        """A text rendered in the sandbox, once per context; any failure is a problem at
        the text's key.

        A text that uses itself (directly, through another text or through a phrase such as
        `strokes`) raises a TextError in its own call, so the problem is reported at the
        text that makes the call and never retried: a text calling itself twice cannot
        double the work per level. Texts within texts are bounded to MAX_DEPTH levels.
        """
        if "{" not in source:
            return self.checked(source, keys)
        memo = _memo(source, keys, context)
        if memo is not None and memo in self.rendered:
            return self.rendered[memo]
        if keys in self.rendering:
            chain = " → ".join(".".join(k) for k in (*self.rendering[
                self.rendering.index(keys):], keys))
            raise TextError(f"{chain}: a text cannot use itself, directly or through other "
                            "texts")
        if len(self.rendering) >= MAX_DEPTH:
            raise TextError(f"texts use other texts more than {MAX_DEPTH} levels deep")
        self.rendering.append(keys)
        try:
            result = self.rendered_now(source, keys, context)
        finally:
            self.rendering.pop()
        if memo is not None:
            self.rendered[memo] = result
        return result

    def rendered_now(self, source: str, keys: tuple[str, ...], context: dict[str, Any]) -> str:
        try:
            template = self.compiled.get(source)
            if template is None:
                tag, code = compiled(source)
                if tag or code is None:
                    return self.refuse(keys, f"template error: '{{% {tag} %}}' cannot be used"
                                       " in a text; use {{ … }} with the helpers, filters and "
                                       "{% if %}")
                template = self.compiled[source] = self.env.template_class.from_code(
                    self.env, code, self.env.make_globals(None))
            return self.checked(template.render(**context), keys)
        except (TemplateError, TextError) as exc:
            message = exc.message if isinstance(exc, TemplateSyntaxError) else str(exc)
            return self.refuse(keys, f"template error: {self.explained(message, context)}")
        except Exception as exc:  # anything else a template did wrong, e.g. 1/0
            message = str(exc).replace(f"{type(self).__name__}.", "")  # a helper's own name
            return self.refuse(keys, f"template error: {exc.__class__.__name__}: {message}")

    def explained(self, message: str | None, context: dict[str, Any]) -> str:
        """A template's error in the words of the text's author: an unknown name with the
        names there are (and the one meant), a lone brace with the pair to write."""
        message = message or "the text cannot be read"
        unknown = _UNDEFINED.fullmatch(message)
        if unknown:
            names = sorted({*context, *(n for n in self.env.globals if n not in JINJA_NAMES
                                        and not n.startswith("_"))})
            close = difflib.get_close_matches(unknown.group(1), names, 1)
            meant = f"; did you mean '{close[0]}'?" if close else ""
            return (f"'{unknown.group(1)}' is not a name here{meant} (the names here: "
                    f"{', '.join(names)})")
        if message.startswith("unexpected '}'"):
            return (f"{message}: a value is written with two braces on each side, "
                    "{{ amount }}")
        return message

    def checked(self, text: str, keys: tuple[str, ...]) -> str:
        if len(text) > MAX_TEXT:
            return self.refuse(keys, f"the text has {len(text)} characters; no printed item "
                               f"holds more than {MAX_TEXT}")
        return text

    def extend(self, helpers: dict[str, Any]) -> None:
        """Add a game system's own helpers and values (e.g. money) to every string."""
        self.env.globals.update(helpers)
        self.compiled.clear()
        self.rendered.clear()

    def helpers(self) -> dict[str, Any]:
        """The helpers every text may call; a game system adds its own (extend, or a
        subclass of Wording named in its System)."""
        return {"name": self.name, "in_text": self.in_text, "number": self.number,
                "ordinal": self.ordinal, "q": self.quote}

    # helpers -----------------------------------------------------------------

    def number(self, n: int | float) -> str:
        return format_decimal(_number("number", n), locale=self.locale)

    def ordinal(self, n: int) -> str:
        return self.lang.ordinal.format(n=whole("ordinal", n))

    def words(self, n: int) -> str:
        """n as a word where the language writes it so (`number_words` of language.toml:
        one to twelve in nb, da and nl), else as a number: 3 → 'drie', 40 → '40'."""
        n = whole("words", n)
        table = self.lang.number_words
        return table[n - 1] if 1 <= n <= len(table) else self.number(n)

    def quote(self, text: str, nested: bool = False) -> str:
        q = self.lang.quotes
        return f"{q[2]}{text}{q[3]}" if nested else f"{q[0]}{text}{q[1]}"

    def unit(self, unit: str, n: int) -> str:
        """'12 klappen': the unit's CLDR plural category for n, with the number."""
        category = self.locale.plural_form(n)
        forms = self.raw("units", unit)
        if not isinstance(forms, dict):
            return f"{self.number(n)} {unit}"
        form = forms.get(category) or forms.get("other") or next(iter(forms.values()), "{n}")
        # a no-break space keeps the number with its unit
        return str(form).replace("{n} ", "{n}\u00a0").replace("{n}", self.number(n))

    def name(self, ref: str) -> str:
        """A square's name: named once, in the source language's text file, unless this
        language gives it its own."""
        return self.text(self.section("name", ref), ref, "name")

    def is_name(self, keys: tuple[str, ...]) -> bool:
        """Whether keys name a square (or a suit): a name given once for every language."""
        if len(keys) != 3 or keys[2] != "name":
            return False
        if self.named is None:
            self.named = self.game.named()
        return keys[1] in self.named and _section(self.game, keys[1]) == keys[0]

    def in_text(self, ref: str) -> str:
        """The name as running text says it, made from the current name: with this
        language's `article` ("het Kasteelplein"), or its `in_text` form, which writes the
        name as {{ this }} ("station {{ this|q }}"); else the name itself."""
        section = self.section("in_text", ref)
        name = self.name(ref)
        article = self.text(section, ref, "article", required=False)
        if article:
            return f"{article} {name}"
        return self.text(section, ref, "in_text", required=False, this=name) or name

    def section(self, helper: str, ref: Any) -> str:
        """The text section of an id given to a helper, checked (the game says which ids
        have a name: a board's squares, a card game's suits)."""
        if self.named is None:
            self.named = self.game.named()
        if not isinstance(ref, str) or ref not in self.named:
            if not hasattr(self.game, "squares"):  # a game without a board names few things
                raise TextError(f"{helper}(): unknown name {shown(ref)}; use one of "
                                f"{', '.join(sorted(self.named))}")
            raise TextError(f"{helper}(): unknown square {shown(ref)}; use the id of a "
                            "square with a name (a street, station, corner, …)")
        return _section(self.game, ref)


_UNDEFINED = re.compile(r"'([^']+)' is undefined")
JINJA_NAMES = {"range", "dict", "lipsum", "cycler", "joiner", "namespace"}  # jinja's own


def says_its_kind(name: str, kind: str) -> bool:
    """Whether a name already says what kind of square it is ("Station Havenkwartier",
    "Centraal Station" for a station): a band that says "Station" above it prints the
    word twice, and so does "Stasjon" (the same word as another language spells it: a
    word of the name that begins with the same three letters and is at least 70 % alike,
    difflib's ratio: "Oostlijn" does not say "Spoorlijn")."""
    words = re.findall(r"\w+", name.casefold())
    kinds = re.findall(r"\w+", kind.casefold())
    return bool(kinds) and all(any(
        word[:3] == k[:3] and difflib.SequenceMatcher(None, k, word).ratio() >= 0.7
        for word in words) for k in kinds)


def lcfirst(text: str, word: str | None = None) -> str:
    """The text with its first letter in lower case ("Fængsel" -> "fængsel"); given a
    `word`, only while the text starts with it: `this|lcfirst("Keuken")` writes "keuken",
    and after a rename to a proper name ("Stadhuisplein") keeps its capital."""
    if word is not None and not str(text).startswith(str(word)):
        return str(text)
    return str(text)[:1].lower() + str(text)[1:]


def _memo(source: str, keys: tuple[str, ...], context: dict[str, Any]) -> tuple[Any, ...] | None:
    """The key a rendered text is remembered by (None if a value in its context cannot be
    a key, such as a list)."""
    memo = (source, keys, tuple(sorted(context.items())))
    try:
        hash(memo)
    except TypeError:
        return None
    return memo


def shown(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _number(helper: str, n: Any) -> int | float:
    """A number given to a helper: finite and at most MAX_COUNT."""
    if (not isinstance(n, (int, float)) or isinstance(n, bool) or not math.isfinite(n)
            or abs(n) > MAX_COUNT):
        raise TextError(f"{helper}(): {shown(n)} is not a number from -{MAX_COUNT} to "
                        f"{MAX_COUNT}")
    return n


def whole(helper: str, n: Any) -> int:
    """A count given to a helper: a whole number."""
    n = _number(helper, n)
    if n != int(n):
        raise TextError(f"{helper}(): {shown(n)} is not a whole number")
    return int(n)


def _section(game: AnyGame, ref: str) -> str:
    """Which section of the text file names `ref` (each game system knows its own)."""
    return game.text_section(ref)


def _lookup(text: TextSource | None, keys: tuple[str, ...]) -> Any:
    value: Any = text.data if text else MISSING
    for key in keys:
        if not isinstance(value, dict) or key not in value:
            return MISSING
        value = value[key]
    return value


def _mark(value: Any, lang: str) -> Any:
    if isinstance(value, list):
        return [f"[{lang}: {v}]" for v in value]
    if isinstance(value, dict):
        return value
    return f"[{lang}: {value}]"
