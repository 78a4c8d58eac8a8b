"""The anti game system: Anti-Monopoly: competitors and monopolists, commands, wealth tax."""

from pathlib import Path

from printkit.systems.anti import analysis, load, localise, play, validate
from printkit.systems.contract import System

SYSTEM = System(name="anti", load=load.load, check=validate.check,
                text_keys=localise.text_keys, localise=localise.localise,
                products=localise.products, fields=Path(__file__).with_name("fields.toml"),
                simulate=play.simulate_anti, palette=validate.palette,
                analyse=analysis.analyse)
