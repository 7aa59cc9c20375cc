"""Exports beyond the printed kit: one image per card and token face, each card face as a print shop takes it
(``pnp build --press``), and Tabletop Simulator decks.

Faces are drawn with the same drawing code as the printed sheets, written into one PDF in
memory and rasterised by PDFium (``pnp.export.raster``); see docs/export.md for why.
"""
