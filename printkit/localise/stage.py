"""Stage 3, localise: a validated `Game` + a language -> a `Kit` with every text final."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from babel import Locale

from printkit.errors import Problem, Problems, Where
from printkit.localise.catalog import (
    Labels,
    load_labels,
    read_catalog,
    read_catalogs,
    untranslated,
)
from printkit.localise.drift import Drift, drift
from printkit.localise.kit import Kit, Product
from printkit.localise.languages import Language
from printkit.localise.po import Catalog
from printkit.localise.printaids import print_text
from printkit.localise.wording import Wording, missing_text
from printkit.model import AnyGame, TextSource

if TYPE_CHECKING:  # named in signatures; a build without an analysis makes none
    from printkit.localise.report_words import Words as ReportWords
    from printkit.model.analysis import Analysis
    from printkit.model.dice import Dice

TextKeys = tuple[set[tuple[str, ...]], set[tuple[str, ...]]]


class Words(Protocol):
    """The part of a game system this stage uses (a printkit.systems.contract.System)."""

    @property
    def localise(self) -> Callable[[Any, Wording, Labels, tuple[str, ...]], Kit]: ...

    @property
    def text_keys(self) -> Callable[[Any], TextKeys]: ...

    @property
    def wording(self) -> Callable[[Any, Language, Problems, bool], Wording] | None: ...

    @property
    def labels(self) -> Path | None: ...

    @property
    def analyse(self) -> Callable[[Any, Dice, str, int], Analysis] | None: ...


def catalogs(system: Words, lang: Language) -> tuple[tuple[Path, ...], int]:
    """A language's label catalogs for a game of `system`, and how many of them bring
    labels: printkit's, the system's own (`labels/<code>/messages.po` of its folder, if it
    has one), then the game's changes to them."""
    own = system.labels / lang.code / "messages.po" if system.labels is not None else None
    bases = (lang.catalog, *([own] if own is not None and own.is_file() else []))
    return (*bases, *lang.catalogs[1:]), len(bases)


@dataclass(frozen=True)
class TextReport:
    """What a language lacks (missing) and carries needlessly (unused)."""

    missing: tuple[Problem, ...]
    unused: tuple[Problem, ...]


def localise(system: Words, game: AnyGame, lang: Language, allow_missing: bool = False,
             only: tuple[str, ...] = ()) -> Kit:
    """Every text of the game in language `lang`; with `only`, of those products alone.

    Missing strings are an error unless allow_missing, which marks them in the output.
    Every text the game needs must be there even when `only` names a few products, but
    only the texts and labels of those products are rendered (and their errors found).
    """
    if not allow_missing:
        report, kit = _check(system, game, lang, only)
        problems = Problems(game.folder.parent)
        problems.extend(report.missing)
        problems.raise_if_any()
        if kit is not None:  # nothing is missing, so nothing was marked: the same kit
            return with_notes(system, game, lang.code, kit)
    kit, problems, _ = _run(system, game, lang, allow_missing, only)
    problems.raise_if_any()
    return with_notes(system, game, lang.code, kit)


def with_notes(system: Words, game: AnyGame, code: str, kit: Kit) -> Kit:
    """The kit with what a build notes of its language (stale translations)."""
    return replace(kit, notes=drift_note(system, game, code))


def report(system: Words, game: AnyGame, lang: Language, analysis: Analysis,
           allow_missing: bool = False) -> tuple[Kit, ReportWords]:
    """The analysis report of a game in language `lang`: a kit of one product, `analysis`,
    and its words (the squares named as the board prints them, the groups and roles by
    the game's texts), for the lines `printkit analyse` prints. The game's texts are
    checked as a build checks them (every missing text, an untranslated label)."""
    from printkit.localise.report import report_text  # only printkit analyse

    kit, words, problems, paths, adding = _report_words(system, game, lang, analysis,
                                                        allow_missing)
    content = report_text(analysis, words.board, words.w, words._)
    if not allow_missing:
        catalog = read_catalogs(paths, lang.locale, problems, adding)
        if catalog is not None:
            problems.extend(_label_problems(catalog, paths[:adding], words._, lang, problems))
    problems.raise_if_any()
    return replace(kit, products=(Product("analysis", words._("Analysis"), content),)), words


def _report_words(system: Words, game: AnyGame, lang: Language, analysis: Analysis,
                  allow_missing: bool) -> tuple[Kit, ReportWords, Problems, tuple[Path, ...],
                                                int]:
    from printkit.localise.kit_board import BoardText
    from printkit.localise.report_words import Words as ReportWords

    kit = localise(system, game, lang, allow_missing, ("board",))
    board = next((p.content for p in kit.products if isinstance(p.content, BoardText)), None)
    problems = Problems(game.folder.parent)
    paths, adding = catalogs(system, lang)
    labels = load_labels(paths, lang.locale, allow_missing, adding)
    wording = (system.wording or Wording)(game, lang, problems, allow_missing)
    return kit, ReportWords(analysis, wording, labels, board), problems, paths, adding


def _run(system: Words, game: AnyGame, lang: Language, allow_missing: bool,
         only: tuple[str, ...] = ()) -> tuple[Kit, Problems, Labels]:
    """Localise, returning the problems met and the labels (which record what was used)."""
    code = lang.code
    problems = Problems(game.folder.parent)
    paths, adding = catalogs(system, lang)
    labels = load_labels(paths, lang.locale, allow_missing, adding)
    wording = (system.wording or Wording)(game, lang, problems, allow_missing)
    kit = with_tips(system, game, system.localise(game, wording, labels, only), wording,
                    labels)
    text = game.texts.get(code) or game.texts.get(game.source_language)
    kit = replace(kit, print_text=print_text(labels),
                  game_file=problems.where(game.folder / "game.toml").path)
    if text is not None:
        kit = replace(kit, text_file=problems.where(text.path).path)
    kit = replace(kit, labels_at=labels_at(paths, game, labels, lang.locale))
    return kit, problems, labels


def labels_at(paths: tuple[Path, ...], game: AnyGame, labels: Labels, locale: str
              ) -> tuple[tuple[str, Where], ...]:
    """Each translation printed from a catalog of the game folder, with where it is
    written: a problem found in it later (a character the fonts lack) is named there, not
    at the product it is printed on."""
    problems = Problems(game.folder.parent)
    found: dict[str, Where] = {}
    for path in paths:
        if not path.resolve().is_relative_to(game.folder.resolve()):
            continue
        catalog = read_catalog(path, locale, problems)
        for message in catalog.messages if catalog is not None else ():
            if message.id in labels.used and message.translated:
                found.update(dict.fromkeys(message.strings,
                                           problems.where(path, message.line, message.id)))
    return tuple(found.items())


def with_tips(system: Words, game: AnyGame, kit: Kit, wording: Wording, labels: Labels) -> Kit:
    """The kit, its rule booklet ending in a page of the squares landed on most when the
    game asks for it ([analysis] tips = true) and its system can tell."""
    if not (game.analysis.tips and system.analyse is not None):
        return kit
    from printkit.localise.kit_booklet import BookletText  # (a deck's build: not imported)

    booklets = [p for p in kit.products if isinstance(p.content, BookletText)]
    if not booklets:
        return kit
    from printkit.localise.kit_board import BoardText
    from printkit.localise.report import tips

    low, high = game.players
    analysis = system.analyse(game, game.analysis.dice, "short", min(max(4, low), high))
    board = next((p.content for p in system.localise(game, wording, labels, ("board",))
                  .products if isinstance(p.content, BoardText)), None)
    added = tips(analysis, board, wording, labels)
    return replace(kit, products=tuple(
        replace(p, content=replace(p.content, blocks=(*p.content.blocks, *added)))
        if isinstance(p.content, BookletText) else p for p in kit.products))


def flatten(data: Any, prefix: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Every leaf key path of a nested table."""
    if not isinstance(data, dict):
        return {prefix}
    keys: set[tuple[str, ...]] = set()
    for key, value in data.items():
        keys |= flatten(value, (*prefix, str(key)))
    return keys


def check_texts(system: Words, game: AnyGame, lang: Language) -> TextReport:
    """Missing and unused strings of one language: game wording and tool labels."""
    return _check(system, game, lang)[0]


def unused_texts(system: Words, game: AnyGame, lang: Language) -> tuple[Problem, ...]:
    """The texts of one language that no part of the game refers to (not an error)."""
    return _keys(system, game, lang, Problems(game.folder.parent)).unused


def translation_drift(system: Words, game: AnyGame, code: str) -> Drift:
    """The stale translations of one language, and those of texts the source language
    no longer has (printkit.localise.drift)."""
    required, optional = system.text_keys(game)
    names = name_keys(game)
    used = required | optional | names | {(*k[:2], "article") for k in names}
    return drift(game, code, used)


def drift_note(system: Words, game: AnyGame, code: str) -> tuple[Problem, ...]:
    """A build's one note on a language's stale and unused translations (or none)."""
    note = translation_drift(system, game, code).note(game.id, code)
    text = game.texts.get(code)
    if not note or text is None:
        return ()
    return (Problem(Problems(game.folder.parent).where(text.path), note),)


def _keys(system: Words, game: AnyGame, lang: Language, problems: Problems) -> TextReport:
    """The keys a language's text file lacks and those it has in vain."""
    code = lang.code
    required, optional = system.text_keys(game)
    categories = set(Locale.parse(lang.locale).plural_form.tags) | {"other"}
    units = {k[1] for k in required if k[0] == "units"}
    required = {k for k in required if k[0] != "units" or k[2] in categories}
    text = game.texts.get(code)
    path = game.folder / "text" / f"{code}.toml"
    present = flatten(text.data) if text else set()
    names = name_keys(game)
    optional = optional | {(*k[:2], "article") for k in names}
    if code != game.source_language:  # a name is given once, in the source language
        source = game.texts.get(game.source_language)
        given = flatten(source.data) if source else set()
        optional |= required & names & given
        required = required - (names & given)
    missing, unused = [], []
    for key in sorted(required - present):
        line = _line(text, key)
        missing.append(Problem(problems.where(path, line, ".".join(key)),
                               missing_text(key, code)))
    for key in sorted(present):
        if key[-1] == "in_text" and "this" not in str(_value(text, key)):
            missing.append(Problem(problems.where(path, _line(text, key), ".".join(key)),
                                   "the form copies the name, and would keep it when the "
                                   "name changes: write the article (article = \"het\") or "
                                   "the name as {{ this }}, e.g. \"station {{ this|q }}\""))
    for key in sorted(required & present):
        if _blank(text, key):
            missing.append(Problem(problems.where(path, _line(text, key), ".".join(key)),
                                   "empty text; write it (an empty text prints nothing: a "
                                   "nameless square or card)"))
    for key in sorted(present - required - optional):
        if key[0] == "units" and len(key) == 3 and key[1] in units:
            continue
        unused.append(Problem(problems.where(path, _line(text, key), ".".join(key)),
                              "unused text; no part of the game refers to it"))
    return TextReport(tuple(missing), tuple(unused))


def _check(system: Words, game: AnyGame, lang: Language,
           only: tuple[str, ...] = ()) -> tuple[TextReport, Kit | None]:
    """The text report, and the kit (of the products in `only`, if any) localised on the way
    (None if it could not be)."""
    kit = None
    code = lang.code
    problems = Problems(game.folder.parent)
    report = _keys(system, game, lang, problems)
    missing, unused = list(report.missing), list(report.unused)
    rules = game.folder / "rules"
    if (rules / f"{game.source_language}.md").exists() and not (rules / f"{code}.md").exists():
        missing.append(Problem(problems.where(rules / f"{code}.md"),
                               "missing rules; write the rule booklet text in this file"))
    paths, adding = catalogs(system, lang)
    catalog = read_catalogs(paths, lang.locale, problems, adding)
    if catalog is not None:
        kit, run_problems, labels = _run(system, game, lang, allow_missing=True, only=only)
        problems.extend(run_problems.items)
        missing += _label_problems(catalog, paths[:adding], labels, lang, problems)
    missing.extend(p for p in problems.items)
    return TextReport(tuple(dict.fromkeys(missing)), tuple(unused)), kit


def _label_problems(catalog: Catalog, bases: tuple[Path, ...], labels: Labels,
                    lang: Language, problems: Problems) -> list[Problem]:
    """The labels the game uses that its language's catalogs (`bases`: those that bring
    labels) leave untranslated or lack."""
    found = []
    untranslated_in = {(message, path): line for path in bases
                       for message, line in untranslated(read_catalog(path, lang.locale,
                                                                      Problems()) or Catalog())}
    for (message, path), line in untranslated_in.items():
        if message in labels.used and message not in labels.texts:
            found.append(Problem(problems.where(path, line, message),
                                 "untranslated label; fill in its msgstr"))
    known = {m.id for m in catalog.messages if m.context is None}
    pot = "its system's labels/messages.pot" if len(bases) > 1 else \
        "printkit's templates/messages.pot"
    for message in sorted(labels.used - known):
        found.append(Problem(problems.where(bases[-1], 0, message),
                             f"label missing from the catalog; add it (its msgid is in {pot}) "
                             "and translate it"))
    return found


def name_keys(game: AnyGame) -> set[tuple[str, ...]]:
    """The keys naming the game's named things (squares; a card game's suits)."""
    return {(game.text_section(ref), ref, "name") for ref in game.named()}


def own_names(game: AnyGame, code: str) -> tuple[Problem, ...]:
    """The names a language gives itself instead of the source language's (overrides)."""
    text, source = game.texts.get(code), game.texts.get(game.source_language)
    if code == game.source_language or text is None or source is None:
        return ()
    problems = Problems(game.folder.parent)
    found = []
    for key in sorted(name_keys(game)):
        own, given = _value(text, key), _value(source, key)
        if not (isinstance(own, str) and isinstance(given, str)):
            continue
        source_file = f"text/{game.source_language}.toml"
        found.append(Problem(
            problems.where(text.path, _line(text, key), ".".join(key)),
            f"{own!r}, as in {source_file}; it stays when the name there changes (remove it "
            "here to follow a rename)"
            if own == given else f"{own!r} in this language ({given!r} in {source_file})"))
    return tuple(found)


def _value(text: Any, key: tuple[str, ...]) -> Any:
    value = text.data if text is not None else None
    for part in key:
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _blank(text: Any, key: tuple[str, ...]) -> bool:
    """Whether the text at `key` is a string of nothing but spaces."""
    value = _value(text, key)
    return isinstance(value, str) and not value.strip()


def _line(text: TextSource | None, key: tuple[str, ...]) -> int:
    if text is None:
        return 0
    for end in range(len(key), 0, -1):
        if key[:end] in text.lines:
            return text.lines[key[:end]]
    return 0
