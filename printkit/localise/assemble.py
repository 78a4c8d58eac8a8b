"""A game's kit in one language, from the makers of its products that its system gives,
and its rule booklet when it has one."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from printkit import __version__
from printkit.localise.kit import Content, Kit, Making, chosen

if TYPE_CHECKING:
    from printkit.localise.catalog import Labels
    from printkit.localise.markup import Rows
    from printkit.localise.wording import Wording
    from printkit.model import AnyGame


def has_rules(game: AnyGame) -> bool:
    """A game has a rule booklet when its source language has a rules file (one that is
    not a regular file is reported when read)."""
    return (game.folder / "rules" / f"{game.source_language}.md").exists()


def with_rules(game: AnyGame, products: tuple[str, ...]) -> tuple[str, ...]:
    """A game's products, and last its rule booklet when it has one."""
    return (*products, *(("rules",) if has_rules(game) else ()))


def kit(game: AnyGame, w: Wording, _: Labels, makers: dict[str, Making], only: tuple[str, ...],
        rules: Callable[[], tuple[dict[str, Rows], dict[str, Any]]]) -> Kit:
    """The kit of a game in the language of `w` and `_`: the products of `makers` and, when
    the game has rules, its rule booklet with the tables and values `rules` gives; every
    product, or those named in `only`."""
    if has_rules(game):
        def rules_booklet() -> tuple[str, Content]:
            from printkit.localise.booklet import booklet  # imported for a booklet only

            return _("Rules"), booklet(w, _, *rules(), w.problems)

        makers = {**makers, "rules": rules_booklet}
    return Kit(game.id, w.lang.code, w.text("game", "title"), f"printkit {__version__}",
               chosen(makers, only))
