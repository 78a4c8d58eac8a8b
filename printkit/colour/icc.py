"""Colour arithmetic in floating point: sRGB to CIELAB, and the tables of an ICC version 2
output profile (`lut16Type`, ICC.1:2001-04 6.5.8) evaluated without the 8-bit rounding a
picture conversion has.

It measures; it does not convert. Colours and pictures are converted by littleCMS
(printkit.colour.convert); this module says how far the CMYK a file holds prints from the
colour it was meant to be (`delta_e`), and whether a colour lies inside the printing
condition's gamut (the profile's own `gamt` table).
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

Lab = tuple[float, float, float]

# sRGB (IEC 61966-2-1) primaries adapted to D50 (Bradford), as in the ICC's sRGB profiles
SRGB_TO_XYZ_D50 = ((0.4360747, 0.3850649, 0.1430804),
                   (0.2225045, 0.7168786, 0.0606169),
                   (0.0139322, 0.0971045, 0.7141733))
D50 = (0.9642, 1.0, 0.8249)


def hex_rgb(value: str) -> tuple[float, float, float]:
    """#RRGGBB as three values from 0 to 1."""
    r, g, b = (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


def srgb_lab(value: str) -> Lab:
    """CIELAB (D50) of an sRGB colour #RRGGBB, as an ICC colour-managed design shows it."""
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
              for c in hex_rgb(value)]
    xyz = [sum(m * c for m, c in zip(row, linear, strict=True)) for row in SRGB_TO_XYZ_D50]
    fx, fy, fz = (_f(v / w) for v, w in zip(xyz, D50, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _f(t: float) -> float:
    return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116


def delta_e(a: Lab, b: Lab) -> float:
    """CIE 1976 colour difference."""
    return math.dist(a, b)


@dataclass(frozen=True)
class Lut16:
    """A `lut16Type` table: input curves, a colour lookup table, output curves (the matrix
    applies to XYZ input only, which printkit's profile does not have)."""

    inputs: int
    outputs: int
    grid: int
    in_curves: tuple[tuple[int, ...], ...]
    clut: tuple[int, ...]
    out_curves: tuple[tuple[int, ...], ...]

    def __call__(self, values: tuple[float, ...]) -> tuple[float, ...]:
        """The table at input values from 0 to 1; outputs from 0 to 1."""
        g = self.grid - 1
        coords = [_curve(curve, v) * g for curve, v in zip(self.in_curves, values, strict=True)]
        base = [min(int(c), g - 1) for c in coords]
        frac = [c - b for c, b in zip(coords, base, strict=True)]
        result = [0.0] * self.outputs
        for corner in product((0, 1), repeat=self.inputs):
            weight = 1.0
            index = 0
            for b, f, step in zip(base, frac, corner, strict=True):
                weight *= f if step else 1 - f
                index = index * self.grid + b + step
            if weight:
                at = index * self.outputs
                for o in range(self.outputs):
                    result[o] += weight * self.clut[at + o]
        return tuple(_curve(curve, r / 65535) for curve, r in
                     zip(self.out_curves, result, strict=True))


def _curve(table: tuple[int, ...], value: float) -> float:
    """A 16-bit curve at `value` (0 to 1), linearly interpolated; 0 to 1."""
    position = min(max(value, 0.0), 1.0) * (len(table) - 1)
    low = min(int(position), len(table) - 2)
    frac = position - low
    return (table[low] * (1 - frac) + table[low + 1] * frac) / 65535


def read_lut16(data: bytes) -> Lut16:
    if data[:4] != b"mft2":
        raise ValueError(f"not a lut16Type table ({data[:4]!r})")
    inputs, outputs, grid = data[8], data[9], data[10]
    n, m = struct.unpack(">HH", data[48:52])
    at = 52
    words = struct.unpack(f">{(len(data) - at) // 2}H", data[at:at + (len(data) - at) // 2 * 2])
    in_curves = tuple(tuple(words[i * n:(i + 1) * n]) for i in range(inputs))
    start = inputs * n
    size = grid ** inputs * outputs
    clut = tuple(words[start:start + size])
    start += size
    out_curves = tuple(tuple(words[start + o * m:start + (o + 1) * m]) for o in range(outputs))
    return Lut16(inputs, outputs, grid, in_curves, clut, out_curves)


def tags(profile: bytes) -> dict[bytes, bytes]:
    """The tags of an ICC profile, by signature."""
    count = struct.unpack(">I", profile[128:132])[0]
    found = {}
    for i in range(count):
        signature, offset, size = struct.unpack(">4sII", profile[132 + 12 * i:144 + 12 * i])
        found[signature] = profile[offset:offset + size]
    return found


def _lab_in(lab: Lab) -> tuple[float, float, float]:
    """Lab as the 16-bit legacy encoding of version 2 tables, scaled to 0…1."""
    L, a, b = lab  # noqa: N806 (CIE's name)
    return (min(max(L, 0.0), 100.0) * 652.8 / 65535,
            (min(max(a, -128.0), 127.99) + 128) * 256 / 65535,
            (min(max(b, -128.0), 127.99) + 128) * 256 / 65535)


def _lab_out(values: tuple[float, ...]) -> Lab:
    v = [x * 65535 for x in values]
    return v[0] / 652.8, v[1] / 256 - 128, v[2] / 256 - 128


@dataclass(frozen=True)
class Profile:
    """A CMYK output profile's colorimetric tables: CMYK to Lab (A2B1) and its gamut."""

    to_lab: Lut16
    gamut: Lut16

    def lab(self, cmyk: tuple[float, float, float, float]) -> Lab:
        """The colour CMYK (0 to 1 each) prints, relative to the paper (relative
        colorimetric)."""
        return _lab_out(self.to_lab(cmyk))

    def outside(self, lab: Lab) -> bool:
        """Whether the printing condition cannot reach `lab` (the profile's gamut tag)."""
        return self.gamut(_lab_in(lab))[0] > 0.5 / 255


@lru_cache(maxsize=4)
def read_profile(profile: bytes) -> Profile:
    found = tags(profile)
    return Profile(read_lut16(found[b"A2B1"]), read_lut16(found[b"gamt"]))
