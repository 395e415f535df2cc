"""Build script: compiles the engine core and the three games with mypyc at install.

`pip install .`, `pip install -e .` and `python -m build --wheel` all run it; the project's
metadata stays in pyproject.toml. The compiled modules are built from the same Python
sources, which remain the reference (and the fallback): with `KEIZAI_PURE=1`, without a C
compiler, or when mypyc fails for any reason, the install goes on in plain Python.

After a build, `keizai/_compiled.json` lists the compiled modules with a hash of the
source each was compiled from; `keizai._build` uses it at import to notice a source
edited after the build (an editable install) and then runs plain Python instead of the
stale compiled code, with a warning that says how to rebuild.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
SRC = ROOT / "src"

# The hot path of every game: the engine core and each game's rules modules (the RL
# observation writers and the solo planner's rollout policy too). Not the Game
# classes (engine/game.py, each game's game.py and package __init__), which games written
# in plain Python subclass with class attributes, nor the terminal renderers.
COMPILED = [
    "keizai/engine/action.py",
    "keizai/engine/rng.py",
    "keizai/engine/state.py",
    "keizai/rules/national_economy/actions.py",
    "keizai/rules/national_economy/cards.py",
    "keizai/rules/national_economy/scoring.py",
    "keizai/rules/national_economy/state.py",
    "keizai/rules/national_economy/text.py",
    "keizai/rules/national_economy/view.py",
    "keizai/rules/national_economy/workplaces.py",
    "keizai/rules/futuropia/actions.py",
    "keizai/rules/futuropia/data.py",
    "keizai/rules/futuropia/house_purchase.py",
    "keizai/rules/futuropia/phases.py",
    "keizai/rules/futuropia/scoring.py",
    "keizai/rules/futuropia/staffing.py",
    "keizai/rules/futuropia/state.py",
    "keizai/rules/futuropia/view.py",
    "keizai/rules/enterprise_empire/actions.py",
    "keizai/rules/enterprise_empire/data.py",
    "keizai/rules/enterprise_empire/state.py",
    # the observation encoders' and the action mask's hot path (no NumPy in it)
    "keizai/rl/observations/writers.py",
    # the Gymnasium environments' per-step work (no NumPy in it either)
    "keizai/rl/core.py",
    "keizai/agents/solo_policy.py",
    # the MCTS agent's search loop and the National Economy evaluation at its leaves
    "keizai/agents/mcts_search.py",
    "keizai/agents/heuristics/national_economy_fast.py",
]
MANIFEST = "_compiled.json"
# The hashes of the sources as mypyc is about to read them, written to the manifest after
# the build: a source edited while the build runs then reads as stale, never as fresh.
SOURCE_HASHES: dict[str, str] = {}


def _say(message: str) -> None:
    print(f"keizai build: {message}", file=sys.stderr)


def _manifest() -> dict[str, str]:
    """Compiled module name -> sha256 of the source it is compiled from."""
    return {
        path.removesuffix(".py").replace("/", "."):
            hashlib.sha256((SRC / path).read_bytes()).hexdigest()
        for path in COMPILED
    }


def _extensions() -> list:
    if os.environ.get("KEIZAI_PURE", "") not in ("", "0"):
        _say("KEIZAI_PURE is set: plain Python, nothing compiled")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypy is not installed: plain Python")
        return []
    cwd = os.getcwd()
    os.chdir(SRC)  # so that mypy names the modules keizai.* and the C lands in build/
    try:
        # Imported modules that are not compiled are type-checked silently: a type error
        # there, or an import mypy cannot find (numpy, imported by the package of the RL
        # observation writers, is not installed yet when pip builds keizai), must not
        # turn the whole build into plain Python.
        # "--config-file=": the build reads no mypy configuration. pyproject.toml's
        # [tool.mypy] is for checking the checkout (tests/test_typed.py); its strict
        # flags and warn_unused_configs, read in the build's environment without the
        # extras' packages, made mypyc fail and every install run plain Python.
        SOURCE_HASHES.update(_manifest())
        return mypycify(["--config-file=", "--follow-imports=silent", *COMPILED],
                        opt_level="3",
                        target_dir=str(ROOT / "build" / "mypyc"))
    except BaseException as error:  # mypyc reports type errors with SystemExit
        _say(f"mypyc failed ({error!r}): plain Python")
        return []
    finally:
        os.chdir(cwd)


class OptionalBuildExt(build_ext):
    """build_ext that falls back to plain Python when the C build fails (no compiler, a
    compiler error): the install succeeds without extensions rather than failing."""

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except BaseException as error:  # distutils raises CompileError, SystemExit, ...
            _say(f"compiling the C extensions failed ({error!r}): plain Python")
            self._remove_outputs()
            self.extensions = []
            self._wheel_is_pure()
            return
        self._write_manifest()

    def _wheel_is_pure(self) -> None:
        """A wheel being built is pure Python now (py3-none-any), not tagged for this
        interpreter and platform: bdist_wheel decided that before building, from the
        extensions it was given, and reads `root_is_pure` again after the build (where
        to install, the tag, the WHEEL file)."""
        wheel = self.distribution.command_obj.get("bdist_wheel")
        if wheel is not None:
            wheel.root_is_pure = True

    def get_outputs(self) -> list[str]:
        outputs = super().get_outputs() if self.extensions else []
        if self.extensions:
            outputs.append(self._manifest_path())
        return outputs

    def _manifest_path(self) -> str:
        return str(Path(self.get_ext_fullpath("keizai.x")).parent / MANIFEST)

    def _write_manifest(self) -> None:
        text = json.dumps(SOURCE_HASHES, indent=1, sort_keys=True) + "\n"
        targets = {self._manifest_path()}
        if self.inplace:  # editable install: the build tree too, for the wheel's listing
            old, self.inplace = self.inplace, False
            targets.add(self._manifest_path())
            self.inplace = old
        for target in targets:
            Path(target).parent.mkdir(parents=True, exist_ok=True)
            Path(target).write_text(text)

    def _remove_outputs(self) -> None:
        """Remove this build's partial outputs: in the source tree for an editable
        install, in the build directory for a wheel (which must leave the source tree's
        compiled modules of an editable install alone)."""
        for ext in self.extensions:
            path = Path(self.get_ext_fullpath(ext.name))
            if path.exists():
                path.unlink()


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
