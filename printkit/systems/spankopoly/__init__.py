"""The spankopoly game system: strokes instead of money: implements, penalty lines,
a score sheet."""

from printkit.systems.contract import System, later
from printkit.systems.spankopoly import fields, load, localise, validate
from printkit.systems.spankopoly.wording import SpankWording

SYSTEM = System(name="spankopoly", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=fields.FIELDS, wording=SpankWording,
                simulate=later("printkit.systems.spankopoly.play", "simulate"),
                palette=validate.palette,
                analyse=later("printkit.systems.spankopoly.analysis", "analyse"))
