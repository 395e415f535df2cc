"""Watching a record (keizai.terminal_replay): each move's own log lines and position,
turns as runs of one seat's moves, and the keys of the viewer."""

from __future__ import annotations

import itertools
import json
import random
import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import keizai
from keizai.cli import app
from keizai.terminal_replay import RecordedGame, ReplayViewer


def _answering(prompts: list[str], answers: Iterator[str]) -> Callable[[str], str]:
    """The viewer's input(): notes each prompt and gives the next answer ("q" once they
    run out)."""
    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers, "q")
    return answer


def _step_shown(prompt: str) -> int:
    """The step a replay prompt shows ("12/40 …")."""
    found = re.search(r"(\d+)/", prompt)
    assert found, prompt
    return int(found.group(1))


@cache
def _finished(game: str, players: int, seed: int) -> tuple[tuple[str, Any], ...]:
    rng = random.Random(seed)
    state = keizai.new_game(game, players, seed=seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return tuple(state.record().items())


def finished(game: str = "national-economy/mecenat", players: int = 2,
             seed: int = 3) -> dict[str, Any]:
    """The record of a game played to its end by random choices."""
    return dict(_finished(game, players, seed))


def upto(record: dict[str, Any], moves: int) -> keizai.State:
    return keizai.replay({**record, "actions": record["actions"][:moves]})


def test_each_move_shows_its_own_log_lines_and_the_position_it_left() -> None:
    record = finished()
    game = RecordedGame(record)
    assert game.moves == len(record["actions"])
    for seat in (None, 0, 1):
        every = [line for move in range(game.moves + 1)
                 for line in game.log_lines(move, seat, "en")]
        assert every == game.final.log(seat, "en")
    for move in (1, 2, 7, game.moves, 5, 0):   # forward, then back
        before = upto(record, move - 1).log(None) if move else []
        after = upto(record, move)
        assert game.log_lines(move, None, "en") == after.log(None)[len(before):]
        assert game.state_at(move).view(None) == after.view(None)
        assert game.state_at(move).view(1) == after.view(1)


def test_a_turn_is_a_run_of_moves_by_one_seat() -> None:
    game = RecordedGame(finished("enterprise-empire", 3, 2))
    ends = game.turn_ends()
    assert ends[-1] == game.moves
    for start, end in zip([0, *ends], ends, strict=False):
        assert len(set(game.movers[start:end])) == 1
        if end < game.moves:
            assert game.movers[end] != game.movers[end - 1]
    assert any(end - start > 1 for start, end in zip([0, *ends], ends, strict=False))


def session(keys: list[str], record: dict[str, Any] | None = None
            ) -> tuple[list[int], str, RecordedGame]:
    """The viewer driven by `keys`: the move each prompt stood at, and all it printed."""
    game = RecordedGame(record or finished())
    said: list[str] = []
    prompts: list[int] = []
    answers = iter(keys)

    def ask(prompt: str) -> str:
        prompts.append(int(re.match(r"Move (\d+)/", prompt).group(1)))  # type: ignore[union-attr]
        return next(answers, "q")

    ReplayViewer(game, None, "en", None, said.append).run(ask)
    return prompts, "\n".join(said), game


def test_the_viewer_steps_by_move_and_turn_jumps_and_goes_back() -> None:
    game = RecordedGame(finished())
    ends = game.turn_ends()
    after_t = next(end for end in ends if end > 2)
    before_b = max(end for end in ends if end < after_t - 1)
    prompts, out, _ = session(["p", "", "", "t", "p", "b", "12", "e", "0", "q"])
    assert prompts == [0, 0, 1, 2, after_t, after_t - 1, before_b, 12, game.moves, 0]
    assert "This is the set-up, before the first move." in out
    assert out.count("Move 0/") == 2 and "Final ranking: 1. P" in out


def test_a_turn_jump_shows_every_move_of_the_turn() -> None:
    game = RecordedGame(finished())
    start = next(end for end in game.turn_ends() if end > 0 and
                 next(e for e in game.turn_ends() if e > end) - end > 1)
    end = next(e for e in game.turn_ends() if e > start)
    _, out, _ = session([str(start), "t"])
    frame = out[out.rindex(f"Move {start}/"):]
    for move in range(start + 1, end + 1):
        assert f"Move {move}/{game.moves} · P{game.movers[move - 1] + 1}: " in frame
    assert f"Move {end + 1}/" not in frame


def test_the_end_shows_the_final_ranking_and_says_it_is_the_last_move() -> None:
    prompts, out, game = session(["e", "", "n", "t"])
    assert prompts[-1] == game.moves
    assert out.count("That was the last move") == 3
    assert out.count("Final ranking: 1. P") == 1 and "Scores:" in out


def test_a_bad_key_or_move_is_asked_again_and_l_prints_the_log_so_far() -> None:
    game = RecordedGame(finished())
    prompts, out, _ = session(["x", str(game.moves + 1), "-1", "１０", "l"])
    assert prompts == [0, 0, 0, 0, 10, 10]   # full-width digits are a number too
    assert out.count(f"or a move from 0 to {game.moves}.") == 3
    log = out[out.rindex("Move 0/"):]
    assert [line.removeprefix("  · ") for line in log.splitlines() if line.startswith("  · ")] \
        == upto(game.record, 10).log(None)


def test_a_record_that_stops_before_the_end_says_so() -> None:
    record = finished()
    record["actions"] = record["actions"][:9]
    _, out, _ = session(["e"], record)
    assert "The record ends here, before the end of the game." in out
    assert "Final ranking" not in out


def test_rounds_are_the_rounds_each_game_counts() -> None:
    """National Economy's rounds begin with their log line, 企業帝國's turns with the turn
    counter, and a Futuropia round goes once round the table: each seat plays at most
    one turn in it, in seat order."""
    ne = RecordedGame(finished())
    starts = ne.round_starts()
    assert [ne.rounds[move] for move in starts] == list(range(2, len(starts) + 2))
    for move in starts:
        assert any(line.startswith(f"Round {ne.rounds[move]} begins")
                   for line in ne.log_lines(move, None, "en"))
    ee = RecordedGame(finished("enterprise-empire", 3, 2))
    turns = [ee.state_at(move).view(None)["turn"] for move in range(ee.moves + 1)]
    assert ee.round_starts() == [move for move in range(1, ee.moves + 1)
                                 if turns[move] != turns[move - 1]]
    fu = RecordedGame(finished("futuropia", 4, 5))
    bounds = [0, *fu.round_starts(), fu.moves + 1]
    assert len(bounds) > 10
    for start, end in itertools.pairwise(bounds):
        seats = [fu.state_at(move).view(None)["turn"] for move in range(start, end)]
        played = [seat for k, seat in enumerate(seats) if k == 0 or seat != seats[k - 1]]
        assert played == sorted(set(played)), (start, played)


def test_the_viewer_steps_by_round_and_shows_every_move_of_it() -> None:
    game = RecordedGame(finished())
    first, second = game.round_starts()[:2]
    prompts, out, _ = session(["r", "r", "s", "s", "s", str(first + 2), "s", "e", "r"])
    assert prompts == [0, first, second, first, 0, 0, first + 2, first, game.moves,
                       game.moves]
    frame = out[out.index(f"Move 1/{game.moves}"):out.index(f"Move {first + 1}/")]
    for move in range(1, first + 1):
        assert f"Move {move}/{game.moves} · P" in frame
    assert "Round 2 begins" in frame
    assert out.count("This is the set-up, before the first move.") == 1
    assert out.count("That was the last move") == 1


def test_the_prompt_names_the_round_in_each_language() -> None:
    game = RecordedGame(finished("enterprise-empire", 3, 2))
    move = game.round_starts()[3]   # the start of the 5th turn
    asked: dict[str, list[str]] = {}
    for lang in ("en", "ja", "zh-TW"):
        prompts = asked[lang] = []
        answers = iter([str(move)])
        ReplayViewer(game, None, lang, None, lambda _: None).run(
            _answering(prompts, answers))
    assert "turn 5:" in asked["en"][1] and "t = end of the turn" in asked["en"][1]
    assert "手番5）" in asked["ja"][1] and "t = 手番の終わりまで" in asked["ja"][1]
    assert "第5回合）" in asked["zh-TW"][1] and "t = 到回合結束" in asked["zh-TW"][1]
    assert "round" not in " ".join(asked["en"])


@pytest.mark.parametrize(("lang", "bad_key"), [
    ("en", "or type t, p, b, e, l, q or a move from 0 to {moves}."),
    ("ja", "t、p、b、e、l、q、または0から{moves}までの手の番号"),
    ("zh-TW", "或輸入t、p、b、e、l、q，或0到{moves}的步數。"),
])
def test_a_game_that_counts_turns_steps_by_them_and_offers_no_round_keys(
        lang: str, bad_key: str) -> None:
    """企業帝國 has no rounds: its table counts turns ("Turn 5"), and an offer another
    seat answers (buy the revealed material or pass) belongs to the turn it is made in.
    t goes to the end of that turn, b to the end of the turn before; the prompt offers no
    r and s, which are refused as unknown keys (they went where t and b went, by other
    bounds: t stopped where another seat answered an offer, r ran on past the end of
    the turn into the next seat's own turn, and every key spoke of the same turn)."""
    game = RecordedGame(finished("enterprise-empire", 4, 1))
    starts = game.round_starts()
    # a turn of which another seat answered an offer: not a run of one seat's moves
    start, end = next((a, b) for a, b in itertools.pairwise(starts)
                      if len(set(game.movers[a:b])) > 1)
    middle = next(move for move in range(start + 1, end)
                  if game.movers[move] != game.movers[start])
    said: list[str] = []
    prompts: list[str] = []
    answers = iter([str(start + 1), "t", "t", "b", "b", str(middle), "t", "r", "s"])
    ReplayViewer(game, None, lang, None, said.append).run(
        _answering(prompts, answers))
    shown = [_step_shown(prompt) for prompt in prompts]
    after = next(s for s in starts if s > end)
    assert shown == [0, start + 1, end, after, end, start, middle, end, end, end]
    assert [game.rounds[move] for move in (start, end, after)] == \
        [game.rounds[start], game.rounds[start] + 1, game.rounds[start] + 2]
    assert sum(bad_key.format(moves=game.moves) in line for line in said) == 2
    assert not any(re.search(r"\b[rs] = ", prompt) for prompt in prompts)
    assert all(re.search(r"\bt = .*\bb = ", prompt) for prompt in prompts)


class _Failing:
    """A bot that breaks down at its `after`-th choice (what a buggy agent does)."""

    def __init__(self, after: int) -> None:
        self.left = after

    def choose(self, state: keizai.State) -> Any:
        self.left -= 1
        if self.left < 0:
            raise RuntimeError("the bot broke down")
        return state.legal_actions()[0]


def test_a_tournament_game_that_failed_shows_its_error_and_the_move_it_stopped_at(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A records.jsonl line of a game that ended in an error: the replay says what the
    error was and at which move, in each language (it used to stop silently, as if the
    record were a save of an unfinished game)."""
    from keizai.sim import Tournament, run_tournament
    from keizai.sim import runner as sim_runner
    from keizai.sim.outdir import RECORDS, OutDir

    monkeypatch.setattr(sim_runner, "make_agent", lambda spec, seed=None: _Failing(7))
    t = Tournament("national-economy/mecenat", 2, ["random"], games=2, seed=4)
    with OutDir(tmp_path, t, records=True) as kept:
        result = run_tournament(t, workers=1, played=kept.rows, records=True,
                                on_game=kept.add)
    assert all(row["error"] == "RuntimeError: the bot broke down" for row in result.rows)
    path = str(tmp_path / RECORDS)
    lines = map(json.loads, Path(path).read_text().splitlines())
    line = next(line for line in lines if line["index"] == 1)
    moves = len(line["actions"])
    assert moves >= 14   # each seat's bot chose 7 times
    wide = {"COLUMNS": "1000"}   # the error's line whole (it folds in a narrow terminal)
    out = CliRunner().invoke(app, ["replay", path, "--game-index", "1", "--lang", "en"],
                             env=wide)
    assert out.exit_code == 0, out.output
    said = (f"The game stopped on an error at move {moves + 1} (the record holds the moves "
            "before it): RuntimeError: the bot broke down")
    assert out.output.splitlines()[1] == said and out.output.rstrip().endswith(said)
    assert "The record ends here" not in out.output
    for lang, words in (("ja", f"{moves + 1}手目でエラー"), ("zh-TW", f"第{moves + 1}步因錯誤")):
        out = CliRunner().invoke(app, ["replay", path, "--game-index", "0", "--lang", lang],
                                 env=wide)
        assert out.exit_code == 0 and words in out.output.splitlines()[1], out.output


def test_a_game_that_failed_after_its_last_move_says_its_scores_were_not_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A tournament game whose moves all played but whose scoring failed: its record is
    a whole game, and the replay says the error instead of a ranking."""
    monkeypatch.setenv("COLUMNS", "1000")   # the error's line whole
    record = {**finished(), "error": "KeyError: 'total'"}
    _, out, game = session(["e"], record)
    said = ("The game ended, then stopped on an error while its scores were counted: "
            "KeyError: 'total'")
    assert out.splitlines()[1] == said and out.count(said) == 2
    assert "Final ranking" not in out and game.final.is_over


TITLES = (("national-economy/mecenat", 3, 1), ("futuropia", 3, 2), ("enterprise-empire", 3, 2))


@pytest.mark.parametrize(("title", "players", "seed"), TITLES)
def test_every_position_and_log_shown_is_the_replay_from_the_start(
        title: str, players: int, seed: int) -> None:
    """Stepped back from the end, forward from the start and jumped about, the viewer
    shows at every move the table and log lines of a replay of the record from its start
    (it now continues from a position it kept instead of replaying from the start)."""
    record = finished(title, players, seed)
    seats = (None, *range(players))
    reference = keizai.replay({**record, "actions": []})
    views, tables, counts = [], [], []   # counts: the log's entries so far
    for move in range(len(record["actions"]) + 1):
        if move:
            reference.apply(record["actions"][move - 1])
        views.append([reference.view(seat) for seat in seats])
        tables.append(reference.game.render_text(reference.view(None), "ja"))
        counts.append(reference.event_count())
    lines = {seat: reference.log(seat, "ja") for seat in seats}
    logs = [{seat: lines[seat][counts[move - 1] if move else 0:counts[move]] for seat in seats}
            for move in range(len(counts))]
    game = RecordedGame(record)
    viewer = ReplayViewer(game, None, "ja", None, lambda _: None)
    jumps = random.Random(seed).choices(range(game.moves + 1), k=60)
    for move in [*range(game.moves, -1, -1), *range(game.moves + 1), *jumps]:
        assert [game.state_at(move).view(seat) for seat in seats] == views[move], move
        assert viewer.table(move) == tables[move], move
        assert {seat: game.log_lines(move, seat, "ja") for seat in seats} == logs[move], move


def test_a_key_press_applies_a_few_moves_not_the_record_from_its_start(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A long 企業帝國 game walked through with every key: no key press costs more than
    the moves from the position kept before it (each press replayed the record from its
    start when it went back, about a whole replay late in the game)."""
    from keizai import terminal_replay

    game = RecordedGame(finished("enterprise-empire", 4, 1))
    assert game.moves > 900
    applied = [0]
    replay, apply_next = keizai.replay, getattr(RecordedGame, "_apply_next", None)

    def counted_replay(record: dict[str, Any], log: bool = True) -> keizai.State:
        applied[0] += len(record["actions"])
        return replay(record, log)

    def counted_apply(self: RecordedGame, state: keizai.State) -> None:
        applied[0] += 1
        assert apply_next is not None
        apply_next(self, state)

    monkeypatch.setattr(keizai, "replay", counted_replay)
    monkeypatch.setattr(RecordedGame, "_apply_next", counted_apply, raising=False)
    late = game.moves - 30
    keys = ([str(late)] + [""] * 20 + ["p"] * 40 + ["t", "r", "s", "s", "b", "b"] * 5
            + ["e", "0", str(game.moves // 2), "p", "e", "p", "p", "s"])
    costs: list[int] = []

    def ask(_: str) -> str:
        costs.append(applied[0])
        applied[0] = 0
        return keys[len(costs) - 1] if len(costs) <= len(keys) else "q"

    ReplayViewer(game, None, "en", None, lambda _: None).run(ask)
    assert len(costs) == len(keys) + 1
    assert max(costs) <= terminal_replay.KEEP_EVERY, costs


@pytest.mark.parametrize(("lang", "bad_key"), [
    ("en", "or type t, p, b, e, l, q or a move from 0 to {moves}."),
    ("ja", "t、p、b、e、l、q、または0から{moves}までの手の番号"),
    ("zh-TW", "或輸入t、p、b、e、l、q，或0到{moves}的步數。"),
])
def test_the_round_keys_are_refused_in_a_game_without_rounds(
        monkeypatch: pytest.MonkeyPatch, lang: str, bad_key: str) -> None:
    """A game whose rules count no rounds (`Game.round_number`'s default; every title
    shipped counts them, so National Economy is made one here): r and s are keys like any
    unknown one, refused with the keys there are, the viewer staying where it was, and
    the prompt names neither a round nor those keys."""
    from keizai.engine import Game
    from keizai.rules.national_economy import NationalEconomy

    monkeypatch.setattr(NationalEconomy, "round_number", Game.round_number)
    game = RecordedGame(finished())
    assert game.rounds == [None] * (game.moves + 1) and game.round_starts() == []
    said: list[str] = []
    prompts: list[str] = []
    answers = iter(["r", "s", "7", "r", "s", "e", "s"])
    ReplayViewer(game, None, lang, None, said.append).run(
        _answering(prompts, answers))
    shown = [_step_shown(prompt) for prompt in prompts]
    assert shown == [0, 0, 0, 7, 7, 7, game.moves, game.moves]
    assert sum(bad_key.format(moves=game.moves) in line for line in said) == 5
    assert not any(re.search(r"\b[rs] = ", prompt) for prompt in prompts)
    assert all(re.search(r"\bp = ", prompt) for prompt in prompts)


def test_opening_a_record_applies_each_of_its_moves_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening a long 企業帝國 record (`keizai replay`) plays each of its moves once:
    the moves applied are counted as the histories of the games set up (every apply adds
    one move to its game's history; a kept position is a clone, not a new game). It was
    replayed twice, once to check it and once to build the viewer's positions."""
    from keizai.engine import registry

    record = finished("enterprise-empire", 4, 1)
    set_up: list[keizai.State] = []
    new_game = registry.new_game

    def counted_new_game(*args: Any, **kwargs: Any) -> keizai.State:
        state = new_game(*args, **kwargs)
        set_up.append(state)
        return state

    monkeypatch.setattr(registry, "new_game", counted_new_game)
    game = RecordedGame(record)
    assert game.moves == len(record["actions"]) > 900
    assert sum(len(state.history) for state in set_up) == game.moves


def test_a_move_that_does_not_replay_is_refused_with_its_number() -> None:
    """The one pass that opens a record refuses a move that does not replay as
    `keizai.replay` does, naming its number, in every language."""
    record = finished()
    actions = list(record["actions"])
    actions[5] = "place:nowhere"
    broken = {**record, "actions": actions}
    with pytest.raises(keizai.IllegalAction) as engine:
        keizai.replay(broken)
    with pytest.raises(keizai.IllegalAction) as viewer:
        RecordedGame(broken)
    for lang in ("en", "ja", "zh-TW"):
        assert viewer.value.render(lang) == engine.value.render(lang)
    assert "6" in viewer.value.render("en")


def test_a_move_after_the_end_is_refused_as_keizai_replay_refuses_it() -> None:
    """A record with a move after the game's end (a record edited by hand, or of another
    deal) is refused with the move's number and "the game is over", in every language,
    as `keizai.replay` refuses it, not with a bare AssertionError."""
    record = finished()
    broken = {**record, "actions": [*record["actions"], record["actions"][0]]}
    with pytest.raises(keizai.IllegalAction) as engine:
        keizai.replay(broken)
    with pytest.raises(keizai.IllegalAction) as viewer:
        RecordedGame(broken)
    for lang in ("en", "ja", "zh-TW"):
        assert viewer.value.render(lang) == engine.value.render(lang)
    assert "game is over" in viewer.value.render("en")


@pytest.mark.parametrize("columns", [60, 80])
def test_the_replay_draws_the_enterprise_empire_board_in_the_terminal_columns(
        columns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """keizai replay shows each position's table as keizai play does: 企業帝國's board in
    the terminal's columns ($COLUMNS here), not 78 columns whatever the terminal."""
    monkeypatch.setenv("COLUMNS", str(columns))
    game = RecordedGame(finished("enterprise-empire", 3, 2))
    table = ReplayViewer(game, None, "ja", None, print).table(10)
    legend = keizai.i18n.tr("ee.tui.legend", "ja").split("、")[0]  # its first line
    board = table.split(legend)[0].splitlines()
    widths = [sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
              for line in board]
    assert columns - 6 < max(widths) <= columns


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_replay_s_heading_and_moves_fold_in_the_terminal_s_width(tmp_path: Path,
                                                                     lang: str) -> None:
    """`keizai replay` folded its log lines and tables at the terminal's width but not its
    own lines: 'Replay of Futuropia, 3 players, 281 moves; view: everyone (public).' (67
    columns; 「フューチュロピアのリプレイ、…」 64), a move line such as '272/281手 · P3：終了：
    自分のゲームをここで終える（表のタイルが得点）' (68) or 「第272/281步 · P3：提前結束：…」
    (66), found in a 60-column terminal in every language. Each folds between its words,
    and reads whole joined."""
    from keizai.i18n import action_label, tr
    from keizai.rules.folding import columns

    record = finished("futuropia", 3, 5)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path), "--all", "--lang", lang],
                                env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(columns(line) for line in lines) <= 60, max(lines, key=columns)
    glue = " " if lang == "en" else ""
    heading = tr("cli.replay_header", lang, title=tr("game.futuropia", lang), players=3,
                 moves=len(record["actions"]), who=tr("everyone", lang))

    def reads(at: int, whole: str) -> bool:   # lines from `at` read `whole` when joined
        return any(glue.join(line.strip() for line in lines[at:at + n]) == whole
                   for n in (1, 2, 3))

    assert reads(0, heading), lines[:3]
    last = len(record["actions"])
    move = tr("cli.replay_move", lang, n=last, moves=last, seat=RecordedGame(record).movers[-1],
              action=action_label("futuropia", record["actions"][-1], lang))
    assert any(reads(at, move) for at, line in enumerate(lines) if line.startswith(move[:5]))


def test_a_record_s_error_cannot_drive_the_terminal(tmp_path: Path) -> None:
    """A record is a file anyone may have written and shared, and `keizai replay` printed
    its "error" as it was: escape sequences in it set the viewer's window title ('\\x1b]0;
    …\\x07', which a terminal takes from anything printed; OSC 52 would write its
    clipboard), cleared the screen or coloured the rest. Its characters a terminal acts
    on are shown escaped, and a long one is cut."""
    record = {**finished(), "error": "\x1b]0;PWNED\x07\x1b[2JRuntimeError: boom" + "!" * 2000}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path), "--all", "--lang", "en"],
                                env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "\x1b" not in out and "\x07" not in out, repr(out[:300])
    assert "\\x1b]0;PWNED\\x07\\x1b[2JRuntimeError: boom" in out
    assert "!" * 400 in out and "!" * 500 not in out   # cut at 500 characters


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_replay_of_a_finished_game_says_its_seed_and_of_a_game_in_play_not(
        tmp_path: Path, lang: str) -> None:
    """`keizai play` keeps the seed of a game with hidden information out of sight until
    the game is over and says it then (tests/test_cli_seed.py), but `keizai replay` of
    the finished game said it nowhere. It says it under the heading once the game is
    over; the replay of a save still in play does not, as the seed would rebuild the
    hands the spectator's view hides."""
    from keizai.i18n import tr

    seed = 918_273_645
    record = finished("national-economy/progress", 2, seed)
    path = tmp_path / "game.json"
    for actions, over in ((record["actions"], True), (record["actions"][:30], False)):
        path.write_text(json.dumps({**record, "actions": actions}))
        result = CliRunner().invoke(app, ["replay", str(path), "--all", "--lang", lang])
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        if over:
            said = lines.index(tr("cli.seed_at_end", lang, seed=seed))
            heading = tr("cli.replay_header", lang, title=tr("game.national-economy/progress",
                                                             lang),
                         players=2, moves=len(actions), who=tr("everyone", lang))
            assert "".join(lines[:said]).replace(" ", "") == heading.replace(" ", "")
        else:
            assert str(seed) not in result.output


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "The record says the scores were 1, 2; this keizai's replay ends on {totals}: "
           "a record of another version of the rules?"),
    ("ja", "記録の得点は1, 2ですが、この keizai で再現すると{totals}になります"),
    ("zh-TW", "紀錄中的分數為1, 2，但此版 keizai 重播的結果為{totals}")])
def test_a_record_whose_scores_are_not_its_replays_says_so(lang: str, words: str) -> None:
    """A tournament's record keeps its scores (keizai sim --records): replayed by a keizai
    whose rules count otherwise (another version), it says so in the header and at the end
    rather than show other scores as the game's."""
    record = finished()
    totals = ", ".join(str(row["total"]) for row in keizai.replay(record).scores())
    said: list[str] = []
    viewer = ReplayViewer(RecordedGame({**record, "scores": [1, 2]}), None, lang, None,
                          said.append)
    viewer.print_to(viewer.game.moves)
    out = "".join("\n".join(said).split())   # folded lines joined, spaces aside
    assert out.count("".join(words.format(totals=totals).split())) == 2, "\n".join(said)
    said.clear()
    ReplayViewer(RecordedGame({**record, "scores": [int(t) for t in totals.split(", ")]}),
                 None, lang, None, said.append).print_to(viewer.game.moves)
    assert "1, 2" not in "\n".join(said) and "keizai" not in "\n".join(said)
