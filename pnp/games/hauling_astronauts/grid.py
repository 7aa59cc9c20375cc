"""The Confirmed grid's geometry: spaces, strips and the names the notation uses.

Space ``i`` (0..8) sits in row ``i // 3`` and column ``i % 3``. Player 1's loading
strips are the rows, named 1 2 3; player 2's are the columns, named a b c. A space
is written column then row: ``a1`` is the top-left space, ``c3`` the bottom-right.
"""

from __future__ import annotations

SIZE = 3
SPACES = tuple(range(SIZE * SIZE))
COLUMN_NAMES = "abc"
ROW_NAMES = "123"
SPACE_NAMES = tuple(f"{COLUMN_NAMES[i % SIZE]}{ROW_NAMES[i // SIZE]}" for i in SPACES)
SPACE_INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}

# STRIPS[player][k]: the spaces of that player's strip k.
STRIPS: tuple[tuple[tuple[int, ...], ...], ...] = (
    tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)),
    tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)),
)
STRIP_NAMES = (ROW_NAMES, COLUMN_NAMES)
STRIP_INDEX = {name: (player, k) for player, names in enumerate(STRIP_NAMES) for k, name in enumerate(names)}

# STRIP_OF[player][space]: which of the player's strips holds the space.
STRIP_OF = (tuple(i // SIZE for i in SPACES), tuple(i % SIZE for i in SPACES))


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, SIZE)
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return tuple(rr * SIZE + cc for rr, cc in steps if 0 <= rr < SIZE and 0 <= cc < SIZE)


NEIGHBOURS = tuple(_neighbours(i) for i in SPACES)
