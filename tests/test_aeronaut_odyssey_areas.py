"""Area detection: the enclosed areas are the inner faces of the route graph, on hand-made maps."""

from __future__ import annotations

from pnp.games.aeronaut_odyssey.areas import detect
from pnp.games.aeronaut_odyssey.geometry import faces
from pnp.games.aeronaut_odyssey.model import AeroMap, Area, City, Route


def board(cities, pairs, areas=(), doubles=()) -> AeroMap:
    routes = [Route(tuple(p.split("-")), "red", 1) for p in pairs]  # type: ignore[arg-type]
    routes += [Route(tuple(p.split("-")), "blue", 1) for p in doubles]  # type: ignore[arg-type]
    return AeroMap(
        width=20,
        height=20,
        inventory_spaces=6,
        cities=tuple(City(n, x, y) for n, x, y in cities),
        routes=tuple(routes),
        areas=tuple(Area(x, y, 1) for x, y in areas),
    )


SQUARE = [("A", 2, 2), ("B", 8, 2), ("C", 8, 8), ("D", 2, 8)]


def borders(found) -> set[tuple[tuple[str, str], ...]]:
    return {region.border for region in found.regions}


def test_a_square_with_a_diagonal_has_two_areas_and_the_outside_is_none():
    found = detect(board(SQUARE, ["A-B", "B-C", "C-D", "A-D", "A-C"]))
    assert borders(found) == {(("A", "B"), ("A", "C"), ("B", "C")), (("A", "C"), ("A", "D"), ("C", "D"))}


def test_a_cycle_has_one_area_and_a_tree_none():
    assert len(detect(board(SQUARE, ["A-B", "B-C", "C-D", "A-D"])).regions) == 1
    assert detect(board(SQUARE, ["A-B", "B-C", "C-D"])).regions == ()


def test_a_double_route_is_one_border():
    found = detect(board(SQUARE, ["A-B", "B-C", "C-D", "A-D"], doubles=["A-B"]))
    assert borders(found) == {(("A", "B"), ("A", "D"), ("B", "C"), ("C", "D"))}


def test_an_island_joined_by_a_bridge_borders_the_area_around_it_but_the_bridge_does_not():
    cities = [*SQUARE, ("E", 4, 4), ("F", 6, 4), ("G", 5, 6)]
    found = detect(board(cities, ["A-B", "B-C", "C-D", "A-D", "E-F", "F-G", "E-G", "A-E"], areas=[(3, 6), (5, 4.8)]))
    ring = (("A", "B"), ("A", "D"), ("B", "C"), ("C", "D"), ("E", "F"), ("E", "G"), ("F", "G"))
    island = (("E", "F"), ("E", "G"), ("F", "G"))
    assert borders(found) == {ring, island}
    assert [found.regions[r].border for r in found.label_region] == [ring, island]


def test_a_label_outside_every_area_is_found_as_such():
    found = detect(board(SQUARE, ["A-B", "B-C", "C-D", "A-D"], areas=[(5, 5), (12, 12)]))
    assert found.label_region == (0, None) and found.labels_of(0) == [0]


def test_faces_returns_inner_faces_positive_and_one_outer_face():
    points = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0), (9.0, 9.0)]
    inner, outer = faces(points, [(0, 1), (1, 2), (2, 3), (0, 3), (2, 4)])
    assert [f.area for f in inner] == [16.0] and len(outer) == 1
    assert (2, 4) not in outer[0].border, "a dangling route encloses nothing"
