"""The table page: ``pnp ref serve`` puts a record on the web, one page per seat and one for a shared screen.

Only ``pnp ref serve`` and ``pnp table`` import this package (and with it Starlette, uvicorn, Jinja2 and
segno), so every other command starts as fast as before.
"""
