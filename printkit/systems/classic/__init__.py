"""The classic game system: the money game of streets, stations, utilities, card decks and
ledgers, built from the money games' shared package (printkit.systems.money)."""

from printkit.systems.contract import System, later
from printkit.systems.money import fields, load, localise, validate

SYSTEM = System(name="classic", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS,
                simulate=later("printkit.systems.money.simulate", "simulate_classic"),
                palette=validate.palette,
                analyse=later("printkit.systems.money.analysis", "analyse"))
