"""What `printkit check` says of a game's texts beside its problems: texts no part of the
game uses, translations that are stale or translate nothing (printkit.localise.drift),
running text that would lower a proper name, and the names a language gives itself."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import Problem
from printkit.localise.drift import lowered_names
from printkit.localise.stage import own_names, translation_drift, unused_texts
from printkit.plan import Source


@dataclass(frozen=True)
class TextNotes:
    """What `check` says of one language's texts: each note with its kind ("unused",
    "stale", "note" or "own name"), and the counts of its summary line."""

    game: str
    code: str
    notes: tuple[tuple[str, Problem], ...]
    unused: int = 0
    stale: int = 0
    counted: int = 0  # how many of them are notes --strict counts (not own names)


def text_notes(source: Source, code: str) -> TextNotes:
    """The notes on language `code`'s texts of a game read. A name of this language that
    the record (translated.toml) already covers is not listed as an own name: a rename in
    the source language marks it stale instead."""
    game, system = source.game, source.setup.system
    drift = translation_drift(system, game, code)
    unused = unused_texts(system, game, source.setup.languages[code]) + drift.unused
    recorded = game.translated.get(code, {})
    own = [p for p in own_names(game, code) if p.where.field not in recorded]
    lowered = lowered_names(game, code)
    notes = [*labelled("unused", unused), *labelled("stale", drift.stale),
             *labelled("note", lowered), *labelled("own name", own)]
    return TextNotes(game.id, code, tuple(notes), len(unused), len(drift.stale),
                     len(unused) + len(drift.stale) + len(lowered))


def labelled(kind: str, problems: tuple[Problem, ...] | list[Problem]
             ) -> list[tuple[str, Problem]]:
    return [(kind, p) for p in problems]
