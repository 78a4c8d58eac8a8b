"""The classic game system: the classic money game: streets, stations, utilities, decks, ledgers."""

from pathlib import Path

from printkit.systems.classic import load, localise, validate
from printkit.systems.contract import System

SYSTEM = System(
    name="classic",
    load=load.load,
    check=validate.check,
    text_keys=localise.text_keys,
    localise=localise.localise,
    fields=Path(__file__).with_name("fields.toml"),
    products=localise.products,
)
