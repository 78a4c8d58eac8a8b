"""The game systems, found by name and imported when first asked for.

printkit's own systems are packages under printkit/systems/, named in REGISTRY. A system
can also live in a package of its own: it names its `System` under the `printkit.systems`
entry point of its package's metadata (`[project.entry-points."printkit.systems"]` in its
pyproject.toml: `toy = "printkit_toy:SYSTEM"`), and is found once that package is
installed. A build imports only the system of its own game, and reads the installed
packages' entry points only for a system that is not printkit's own: start-up does not
grow with their number.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cached_property
from importlib import import_module
from typing import TYPE_CHECKING, Any

from printkit.errors import PrintkitError
from printkit.systems.contract import System

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

ENTRY_POINTS = "printkit.systems"
REGISTRY: dict[str, str] = {  # system name -> its package
    "spankopoly": "printkit.systems.spankopoly",
    "classic": "printkit.systems.classic",
    "anti": "printkit.systems.anti",
    "playing_cards": "printkit.systems.playing_cards",
}
BUILT_IN = tuple(REGISTRY)  # printkit's own systems (their schemas ship in printkit/schemas)


class Systems(Mapping[str, System[Any]]):
    """The systems of a registry (name -> package) and of the installed packages' entry
    points (`group`), each imported on first use; printkit's own win over an installed
    one of the same name."""

    def __init__(self, registry: Mapping[str, str], group: str = ENTRY_POINTS) -> None:
        self.registry = registry
        self.group = group

    @cached_property
    def installed(self) -> dict[str, EntryPoint]:
        """The systems of the installed packages, read once (when first needed)."""
        from importlib.metadata import entry_points

        return {point.name: point for point in entry_points(group=self.group)}

    def __getitem__(self, name: str) -> System[Any]:
        if name in self.registry:
            found = import_module(self.registry[name]).SYSTEM
        else:
            found = self._load(self.installed[name])
        if not isinstance(found, System):
            raise PrintkitError(f"the game system '{name}' is not a printkit System; its "
                                "package must name one (SYSTEM = System(...))")
        return found

    @staticmethod
    def _load(point: EntryPoint) -> Any:
        """What an entry point names (a System, or a module holding SYSTEM)."""
        try:
            found = point.load()
        except Exception as exc:  # any failure of a package that is not printkit's
            raise PrintkitError(f"the game system '{point.name}' ({point.value}) cannot be "
                                f"loaded: {exc.__class__.__name__}: {exc}; reinstall its "
                                "package") from None
        return getattr(found, "SYSTEM", found)

    def __iter__(self) -> Iterator[str]:
        yield from self.registry
        yield from (name for name in self.installed if name not in self.registry)

    def __contains__(self, name: object) -> bool:
        return name in self.registry or (isinstance(name, str) and name in self.installed)

    def __len__(self) -> int:
        return sum(1 for _ in self)


SYSTEMS = Systems(REGISTRY)
