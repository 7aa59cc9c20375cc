"""Live preview: rebuild a picture every time its source file is saved, the error line in its place while the file
is broken, until Ctrl-C."""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Iterable, Iterator
from pathlib import Path

from pnp.cli.output import fail, say
from pnp.errors import PnpError
from pnp.printing.canvas import Canvas, Drawing

MARGIN = 6.0  # mm around the error line
ERROR_SIZE = 11.0  # pt
ERROR_COLOUR = "#b00020"


def watch(
    source: Path,
    out: Path,
    rebuild: Callable[[], None],
    changes: Iterable[object] | None = None,
    beside: Callable[[], Collection[Path]] | None = None,
) -> None:
    """Call ``rebuild`` (which writes ``out``) now and after each save of ``source``, until Ctrl-C.

    While ``rebuild`` refuses the file (a :class:`PnpError`), ``out`` shows the error line instead of the
    picture and the terminal prints it; the next save tries again. ``changes`` stands for the saves (each item
    one batch of them); by default they are watched with ``watchfiles``. ``beside`` names more files the
    picture is made from (a variant's deck, fonts, art): a save of one in ``source``'s folder rebuilds too.
    """
    say(f"watching {source}: every save rebuilds {out} (Ctrl-C to stop)")
    try:
        for _batch in _now_and_after(changes if changes is not None else saves(source, beside=beside)):
            try:
                rebuild()
            except PnpError as exc:
                write_error(out, str(exc))
                fail(str(exc))
            else:
                say(f"wrote {out}")
    except KeyboardInterrupt:  # while waiting or rebuilding: the end asked for, not an error
        pass
    say(f"stopped watching {source}")


def _now_and_after(changes: Iterable[object]) -> Iterator[object]:
    yield None
    yield from changes


def saves(
    source: Path, stop: threading.Event | None = None, beside: Callable[[], Collection[Path]] | None = None
) -> Iterator[object]:
    """Batches of changes to ``source`` (saved in place, or replaced as editors do), and to the files ``beside``
    names in its folder, until Ctrl-C or ``stop``."""
    import watchfiles  # the watch mode's own dependency: no other command loads it

    return watchfiles.watch(
        source.resolve().parent,
        watch_filter=following(source, beside),
        recursive=False,
        stop_event=stop,
    )


def following(source: Path, beside: Callable[[], Collection[Path]] | None = None) -> Callable[[object, str], bool]:
    """Whether a change to a path concerns the watch: a save of ``source``, or of any file ``beside`` has named
    since the watch began. A file stays followed while it cannot be read: a deck saved broken is refused
    (``beside`` then names nothing), and it is its next save that mends it."""
    target = source.resolve()
    named: set[Path] = set()

    def follow() -> None:
        if beside is not None:
            named.update(p.resolve() for p in beside())

    def counts(_change: object, path: str) -> bool:
        follow()
        changed = Path(path)
        return changed == target or changed in named

    follow()  # the files named before the first save
    return counts


def write_error(out: Path, message: str) -> None:
    """Write ``out`` (SVG or PDF) as a picture of one error line."""
    from pnp.printing.fonts import extent, text_width
    from pnp.printing.render import write_drawing

    ascent, descent = extent(ERROR_SIZE)
    width, height = text_width(message, ERROR_SIZE) + 2 * MARGIN, ascent + descent + 2 * MARGIN

    def draw(canvas: Canvas) -> None:
        canvas.rect(0, 0, width, height, fill="#ffffff", stroke=ERROR_COLOUR, width=0.5)
        canvas.text(MARGIN, MARGIN + ascent, message, size=ERROR_SIZE, fill=ERROR_COLOUR)

    write_drawing(Drawing(width, height, draw), out)
