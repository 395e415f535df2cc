"""Layers import only downward (../shared/design/architecture.md, "Layers"): the engine
knows no game, a game knows only the engine, agents and the store know the games but not
each other, sim knows the agents, and only the frontends (the terminal, the web, the
research adapters) know everything below them.

Found in session 29: a migration of the store imported `keizai.web.lookalikes`, and the
store's copy of it `keizai.web.invisible`; nothing checked the direction of imports."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "keizai"

# Each top-level part of keizai and its layer; a part may import its own modules and
# those of lower layers, and frontends may also import one another (the CLI serves the web).
LAYERS = {
    "i18n": 0, "version": 0,   # catalogues and the version: standard library, no keizai
    "engine": 1,
    "rules": 2, "_build": 2,   # which build runs: it asks the engine's module
    "__init__": 3,   # `keizai.new_game` and friends: the engine and the games
    "agents": 4, "store": 4,
    "sim": 5,
}
FRONTEND = 6


def layer(part: str) -> int:
    return LAYERS.get(part, FRONTEND)


def keizai_imports(path: Path) -> list[tuple[str, int]]:
    """The top-level keizai parts a module imports (at any depth of its code), with the
    line of each import."""
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "keizai":
                found.append((parts[1] if len(parts) > 1 else "__init__", node.lineno))
    return found


def test_every_module_imports_only_its_own_layer_or_lower() -> None:
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).parts
        part = relative[0] if len(relative) > 1 else relative[0].removesuffix(".py")
        for imported, line in keizai_imports(path):
            allowed = (imported == part or layer(imported) < layer(part)
                       or layer(imported) == layer(part) == FRONTEND)
            if not allowed:
                upward.append(f"{path.relative_to(PACKAGE)}:{line} imports keizai.{imported}")
    assert upward == []


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    """What the check reads: a store module importing the web is named, at its line."""
    module = tmp_path / "migration.py"
    module.write_text("def upgrade():\n    from keizai.web.lookalikes import skeleton\n",
                      encoding="utf-8")
    assert keizai_imports(module) == [("web", 2)]
    assert layer("web") > layer("store")
