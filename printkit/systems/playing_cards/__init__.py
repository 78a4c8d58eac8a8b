"""The playing_cards game system: a card-deck game played with a deck of playing cards,
without a board."""

from pathlib import Path

from printkit.systems.contract import System
from printkit.systems.playing_cards import analysis, load, localise, validate

SYSTEM = System(name="playing_cards", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=Path(__file__).with_name("fields.toml"),
                analyse=analysis.analyse)
