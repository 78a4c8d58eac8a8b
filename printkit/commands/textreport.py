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
    """The lines `check` prints of one language's texts, and its summary."""

    lines: tuple[str, ...]
    summary: str
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
    lines = [*labelled("unused", unused), *labelled("stale", drift.stale),
             *labelled("note", lowered), *labelled("own name", own)]
    stale = f", {len(drift.stale)} stale" if drift.stale else ""
    return TextNotes(tuple(lines), f"{game.id} ({code}): 0 missing, {len(unused)} unused"
                     f"{stale}", len(unused) + len(drift.stale) + len(lowered))


def labelled(label: str, problems: tuple[Problem, ...] | list[Problem]) -> list[str]:
    return [f"{label}: {p}" for p in problems]
