"""A session's setup as typed: its players' names and count, and its options' values."""

from __future__ import annotations

import re

from pnp.errors import PnpError, Refusal, quote
from pnp.loader import did_you_mean
from pnp.referee.protocol import Game, Option

_NAME = re.compile(r"^[\w-]{1,24}$")  # letters and digits of any script (composed: NFC), "_" and "-"
_FLAGS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}


def parse_option(option: Option, raw: str) -> bool | int | str:
    """``raw`` read as the type of the option's default, then checked by the option itself."""
    value: bool | int | str = raw
    if isinstance(option.default, bool):
        value = _FLAGS.get(raw.lower(), raw)
    elif isinstance(option.default, int) and re.fullmatch(r"-?[0-9]{1,9}", raw):
        value = int(raw)
    return option.check(value)


def parse_options(game: Game, pairs: list[str]) -> dict[str, bool | int | str]:
    """Every option of ``game`` with its value: the defaults, overridden by ``KEY=VALUE`` pairs."""
    known = {option.key: option for option in game.options}
    values: dict[str, bool | int | str] = {option.key: option.default for option in game.options}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise PnpError(f"option {quote(pair)}: expected KEY=VALUE")
        if key not in known:
            raise unknown_option(game.name, game, key, did_you_mean(key, known))
        values[key] = parse_option(known[key], raw)
    return values


def unknown_option(name: str, game: Game, key: str, hint: str = "") -> Refusal:
    """The refusal of an option ``game`` (named ``name``) does not have, listing those it has; ``hint`` follows the
    option as given (the command line's English ": did you mean 'fleet'?", :func:`pnp.loader.did_you_mean`)."""
    if not game.options:
        return Refusal("option.none", game=name, name=quote(key))
    known = ", ".join(o.key for o in game.options)
    return Refusal("option.unknown", game=name, name=quote(key) + hint, known=known)


def format_options(options: dict[str, bool | int | str]) -> str:
    """The options as a record's header writes them: ``key=value`` joined by ``;``."""
    return ";".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items())


def check_count(title: str, game: Game, count: int) -> None:
    """Refuse a count of players ``game`` (titled ``title``) does not take."""
    least, most = game.min_players, game.max_players
    if not least <= count <= most:
        raise Refusal("players" if least < most else "players.exactly", game=title, least=least, most=most, count=count)


def check_players(title: str, game: Game, players: list[str] | tuple[str, ...]) -> None:
    """Refuse names that are not plain words, a count the game does not take, or a name given twice."""
    for name in players:
        if not _NAME.match(name):
            raise Refusal("player_name", name=quote(name))
    check_count(title, game, len(players))
    if len({name.casefold() for name in players}) != len(players):  # their key files are one on many disks
        raise Refusal("same_names")
