"""The anti game system: Anti-Monopoly: competitors and monopolists, commands, wealth tax."""

from printkit.systems.anti import analysis, fields, load, localise, play, validate
from printkit.systems.contract import System

SYSTEM = System(name="anti", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS,
                simulate=play.simulate_anti, palette=validate.palette,
                analyse=analysis.analyse)
