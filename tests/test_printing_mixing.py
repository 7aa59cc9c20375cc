"""Colour mixing (tint, shade) and fitting text to a width (fit_size): the helpers games share."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.printing.color import luminance, rgb, shade, tint
from pnp.printing.fonts import fit_size, text_width

COLOURS = st.tuples(*[st.integers(0, 255)] * 3).map(lambda c: "#" + "".join(f"{v:02x}" for v in c))


def test_tint_and_shade_mix_toward_white_and_black():
    assert tint("#c0392b", 0) == shade("#c0392b", 0) == "#c0392b"
    assert tint("#c0392b", 1) == "#ffffff" and shade("#c0392b", 1) == "#000000"
    assert tint("#000000", 0.5) == "#808080" and shade("#ffffff", 0.5) == "#808080"
    assert tint("#204080", 0.5) == "#90a0c0"  # each channel halfway to ff


@settings(max_examples=100, deadline=None)
@given(COLOURS, st.floats(0, 1), st.floats(0, 1))
def test_more_tint_is_lighter_and_more_shade_darker(colour, a, b):
    low, high = sorted((a, b))
    assert luminance(rgb(tint(colour, low))) <= luminance(rgb(tint(colour, high))) + 1 / 255
    assert luminance(rgb(shade(colour, low))) >= luminance(rgb(shade(colour, high))) - 1 / 255


def test_fit_size_keeps_text_that_fits_and_shrinks_text_that_does_not():
    text = "Transport to the far docks"
    wide = text_width(text, 8) + 1
    assert fit_size(text, wide, 8) == 8
    size = fit_size(text, wide / 2, 8)
    assert 4 <= size < 8 and text_width(text, size) == pytest.approx(wide / 2)
    assert fit_size(text, 1, 8) == 4.0 and fit_size(text, 1, 8, minimum=2.5) == 2.5
    assert fit_size(text, wide / 2, 8, bold=True) < size  # bold is wider


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="abcXYZ 0123456789%-", min_size=1, max_size=30), st.floats(1, 80), st.floats(4, 20))
def test_fit_size_never_overruns_unless_held_at_the_minimum(text, width, size):
    fitted = fit_size(text, width, size)
    assert 4.0 <= fitted <= size
    assert fitted == 4.0 or text_width(text, fitted) <= width + 1e-9
