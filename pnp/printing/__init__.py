"""The print toolkit: components drawn once in millimetres, rendered to PDF and SVG.

``canvas`` is the drawing interface and ``parts`` the printable parts a game's kit
is made of. Both are pure Python; the backends (the PDF one imports reportlab)
are loaded only when a file is written.
"""
