"""The README's and the docs' examples work as a new user types them: every Python block
runs as written and prints what its comments say, every `keizai` command line parses with
the real command's options, and every module, function, file and migration the text names
exists."""

from __future__ import annotations

import importlib
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from keizai.cli import app

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def code_blocks(path: Path) -> list[tuple[str, str]]:
    """The fenced blocks of a Markdown file: (language, code)."""
    blocks: list[tuple[str, str]] = []
    language: str | None = None
    lines: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if language is None:
                language, lines = line[3:].strip(), []
            else:
                blocks.append((language, "\n".join(lines) + "\n"))
                language = None
        elif language is not None:
            lines.append(line)
    return blocks


def needs_outside_extras(language: str) -> bool:
    """Whether a block's info string names modules beyond keizai's extras after its
    language (```python sb3_contrib: a recipe for a library the project does not install,
    such as one that needs torch); the block is then compiled, not run."""
    return language.split()[0] == "python" and len(language.split()) > 1


def run_python_blocks(doc: Path, cwd: Path, then: str = "") -> str:
    """A doc's Python blocks, in order, in one interpreter (as one reader's session),
    followed by `then` (code that prints what the blocks left, for the test to read)."""
    code = "".join(code for language, code in code_blocks(doc) if language == "python")
    assert code, f"{doc.name} has no Python block"
    code += then
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, f"{doc.name}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_readme_examples_run_and_print_what_they_say(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    out = run_python_blocks(ROOT / "README.md", tmp_path)
    # the comments beside the prints
    assert "[[2], [1], [0]] [2]" in out
    assert "Discard 2 cards: down to the hand limit of 5" in out


def test_the_research_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    # the records the "Records as data" block reads: its `keizai sim --records` line, run
    sim = next(line for language, code in code_blocks(ROOT / "docs" / "rl.md")
               if language == "bash" for line in code.splitlines() if "--records" in line)
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(app, shlex.split(sim)[1:])
    assert done.exit_code == 0, done.output
    out = run_python_blocks(ROOT / "docs" / "rl.md", tmp_path, then="""
print("vector:", actions.shape, masks.shape, bool(masks.any(axis=1).all()))
print("openspiel chance node:", state.is_chance_node())
""")
    # what the blocks' comments say: the vector env takes (16,) actions and gives
    # (16, 157) masks without an all-False row; OpenSpiel's game starts at a chance node;
    # the rows of heuristic's Glory decisions have 674 numbers and 146 actions
    assert "vector: (16,) (16, 157) True" in out, out
    assert "openspiel chance node: True" in out, out
    assert re.search(r"^\((\d+), 674\) \(\1, 146\) \(\1,\)$", out, re.MULTILINE), out


def test_the_recipes_for_other_libraries_are_python_that_compiles() -> None:
    """docs/rl.md's Stable-Baselines3 and RLlib recipes need torch, which no extra of
    keizai installs: they are checked as far as that allows (the keizai names they use
    are checked by `test_every_keizai_name_the_docs_give_exists`)."""
    recipes = [(doc, code) for doc in DOCS for language, code in code_blocks(doc)
               if language and needs_outside_extras(language)]
    assert any(doc.name == "rl.md" for doc, _ in recipes)
    for doc, code in recipes:
        compile(code, doc.name, "exec")


def test_register_all_returns_the_names_its_comment_shows() -> None:
    pytest.importorskip("pyspiel")
    from keizai.rl.openspiel_game import register_all

    comment = re.search(r"register_all\(\)\s+# (.*)", (ROOT / "docs" / "rl.md").read_text(
        encoding="utf-8"))
    assert comment
    shown = re.findall(r"['\"](\w+)['\"]", comment.group(1))
    assert shown and register_all()[:len(shown)] == shown


def test_the_records_example_replays_a_tournaments_records(tmp_path: Path) -> None:
    """docs/bots.md's loop over runs/glory/records.jsonl, on a small tournament made by
    the command it shows (fewer and faster games)."""
    made = CliRunner().invoke(app, [
        "sim", "--game", "national-economy/glory", "--players", "2", "--games", "4",
        "--agents", "heuristic,random", "--workers", "1", "--no-plots",
        "--out", str(tmp_path / "runs" / "glory"), "--records"])
    assert made.exit_code == 0, made.output
    run_python_blocks(ROOT / "docs" / "bots.md", tmp_path)


def pasted_blocks() -> list[tuple[Path, int]]:
    """Each Python block a reader would paste and run, as (doc, its index among the doc's
    blocks): every ```python block but the recipes for libraries keizai does not install."""
    return [(doc, index) for doc in DOCS
            for index, (language, _) in enumerate(code_blocks(doc))
            if language.split()[:1] == ["python"] and not needs_outside_extras(language)]


@pytest.fixture(scope="module")
def reader_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding what the docs' commands leave for their blocks to read:
    runs/glory/records.jsonl (the `keizai sim --records` line of docs/bots.md and
    docs/rl.md, with fewer games)."""
    cwd = tmp_path_factory.mktemp("reader")
    made = CliRunner().invoke(app, [
        "sim", "--game", "national-economy/glory", "--players", "2", "--games", "4",
        "--agents", "heuristic,random", "--workers", "1", "--no-plots",
        "--out", str(cwd / "runs" / "glory"), "--records"])
    assert made.exit_code == 0, made.output
    return cwd


@pytest.mark.parametrize("doc, index", pasted_blocks(),
                         ids=lambda value: value.name if isinstance(value, Path) else str(value))
def test_each_python_block_runs_pasted_alone(doc: Path, index: int, reader_dir: Path) -> None:
    """A reader copies one block, not the page: each block runs in a fresh interpreter by
    itself (docs/rl.md's Gymnasium and vector blocks called `my_policy`, defined only in
    the PettingZoo block above them, and failed with a NameError)."""
    code = code_blocks(doc)[index][1]
    for module in re.findall(r"^(?:import|from) (\w+)", code, re.MULTILINE):
        pytest.importorskip(module)
    if "keizai.rl" in code:
        pytest.importorskip("gymnasium")
        pytest.importorskip("pettingzoo")
    done = subprocess.run([sys.executable, "-c", code], cwd=reader_dir, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, f"{doc.name}, block {index}:\n{code}\n{done.stderr}"


NOT_NAMES = {"keizai.sqlite3"}   # a file


def resolves(dotted: str) -> bool:
    """Whether keizai has `dotted` (True too where an optional extra it needs is not
    installed: that name cannot be checked here)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError as error:
            if error.name and error.name.split(".")[0] != "keizai":
                return True
            continue
        for part in parts[cut:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


def test_every_keizai_name_the_docs_give_exists() -> None:
    missing = sorted(
        f"{doc.name}: {name}" for doc in DOCS
        for name in set(re.findall(r"\bkeizai(?:\.[A-Za-z_]\w*)+", doc.read_text(
            encoding="utf-8")))
        if name not in NOT_NAMES and not resolves(name))
    assert not missing


# paths of other projects' trees, quoted as such
OTHER_TREES = {"src/game.ts"}


def test_every_file_of_the_repository_the_docs_name_exists() -> None:
    named = re.compile(
        r"(?<![\w./-])((?:bench|examples|scripts|tests|src|docs|\.ci)/[\w./{}<>*-]+)")
    missing = sorted(
        f"{doc.name}: {path}" for doc in DOCS
        for path in {p.rstrip(".") for p in named.findall(doc.read_text(encoding="utf-8"))}
        if not set("{}<>*") & set(path)   # a pattern of names
        and path not in OTHER_TREES and not (ROOT / path).exists())
    assert not missing


def command_lines(doc: Path) -> list[str]:
    """The `keizai …` command lines of a doc's shell blocks (continuations joined,
    comments dropped), from the command's name on."""
    found = []
    for language, code in code_blocks(doc):
        if language not in ("bash", "sh", ""):
            continue
        for line in code.replace("\\\n", " ").splitlines():
            line = line.split(" #")[0].strip()
            match = re.match(r"(?:\S*/)?keizai ((?:--lang \S+ )?[a-z].*)", line)
            if match and "$" not in line:   # a shell variable is the reader's to fill in
                found.append(match.group(1))
    return found


def test_every_command_line_in_the_docs_parses() -> None:
    group: Any = typer.main.get_command(app)   # a Group of Typer's own copy of Click
    root = group.context_class(group)
    lines = [(doc.name, line) for doc in DOCS for line in command_lines(doc)]
    assert len(lines) > 20
    refused = []
    for doc, line in lines:
        words = shlex.split(line)
        if words[0] == "--lang":
            words = words[2:]
        command = group.get_command(root, words[0])
        try:
            assert command is not None, f"no command {words[0]}"
            command.make_context(words[0], words[1:], parent=root)
        except typer.Exit:   # --help
            pass
        except Exception as error:   # a usage error: no such option, a bad value …
            refused.append(f"{doc}: keizai {line}: {error}")
    assert not refused


def test_every_option_named_with_a_command_exists() -> None:
    """Inline `keizai <command> … --option` in the text: the command has that option."""
    group: Any = typer.main.get_command(app)   # a Group of Typer's own copy of Click
    root = group.context_class(group)
    wrong = []
    for doc in DOCS:
        prose = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S)
        for span in re.findall(r"`(?:\S*/)?keizai ([a-z]+(?: [^`\n]*)?)`", prose):
            command = group.get_command(root, span.split()[0])
            if command is None:
                wrong.append(f"{doc.name}: keizai {span}: no such command")
                continue
            options = {"--help"} | {o for p in command.params
                                     for o in (*p.opts, *p.secondary_opts)}
            wrong += [f"{doc.name}: keizai {span}: {option}"
                      for option in re.findall(r"(?<![\w-])--[a-z][\w-]*", span)
                      if option not in options]
    assert not wrong


def test_the_docs_name_every_database_migration() -> None:
    """docs/social.md, "Migrations": one sentence for each revision the server runs."""
    text = (ROOT / "docs" / "social.md").read_text(encoding="utf-8")
    versions = ROOT / "src" / "keizai" / "store" / "migrations" / "versions"
    revisions = sorted(p.name.split("_")[0] for p in versions.glob("[0-9]*_*.py"))
    assert revisions
    assert [r for r in revisions if f"`{r}`" not in text] == []


def test_every_bot_the_docs_name_is_one_keizai_makes() -> None:
    """The specs written out in the docs (`mcts:iterations=2000:depth=6:c=0.4`, …) and the
    README's list of bots for --seats."""
    from keizai.agents import make_agent

    specs = {spec for doc in DOCS for spec in re.findall(
        r"`([a-z_]+(?::[a-z_]+=[^`:\s]+)+)`", doc.read_text(encoding="utf-8"))}
    listed = re.search(r"# bots: ([a-z, ]+)", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert listed and len(specs) > 10
    refused = []
    for spec in sorted(specs | set(listed.group(1).split(", "))):
        try:
            make_agent(spec)
        except ValueError as error:
            refused.append(f"{spec}: {error}")
    assert not refused


def test_every_link_between_the_docs_leads_to_a_file() -> None:
    """[text](target) in the README and the docs: a page, a screenshot, a folder."""
    broken = sorted(
        f"{doc.relative_to(ROOT)}: {target}" for doc in DOCS
        for target in re.findall(r"\]\(([^)\s]+)\)", doc.read_text(encoding="utf-8"))
        if not re.match(r"[a-z]+://|#|mailto:", target)
        and not (doc.parent / target.split("#")[0]).exists())
    assert not broken


def test_the_bots_table_gives_each_levels_own_spec() -> None:
    """docs/bots.md's table of agents: `| `hard` | `mcts:…` |` is what `hard` plays."""
    from keizai.agents.base import LEVELS

    table = dict(re.findall(r"^\| `([a-z]+)` \| `([^`]+)`", (ROOT / "docs" / "bots.md")
                            .read_text(encoding="utf-8"), flags=re.M))
    assert {level: table.get(level) for level in LEVELS} == LEVELS


# the docs other engineers keep (docs/web.md, docs/performance.md) are left to them here
OWN_DOCS = [doc for doc in DOCS if doc.name not in ("web.md", "performance.md")]


def documented_callable(name: str) -> Any:
    """`keizai.…` by its module path, `Game.render_text`, `state.view` and the like by the
    class; None for a name that is not keizai's (`env.step`, `np.flatnonzero`)."""
    from keizai.engine import Game, IllegalAction, State
    from keizai.engine.decision import Candidate, PendingDecision

    classes: dict[str, Any] = {c.__name__: c for c in (Game, State, IllegalAction,
                                                       PendingDecision, Candidate)}
    head, *rest = name.split(".")
    if head == "state":   # `state.view(seat)`; docs/rl.md's OpenSpiel states are pyspiel's
        return getattr(State, rest[0], None) if len(rest) == 1 else None
    if head in classes:
        found = classes[head]
        for part in rest:
            found = getattr(found, part)
        return found
    return eval_dotted(name) if head == "keizai" else None


def eval_dotted(name: str) -> Any:
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            found = getattr(found, part)
        return found
    return None


def test_the_documented_calls_name_real_parameters() -> None:
    """`Game.render_text(view, lang, width)`, `keizai.rl.action_mask(state, seat)` …: each
    name between the brackets is a parameter of the function keizai has."""
    import inspect

    wrong = []
    for doc in OWN_DOCS:
        for name, args in re.findall(r"`([\w.]+)\(([\w, ]*)\)", doc.read_text(encoding="utf-8")):
            try:
                function = documented_callable(name)
            except AttributeError:   # a missing name: test_every_keizai_name_… says so
                continue
            if not callable(function):   # not keizai's, or a field (`state.history`)
                continue
            parameters = inspect.signature(function).parameters
            if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters.values()):
                continue
            wrong += [f"{doc.name}: {name}({args}): no parameter {arg}"
                      for arg in (a.strip() for a in args.split(",") if a.strip())
                      if arg not in parameters]
    assert not wrong


def test_every_test_the_docs_cite_exists() -> None:
    """`test_multiprocess.py`, `test_a_burst_of_logins_does_not_delay_games` …: a reader
    looks the test up to see what is checked."""
    files = {path.name for path in (ROOT / "tests").rglob("test_*.py")}
    functions = {name for path in (ROOT / "tests").rglob("test_*.py")
                 for name in re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"),
                                        flags=re.M)}
    missing = sorted(
        f"{doc.name}: {name}" for doc in DOCS
        for name in set(re.findall(r"\b(test_\w+(?:\.py)?)\b(?![…(])",
                                   doc.read_text(encoding="utf-8")))
        if name not in (files if name.endswith(".py") else functions))
    assert not missing


def test_the_readme_offers_the_replays_round_keys_for_the_games_that_take_them() -> None:
    """Found by the session-23 new-user pass: README said `keizai replay`'s `r` steps to
    the next round of National Economy, Futuropia and 企業帝國 ("企業帝國's turns"), but
    since 3573265 a 企業帝國 replay steps its turns by `t` and `b` and refuses `r` and `s`
    ("Press Enter, or type t, p, b, e, l, q or a move from 0 to 8."): a new user typing
    `r` there was refused. Each game README names for `r` takes it, and each that takes
    it is named."""
    import keizai
    from keizai.terminal_replay import RecordedGame

    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    said = re.search(r"`r` to the start of the next round \(([^)]*)\)", text)
    assert said, "README no longer says what r does"
    games = {"National Economy": "national-economy/progress", "Futuropia": "futuropia",
             "企業帝國": "enterprise-empire"}
    for name, game in games.items():
        takes_r = RecordedGame(keizai.new_game(game, 2, seed=1).record()).has_rounds()
        assert (f"{name}'s" in said.group(1)) == takes_r, (name, said.group(1))
