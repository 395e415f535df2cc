"""The build selection (keizai._build): compiled modules, KEIZAI_PURE=1 and stale builds.

The compiled build itself is checked by .ci/run, which installs the project as the README
does and runs the engine and rules tests on both builds."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import runpy
import shutil
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest
import setuptools  # type: ignore[import-untyped]

import keizai
from keizai import _build

SRC_PACKAGE = Path(keizai.__file__).parent
EXTENSION = importlib.machinery.EXTENSION_SUFFIXES[0]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_stale_modules_names_only_the_edited_source(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    state = tmp_path / "engine" / "state.py"
    rng = tmp_path / "engine" / "rng.py"
    state.write_text("x = 1\n")
    rng.write_text("y = 2\n")
    manifest = {"keizai.engine.state": _digest(state), "keizai.engine.rng": _digest(rng)}
    assert _build.stale_modules(tmp_path, manifest) == []
    state.write_text("x = 2\n")  # edited after the build
    assert _build.stale_modules(tmp_path, manifest) == ["keizai.engine.state"]
    rng.unlink()  # a compiled module without its source counts as stale too
    assert _build.stale_modules(tmp_path, manifest) == ["keizai.engine.state",
                                                         "keizai.engine.rng"]


def test_source_only_finder_skips_the_compiled_module(tmp_path: Path) -> None:
    (tmp_path / "mod.py").write_text("x = 1\n")
    (tmp_path / f"mod{EXTENSION}").write_bytes(b"not really a shared library")
    default = importlib.machinery.PathFinder.find_spec("keizai.mod", [str(tmp_path)])
    assert default is not None and default.origin is not None
    assert default.origin.endswith(EXTENSION)  # what Python picks by default
    spec = _build.SourceOnlyFinder().find_spec("keizai.mod", [str(tmp_path)])
    assert spec is not None and spec.origin == str(tmp_path / "mod.py")
    assert _build.SourceOnlyFinder().find_spec("other.mod", [str(tmp_path)]) is None


def _run(code: str, pythonpath: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "KEIZAI_PURE"}
    environ.update(env, PYTHONPATH=str(pythonpath))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=environ, check=True, cwd=pythonpath)


def _copy_package(tmp_path: Path) -> Path:
    """A copy of the keizai sources (without compiled files) under tmp_path/src."""
    target = tmp_path / "src" / "keizai"
    shutil.copytree(SRC_PACKAGE, target,
                    ignore=shutil.ignore_patterns("*.so", "__pycache__", "_compiled.json"))
    return target


PROBE = ("import keizai, keizai.engine.state as s, keizai.rules.futuropia.state as f; "
         "from keizai import _build; from keizai.sim.bench import engine_build; "
         "print(_build.mode, s.__file__, f.__file__, engine_build(), sep='|')")


def test_stale_build_runs_plain_python_and_says_how_to_rebuild(tmp_path: Path) -> None:
    package = _copy_package(tmp_path)
    state = package / "engine" / "state.py"
    manifest = {"keizai.engine.state": "0" * 64, "keizai.engine.rng": _digest(package / "engine"
                                                                              / "rng.py")}
    (package / "_compiled.json").write_text(json.dumps(manifest))
    (package / "engine" / f"state{EXTENSION}").write_bytes(b"stale compiled module")
    done = _run(PROBE, tmp_path / "src")
    mode, engine_file, _, build = done.stdout.strip().split("|")
    assert mode == "stale"
    assert engine_file == str(state)  # the edited source runs, not the stale .so
    assert "keizai.engine.state changed after it was compiled" in done.stderr
    assert "pip install -e ." in done.stderr and "pip install -e ." in build


def test_keizai_pure_forces_plain_python_over_a_compiled_build(tmp_path: Path) -> None:
    package = _copy_package(tmp_path)
    names = ["keizai.engine.state", "keizai.rules.futuropia.state"]
    manifest = {}
    for name in names:
        source = package.joinpath(*name.split(".")[1:]).with_suffix(".py")
        manifest[name] = _digest(source)
        source.with_suffix(EXTENSION).write_bytes(b"would fail to load if imported")
    (package / "_compiled.json").write_text(json.dumps(manifest))
    done = _run(PROBE, tmp_path / "src", KEIZAI_PURE="1")
    mode, engine_file, futuropia_file, build = done.stdout.strip().split("|")
    assert mode == "pure-forced"
    assert engine_file.endswith(".py") and futuropia_file.endswith(".py")
    assert build == "plain Python (KEIZAI_PURE=1)"


def test_uncompiled_sources_name_themselves(tmp_path: Path) -> None:
    _copy_package(tmp_path)
    done = _run(PROBE, tmp_path / "src")
    mode, engine_file, _, build = done.stdout.strip().split("|")
    assert mode == "not-compiled" and engine_file.endswith(".py")
    assert build.startswith("plain Python (not compiled at install")


SETUP = Path(__file__).parents[1] / "setup.py"



def fake_mypyc(monkeypatch: pytest.MonkeyPatch, mypycify: Callable[..., list[str]]) -> None:
    """setup.py's `from mypyc.build import mypycify` gets `mypycify`."""
    mypyc = types.ModuleType("mypyc")
    mypyc_build = types.ModuleType("mypyc.build")
    mypyc_build.mypycify = mypycify  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mypyc", mypyc)
    monkeypatch.setitem(sys.modules, "mypyc.build", mypyc_build)

def test_build_manifest_hashes_the_sources_as_mypyc_reads_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A source edited while the build runs must read as stale afterwards, not as fresh.

    Found in session 5: setup.py hashed the sources after mypyc had compiled them, so a
    source edited during `pip install -e` left a stale compiled module that the manifest
    marked as fresh, and keizai ran it without a warning."""
    monkeypatch.setattr(setuptools, "setup", lambda **_: None)
    monkeypatch.setenv("KEIZAI_PURE", "1")  # loading setup.py builds nothing
    build_script = runpy.run_path(str(SETUP))
    extensions = build_script["_extensions"]
    source = tmp_path / "src"
    for path in build_script["COMPILED"]:
        (source / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SRC_PACKAGE.parent / path, source / path)
    monkeypatch.setitem(extensions.__globals__, "SRC", source)
    monkeypatch.delenv("KEIZAI_PURE")
    edited = source / "keizai" / "engine" / "rng.py"

    def mypycify(paths: list[str], **_: object) -> list[str]:
        """Compiles what it read, then the user saves an edit to one source."""
        edited.write_text(edited.read_text() + "\n# edited during the build\n")
        return ["extension"]

    fake_mypyc(monkeypatch, mypycify)
    assert extensions() == ["extension"]
    manifest = extensions.__globals__["SOURCE_HASHES"]
    assert _build.stale_modules(source / "keizai", manifest) == ["keizai.engine.rng"]


def test_the_build_reads_no_mypy_configuration(monkeypatch: pytest.MonkeyPatch) -> None:
    """mypyc compiles with mypy's defaults, whatever the checkout's [tool.mypy] says.

    Found in the session-21 CI rehearsal: pyproject.toml gained a [tool.mypy] section for
    checking the checkout (strict flags for keizai.engine and keizai.rl,
    warn_unused_configs). pip's build environment has none of the extras' packages, so
    mypyc, reading that section, failed ("unused section(s)"), setup.py fell back to
    plain Python, and a clean clone's `pip install -e .` installed no compiled module."""
    from mypy.main import process_options

    monkeypatch.setattr(setuptools, "setup", lambda **_: None)
    monkeypatch.setenv("KEIZAI_PURE", "1")  # loading setup.py builds nothing
    build_script = runpy.run_path(str(SETUP))
    extensions = build_script["_extensions"]
    monkeypatch.delenv("KEIZAI_PURE")
    asked: list[list[str]] = []

    def mypycify(paths: list[str], **_: object) -> list[str]:
        asked.append(paths)
        return ["extension"]

    fake_mypyc(monkeypatch, mypycify)
    assert extensions() == ["extension"]
    monkeypatch.chdir(SETUP.parent / "src")   # where setup.py runs mypyc
    _sources, options = process_options(asked[0])
    assert not options.config_file   # "": none is read
    assert not options.warn_unused_configs and options.per_module_options == {}
    assert options.follow_imports == "silent"
