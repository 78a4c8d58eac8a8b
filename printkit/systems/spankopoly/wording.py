"""The spankopoly system's own wording helpers, in every text of a spankopoly game:
strokes(n, implement) ("20 klappen met de paddle"), amount(n, implement) ("20 klappen"),
implement_name(id) and implement_definite(id)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printkit.errors import Problems
from printkit.localise.languages import Language
from printkit.localise.wording import TextError, Wording, shown, whole
from printkit.model import AnyGame
from printkit.systems.spankopoly.model import Game, Implement


class SpankWording(Wording):
    """A spankopoly game's wording: every helper of `Wording`, and strokes with implements."""

    def __init__(self, game: AnyGame, lang: Language, problems: Problems,
                 allow_missing: bool = False):
        if not isinstance(game, Game):
            raise TypeError("the spankopoly wording is for spankopoly games")
        self.implements: dict[str, Implement] = game.implement
        super().__init__(game, lang, problems, allow_missing)

    def helpers(self) -> dict[str, Callable[..., str]]:
        return {**super().helpers(), "strokes": self.strokes, "amount": self.count,
                "implement_name": self.implement_name,
                "implement_definite": self.implement_definite}

    def count(self, n: int, implement: str = "hand") -> str:
        impl = self.implements[self.implement_id("amount", implement)]
        return self.unit(impl.unit, whole("amount", n))

    def strokes(self, n: int, implement: str) -> str:
        n = whole("strokes", n)
        implement = self.implement_id("strokes", implement)
        return self.text("phrases", "strokes", count=self.count(n, implement),
                         implement=self.implement_definite(implement))

    def implement_name(self, implement: str) -> str:
        return self.text("implements", self.implement_id("implement_name", implement), "name")

    def implement_definite(self, implement: str) -> str:
        return self.text("implements", self.implement_id("implement_definite", implement),
                         "definite")

    def implement_id(self, helper: str, implement: Any) -> str:
        """An implement id given to a helper, checked."""
        if not isinstance(implement, str) or implement not in self.implements:
            raise TextError(f"{helper}(): unknown implement {shown(implement)}; use one of "
                            f"{', '.join(sorted(self.implements))}")
        return implement
