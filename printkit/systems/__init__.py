"""The game systems, one package each, found by name and imported when first asked for.

Adding a system is one folder (see printkit.systems.contract) and one line in REGISTRY.
A build imports only the system of its own game: start-up does not grow with their number.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

from printkit.systems.contract import System

REGISTRY: dict[str, str] = {  # system name -> its package
    "spankopoly": "printkit.systems.spankopoly",
    "classic": "printkit.systems.classic",
    "anti": "printkit.systems.anti",
    "playing_cards": "printkit.systems.playing_cards",
}
BUILT_IN = tuple(REGISTRY)  # printkit's own systems (their schemas ship in printkit/schemas)


class Systems(Mapping[str, System[Any]]):
    """The systems of a registry (name -> package), each imported on first use."""

    def __init__(self, registry: Mapping[str, str]) -> None:
        self.registry = registry

    def __getitem__(self, name: str) -> System[Any]:
        system = import_module(self.registry[name]).SYSTEM
        if not isinstance(system, System):
            raise TypeError(f"{self.registry[name]}.SYSTEM is not a printkit System")
        return system

    def __iter__(self) -> Iterator[str]:
        return iter(self.registry)

    def __len__(self) -> int:
        return len(self.registry)


SYSTEMS = Systems(REGISTRY)
