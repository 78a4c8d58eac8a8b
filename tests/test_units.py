"""Lengths as users write them: one parser for the print settings, game.toml and options."""

import doctest

import pytest

import printkit.units
from printkit.units import MM, parse_length


def test_the_examples_of_the_module_hold() -> None:
    assert doctest.testmod(printkit.units).failed == 0


@pytest.mark.parametrize("text, points", [
    ("3mm", 3 * MM), ("0.125in", 9.0), ("1.5 cm", 15 * MM), ("-2MM", -2 * MM), ("12pt", 12.0),
])
def test_a_length_with_its_unit_is_read_in_points(text: str, points: float) -> None:
    assert parse_length(text) == pytest.approx(points)


@pytest.mark.parametrize("text", ["3", "mm", "3 furlongs", "3,5mm", "nanmm", "1e3mm", ""])
def test_anything_else_is_not_a_length(text: str) -> None:
    assert parse_length(text) is None
