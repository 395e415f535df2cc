"""How much memory this process may take: the machine's, or less where a control group
limits it (a container's, a batch job's allocation on a cluster). Read to refuse a vector
environment whose games cannot fit (`keizai.rl.arguments.game_count`)."""

from __future__ import annotations

import os
from pathlib import Path


def memory_limit() -> int | None:
    """The least of the machine's memory and its control groups' limits, in bytes; None
    where the system says none of them."""
    sizes = [size for size in (physical_memory(), *cgroup_limits()) if size is not None]
    return min(sizes, default=None)


def physical_memory() -> int | None:
    """The machine's memory in bytes, or None where the system does not say."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows), or no such name
        return None


def cgroup_limits(groups: Path = Path("/proc/self/cgroup"),
                  root: Path = Path("/sys/fs/cgroup")) -> list[int]:
    """The memory limits of this process's control group and of the groups above it, in
    bytes: cgroup v2's `memory.max` (whose "max" is no limit), v1's
    `memory.limit_in_bytes` (its "no limit" is a number near 2**63, above any machine).
    A limit may be set on any ancestor (a batch system limits the job, not its steps),
    hence the walk up. None found (no cgroup file system, not Linux): an empty list."""
    try:
        lines = groups.read_text(encoding="ascii").splitlines()
    except (OSError, UnicodeError):
        return []
    limits: list[int] = []
    for line in lines:
        parts = line.split(":", 2)  # hierarchy:controllers:path
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        if controllers == "":
            top, name = root, "memory.max"
        elif "memory" in controllers.split(","):
            top, name = root / "memory", "memory.limit_in_bytes"
        else:
            continue
        here = top / path.strip("/")
        while here == top or top in here.parents:
            limits += _limit(here / name)
            if here == top:
                break
            here = here.parent
    return limits


def _limit(file: Path) -> list[int]:
    """The limit written in `file` (one number), or none."""
    try:
        text = file.read_text(encoding="ascii").strip()
    except (OSError, UnicodeError):
        return []
    return [int(text)] if text.isdigit() else []
