"""Which build of keizai runs: the mypyc-compiled modules or their plain-Python sources.

`pip install` compiles the engine core and the games (setup.py) and leaves
`keizai/_compiled.json`: each compiled module with the sha256 of the source it was
compiled from. On `import keizai`, `select()` picks plain Python for every keizai module
when `KEIZAI_PURE=1` is set, or when a source differs from the one compiled (an editable
install whose .py files were edited after the build: the stale compiled code would
silently shadow the edit). Rebuild with `pip install -e .` (or `pip install .`).

Standard library only; runs before any other keizai module is imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE_DIR = Path(__file__).parent
MANIFEST = PACKAGE_DIR / "_compiled.json"
REBUILD = "pip install -e . (or pip install . for a normal install)"

# Set once by select(): "compiled", "pure-forced", "stale", "not-compiled".
mode = "not-compiled"
stale: list[str] = []


class SourceOnlyFinder(importlib.abc.MetaPathFinder):
    """Finds keizai.* modules among .py files only, so compiled ones are not imported."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("keizai.") or path is None:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(fullname)
            if spec is not None and spec.loader is not None:
                return spec
        return None


def stale_modules(package_dir: Path, manifest: dict[str, str]) -> list[str]:
    """Compiled modules whose source is not the one they were compiled from."""
    out = []
    for name, digest in manifest.items():
        source = package_dir.joinpath(*name.split(".")[1:]).with_suffix(".py")
        try:
            current = hashlib.sha256(source.read_bytes()).hexdigest()
        except OSError:
            current = ""
        if current != digest:
            out.append(name)
    return out


def pure_forced() -> bool:
    return os.environ.get("KEIZAI_PURE", "") not in ("", "0")


def select() -> str:
    """Decide the build for this process (see the module docstring); returns `mode`."""
    global mode, stale
    if not MANIFEST.exists():
        mode = "not-compiled"
        return mode
    if pure_forced():
        mode = "pure-forced"
    else:
        stale = stale_modules(PACKAGE_DIR, json.loads(MANIFEST.read_text()))
        mode = "stale" if stale else "compiled"
        if stale:
            warnings.warn(
                f"keizai: {', '.join(stale)} changed after it was compiled; running plain "
                f"Python (slower) until you rebuild with {REBUILD}", RuntimeWarning,
                stacklevel=3)
    if mode != "compiled" and not any(isinstance(f, SourceOnlyFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceOnlyFinder())
    return mode


def describe() -> str:
    """One line naming the build that runs (for `keizai bench` and bug reports)."""
    import keizai.engine.state as engine_state

    compiled = not engine_state.__file__.endswith(".py")
    if compiled:
        return "compiled (mypyc)"
    reason = {
        "pure-forced": "KEIZAI_PURE=1",
        "stale": f"sources changed since the build; rebuild with {REBUILD}",
        "not-compiled": "not compiled at install: KEIZAI_PURE, no C compiler or mypyc failed",
    }.get(mode, mode)
    return f"plain Python ({reason})"
