"""``pnp`` run in-process, as the tests' ``cli`` fixture and the guide's transcripts run it, or as a child."""

from __future__ import annotations

import contextlib
import io
import signal
import sys

import pytest


def run_pnp(args: list[str], patch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """Run ``pnp ARGS`` in this process: (exit code, stdout, stderr)."""
    from pnp.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    patch.setattr(sys, "argv", ["pnp", *args])
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main()
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def takes_ctrl_c() -> None:
    """A child's ``preexec_fn``: Ctrl-C stops it as at a terminal, even when the tests were started in the
    background (a shell without job control starts a background job with SIGINT ignored; a child inherits that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
