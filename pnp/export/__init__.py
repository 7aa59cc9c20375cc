"""Exports beyond the printed kit: one image per card and token face, and Tabletop Simulator decks.

Faces are drawn with the same drawing code as the printed sheets, written into one PDF in
memory and rasterised by PDFium (``pnp.export.raster``); see docs/export.md for why.
"""
