"""The progress bar of long commands (``pnp build``, ``pnp export``): on stderr, only where it can be redrawn."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


class Bar:
    """One task's count of steps done: ``show(done)`` moves it, ``describe`` changes its words, and a bar on the
    terminal follows both (when there is one: ``progress``)."""

    def __init__(self, progress: Progress | None = None, task: TaskID | None = None) -> None:
        self.progress, self.task = progress, task
        self.done = 0

    def show(self, done: int) -> None:
        self.done = done
        if self.progress is not None and self.task is not None:
            self.progress.update(self.task, completed=done)

    def describe(self, text: str) -> None:
        if self.progress is not None and self.task is not None:
            self.progress.update(self.task, description=text)

    def after(self, before: int) -> Callable[[int, int], None]:
        """The ``(done, total)`` progress callback of work that starts once ``before`` steps of the bar are done."""
        return lambda done, _total: self.show(before + done)


@contextmanager
def progress_bar(description: str, total: int, quiet: bool) -> Iterator[Bar]:
    """A bar counting ``total`` steps, gone when done; none when ``quiet`` or stderr is no terminal (and then rich,
    a fiftieth of a second to import, is not imported)."""
    if quiet or not sys.stderr.isatty():
        yield Bar()
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        disable=not console.is_terminal,  # a bar only where it can be redrawn (else a stray blank line)
        transient=True,
        console=console,
    ) as progress:
        yield Bar(progress, progress.add_task(description, total=total))
