"""The anti game system: Anti-Monopoly: competitors and monopolists, commands, wealth tax."""

from printkit.systems.anti import fields, load, localise, validate
from printkit.systems.contract import System, later

SYSTEM = System(name="anti", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS,
                simulate=later("printkit.systems.anti.play", "simulate_anti"),
                palette=validate.palette,
                analyse=later("printkit.systems.anti.analysis", "analyse"))
