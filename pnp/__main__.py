"""``python -m pnp``: the same as the ``pnp`` command."""

from pnp.cli.main import main

main()
