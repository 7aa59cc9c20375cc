"""The progress bar of long commands (``pnp build``, ``pnp export``): on stderr, only where it can be redrawn."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


@dataclass(frozen=True)
class Bar:
    """One task's bar: ``show(done)`` moves it, ``describe`` changes its words."""

    progress: Progress
    task: TaskID

    def show(self, done: int) -> None:
        self.progress.update(self.task, completed=done)

    def describe(self, text: str) -> None:
        self.progress.update(self.task, description=text)

    def after(self, before: int) -> Callable[[int, int], None]:
        """The ``(done, total)`` progress callback of work that starts once ``before`` steps of the bar are done."""
        return lambda done, _total: self.show(before + done)


@contextmanager
def progress_bar(description: str, total: int, quiet: bool) -> Iterator[Bar]:
    """A bar counting ``total`` steps, gone when done; none when ``quiet`` or stderr is no terminal."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        disable=quiet or not console.is_terminal,  # a bar only where it can be redrawn (else a stray blank line)
        transient=True,
        console=console,
    ) as progress:
        yield Bar(progress, progress.add_task(description, total=total))
