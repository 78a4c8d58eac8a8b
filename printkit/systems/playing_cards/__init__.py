"""The playing_cards game system: a card-deck game played with a deck of playing cards,
without a board."""

from printkit.systems.contract import System, later
from printkit.systems.playing_cards import fields, load, localise, validate

SYSTEM = System(name="playing_cards", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS,
                analyse=later("printkit.systems.playing_cards.analysis", "analyse"))
