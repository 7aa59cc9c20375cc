"""This machine's processes as /proc shows them (Linux): whose children they are, and their command lines."""

from __future__ import annotations

from pathlib import Path

PROC = Path("/proc")


def children() -> dict[int, list[int]]:
    """Each running process's children, by the parent's pid."""
    found: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue  # ended meanwhile
            found.setdefault(parent, []).append(int(entry.name))
    return found


def command(pid: int) -> list[str] | None:
    """The command line of process ``pid``; None once it has ended."""
    try:
        return (PROC / str(pid) / "cmdline").read_text().split("\0")[:-1]
    except OSError:
        return None


def descendants(pid: int) -> list[list[str]]:
    """The command lines of the processes under ``pid``, at any depth."""
    tree, found = children(), []
    todo = list(tree.get(pid, []))
    while todo:
        child = todo.pop()
        todo += tree.get(child, [])
        if (line := command(child)) is not None:
            found.append(line)
    return found
