"""The language-neutral values every game system shares; each system's own model is in
printkit/systems/<system>/model.py."""

from printkit.model.common import AnyGame, BoardSpec, GameInfo, Square, Stake, TextSource

__all__ = ["AnyGame", "BoardSpec", "GameInfo", "Square", "Stake", "TextSource"]
