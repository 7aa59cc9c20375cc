"""How Aeronaut Odyssey's moves, inventories and pictures read at the table, in the session's words (keys ``play.*``
and ``picture.*``): cities and routes by their letters as printed, balloon types by the names the board's legend
prints (``type.*``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.aeronaut_odyssey.board import COLOUR, MULTI, Board
from pnp.games.aeronaut_odyssey.mapgen import origin_kind
from pnp.games.aeronaut_odyssey.model import ABILITIES, ORDER, TYPES, WILD, AeroMap, city_order
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.described import series
from pnp.texts import Catalogue

if TYPE_CHECKING:
    from pnp.games.aeronaut_odyssey.state import AeroState


def type_word(t: Catalogue, letter: str) -> str:
    """``r`` as its name (``red``), ``w`` as ``wildcard``."""
    return t("play.wildcard") if letter == WILD else t(f"type.{TYPES[ORDER.index(letter)]}")


def counted(t: Catalogue, n: int) -> str:
    """``1 balloon``, ``2 balloons``."""
    return t("play.balloon.one" if n == 1 else "play.balloon.many", count=n)


def balloons(t: Catalogue, letters: str) -> str:
    """``rrw`` as ``2 red + 1 wildcard``."""
    counts = {letter: letters.count(letter) for letter in ORDER if letter in letters}
    return " + ".join(t("play.balloons", count=n, type=type_word(t, letter)) for letter, n in counts.items())


def route_words(t: Catalogue, route: str) -> str:
    """``C-F`` as ``C-F``, ``C-F/2`` as ``C-F lane 2``, ``C-F:2`` as ``space 2 of C-F``."""
    name, _, space = route.partition(":")
    if space:
        return t("play.route.space", space=space, route=name)
    return t("play.route.lane2", route=name.removesuffix("/2")) if name.endswith("/2") else name


def route_colour(t: Catalogue, board: Board, route: str) -> str:
    """A route of the notation in words, with its colour as the map prints it: "the red route C-F", "the gray route
    C-F lane 2" (any one colour pays), "the yellow space 2 of C-F"."""
    name, _, space = route.partition(":")
    k = board.lane_index.get(name)
    if k is None:  # not on this map: the rules refuse it, the words need not
        return route_words(t, route)
    lane = board.lanes[k]
    if space.isdecimal() and 0 < int(space) <= len(lane.spaces):
        colour = t(f"type.{TYPES[lane.spaces[int(space) - 1]]}")
        return t("play.route.colour.space", colour=colour, space=space, route=name)
    if lane.kind == MULTI:
        return t("play.route.multi", route=route_words(t, name))
    colour = t(f"type.{TYPES[lane.type]}") if lane.kind == COLOUR else t("play.gray")
    return t("play.route.colour", colour=colour, route=route_words(t, name))


def label(t: Catalogue, move: AeroMove, board: Board | None) -> str:
    """The move in words (``claim C-F with 2 red + 1 wildcard``); bound to a map, a claim names its route's colour."""
    verb, arg, extra = move
    if verb == "move":
        city, lane2, _ = arg.partition("/2")
        return t("play.move.lane2" if lane2 else "play.move", city=city)
    if verb == "pick":
        return t("play.pick.wildcard") if arg == WILD else t("play.pick", type=type_word(t, arg))
    if verb == "claim":
        route = route_colour(t, board, arg) if board is not None else route_words(t, arg)
        return t("play.claim", route=route, balloons=balloons(t, extra))
    if verb == "gain":
        if arg == "space":
            return t("play.gain.space")
        name = type_word(t, arg)
        return t("play.gain.an" if name[:1] in "aeiou" else "play.gain", type=name)
    if verb == "swap":
        given = t("play.swap.wildcard") if arg == WILD else type_word(t, arg)
        return t("play.swap", given=given, taken=type_word(t, extra))
    return t(f"play.{verb}.{arg}" if verb == "use" else f"play.{verb}")


def public_text(t: Catalogue, move: AeroMove) -> str | None:
    """What the other seats see of a move that writes in a hidden inventory: the balloon types stay hidden.

    Picks, balloons gained and swaps hide their type, and a claim its payment (its length is on the board).
    Moves, spaces gained, abilities and answers to a block are public as written (None).
    """
    verb, arg, extra = move
    if verb in ("pick", "swap") or (verb == "gain" and arg != "space"):
        return t(f"play.public.{verb}")
    if verb == "claim":
        return t("play.public.claim", route=route_words(t, arg), balloons=counted(t, len(extra)))
    return None


def held(t: Catalogue, state: AeroState, p: int) -> str:
    """A player's balloons by type: ``2 red, 1 wildcard``, or ``no balloons``."""
    kinds = [
        t("play.balloons", count=n, type=type_word(t, ORDER[kind])) for kind, n in enumerate(state.inventory(p)) if n
    ]
    return ", ".join(kinds) or t("play.inventory.none")


def inventory(t: Catalogue, state: AeroState, p: int) -> str:
    """A player's own inventory in words, with its spaces as the paper shows them:
    ``2 red, 1 wildcard (13 free of 16 printed)`` (a crossed-out space still counts as printed)."""
    return t("play.inventory.spaces", held=held(t, state, p), free=state.blank[p], printed=state.spaces(p))


def abilities(t: Catalogue, state: AeroState, p: int) -> list[str]:
    """The abilities player ``p`` holds unused, by name (``jump``), one for each bonus square claimed."""
    counts = state.abilities[p * len(ABILITIES) : (p + 1) * len(ABILITIES)]
    return [t(f"picture.ability.{name}") for name, n in zip(ABILITIES, counts) for _ in range(n)]


def origin_words(t: Catalogue, board: AeroMap) -> str:
    """Where the map comes from: ``seed 42``, ``custom (from seed 42)``, ``custom map``."""
    return t(f"origin.{origin_kind(board)}", seed=board.seed)


def where(t: Catalogue, state: AeroState, p: int) -> str:
    """``at F``, or ``at A (start)`` before the traveller's first move."""
    city = state.board.cities[state.pos[p]]
    return t("picture.at.start" if state.slot_of[p] < 0 else "picture.at", city=city)


def status(t: Catalogue, state: AeroState) -> str:
    """One line: who is asked for what, in which stage, or who won."""
    who = state.to_move()
    if who is None:
        result = state.score()
        best = max(row.score for row in result.players)
        names = series(t, result.winners)
        return t("picture.over", players=names, winners=len(result.winners), points=best)
    if state.stage() == "set-up":
        return t("picture.set-up", player=who)
    return t("picture.to_move", player=who, asked=state.asked(t))


def city_list(t: Catalogue, board: Board) -> str:
    """``its cities are A, B, ... T``, for a refusal naming a city the map does not have."""
    return t("play.refusal.cities", cities=", ".join(sorted(board.cities, key=city_order)))


def nearest_routes(t: Catalogue, board: Board, name: str) -> str:
    """What a refusal of an unknown route ``name`` (``C-F`` or ``C-F/2``) suggests: the routes at its cities."""
    pair = name.removesuffix("/2")
    if pair in board.lane_index:
        return t("play.refusal.single", route=pair)
    ends = [board.city_index[c] for c in pair.split("-") if c in board.city_index]
    if not ends:
        return city_list(t, board)
    near = sorted({board.lanes[k].name for c in ends for k, _ in board.exits[c]})
    cities = [board.cities[c] for c in ends]
    at = t("play.and", first=cities[0], second=cities[1]) if len(cities) > 1 else cities[0]
    return t("play.refusal.routes_at", cities=at, routes=", ".join(near))
