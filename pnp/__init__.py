"""pnp: print-and-play kits and table referees for five aerial board games."""

__version__ = "0.1.0"
