"""Move objects built once, so legal-move generation only picks from tables."""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement, permutations, product

from pnp.games.hauling_astronauts.grid import NEIGHBOURS, SIZE, SPACES, STRIP_NAMES, STRIP_OF
from pnp.games.hauling_astronauts.moves import GOLD, PLAIN, RED, Choose, MoveDie, Place, Roll, Swap

FACES = range(1, 7)
DIE_CODES = tuple(f | k for k in (PLAIN, GOLD, RED) for f in FACES)

# PLACE[die][space] and MOVE[source][target]: the move objects, shared by every state.
PLACE = {die: tuple(Place(die, s) for s in SPACES) for die in DIE_CODES}
MOVE = {s: {t: MoveDie(s, t) for t in NEIGHBOURS[s]} for s in SPACES}

# OPEN[player][closed_mask]: the spaces the player may still put or move dice on.
OPEN = tuple(
    tuple(tuple(s for s in SPACES if not closed >> STRIP_OF[p][s] & 1) for closed in range(1 << SIZE)) for p in (0, 1)
)
# STEPS[player][closed_mask]: (source, ((target, move), ...)) for the sources and targets the player may use.
STEPS = tuple(
    tuple(
        tuple((s, tuple((t, MOVE[s][t]) for t in NEIGHBOURS[s] if t in spaces)) for s in spaces) for spaces in by_mask
    )
    for by_mask in OPEN
)


def _swaps(player: int, closed: int) -> tuple[Swap, ...]:
    names = [STRIP_NAMES[player][k] for k in range(SIZE) if not closed >> k & 1]
    return tuple(Swap(a, b) for a, b in combinations(names, 2))


# SWAPS[player][closed_mask]: every swap of two docked transports.
SWAPS = tuple(tuple(_swaps(p, closed) for closed in range(1 << SIZE)) for p in (0, 1))


@cache
def choices(ids: tuple[str, ...]) -> tuple[Choose, ...]:
    """Every ordered choice of three different transports out of ``ids``."""
    return tuple(Choose(c) for c in permutations(ids, 3))


@cache
def rolls(plain: int, specials: int) -> tuple[Roll, ...]:
    """Every roll of three dice from Available.

    ``plain`` is how many plain dice are available (3 or more counts as 3) and
    ``specials`` the GOLD/RED bits of the bonus dice lying in Available.
    """
    found: list[Roll] = []
    for count in range(3):
        for bonus in combinations([k for k in (GOLD, RED) if specials & k], count):
            if 3 - count > plain:
                continue
            for faces in combinations_with_replacement(FACES, 3 - count):
                for bonus_faces in product(FACES, repeat=len(bonus)):
                    dice = tuple(faces) + tuple(f | k for f, k in zip(bonus_faces, bonus))
                    found.append(Roll(tuple(sorted(dice))))
    return tuple(found)
