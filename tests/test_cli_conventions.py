"""CLI conventions: --version, shell completion, one spelling of output flags, one-line usage errors."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib.metadata import version

import pytest


def test_version_prints_the_package_version(cli):
    code, out, err = cli("--version")
    assert code == 0 and err == ""
    assert out == f"pnp {version('pnp')}\n" and re.fullmatch(r"pnp \d+\.\d+\.\d+\n", out)


def test_shell_completion_is_offered_and_completes_commands_options_and_group_commands(cli, monkeypatch):
    code, out, _ = cli("--help")
    assert "--install-completion" in out and "--show-completion" in out
    # typer settles as it makes the command whether --show-completion takes a shell's name or looks for the
    # shell among the process's parents (a run started in the background may have none): a new process, told
    # to take the name
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    command = [sys.executable, "-m", "pnp", "--show-completion", "bash"]
    shown = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert shown.returncode == 0 and "_PNP_COMPLETE" in shown.stdout, shown.stderr
    monkeypatch.setenv("_PNP_COMPLETE", "complete_bash")
    for words, expected in (("pnp bu", "build"), ("pnp ref pl", "play"), ("pnp build aloft --pa", "--paper")):
        monkeypatch.setenv("COMP_WORDS", words)
        monkeypatch.setenv("COMP_CWORD", str(len(words.split()) - 1))
        code, out, _ = cli()
        assert code == 0 and expected in out.split()


@pytest.mark.parametrize("flag", ["-o", "--out"])
def test_every_command_that_writes_takes_o_and_out(cli, tmp_path, flag):
    code, _, err = cli("map", "new", "aloft", flag, "m.yaml")
    assert code == 0, err
    code, _, err = cli("map", "preview", "m.yaml", flag, "m.svg")
    assert code == 0 and (tmp_path / "m.svg").is_file(), err
    code, _, err = cli("build", "hauling-astronauts", flag, "kits", "--json")
    assert code == 0 and (tmp_path / "kits" / "hauling-astronauts").is_dir(), err


@pytest.mark.parametrize("args", [("map", "new", "--help"), ("map", "preview", "--help"), ("build", "--help")])
def test_help_shows_the_one_spelling(cli, args):
    code, out, _ = cli(*args)
    assert code == 0 and "-o" in out and "--out" in out and "--output" not in out


@pytest.mark.parametrize(
    ("args", "suggestion"),
    [
        (("biuld", "aloft"), "did you mean 'build'?"),
        (("ref", "nwe"), "did you mean 'new'?"),
        (("map", "chek", "m.yaml"), "did you mean 'check'"),
        (("build", "aloft", "--papr", "a4"), "did you mean '--paper'"),
        (("map", "new", "aloft", "--output", "m.yaml"), "did you mean '--out'?"),
    ],
)
def test_a_mistyped_command_or_option_is_one_line_with_one_suggestion(cli, args, suggestion):
    code, out, err = cli(*args)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("pnp: error: no such ") and suggestion in err
    assert err.lower().count("did you mean") == 1 and "--help')" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("build",), "missing argument 'GAME'"),
        (("build", "aloft", "--paper", "a5"), "paper 'a5': unknown (known: a4, letter, a3, tabloid, or WxH"),
        (("build", "aloft", "extra"), "unexpected extra argument"),
        (("build", "alof"), "unknown game 'alof'"),
    ],
)
def test_usage_errors_are_one_line_and_exit_1(cli, args, message):
    code, _, err = cli(*args)
    assert code == 1 and err.count("\n") == 1 and err.startswith("pnp: error: ") and message in err
    assert err.lower().count("did you mean") <= 1


@pytest.mark.parametrize("args", [(), ("ref",), ("map",)])
def test_a_bare_command_prints_its_help(cli, args):
    code, out, err = cli(*args)
    assert code == 0 and err == "" and "Usage: pnp" in out
