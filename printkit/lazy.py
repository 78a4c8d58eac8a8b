"""A sequence whose items are made when they are read, and not kept.

Decks are laid out and imposed through these: the render stage reads one sheet at a time,
so a sheet's card faces and page exist only while it is drawn, and memory does not grow
with the size of the deck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar, overload

T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Lazy(Sequence[T]):
    """`size` items; item i is `make(i)`, made again at every read."""

    size: int
    make: Callable[[int], T]

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self.make(i) for i in range(*index.indices(self.size)))
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        return self.make(index)

    def __iter__(self) -> Iterator[T]:
        return map(self.make, range(self.size))
