"""The CMYK output profile printkit ships: FOGRA39 (offset printing on coated paper).

`fogra39-free.icc` was made by `make_profile.sh` (beside this file) with ArgyllCMS from
Fogra's FOGRA39L characterisation data as shipped by ICC Profiles Free (zlib licence), so
it may be redistributed freely. It is the OutputIntent of printkit's PDF/X files, and the
profile to convert pictures to CMYK with.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PROFILE = Path(__file__).with_name("fogra39-free.icc")


@dataclass(frozen=True)
class OutputCondition:
    """What a PDF/X OutputIntent says about the printing condition of its profile."""

    identifier: str  # a name from the ICC characterisation registry
    registry: str
    condition: str
    info: str


FOGRA39 = OutputCondition(
    identifier="FOGRA39",
    registry="http://www.color.org",
    condition="Offset printing, according to ISO 12647-2:2004/Amd 1, OFCOM, paper type 1 or 2"
              " = coated art, 115 g/m2, tone value increase curves A (CMY) and B (K)",
    info="Coated FOGRA39 (ISO 12647-2:2004); profile: printkit FOGRA39 coated (free)",
)


PROFILES = {"FOGRA39": FOGRA39}  # what a shop preset's `profile` may name
PROFILE_INK_LIMIT = 330.0  # % C + M + Y + K: the FOGRA39 data's, which the profile keeps


def profile_path() -> Path:
    """The ICC profile's file (CMYK output profile, ICC version 2)."""
    return PROFILE


def profile_bytes() -> bytes:
    return PROFILE.read_bytes()
