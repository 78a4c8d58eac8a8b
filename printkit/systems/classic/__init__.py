"""The classic game system: the money game of streets, stations, utilities, card decks and
ledgers, built from the money games' shared package (printkit.systems.money)."""

from printkit.systems.contract import System
from printkit.systems.money import analysis, fields, load, localise, simulate, validate

SYSTEM = System(name="classic", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS,
                simulate=simulate.simulate_classic, palette=validate.palette,
                analyse=analysis.analyse)
