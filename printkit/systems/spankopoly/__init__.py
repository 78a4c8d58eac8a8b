"""The spankopoly game system: strokes instead of money: implements, penalty lines,
a score sheet."""

from printkit.systems.contract import System
from printkit.systems.spankopoly import analysis, fields, load, localise, play, validate
from printkit.systems.spankopoly.wording import SpankWording

SYSTEM = System(name="spankopoly", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS,
                wording=SpankWording, simulate=play.simulate, palette=validate.palette,
                analyse=analysis.analyse)
