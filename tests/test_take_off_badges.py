"""Take Off's badges: a route asked again for its best spot, after other badges moved, answers as a fresh search."""

from __future__ import annotations

from pnp.games.take_off.badges import Room, Route, Spot, _Badges, _spots, word

JET = 3.0
ROUTE = Route((0, 0), (0.0, 0.0), (30.0, 0.0), ((0.0, 0.0), (30.0, 0.0)))


def first_clear(room: Room) -> Spot | None:
    """The best spot asked the slow way: every spot in order, every thing in the room."""
    return next(
        (s for s in _spots(ROUTE, JET) if not room.hits(s.x, s.y) and (s.leader is None or not room.crossed(s.leader))),
        None,
    )


def test_a_spot_a_badge_blocked_is_read_again_once_that_badge_moves() -> None:
    room = Room([word((20.0, -1.0, 24.0, 1.0))])  # a name over part of the line: its spots are blocked for good
    badges = _Badges(room, JET)
    home = next(_spots(ROUTE, JET))
    badges.put((1, 0), home)  # another route's badge on the best spot
    before = badges.best(ROUTE)
    assert before is not None and before != home and before == first_clear(room)
    badges.lift((1, 0))
    assert badges.best(ROUTE) == home == first_clear(room)
    badges.put((2, 0), Spot(home.x - 3.0, 0.0, None))  # another badge, close to it
    badges.put((3, 0), Spot(home.x + 3.0, 0.0, None))
    assert badges.best(ROUTE) == first_clear(room) not in (None, home)
