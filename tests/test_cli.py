"""The `keizai` command: terminal play and simulation (issue: terminal play and sim)."""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import socket
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import keizai
from keizai.cli import app
from tests.postgres import free_port

runner = CliRunner()


def test_games_lists_every_game() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for game_id in keizai.games():
        assert game_id in result.output


def test_games_lists_the_titles_in_the_language_asked() -> None:
    """Found in session 14: `keizai games` listed English titles whatever the language."""
    result = runner.invoke(app, ["games", "--lang", "ja"])
    assert result.exit_code == 0, result.output
    glory = "national-economy/glory       ナショナルエコノミー・グローリー（1～4人）"
    assert glory in result.output
    assert "players" not in result.output
    assert "futuropia                    富途共樂（2～4人）" in runner.invoke(
        app, ["games", "--lang", "zh-TW"]).output


def test_a_game_between_bots_plays_to_the_final_ranking() -> None:
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--players", "3",
                                 "--seed", "1", "--seats", "random,random,random"])
    assert result.exit_code == 0, result.output
    assert "Final ranking: 1. P" in result.output
    assert "Scores:" in result.output and "VP cards" in result.output
    assert "vp_cards" not in result.output   # the page's words, not the scores' keys


def test_bad_input_reprompts_with_a_reason() -> None:
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--players", "2",
                                 "--seed", "1"], input="banana\n99\nq\n")
    assert result.exit_code == 0
    assert result.output.count("Please type a number from 1 to") == 2
    assert "Game left unfinished" in result.output


def test_the_table_shows_hand_workplaces_and_numbered_actions() -> None:
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--players", "2",
                                 "--seed", "1"], input="q\n")
    out = result.output
    assert "Round 1/9" in out and "wage $2" in out and "Budget $0" in out
    assert "Workplaces:" in out and "Quarry" in out and "Carpenter" in out
    assert "hand:" in out and "1) Place a worker on" in out


def test_undo_goes_back_unless_a_card_was_drawn(tmp_path: Path) -> None:
    """Undo against bots: back to the previous decision, never past a card draw."""
    save = tmp_path / "game.json"
    # seed 3: option 3 is the School (no card drawn); the bot then may draw
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--players", "2",
                                 "--seed", "3", "--seats", "human,random",
                                 "--save", str(save)], input="1\nu\nq\n")
    assert "Cannot undo: since your last decision a card was drawn" in result.output
    state = keizai.replay(json.loads(save.read_text()))
    assert len(state.history) >= 1


@pytest.mark.parametrize(("lang", "die"), [("en", "a die rolled"), ("ja", "サイコロが振られ"),
                                         ("zh-TW", "擲出骰子")])
def test_an_undo_refused_after_a_die_roll_says_so(lang: str, die: str) -> None:
    """企業帝國: the refusal said only "a card was drawn or revealed since your last
    decision", though a die roll stops an undo too (README: never past a card draw or a
    die roll)."""
    result = runner.invoke(app, ["play", "enterprise-empire", "--players", "2", "--seats",
                                 "human,random", "--seed", "2", "--lang", lang],
                           input="1\nu\nq\n")   # a corner; the roll follows; undo
    assert result.exit_code == 0, result.output
    assert die in result.output


def test_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    runner.invoke(app, ["play", "national-economy/mecenat", "--players", "2", "--seed", "5",
                        "--save", str(save)], input="2\nq\n")
    saved = json.loads(save.read_text())
    assert saved["actions"] and saved["seed"] == 5
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--resume", str(save)],
                           input="q\n")
    assert result.exit_code == 0
    # the save does not say the human chose the seed: hidden until the game is over
    # (tests/test_cli_seed.py), unless given again
    assert "seed" not in result.output.splitlines()[0]
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--resume", str(save),
                                 "--seed", "5"], input="q\n")
    assert result.exit_code == 0
    assert "seed 5" in result.output.splitlines()[0]


def test_bad_arguments_are_clear_errors(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "no-such-game"])
    assert result.exit_code == 2 and "unknown game" in result.output
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--players", "9"])
    assert result.exit_code == 2 and "1-4 players" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--resume", str(bad)])
    assert result.exit_code == 2 and "error" in result.output


def test_sim_prints_a_json_summary_without_errors() -> None:
    result = runner.invoke(app, ["sim", "--game", "national-economy/mecenat", "--players",
                                 "4", "--games", "20", "--seed", "1"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output[result.output.index("{"):])
    assert summary["games"] == 20 and summary["errors"] == 0
    assert len(summary["mean_scores"]) == 4 and summary["games_per_second"] > 0


def test_the_terminal_speaks_the_chosen_language() -> None:
    """--lang ja: table, card texts, log, actions and prompts in Japanese (issue #15)."""
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--players", "2",
                                 "--seed", "1", "--lang", "ja"], input="banana\nq\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "ナショナルエコノミー・メセナ" in out and "ラウンド1開始" in out
    assert "採石場に労働者を置く" in out and "職場：" in out
    assert "建物カードを1枚引く。" in out  # the Mine's text
    assert "1から" in out and "ゲームを途中で終了しました。" in out
    assert "Place a worker" not in out and "Round 1" not in out


def test_the_language_defaults_to_the_locale() -> None:
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "1"],
                           input="q\n", env={"LC_ALL": "zh_TW.UTF-8"})
    assert result.exit_code == 0, result.output
    assert "富途共樂" in result.output and "遊戲未完成即離開。" in result.output


def test_an_unknown_language_is_refused() -> None:
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--lang", "fr"])
    assert result.exit_code == 2
    assert "--lang must be one of en, ja, zh-TW" in result.output


# --- the command line is robust (issue 14) ------------------------------------------------
def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"keizai {keizai.__version__}"


def test_save_path_is_checked_before_playing(tmp_path: Path) -> None:
    for bad, reason in ((tmp_path / "missing" / "game.json", "does not exist"),
                        (tmp_path, "is a directory")):
        result = runner.invoke(app, ["play", "national-economy/mecenat", "--players", "2",
                                     "--seats", "random,random", "--save", str(bad)])
        assert result.exit_code == 2 and reason in result.output
        assert "Final ranking" not in result.output


def test_saved_game_keeps_seats_and_resumes_without_a_game_argument(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    runner.invoke(app, ["play", "futuropia", "--players", "3", "--seed", "5",
                        "--seats", "human,heuristic,mcts:iterations=20", "--save", str(save)],
                  input="1\nq\n")
    saved = json.loads(save.read_text())
    assert saved["seats"] == ["human", "heuristic", "mcts:iterations=20"]
    result = runner.invoke(app, ["play", "--resume", str(save)], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Futuropia, 3 players, seed 5" in result.output
    assert json.loads(save.read_text())["seats"] == saved["seats"]
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--resume", str(save)])
    assert result.exit_code == 2
    assert "holds a game of futuropia, not national-economy/mecenat" in result.output


def test_resuming_refuses_players_seed_or_options_other_than_the_saved_ones(
        tmp_path: Path) -> None:
    """`keizai play --resume FILE --players 4` (or --seed, --options) went on with the
    saved game as it was, the option unheeded and nothing said."""
    save = tmp_path / "game.json"
    runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "3", "--save",
                        str(save)], input="q\n")
    for given in (["--players", "4"], ["--seed", "9"], ["--options", '{"advanced": true}']):
        result = runner.invoke(app, ["play", "--resume", str(save), *given], input="q\n")
        assert result.exit_code == 2, result.output
        assert (f"{given[0]} cannot change a saved game: its players, seed and options are "
                "those saved in") in result.output
        assert "Futuropia, 2 players" not in result.output
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", "ja", "--seed", "9"])
    assert "--seed で保存したゲームは変えられません" in result.output
    # the saved ones themselves change nothing
    for given in (["--players", "2"], ["--seed", "3"], ["--options", '{"advanced": false}']):
        result = runner.invoke(app, ["play", "--resume", str(save), *given], input="q\n")
        assert result.exit_code == 0 and "Futuropia, 2 players, seed 3." in result.output


def test_a_json_error_in_a_resume_file_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["play", "--resume", str(bad)])
    assert result.exit_code == 2 and str(bad) in result.output
    assert "not a game record: it cannot be read at line 1, column 2" in result.output
    result = runner.invoke(app, ["play"])
    assert result.exit_code == 2 and "give a game id" in result.output


def test_a_saved_seat_no_bot_has_names_the_file_it_came_from(tmp_path: Path) -> None:
    """A save whose seats name a bot keizai does not know (hand-edited, or from a keizai
    with other bots) was refused as if the player had typed it: "unknown agent 'robot'",
    with no word of the file."""
    save = tmp_path / "game.json"
    runner.invoke(app, ["play", "futuropia", "--players", "2", "--save", str(save)],
                  input="q\n")
    save.write_text(json.dumps({**json.loads(save.read_text()), "seats": ["human", "robot"]}))
    result = runner.invoke(app, ["play", "--resume", str(save)])
    assert result.exit_code == 2
    assert f"error: {save}: cannot read the seat 'robot'" in result.output
    result = runner.invoke(app, ["play", "--resume", str(save), "--seats", "human,random"],
                           input="q\n")
    assert result.exit_code == 0, result.output   # --seats replaces the saved ones


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_resuming_a_file_of_sim_records_says_what_it_is(tmp_path: Path, lang: str) -> None:
    """`keizai play --resume records.jsonl` (keizai sim --records) said "a record is JSON:
    this text is not (line 2, column 1)": the file is records of finished games, one a
    line, which keizai replay shows."""
    from keizai.i18n import tr

    records = tmp_path / "records.jsonl"
    lines = [json.dumps({**keizai.new_game("futuropia", 2, seed=s).record(), "index": s})
             for s in (1, 2)]
    records.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["play", "--resume", str(records), "--lang", lang])
    assert result.exit_code == 2
    assert tr("cli.err_resume_jsonl", lang, path=str(records)) in result.output


# --- the terminal explains itself (issue 14) ----------------------------------------------
def test_a_solo_game_ends_with_a_won_or_lost_line() -> None:
    result = runner.invoke(app, ["play", "national-economy/progress", "--players", "1",
                                 "--seed", "2", "--seats", "random"])
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    # a bot played the seat: the line names it, not "you"
    assert last.startswith(("P1 (bot: random) won: ", "P1 (bot: random) lost: "))
    assert "the target of 100" in last
    assert "Final ranking" not in result.output   # a place among one player says nothing


def test_enterprise_empire_ranking_shows_won_companies_and_cash_not_a_key() -> None:
    """企業帝國's score "total" only orders the seats (won × W + companies × C + cash)."""
    result = runner.invoke(app, ["play", "enterprise-empire", "--players", "2",
                                 "--seed", "2", "--seats", "random,random"])
    assert result.exit_code == 0, result.output
    ranking = next(line for line in result.output.splitlines()
                   if line.startswith("Final ranking:"))
    first = re.search(r"1\. P(\d) \(bot: random\) won, companies \d+, cash \$\d+; 2\. P\d ",
                      ranking)
    assert first, ranking
    assert "pts" not in ranking and f"Winner: P{first.group(1)}" in result.output


def test_hot_seat_answers_an_offer_without_passing_the_screen(tmp_path: Path) -> None:
    """企業帝國: a price card revealed on P1's turn is offered to P2 too; P2 answers it on
    the public table, without a "pass the screen" stop."""
    import random

    for seed in range(50):
        rng = random.Random(seed)
        state = keizai.new_game("enterprise-empire", 2, seed=seed)
        while not state.is_over:
            view = state.view(None)
            offer = view["offer"]
            if offer and offer["to"] == 1 and view["active"] == 0:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            break
    save = tmp_path / "game.json"
    save.write_text(json.dumps({**state.record(), "seats": ["human", "human"]}))
    result = runner.invoke(app, ["play", "--resume", str(save), "--no-auto-single"],
                           input="q\n")
    assert result.exit_code == 0, result.output
    assert "pass the screen" not in result.output
    assert "your price cards" not in result.output  # the public table, no hand shown
    assert "P2, choose:" in result.output
    # Alone against a bot, nobody else looks: P2 answers with its own table, its hand
    # (the price cards it holds) in sight; it was shown the public table there too.
    save.write_text(json.dumps({**state.record(), "seats": ["random", "human"]}))
    result = runner.invoke(app, ["play", "--resume", str(save), "--no-auto-single"],
                           input="q\n")
    assert result.exit_code == 0, result.output
    table = result.output[:result.output.index("P2, choose:")]
    assert "your price cards" in table and "P2, choose:" in result.output


def test_a_hand_is_shown_only_after_the_screen_passes_back_from_an_offer(
        tmp_path: Path) -> None:
    """企業帝國 hot seat: P1 moves (its price cards on the screen), a card revealed on its
    turn is offered to P2, who answers it on the public table; P2's own turn is a forced
    roll only. P1's table, its price cards in sight, then came up at once, while P2 was
    still at the screen: "pass the screen to P1" was asked only when another seat's own
    table had been shown since, not when another human had answered at the screen."""
    import random

    def own_table(state: keizai.State, seat: int) -> bool:   # not an offer on another's turn
        view = state.view(None)
        offer = view["offer"]
        return not (offer and offer["to"] == seat and view["active"] not in (None, seat))

    def passed_back(state: keizai.State) -> bool:
        """P2 passes the offer and has nothing but forced moves before P1 decides."""
        state = keizai.replay(state.record())
        state.apply("pass")
        while not state.is_over and state.current_player == 1:
            if len(state.legal_actions()) > 1:
                return False
            state.apply(state.legal_actions()[0])
        return (not state.is_over and state.current_player == 0 and own_table(state, 0)
                and len(state.legal_actions()) > 1)

    found = None
    for seed in range(20):
        rng = random.Random(seed)
        state = keizai.new_game("enterprise-empire", 2, seed=seed)
        before = None   # P1's last decision at its own table, just before
        while not state.is_over and found is None:
            view = state.view(None)
            offer = view["offer"]
            if (before is not None and offer and offer["to"] == 1 and view["active"] == 0
                    and "pass" in [a.name for a in state.legal_actions()]
                    and passed_back(state)):
                found = before
                break
            legal = state.legal_actions()
            mine = state.current_player == 0 and len(legal) > 1 and own_table(state, 0)
            before = (state.record(), rng.choice(legal)) if mine else None
            state.apply(before[1] if before else rng.choice(legal))
        if found:
            break
    assert found is not None
    record, p1_move = found
    position = keizai.replay(record)
    menu = position.game.menu_order(position.view(0), position.legal_actions())
    offered = keizai.replay(record)
    offered.apply(p1_move)
    offer_menu = offered.game.menu_order(offered.view(1), offered.legal_actions())
    save = tmp_path / "game.json"
    save.write_text(json.dumps({**record, "seats": ["human", "human"]}))
    answers = ["", str(menu.index(p1_move) + 1), "",   # P1 moves, then hides its table
               str([a.name for a in offer_menu].index("pass") + 1), "", "q"]
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", "en"],
                           input="\n".join(answers) + "\n")
    out = result.output
    answered = out.index("P2, choose:")
    shown = out.index("your price cards", answered)
    assert "pass the screen to P1" in out[answered:shown], out[answered:]


def test_final_ranking_shows_shared_places() -> None:
    """Issue 13: Futuropia has no tie-breaker (「若有平手的狀況…再戰一場」): tied seats share
    the place and the terminal says so instead of printing "1. P1 … 2. P2"."""
    from keizai.terminal_text import final_ranking_text
    from tests.rules.futuropia.helpers import new, play, set_stock

    state = new(3)
    set_stock(state, 2, 9, 9, 9)
    state.final = True
    play(state, "stop", "stop", "stop")
    totals = [row["total"] for row in state.scores()]
    text = final_ranking_text(state, ["human", "random", "random"])
    assert text.startswith(f"Final ranking: 1. P3 (bot: random) {totals[2]} pts; "
                           f"2. P1 (human) {totals[0]} pts, "
                           f"P2 (bot: random) {totals[1]} pts (shared)")
    assert "Shared victory" not in text
    tie = new(2)
    tie.final = True
    play(tie, "stop", "stop")
    text = final_ranking_text(tie, ["random", "random"])
    assert "1. P1 (bot: random)" in text and "(shared)" in text
    assert text.endswith("Shared victory: P1, P2")


def test_final_ranking_in_japanese() -> None:
    from keizai.terminal_text import final_ranking_text
    from tests.rules.futuropia.helpers import new, play

    tie = new(2)
    tie.final = True
    play(tie, "stop", "stop")
    text = final_ranking_text(tie, ["random", "random"], "ja")
    assert text.startswith("最終順位：1位はP1（ボット：ランダム）") and "（同位）" in text
    assert text.endswith("同点勝利：P1、P2")


# --- a new user's and an attacker's input (QA) --------------------------------------------
def test_odd_digits_and_huge_numbers_at_the_menu_reprompt() -> None:
    """'²' passes str.isdigit() but not int(); a 5000-digit number passes both checks but
    int() refuses it (Python's 4300-digit limit): both used to end the game in a traceback."""
    for answer in ("²", "9" * 5000, "0" * 5000):
        result = runner.invoke(app, ["play", "national-economy/progress", "--players", "1",
                                     "--seed", "3"], input=f"{answer}\nq\n")
        assert result.exit_code == 0, result.output
        assert result.exception is None
        assert "Please type a number from 1 to" in result.output


@pytest.mark.parametrize(("lang", "words"), [("en", "It was not saved"),
                                           ("ja", "保存はしていません"),
                                           ("zh-TW", "這局沒有儲存")])
def test_leaving_a_game_without_save_says_it_is_lost(lang: str, words: str) -> None:
    """Without --save, q, Ctrl-C or the end of the input said only "Game left unfinished.",
    which reads as if it could be taken up again; it says the game was not saved and how
    to keep one."""
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--lang", lang],
                           input="q\n", env={"COLUMNS": "1000"})  # the last line whole
    assert result.exit_code == 0, result.output
    last = result.output.splitlines()[-1]
    assert words in last and "--save" in last and "--resume" in last


def test_quitting_before_the_first_move_leaves_the_promised_save(tmp_path: Path) -> None:
    """'resume with --resume FILE' is printed on quitting: the file must exist, with the
    seed (a new random one when --seed is not given) and the seats."""
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seats",
                                 "human,heuristic", "--save", str(save)], input="q\n",
                           env={"COLUMNS": "1000"})  # the path on the line of its words
    assert f"resume with --resume {save}" in result.output
    saved = json.loads(save.read_text())
    assert saved["actions"] == [] and saved["seats"] == ["human", "heuristic"]
    result = runner.invoke(app, ["play", "--resume", str(save)], input="q\n")
    assert result.exit_code == 0, result.output
    assert f"seed {saved['seed']}" in result.output


def test_a_save_that_cannot_be_written_is_a_clear_error_and_keeps_the_last_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Disk full in the middle of a game: a clear error, and the file still holds the game
    as of the move before (the old write truncated the save first, then failed)."""
    save = tmp_path / "game.json"
    real_write = Path.write_text
    writes = []

    def write_text(self: Path, text: str, *args: Any, **kwargs: Any) -> int:
        writes.append(self)
        if len(writes) >= 3:
            self.open("w").close()  # what a failed write leaves: the file opened, empty
            raise OSError(28, "No space left on device")
        return real_write(self, text, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", write_text)
    result = runner.invoke(app, ["play", "national-economy/progress", "--players", "1",
                                 "--seed", "3", "--save", str(save)], input="1\n1\n1\nq\n")
    monkeypatch.undo()
    assert result.exit_code == 2, result.output
    assert "cannot write --save" in result.output and "the disk is full" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    state = keizai.replay(json.loads(save.read_text()))
    assert len(state.history) >= 1
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc")
def test_a_save_or_out_path_the_system_refuses_is_a_clear_error(tmp_path: Path) -> None:
    """As root os.access() allows everything; /proc still refuses new files."""
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seats",
                                 "random,random", "--save", "/proc/keizai-qa.json"])
    assert result.exit_code == 2 and "cannot write --save /proc/keizai-qa.json" in result.output
    assert "Final ranking" not in result.output
    result = runner.invoke(app, ["sim", "--games", "1", "--workers", "1", "--players", "2",
                                 "--out", "/proc/keizai-qa"])
    assert result.exit_code == 2 and "--out /proc/keizai-qa cannot be created" in result.output
    assert '"errors"' not in result.output


def test_undo_takes_back_a_whole_house_purchase_not_its_last_step(tmp_path: Path) -> None:
    """A house purchase is one prompt (L10A, then 'no more houses' applied by the helper):
    undo goes back to that prompt with every house and the money as before, not into the
    middle of the purchase (an 0-5 beds prompt the player never saw)."""
    save = tmp_path / "game.json"
    # seed 4, human P1 against the heuristic: Invite (3), 4 residents (4), house L10A (10)
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "4",
                                 "--seats", "human,heuristic", "--save", str(save)],
                           input="3\n4\n10\n\nu\nq\n")
    assert result.exit_code == 0, result.output
    assert "Undone: back to your previous decision." in result.output
    state = keizai.replay(json.loads(save.read_text()))
    decision = state.pending_decision()
    assert decision is not None and decision.kind == "houses"
    assert (decision.amount, decision.maximum) == (4, 9)
    assert "$6 house (4 beds)" in [c.label for c in decision.candidates]  # L10A
    after_undo = result.output[result.output.index("Undone"):]
    assert "Buy houses for 4 new residents: 4-9 beds in all\n" in after_undo


def test_ctrl_c_leaves_the_game_with_the_resume_line(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at a prompt (or while a bot thinks) ends the game like q: a line that says how
    to resume, the save as of the last move, exit status 130."""
    save = tmp_path / "game.json"

    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "4",
                                 "--seats", "human,heuristic", "--save", str(save)],
                           env={"COLUMNS": "1000"})   # the line whole (it folds: test_cli_leaving)
    assert result.exit_code == 130, result.output
    assert f"Game left unfinished; resume with --resume {save}" in result.output
    assert json.loads(save.read_text())["seed"] == 4


def test_a_new_game_does_not_overwrite_a_saved_game(tmp_path: Path) -> None:
    """`--save game.json` where --resume was meant: the saved game is kept and the error
    says how to continue it. A finished game may be overwritten; any other file is kept
    (found by the session-13 terminal pass: a notes file or a damaged save was replaced
    without a word)."""
    save = tmp_path / "game.json"
    runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "5",
                        "--seats", "human,random", "--save", str(save)], input="1\nq\n")
    kept = save.read_text()
    result = runner.invoke(app, ["play", "enterprise-empire", "--players", "2",
                                 "--seats", "random,random", "--save", str(save)])
    assert result.exit_code == 2
    assert f"already holds a saved game of Futuropia; continue it with --resume {save}" \
        in result.output
    assert save.read_text() == kept
    damaged = {**json.loads(kept), "actions": ["no such action"]}
    for text in ("my notes\n", "[]", json.dumps(damaged)):   # kept, with the reason
        notes = tmp_path / "notes.json"
        notes.write_text(text)
        result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "5",
                                     "--seats", "random,random", "--save", str(notes)])
        assert result.exit_code == 2 and "is not a finished keizai game" in result.output
        assert notes.read_text() == text
    finished = tmp_path / "finished.json"
    for _ in range(2):  # a new game, then another over the finished one
        result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "5",
                                     "--seats", "random,random", "--save", str(finished)])
        assert result.exit_code == 0 and json.loads(finished.read_text())["game"] == "futuropia"


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("text", ["my notes\n", "[]", ""])
def test_a_file_that_is_no_save_is_refused_once(text: str, lang: str, tmp_path: Path) -> None:
    """`keizai play futuropia --save notes.json` on a file that holds no record printed
    two errors: 'error: notes.json: not readable as a game record (line 1, column 1)',
    the check's reading of the file said as if the player had asked to read it, then
    the refusal itself ('--save notes.json exists and is not a finished keizai game').
    Only the refusal is said."""
    from keizai.i18n import tr

    notes = tmp_path / "notes.json"
    notes.write_text(text)
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seats",
                                 "random,random", "--save", str(notes), "--lang", lang])
    assert result.exit_code == 2
    refusal = tr("cli.error", lang, message=tr("cli.err_save_other", lang, path=str(notes)))
    assert result.output.strip() == refusal, result.output
    assert notes.read_text() == text


def test_a_device_or_a_pipe_is_no_save(tmp_path: Path) -> None:
    """Found by the session-13 terminal pass: `--save /dev/zero` read the device whole
    (the process was killed for its memory) and a FIFO hung the game."""
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        for args in (["play", "futuropia", "--players", "2", "--save", path],
                     ["play", "--resume", path]):
            result = runner.invoke(app, args, input="q\n")
            assert result.exit_code == 2, (args, result.output)
            assert "is not a regular file" in result.output or \
                "is not a finished keizai game" in result.output


def test_human_is_a_seat_name_in_any_case_as_the_bot_names_are() -> None:
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "1",
                                 "--seats", "Human, HEURISTIC"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "P1, choose:" in result.output


def test_resuming_with_the_same_file_named_two_ways_is_no_overwrite(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "5",
                        "--seats", "human,random", "--save", "game.json"], input="1\nq\n")
    result = runner.invoke(app, ["play", "--resume", "game.json", "--save",
                                 str(tmp_path / "game.json")], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Futuropia, 2 players, seed 5" in result.output


def test_a_terminal_that_cannot_show_chinese_gets_replacements_not_a_traceback() -> None:
    """企業帝國 on a latin-1 terminal: '?' for what it cannot show, the game goes on."""
    import os
    import subprocess
    import sys

    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src, "PYTHONIOENCODING": "latin-1"}
    for args, stdin in ((["games"], ""), (["play", "enterprise-empire", "--players", "2",
                                          "--seed", "1"], "q\n")):
        done = subprocess.run([sys.executable, "-m", "keizai.cli", *args], input=stdin,
                              capture_output=True, text=True, timeout=120, env=env,
                              encoding="latin-1")
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr and "enterprise" in done.stdout.lower()


@pytest.mark.parametrize(("args", "message"), [
    (["--database-url", "nonsense://x"], "keizai keeps its games in SQLite or PostgreSQL"),
    (["--database-url", "nonsense"], "cannot open the database"),
    (["--database-url", "postgresql+psycopg://x@127.0.0.1:1/db"], "cannot open the database"),
    (["--bot-delay", "nan"], "--bot-delay must be"),
    (["--bot-delay", "-1"], "--bot-delay must be"),
    (["--handover-after", "inf"], "--handover-after must be"),
    (["--port", "99999"], "--port"),
    (["--clock-fast", "0"], "--clock-fast must be"),
    (["--clock-relaxed", "nan"], "--clock-relaxed must be"),
    (["--head-timeout", "0"], "--head-timeout must be"),
    (["--log-level", "loud"], "--log-level must be"),
])
def test_serve_refuses_bad_arguments_with_a_message(args, message, tmp_path, monkeypatch) -> None:
    """Found by trying it as a new user: a malformed database URL or an unreachable
    PostgreSQL crashed with a traceback; port 99999 and a NaN bot delay were accepted."""
    monkeypatch.chdir(tmp_path)   # the default SQLite file, if any, lands here
    result = runner.invoke(app, ["serve", "--port", str(free_port()), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_serve_sets_the_clock_lengths_and_plain_http_cookies(tmp_path, monkeypatch) -> None:
    """#18: the turn clocks' lengths and non-Secure session cookies (plain http on a
    local network) are `keizai serve` options, not only create_app arguments."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    served: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: served.update(app=web_app))
    port = str(free_port())
    result = runner.invoke(app, ["serve", "--port", port, "--clock-relaxed", "120",
                                 "--clock-fast", "20", "--no-secure-cookies"])
    assert result.exit_code == 0, result.output
    social = served["app"].state.social
    assert social.clocks.seconds == {"relaxed": 120.0, "fast": 20.0}
    assert social.accounts.config.secure_cookies is False
    result = runner.invoke(app, ["serve", "--port", port])
    social = served["app"].state.social
    assert social.clocks.seconds == {"relaxed": 300.0, "fast": 45.0}
    assert social.accounts.config.secure_cookies is True


def test_serve_passes_its_log_level_and_leaves_websocket_compression_off(
        tmp_path, monkeypatch) -> None:
    """A browser test's server logs one line per request (`--log-level info`), which a
    failing test shows; state messages are not compressed per connection."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    served: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: served.update(kwargs))
    port = str(free_port())
    assert runner.invoke(app, ["serve", "--port", port, "--log-level", "info"]).exit_code == 0
    assert served["log_level"] == "info" and served["ws_per_message_deflate"] is False
    assert runner.invoke(app, ["serve", "--port", port]).exit_code == 0
    assert served["log_level"] == "warning"


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_serve_refuses_a_port_another_program_listens_on(lang, tmp_path, monkeypatch) -> None:
    """Found by a new user's first `keizai serve` with the port taken: it printed the
    address as if it served there, then uvicorn's English '[Errno 98] error while
    attempting to bind' (in 日本語 too), exit code 3. Now it is refused in the language
    asked before anything is opened, and the address is printed only once the app is
    made."""
    import uvicorn

    from keizai.i18n import tr

    monkeypatch.chdir(tmp_path)
    started: list = []
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: started.append(kwargs))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--lang", lang])
    assert result.exit_code == 2 and not started
    address = f"http://127.0.0.1:{port}/"
    refusal = tr("cli.serve.err_listen", lang, address=address, error="@").split("@")
    assert all(part in result.output for part in refusal), result.output
    assert "keizai: http" not in result.output and "Traceback" not in result.output
    assert not (tmp_path / "keizai.sqlite3").exists()   # no database opened
    result = runner.invoke(app, ["serve", "--port", str(port), "--lang", lang])
    assert result.exit_code == 0 and started[0]["port"] == port   # free again
    assert "keizai: " + address in result.output


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_busy_port_s_reason_is_said_in_the_language_asked(lang, tmp_path, monkeypatch) -> None:
    """`keizai serve --lang ja` on a port another program listens on said the system's
    English inside the refusal: 「…で待ち受けできません：Address already in use（ほかの
    プログラム…）」 (found starting a second server on a port in use). The reason is said
    in the language asked, as a file's reasons are (cli.os.*)."""
    import uvicorn

    from keizai.i18n import tr

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: None)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--lang", lang])
    assert result.exit_code == 2, result.output
    said = tr("cli.serve.err_listen", lang, address=f"http://127.0.0.1:{port}/",
              error=tr("cli.os.EADDRINUSE", lang))
    assert said in result.output, result.output
    if lang != "en":
        assert "Address already in use" not in result.output


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("host", ["300.1.1.1", "192.0.2.1"])   # no such name; TEST-NET-1
def test_serve_on_a_host_that_is_not_this_machine_says_so(host: str, lang: str,
                                                         tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """`keizai serve --host 300.1.1.1 --lang ja` said the system's English ('Name or
    service not known', 'Cannot assign requested address') inside the busy port's advice
    ('another program may be there: --port chooses another port'), which no port helps.
    The host is now said to be no address of this machine, in the language asked."""
    import uvicorn

    from keizai.i18n import tr

    monkeypatch.chdir(tmp_path)
    started: list = []
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: started.append(kwargs))
    result = runner.invoke(app, ["serve", "--host", host, "--lang", lang])
    assert result.exit_code == 2 and not started
    flat = " ".join(result.output.split())
    assert " ".join(tr("cli.serve.err_host", lang, host=host).split()) in flat, flat
    assert "--port" not in flat and not (tmp_path / "keizai.sqlite3").exists()


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_play_errors_read_in_the_chosen_language(tmp_path: Path, lang: str) -> None:
    """Issue #15: bad files, options and seats are refused in the table's language."""
    from keizai.i18n import tr
    from tests.i18n.test_games_in_three_languages import english_words

    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    broken = tmp_path / "broken.json"
    record = keizai.new_game("national-economy/mecenat", 2, seed=1).record()
    broken.write_text(json.dumps({**record, "actions": ["zzz"]}))
    cases = [
        (["play", "--resume", str(bad)], tr("setup.record", lang)),
        (["play"], tr("cli.err_no_game", lang)),
        (["play", "national-economy/mecenat", "--players", "2", "--seats", "human"],
         tr("cli.err_seats", lang, n=1, players=2)),
        (["play", "national-economy/mecenat", "--save", str(tmp_path)],
         tr("cli.err_is_dir", lang, what="--save", path=str(tmp_path))),
        (["play", "--resume", str(broken)], "ナショナルエコノミー・メセナ" if lang == "ja"
         else "國民經濟：藝文資助"),
        (["play", "futuropia", "--players", "9"],
         tr("setup.players", lang, game="futuropia", least=2, most=4, players=9)),
        # a mistyped game id was refused in English ("unknown game 'futuropa'; known: …")
        (["play", "futuropa"], tr("cli.err_unknown_id", lang, game="'futuropa'",
                                  known=keizai.games())),
    ]
    for args, expected in cases:
        result = runner.invoke(app, [*args, "--lang", lang])
        assert result.exit_code == 2, result.output
        assert expected in result.output, (args, result.output)
        assert tr("cli.error", lang, message="") in result.output
    result = runner.invoke(app, ["play", "--resume", str(broken), "--lang", lang])
    shown = result.output.replace(str(broken), "").replace("'zzz'", "")
    assert not english_words(shown), shown


def test_a_hot_seat_hides_a_hand_before_the_next_player_looks() -> None:
    """Found by the session-13 terminal pass: in a hot seat the pass banner for P2
    printed right under P1's table, with P1's hand, and the header printed the seed (from
    which every hand and the deck follow). Now P1 reads what their move brought, presses
    Enter, and the screen is cleared (blank lines where the output is no terminal)."""
    result = runner.invoke(app, ["play", "national-economy/mecenat", "--players", "2",
                                 "--seed", "5", "--seats", "human,human", "--lang", "en"],
                           input="\n1\n\nq\n")
    assert result.exit_code == 0, result.output
    header = result.output.splitlines()[0]
    assert "seed" not in header and "5" not in header.split(",")[-1]
    hide = result.output.index("P1: press Enter to hide your table")
    banner = result.output.index("pass the screen to P2")
    assert hide < banner
    between = result.output[hide:banner]
    assert "\n" * 40 in between and "hand: " not in between
    assert "hand: " in result.output[:hide]   # P1 saw their own hand on their turn


def test_odd_input_files_and_options_are_clear_errors(tmp_path: Path) -> None:
    """Found by the session-13 terminal pass: options nested past Python's recursion
    limit were a RecursionError traceback; a save whose seats do not fit was silently
    played as human against random; `sim --workers -1` showed the pool's own message."""
    nested = "[" * 40000 + "]" * 40000
    for command in (["play", "futuropia", "--players", "2"], ["sim", "--games", "1"]):
        result = runner.invoke(app, [*command, "--options", nested])
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert "options" in result.output
    record = keizai.new_game("futuropia", 2, seed=3).record()
    for seats in (["human"], "human,heuristic", [1, 2]):
        save = tmp_path / "seats.json"
        save.write_text(json.dumps({**record, "seats": seats}))
        result = runner.invoke(app, ["play", "--resume", str(save)], input="q\n")
        assert result.exit_code == 2 and "its seats must list 2 seats" in result.output
    result = runner.invoke(app, ["sim", "--games", "1", "--workers", "-1"])
    assert result.exit_code == 2 and "--workers must be 1 or more" in result.output


def test_an_answer_the_terminal_cannot_decode_is_asked_again() -> None:
    """Found by the session-13 terminal pass: typing 「あ」 on a terminal whose encoding is
    ASCII ended the game with a UnicodeDecodeError traceback."""
    import os
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "keizai.cli", "play", "futuropia",
                          "--players", "2", "--seed", "1", "--lang", "en"],
                         input="あ\nq\n".encode(), capture_output=True, timeout=120,
                         env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert run.returncode == 0, run.stderr.decode()
    assert b"Traceback" not in run.stderr
    assert b"Please type a number" in run.stdout


def test_full_width_answers_from_an_input_method_are_read_as_typed() -> None:
    """A 日本語 or 中文 input method left in full-width mode types "ｎ", "ｙ", "ｑ": the
    confirmation asked again for ever ("Enter = 確定、n = 選び直す、q = 終了") and the
    menu refused "ｑ" as no number, though it read a full-width "１"."""
    # National Economy: Glory solo, seed 5: Relics, Mine, Carpenter, build Consumer's
    # Union, then its last card to pay: Steam Factory ("１"), no ("ｎ"), the Consumer
    # Item ("２"), yes ("ｙ"), and quit at the menu ("ｑ")
    result = runner.invoke(app, ["play", "national-economy/glory", "--players", "1",
                                 "--seed", "5", "--lang", "ja"],
                           input="４\n１\n２\n２\n１\nｎ\n２\nｙ\nｑ\n",
                           env={"COLUMNS": "1000"})  # the messages unfolded
    assert result.exit_code == 0, result.output
    assert "選び直す、q = 終了 >" not in result.output   # never asked again
    assert "蒸気工場を捨てますか" in result.output and "P1が消費財を1枚捨てる" in result.output
    assert "番号を入力してください" not in result.output
    assert "ゲームを途中で終了しました。" in result.output.splitlines()[-1]


def test_a_set_the_rules_refuse_is_refused_before_it_is_confirmed() -> None:
    """Found by the session-13 terminal pass: a set of the wrong size was shown for
    confirmation first and refused only once confirmed."""
    # seed 4, human P1: Invite (3), 4 residents (4), then one house of 1 bed (4-9 needed)
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "4",
                                 "--seats", "human,heuristic", "--lang", "en"],
                           input="3\n4\n1\nq\n")
    assert result.exit_code == 0, result.output
    assert "choose between 4 and 9 beds in all; this set makes 1 bed" in result.output
    assert "(Enter = yes, n = choose again" not in result.output   # no confirmation


@pytest.mark.parametrize("game", ["futuropia", "enterprise-empire"])
def test_the_end_of_a_game_names_its_winner_once(game) -> None:
    """Found in session 13: Futuropia's final table said "Winners: P2" and the ranking
    below it "Winner: P2"; 企業帝國's said "P1 wins" before "Winner: P1"."""
    result = runner.invoke(app, ["play", game, "--players", "2", "--seats", "random,random",
                                 "--seed", "3"])
    assert result.exit_code == 0, result.output
    end = result.output[result.output.index("Final ranking"):]
    winner = end.splitlines()[-1]
    assert winner.startswith(("Winner: P", "Shared victory: P"))
    announcements = [line for line in result.output.splitlines()
                     if re.match(r"(Winners?:|Game over.* wins)", line.strip())]
    assert announcements == [winner]


# --- keizai replay: watching a recorded game -----------------------------------------------

def _record_file(tmp_path: Path, record: dict, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return path


def _log_lines(output: str) -> list[str]:
    """The log's lines in `output`, each with the lines it folds into (four columns in)."""
    lines: list[str] = []
    after_log = False
    for line in output.splitlines():
        if line.startswith("  · "):
            lines.append(line.removeprefix("  · "))
        elif after_log and re.match(r" {4}\S", line):
            lines[-1] += " " + line.strip()
            continue
        after_log = line.startswith("  · ")
    return lines


def test_replay_prints_a_saved_game_move_by_move_with_the_final_table(tmp_path: Path) -> None:
    """No terminal: the whole game's log, each move named, then the last table and the
    final ranking (with who played each seat, from the save)."""
    save = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "national-economy/mecenat", "--players", "2",
                                 "--seed", "3", "--seats", "random,random", "--save",
                                 str(save), "--lang", "en"])
    assert played.exit_code == 0, played.output
    state = keizai.replay(json.loads(save.read_text()))
    result = runner.invoke(app, ["replay", str(save), "--lang", "en"])
    assert result.exit_code == 0, result.output
    out = result.output
    moves = len(state.history)
    heading = " ".join(line.strip() for line in out.splitlines()[:2])   # folded at 80
    assert heading == ("Replay of National Economy: Mecenat, 2 players, "
                       f"{moves} moves; view: everyone (public).")
    assert "Move 0/" in out and f"Move {moves}/{moves} · P" in out
    assert _log_lines(out) == state.log(None, "en")
    end = out.index(state.game.render_text(state.view(None), "en"))
    assert out.index(f"Move {moves}/") < end < out.index("Final ranking: 1. P")
    assert "(bot: random)" in out[end:]


def test_replay_to_a_move_stops_there_and_a_seat_sees_its_own_hand(tmp_path: Path) -> None:
    from tests.test_terminal_replay import finished, upto

    record = finished()
    path = _record_file(tmp_path, record)
    at = upto(record, 6)
    public = runner.invoke(app, ["replay", str(path), "--to", "6", "--lang", "en"]).output
    assert public.rstrip("\n").endswith(at.game.render_text(at.view(None), "en"))
    assert "Move 6/" in public and "Move 7/" not in public and "Final ranking" not in public
    assert _log_lines(public) == at.log(None, "en")
    assert "hand: " not in public
    mine = runner.invoke(app, ["replay", str(path), "--to", "6", "--seat", "1",
                               "--lang", "en"]).output
    assert "view: P1." in mine.splitlines()[0]
    assert mine.rstrip("\n").endswith(at.game.render_text(at.view(0), "en"))
    assert "hand: " in mine and _log_lines(mine) == at.log(0, "en")


def test_a_spectator_replay_never_names_a_card_only_a_hand_or_the_deck_held(
        tmp_path: Path) -> None:
    """Hidden information, as the web's replay for everyone: every move of a 2-player
    National Economy game watched by default prints no building card (name or text) that
    no spectator's view or log of any move names: those were only ever in a hand or the
    deck. P1's own replay does print some of them (its hand), so the check can fail."""
    from keizai.i18n import tr
    from keizai.rules.national_economy.cards import card_set
    from tests.test_terminal_replay import finished

    def strings(node: object) -> set[str]:
        if isinstance(node, str):
            return {node}
        if isinstance(node, dict):
            node = [*node.keys(), *node.values()]
        if isinstance(node, (list, tuple)):
            return set().union(*(strings(item) for item in node))
        return set()

    record = finished("national-economy/mecenat", 2, 1)  # P1 holds 2 never-shown cards
    state = keizai.replay({**record, "actions": []})
    public = strings(state.view(None))
    for name in record["actions"]:
        state.apply(name)
        public |= strings(state.view(None))
    public |= strings(state.events(None))
    cards = {card.id for card in card_set("mecenat").buildings}
    hidden = cards - public
    assert hidden and cards & public
    path = _record_file(tmp_path, record)

    def leaked(output: str) -> list[str]:
        for card in sorted(cards & public, key=lambda c: -len(tr(f"ne.card.{c}", "en"))):
            output = output.replace(tr(f"ne.card.{card}", "en"), "") \
                .replace(tr(f"ne.text.{card}", "en"), "")
        return [card for card in hidden
                if re.search(rf"(?<!\w){re.escape(tr(f'ne.card.{card}', 'en'))}(?!\w)", output)
                or tr(f"ne.text.{card}", "en") in output]

    watched = runner.invoke(app, ["replay", str(path), "--all", "--lang", "en"])
    assert watched.exit_code == 0, watched.output
    assert watched.output.count("Workplaces:") == len(record["actions"]) + 1
    assert leaked(watched.output) == []
    own = runner.invoke(app, ["replay", str(path), "--all", "--seat", "1", "--lang", "en"])
    assert leaked(own.output)


def test_a_record_without_seats_or_its_end_is_still_shown(tmp_path: Path) -> None:
    """A record downloaded from the web names no seats: the ranking names the seats
    alone, as it does when the seats are no player keizai knows (a hand-edited file: its
    text is not printed). A save of a game left unfinished ends with a line that says so."""
    from tests.test_terminal_replay import finished

    record = finished("futuropia", 2, 4)
    for seats in (None, ["\x1b[2Jevil", "random"], ["human"]):
        named = record if seats is None else {**record, "seats": seats}
        result = runner.invoke(app, ["replay", str(_record_file(tmp_path, named)),
                                     "--lang", "en"])
        assert result.exit_code == 0, result.output
        out = result.output
        assert "evil" not in out and "\x1b" not in out and "error" not in out
        ranking = out[out.index("Final ranking: "):].splitlines()[0]
        assert re.fullmatch(r"Final ranking: 1\. P\d [-\d]+ pts?; 2\. P\d [-\d]+ pts?",
                            ranking) or "(shared)" in ranking, ranking
    short = {**record, "actions": record["actions"][:10], "seats": ["human", "random"]}
    out = runner.invoke(app, ["replay", str(_record_file(tmp_path, short)),
                              "--lang", "en"]).output
    assert out.rstrip("\n").endswith("The record ends here, before the end of the game.")
    assert "Final ranking" not in out


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_replay_refuses_what_it_cannot_show_with_a_clear_reason(tmp_path: Path,
                                                                lang: str) -> None:
    """A missing file, a directory, a damaged or non-keizai file, a game keizai does not
    know, an action that does not replay, a seat or move the game does not have: each a
    clear refusal in the chosen language, never a traceback (the reading code is
    `keizai play --resume`'s, which now names an unknown game the same way)."""
    from keizai.engine.registry import parse_record
    from keizai.i18n import tr
    from tests.test_terminal_replay import finished

    record = finished()
    text = json.dumps(record)

    def in_file(path: Path, bad: str | bytes | dict) -> tuple[Path, str]:
        path.write_bytes(bad if isinstance(bad, bytes) else
                         (bad if isinstance(bad, str) else json.dumps(bad)).encode())
        try:
            keizai.replay(parse_record(path.read_bytes()))
        except (ValueError, KeyError) as error:
            reason = error.render(lang) if hasattr(error, "render") else str(error)
            return path, tr("cli.err_in_file", lang, path=str(path), error=reason)
        raise AssertionError(f"{bad!r} replays")

    actions = list(record["actions"])
    actions[5] = "place:nowhere"
    missing = tmp_path / "missing.json"
    chess = _record_file(tmp_path, {**record, "game": "chess"}, "chess.json")
    saved = _record_file(tmp_path, record)
    cases: list[tuple[list[str | Path], str]] = [
        ([missing], tr("cli.err_no_file", lang, path=str(missing))),
        ([tmp_path], tr("cli.err_not_file", lang, path=str(tmp_path))),
        ([chess], tr("cli.err_unknown_game", lang, path=str(chess), game="'chess'",
                     known=", ".join(keizai.games()))),
        (["--seat", "3", saved], tr("cli.err_replay_seat", lang, players=2, seat=3)),
        (["--seat", "0", saved], tr("cli.err_replay_seat", lang, players=2, seat=0)),
        (["--to", "5000", saved], tr("cli.err_replay_to", lang, moves=len(actions), n=5000)),
        (["--to", "-1", saved], tr("cli.err_replay_to", lang, moves=len(actions), n=-1)),
        (["--game-index", "1", saved], tr("cli.err_index_not_jsonl", lang, path=str(saved))),
    ]
    for name, bad in (("cut.json", text[:len(text) // 2]),          # a save cut short
                      ("package.json", {"name": "keizai", "version": "1"}),
                      ("picture.json", b"\x89PNG\r\n\x1a\n\x00\x00"),
                      ("listed.json", {**record, "game": ["national-economy/mecenat"]}),
                      ("broken.json", {**record, "actions": actions})):
        path, expected = in_file(tmp_path / name, bad)
        cases.append(([path], expected))
    for args, expected in cases:
        result = runner.invoke(app, ["replay", *map(str, args), "--lang", lang])
        assert result.exit_code == 2, (args, result.output)
        assert tr("cli.error", lang, message=expected) in result.output, (args, result.output)
        assert "Traceback" not in result.output
    resumed = runner.invoke(app, ["play", "--resume", str(chess), "--lang", lang])
    assert resumed.exit_code == 2 and tr("cli.err_unknown_game", lang, path=str(chess),
                                         game="'chess'", known=", ".join(keizai.games())) \
        in resumed.output


def test_replay_picks_a_game_from_a_jsonl_file_of_records(tmp_path: Path) -> None:
    """`keizai sim --records` writes records.jsonl, one record a line in the order the
    games finished, each with its game number ("index") and seats: --game-index picks
    one by that number; a file of one record needs none."""
    from keizai.i18n import tr
    from tests.test_terminal_replay import finished

    records = [finished("futuropia", 2, seed) for seed in (5, 6, 7)]
    lines = [json.dumps({**records[i], "index": i, "seats": ["random", "heuristic"],
                         "agents": ["random", "heuristic"]}) for i in (2, 0, 1)]
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(path), "--game-index", "1", "--lang", "en"])
    assert result.exit_code == 0, result.output
    wanted = keizai.replay(records[1])
    assert wanted.game.render_text(wanted.view(None), "en") in result.output
    assert f"{len(wanted.history)} moves" in result.output.splitlines()[0]
    assert "(bot: heuristic)" in result.output[result.output.index("Final ranking"):]
    refusals = [([], "cli.err_choose_game", {"n": 3, "first": 0, "last": 2}),
                (["--game-index", "3"], "cli.err_no_such_game",
                 {"index": 3, "n": 3, "first": 0, "last": 2})]
    for args, key, params in refusals:
        result = runner.invoke(app, ["replay", str(path), *args, "--lang", "en"])
        assert result.exit_code == 2
        assert tr(key, "en", path=str(path), **params) in result.output
    path.write_text("\n".join(lines) + '\n{"game": "futuropia", "play\n')   # cut by a kill
    result = runner.invoke(app, ["replay", str(path), "--game-index", "9", "--lang", "en"])
    assert result.exit_code == 2 and f"{path}, line 4: this is not a game record" in result.output
    one = tmp_path / "one.jsonl"
    one.write_text(json.dumps(records[0]) + "\n")
    result = runner.invoke(app, ["replay", str(one), "--to", "0", "--lang", "en"])
    assert result.exit_code == 0 and "Move 0/" in result.output
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    result = runner.invoke(app, ["replay", str(empty), "--lang", "en"])
    assert tr("cli.err_no_records", "en", path=str(empty)) in result.output


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_replay_speaks_the_chosen_language(tmp_path: Path, lang: str) -> None:
    """The header, each move's line, the log, the table and the ranking in ja / zh-TW."""
    from keizai.i18n import tr
    from tests.i18n.test_games_in_three_languages import english_words
    from tests.test_terminal_replay import finished

    for game in ("national-economy/glory", "enterprise-empire"):
        record = {**finished(game, 2, 1), "seats": ["human", "hard"]}
        result = runner.invoke(app, ["replay", str(_record_file(tmp_path, record)),
                                     "--lang", lang])
        assert result.exit_code == 0, result.output
        assert result.output.startswith(tr("cli.replay_header", lang,
                                           title=tr(f"game.{game}", lang), players=2,
                                           moves=len(record["actions"]),
                                           who=tr("everyone", lang)))
        assert tr("bot.hard", lang) in result.output
        # 企業帝國's board names its corners A-D and ticks what a company has with x
        words = [word for word in english_words(result.output) if len(word) > 1]
        assert not words, words


def _wait_until_reading(pid: int) -> None:
    """Wait until the process is asleep, as it is in the read of its prompt's answer.

    input() writes its prompt before it reads: a Ctrl-C sent the moment the prompt shows
    can land in between, where CPython (Parser/myreadline.c) notes the signal but starts
    the read anyway and sees it only once a line comes. On a loaded machine (the whole
    suite on two workers) the process can be descheduled there, and the test's Ctrl-C
    waited 30 s for an exit. A person pressing Ctrl-C after reading the prompt is
    microseconds late enough; the test is not."""
    import time

    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():   # no /proc: the prompt showing has to do
        return
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if stat.read_text().rsplit(")", 1)[1].split()[0] == "S":
            return
        time.sleep(0.01)


def _signal_state(pid: int) -> str:
    """The process's state, signal masks and kernel wait channel (/proc), for a failure."""
    proc = Path(f"/proc/{pid}")
    if not proc.exists():
        return "no /proc"
    lines = [line for line in (proc / "status").read_text().splitlines()
             if line.split(":")[0] in ("State", "SigPnd", "ShdPnd", "SigBlk", "SigIgn",
                                        "SigCgt", "Threads")]
    wchan = (proc / "wchan").read_text() if (proc / "wchan").exists() else "?"
    return "; ".join([*lines, f"wchan: {wchan}"])


def test_replay_in_a_terminal_steps_with_keys(tmp_path: Path) -> None:
    """In a terminal the replay waits for keys: Enter a move on, t to the end of the
    turn, a number to that move, e to the end (the final ranking), q to leave; Ctrl-C
    leaves too, without a traceback."""
    import os
    import sys

    import pexpect  # type: ignore[import-untyped]

    from tests.test_terminal_replay import finished

    record = {**finished(), "seats": ["human", "random"]}
    path = _record_file(tmp_path, record)
    moves = len(record["actions"])
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src"),
           "COLUMNS": "160"}
    prompt = r"q = quit >"

    def spawn(*args: str) -> pexpect.spawn:
        # SIGINT at its default, as in a terminal: a suite started in the background
        # (`cmd &` in a script, nohup, a CI runner) ignores it, the child inherits that
        # and Python keeps ignoring it (SigIgn 0x1001007 when it failed)
        return pexpect.spawn(sys.executable, ["-m", "keizai.cli", "replay", str(path), *args],
                             env=env, encoding="utf-8", timeout=30,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))

    child = spawn("--lang", "en")
    child.expect("view: everyone")
    child.expect(f"Move 0/{moves}: ")
    for key, shown in (("", f"Move 1/{moves} · P1: "),
                       ("t", rf"Move \d+/{moves}, round \d+: Enter"),
                       ("40", f"Move 40/{moves} · P"), ("e", "Final ranking: 1. P"),
                       ("", "That was the last move"),
                       ("p", rf"Move {moves - 1}/{moves}, round \d+: ")):
        child.expect(prompt)
        child.sendline(key)
        child.expect(shown)
    child.expect(prompt)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    child = spawn("--lang", "ja", "--seat", "2")
    child.expect("視点：P2")
    child.expect(r"q = 終了 >")
    _wait_until_reading(child.pid)
    child.sendintr()
    if child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=30) == 1:
        # say how the process stands towards SIGINT (bit 2 of SigIgn/SigBlk: ignored/blocked)
        raise AssertionError(f"Ctrl-C and no exit: {_signal_state(child.pid)}")
    child.close()
    assert child.exitstatus == 130 and "Traceback" not in child.before


@pytest.mark.parametrize("game", ["enterprise-empire", "futuropia"])
def test_a_resumed_game_continues_as_the_game_played_straight_through(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots were seeded once per `keizai play`: after a resume they moved otherwise
    than in the same game played without a break, though the player answered alike."""
    import keizai.cli

    def playing(answers: int) -> None:
        asked = 0

        def ask(prompt: str, answer: int = 9) -> str:   # the first option, confirmed; quit
            nonlocal asked
            asked += 1
            return "q" if asked > answers else "" if "Enter" in prompt else "1"

        monkeypatch.setattr(keizai.cli, "_ask", ask)

    seats = ["--seats", "human,random,random", "--players", "3", "--seed", "4"]
    straight, broken = tmp_path / "straight.json", tmp_path / "broken.json"
    playing(60)
    runner.invoke(app, ["play", game, *seats, "--save", str(straight)])
    playing(10)
    runner.invoke(app, ["play", game, *seats, "--save", str(broken)])
    playing(50)
    runner.invoke(app, ["play", "--resume", str(broken)])
    played = json.loads(straight.read_text())["actions"]
    assert len(played) > 20
    assert json.loads(broken.read_text())["actions"] == played


def test_resuming_a_finished_game_leaves_its_file_as_it_was(tmp_path) -> None:
    """Found in session 14: `keizai play --resume` of a finished game (here a line of
    `keizai sim --records`) rewrote the file as a play save, dropping the sim's index,
    agents and scores."""
    out = tmp_path / "out"
    assert runner.invoke(app, ["sim", "--game", "futuropia", "--players", "2", "--games",
                               "1", "--workers", "1", "--out", str(out), "--records",
                               "--no-plots"]).exit_code == 0
    line = tmp_path / "game.json"
    line.write_bytes((out / "records.jsonl").read_bytes())
    before = line.read_bytes()
    result = runner.invoke(app, ["play", "--resume", str(line)])
    assert result.exit_code == 0, result.output
    assert "Final ranking" in result.output
    assert line.read_bytes() == before


def test_a_thinking_bot_is_shown_on_a_terminal_only() -> None:
    """A search level takes seconds: on a terminal "P1 (bot: normal) is thinking…" shows while
    it decides; where the output is no terminal (a pipe, a log file) the line is not
    written at all (session 13 added the line; until now it was untested)."""
    import pexpect

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src"),
           "COLUMNS": "160"}
    child = pexpect.spawn(sys.executable, ["-m", "keizai.cli", "play", "national-economy/progress",
                                           "--players", "2", "--seats", "normal,human",
                                           "--seed", "3", "--lang", "en"],
                          env=env, encoding="utf-8", timeout=60)
    child.expect("P1 \\(bot: normal\\) is thinking")
    child.expect("P1 places a worker")
    child.expect(r"q = quit\) >")
    child.sendline("q")
    child.expect(pexpect.EOF)
    piped = runner.invoke(app, ["play", "national-economy/progress", "--players", "2",
                                "--seats", "normal,human", "--seed", "3", "--lang", "en"],
                          input="q\n")
    assert "P1 places a worker" in piped.output and "thinking" not in piped.output


def test_a_single_choice_is_logged_after_the_moves_that_led_to_it() -> None:
    """Found in session 14: in 企業帝國 "P1, the only choice: Roll the die and move" was
    printed before the log lines of the bot's turn that came first, so the player read
    P2's roll after their own forced one. Each such line is now followed by its own roll."""
    result = runner.invoke(app, ["play", "enterprise-empire", "--players", "2", "--seats",
                                 "human,random", "--seed", "2", "--lang", "en"],
                           input="1\n" * 8 + "q\n")
    lines = [line.strip() for line in result.output.replace(">", "\n").splitlines()]
    forced = [i for i, line in enumerate(lines) if "the only choice: Roll" in line]
    assert forced
    for i in forced:
        assert lines[i + 1].startswith("· P1 (blue) rolls"), lines[i - 3:i + 3]


# --- the help in the three languages -------------------------------------------------------

NO_LOCALE = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def help_text(args: list[str], columns: int = 200, **env: str) -> str:
    """What `keizai <args>` prints (help or a usage error), wide enough that no line is
    folded unless `columns` says otherwise; the locale is only what `env` sets."""
    result = runner.invoke(app, args, env={**NO_LOCALE, "COLUMNS": str(columns), **env},
                           prog_name="keizai")
    assert result.exit_code in (0, 2), result.output
    return result.output


def test_the_help_of_play_is_in_the_language_of_lang() -> None:
    """Found in session 15: `keizai play --help` was English whatever the language."""
    for args in (["play", "--help", "--lang", "ja"], ["play", "--lang=ja", "--help"]):
        out = help_text(args)
        assert "席の並び（コンマ区切り）：human かボット（'easy'、'normal'" in out
        assert "ターミナルでゲームをプレイします" in out   # the command's description
        assert "使い方：keizai play" in out and "オプション" in out and "引数" in out
        assert "このヘルプを表示して終了します。" in out and "［既定：auto-single］" in out
        assert "comma-separated" not in out and "Show this message" not in out
    out = help_text(["replay", "--help", "--lang", "zh-TW"])
    assert "遊戲紀錄：" in out and "［必填］" in out and "用法：keizai replay" in out


def test_the_help_follows_the_locale_without_lang() -> None:
    out = help_text(["--help"], LANG="zh_TW.UTF-8")
    assert "經濟桌遊：遊玩、重播、模擬、效能測試。" in out
    assert "列出遊戲代號。" in out and "提供網頁平台：大廳、牌桌、進行中的遊戲、重播。" in out
    assert "指令" in out and "選項" in out and "List the game ids." not in out
    # --lang on the command line comes before the locale; an unknown one leaves it
    assert "List the game ids." in help_text(["games", "--help", "--lang", "en"],
                                             LANG="ja_JP.UTF-8")
    assert "ゲームの ID を一覧表示します。" in help_text(["games", "--help", "--lang", "fr"],
                                                    LC_ALL="ja_JP.UTF-8")


def test_the_help_of_the_installed_command_follows_the_locale() -> None:
    """The command as a shell runs it: sys.argv, the environment's locale."""
    import subprocess

    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(PYTHONPATH=src, LANG="zh_TW.UTF-8", COLUMNS="200", PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "keizai.cli", "--help"], capture_output=True,
                          text=True, timeout=60, env=env, encoding="utf-8")
    assert done.returncode == 0, done.stderr
    assert "列出遊戲代號。" in done.stdout and "用法：" in done.stdout
    done = subprocess.run([sys.executable, "-m", "keizai.cli", "play", "--help", "--lang",
                           "ja"], capture_output=True, text=True, timeout=60, env=env,
                          encoding="utf-8")
    assert "席の並び（コンマ区切り）" in done.stdout and "使い方：" in done.stdout


def test_the_english_help_stays_as_it_was() -> None:
    """The English help is the English catalogue's, and reads as it did."""
    from keizai.i18n import tr

    help_text(["play", "--help", "--lang", "ja"])   # Typer's words set to 日本語 in between
    out = help_text(["play", "--help"], LANG="C")
    assert tr("cli.help.play.seats", "en") in out and tr("cli.help.play", "en") in out
    assert "Play a game in the terminal (hot-seat for several humans, bots for the rest)." in out
    assert ("comma-separated seats: human or a bot (easy, normal, hard, expert, random; "
            "docs/bots.md) (default: you, then random bots)") in out
    assert "Usage: keizai play [OPTIONS]" in out and "Show this message and exit." in out
    assert "Options" in out and "Arguments" in out and "[default: auto-single]" in out
    out = help_text(["--help"], LANG="en_US.UTF-8")
    assert "Economic board games: play, replay, simulate, benchmark." in out
    assert "Commands" in out and "Serve the web platform: lobby, tables, live games," in out
    assert "経済" not in out and "使い方" not in out


def test_every_help_text_is_in_the_three_catalogues() -> None:
    """Each command, option and argument takes its help from the catalogue (cli.help.*),
    in every language, and each cli.help.* entry is some command's or option's."""
    import typer.main

    from keizai.cli_help import help_texts
    from keizai.i18n import LANGUAGES, catalogue

    keys = {key for _, key in help_texts(typer.main.get_command(app))}
    assert {"cli.help.play", "cli.help.play.seats", "cli.help.keizai",
            "cli.help.option.players", "cli.help.replay.file"} <= keys
    for lang in LANGUAGES:
        missing = sorted(keys - set(catalogue(lang)))
        assert not missing, (lang, missing)
    unused = sorted(k for k in catalogue("en") if k.startswith("cli.help.") and k not in keys)
    assert not unused, unused
    words = {k for k in catalogue("en") if k.startswith("cli.usage.")}
    assert {"cli.usage.prefix", "cli.usage.help_option", "cli.usage.no_such_option"} <= words
    for lang in LANGUAGES:
        assert words <= set(catalogue(lang)), lang
    for command in ("play", "replay", "sim", "serve", "bench", "games"):
        assert f"cli.help.{command}" in keys
    src = (Path(__file__).resolve().parents[1] / "src" / "keizai" / "cli.py").read_text()
    assert not re.search(r"\bhelp=", src)   # no help text written in the code besides it


def test_usage_errors_are_in_the_language_of_lang() -> None:
    out = help_text(["play", "--bogus", "--lang", "ja"])
    assert "そのオプションはありません：--bogus" in out and "エラー" in out
    assert "ヘルプは 'keizai play --help' で表示できます。" in out
    assert "そのオプションはありません：--sead（候補：" in help_text(["play", "--sead", "1",
                                                                "--lang=ja"])
    out = help_text(["replay", "--lang", "zh-TW"])
    assert "缺少遊戲紀錄檔（引數 'file'）。" in out and "錯誤" in out and "Missing" not in out
    out = help_text(["pla", "--lang", "ja"])
    assert "そのコマンドはありません：'pla'（もしかして：'play'、'replay'）" in out
    assert "値が正しくありません：--options は JSON オブジェクトで指定してください" in help_text(
        ["play", "futuropia", "--options", "1", "--lang", "ja"])
    out = help_text(["play", "--bogus"], LANG="C")   # English as Typer writes it
    assert "No such option: --bogus" in out and "Try 'keizai play --help' for help." in out


def test_the_help_language_is_read_from_the_command_line() -> None:
    from keizai.cli_help import help_language

    locale = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}
    with pytest.MonkeyPatch.context() as patch:
        for name, value in locale.items():
            patch.setenv(name, value)
        assert help_language(["play", "--help"]) == "ja"
        assert help_language(["play", "--lang", "zh-TW", "--help"]) == "zh-TW"
        assert help_language(["--lang=en", "play", "--help"]) == "en"
        assert help_language(["play", "--lang", "en", "--lang", "zh-TW"]) == "zh-TW"
        assert help_language(["play", "--lang", "fr", "--help"]) == "ja"
        assert help_language(["play", "--lang"]) == "ja"
        assert help_language(["play", "--", "--lang", "en"]) == "ja"


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_long_help_line_folds_rather_than_being_cut(lang: str) -> None:
    """Rich breaks lines at spaces: a Japanese or Chinese help line, which has few, was
    cut with "…" at the width of an 80-column terminal."""
    from keizai.i18n import tr

    for command in ("play", "replay", "sim", "serve"):
        out = help_text([command, "--help", "--lang", lang], columns=80)
        assert tr("cli.usage.options", lang) in out and "…" not in out, out


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_help_of_seats_names_the_bots_and_the_default(lang: str) -> None:
    """`keizai play --help` said "human or a bot name (default: you, then bots)": which
    names, and which bot a game without --seats gives, a player learnt only from an error
    or docs/bots.md (random bots, the weakest)."""
    out = " ".join(help_text(["play", "--help", "--lang", lang], columns=400).split())
    for name in ("easy", "normal", "hard", "expert", "random"):
        assert name in out, (name, out)


def test_a_word_longer_than_its_column_folds_in_a_narrow_terminal() -> None:
    """In 60 columns the English help cut its longer words with "…" ("comma-separat…",
    "--no-auto-si…", `keizai serve`'s "--database-…" and its default file's name): a word
    no line of its column holds is folded, as Japanese and Chinese lines are."""
    for command in ("play", "replay", "sim", "serve", "bench"):
        out = help_text([command, "--help", "--lang", "en"], columns=60)
        assert "Options" in out and "…" not in out, out
    out = help_text(["play", "--help", "--lang", "en"], columns=60)
    assert "comma-separate" in out and "random seed" in out


def _futuropia_seat_that_may_stop() -> keizai.State:
    """A two-seat Futuropia game in its final phase, P1 to move with Stop on its menu."""
    import random

    rng = random.Random(0)
    state = keizai.new_game("futuropia", 2, seed=0)
    while not (state.current_player == 0
               and any(a.name == "stop" for a in state.legal_actions())):
        state.apply(rng.choice([a for a in state.legal_actions() if a.name != "stop"]))
    return state


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_stopping_ends_a_seat_only_once_confirmed(tmp_path: Path, lang: str) -> None:
    """Futuropia's Stop ends the seat's own game for good (reference §9: "Your game ends
    when all your tiles are down or you stop"); the page asked before sending it, the
    terminal applied it at once, and in a hot seat nothing takes it back. The terminal now
    asks as the page does (the rules' Game.ends_seat says which actions): "n" goes back
    to the menu with nothing applied, Enter stops."""
    from keizai.i18n import tr

    state = _futuropia_seat_that_may_stop()
    view = state.view(0)
    menu = state.game.menu_order(view, state.legal_actions())
    number = next(i for i, a in enumerate(menu, 1) if a.name == "stop")
    question = tr("cli.confirm_whole", lang, question=tr(
        "confirm_action", lang, state.game.describe_action(view, menu[number - 1], lang)))
    save = tmp_path / "game.json"
    record = {**state.record(), "seats": ["human", "human"]}
    save.write_text(json.dumps(record))
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                           input=f"{number}\nn\nq\n",
                           env={"COLUMNS": "1000"})  # the question on one line
    assert result.exit_code == 0, result.output
    assert question in result.output
    after = result.output.split(question, 1)[1]
    assert tr("cli.choose", lang, seat=0) in after   # the menu again, nothing applied
    assert json.loads(save.read_text())["actions"] == record["actions"]
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                           input=f"{number}\n\nq\n",
                           env={"COLUMNS": "1000"})  # the question on one line
    assert result.exit_code == 0, result.output
    assert question in result.output
    assert json.loads(save.read_text())["actions"] == [*record["actions"], "stop"]


def test_a_negative_seed_is_refused_by_play_and_sim() -> None:
    """`keizai sim --seed -1` played the games of seed 2**64 - 1 (the engine kept the
    seed's low 64 bits): a seed is from 0 to 2**64 - 1."""
    for command, lang, said in (
            (["sim", "--games", "2", "--players", "2"], "en",
             "seed must be at least 0, not -1"),
            (["play", "national-economy/mecenat", "--players", "2"], "ja",
             "シードは0以上の整数で指定してください（-1は使えません）"),
            (["sim", "--games", "2", "--players", "2"], "zh-TW",
             "種子必須是0以上的整數（不能用-1）")):
        result = runner.invoke(app, [*command, "--seed", "-1", "--lang", lang])
        assert result.exit_code == 2 and said in result.output, result.output


def _saved_game(path: Path, moves: int | None) -> list[str]:
    """A two-player save `moves` random moves in (to the end with None), seats human and
    random; its whole log as seat 0 reads it."""
    state = keizai.new_game("national-economy/mecenat", 2, seed=4)
    while not state.is_over and (moves is None or len(state.history) < moves):
        legal = state.legal_actions()
        state.apply(legal[len(state.history) % len(legal)])
    path.write_text(json.dumps({**state.record(), "seats": ["human", "random"]}))
    return state.log(0)


def test_a_resumed_game_shows_the_tail_of_its_log(tmp_path: Path) -> None:
    """`keizai play --resume FILE` printed the whole log from the first move, about 180
    lines late in a game; it shows the last 20 after a line saying how many are not shown
    and that `l` shows them (a finished game: `keizai replay FILE`)."""
    save = tmp_path / "game.json"
    log = _saved_game(save, 70)   # round 8 of 9, P1 (the human) to move
    hidden = len(log) - 20
    assert hidden > 100
    result = runner.invoke(app, ["play", "--resume", str(save)], input="l\nq\n")
    assert result.exit_code == 0, result.output
    before_prompt, after_l = result.output.split("number (l = full log", 1)
    shown = [line for line in before_prompt.splitlines() if line.startswith("  · ")]
    assert shown == [f"  · … {hidden} earlier log lines not shown (l = full log)",
                     *(f"  · {line}" for line in log[-20:])]
    assert f"  · {log[0]}" in after_l   # `l` still shows the whole log
    for lang, said in (("ja", f"  · …これより前のログ{hidden}行は表示していません（l = ログ全体）"),
                       ("zh-TW", f"  · …之前的{hidden}行紀錄未顯示（l = 完整紀錄）")):
        result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                               input="q\n")
        assert said in result.output, result.output
    over = tmp_path / "over.json"
    log = _saved_game(over, None)
    result = runner.invoke(app, ["play", "--resume", str(over)],
                           env={"COLUMNS": "1000"})  # each log line whole
    assert result.exit_code == 0, result.output
    assert (f"  · … {len(log) - 20} earlier log lines not shown (keizai replay {over} shows "
            f"every move)\n" + "".join(f"  · {line}\n" for line in log[-20:])) in result.output
    assert f"  · {log[0]}\n" not in result.output


@pytest.mark.parametrize("columns", [60, 80])
def test_the_enterprise_empire_board_fits_the_terminal(columns: int) -> None:
    """企業帝國's board was drawn 78 columns wide in any terminal, so in 60 columns its rows
    wrapped and the square fell apart; `keizai play` draws it in the terminal's columns."""
    result = runner.invoke(app, ["play", "enterprise-empire", "--players", "2", "--seats",
                                 "human,random", "--seed", "2", "--lang", "zh-TW"],
                           input="q\n", env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    legend = keizai.i18n.tr("ee.tui.legend", "zh-TW").split("、")[0]  # its first line
    board = result.output.split(legend)[0].split("原料需求卡：資金。由P1（藍）開始。\n")[1]
    widths = [sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
              for line in board.splitlines()]
    assert max(widths) <= columns and max(widths) > columns - 6


@pytest.mark.parametrize(("lang", "columns"), [("ja", 60), ("en", 60), ("zh-TW", 80)])
def test_a_long_choice_folds_between_words_in_the_terminal(lang: str, columns: int) -> None:
    """Futuropia's choices carry their figures ("Food generator + food run (left: F04, $4
    (2 sp -> 4); right: ...; your food run makes 3)"), 102 columns in 日本語: a 60-column
    terminal folded them mid-word. `keizai play` folds a choice between its words (日本語
    and 中文 between characters) under its label; every menu line fits the terminal."""
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seats",
                                 "human,random", "--seed", "7", "--lang", lang],
                           input="q\n", env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    menu = result.output.split(keizai.i18n.tr("cli.choose", lang, seat=0))[1]
    menu = menu.split(keizai.i18n.tr("cli.prompt", lang).split(" ")[0])[0]
    lines = menu.strip("\n").splitlines()
    widths = [sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
              for line in lines]
    assert max(widths) <= columns, menu
    assert len(lines) > 5 and lines[0].startswith("   1) ")
    assert all(re.match(r"  ( \d|\d\d)\) |      \S", line) for line in lines), menu


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
def test_a_long_log_line_folds_between_words_in_the_terminal(lang: str) -> None:
    """企業帝國's first log lines ("P1（紅）抽到發達集團，以$2000開始；公司卡：金融控股
    （資金、石油、汽車）。") took 77 columns: a 60-column terminal folded them mid-word.
    `keizai play` folds a log line between its words under its first word; the line reads whole when
    its folds are joined."""
    result = runner.invoke(app, ["play", "enterprise-empire", "--players", "2", "--seats",
                                 "human,random", "--seed", "2", "--lang", lang],
                           input="q\n", env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    start = next(i for i, line in enumerate(out) if line.startswith("  · "))
    log = list(itertools.takewhile(lambda line: line.startswith(("  · ", "    ")),
                                   out[start:]))
    widths = [sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
              for line in log]
    assert max(widths) <= 60 and len(log) > 2, log
    state = keizai.new_game("enterprise-empire", 2, seed=2)
    first = state.log(0, lang)[0]
    joined = re.sub(r"\n {4}", "" if lang != "en" else " ", "\n".join(log))
    assert "  · " + first in joined.splitlines(), (first, log)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_long_prompt_folds_between_words_in_the_terminal(
        lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The whole decision's prompt ("type the numbers, repeats for copies (e.g. 1 3 3 or
    3x2) (s = one step at a time, l = full log, u = undo, q = quit) >", 119 columns; 116
    in 日本語) was one line a 60-column terminal folded mid-word; it folds between its
    words and the answer is typed after its last line."""
    from keizai.cli import _ask
    monkeypatch.setenv("COLUMNS", "60")
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return "1 2"

    monkeypatch.setattr("builtins.input", answer)
    prompt = keizai.i18n.tr("cli.whole_prompt", lang, typing=keizai.i18n.tr("tdec.help", lang),
                            keys=keizai.i18n.tr("cli.whole_keys_undo", lang))
    assert _ask(prompt) == "1 2"
    lines = [*capsys.readouterr().out.splitlines(), asked[0].rstrip()]
    widths = [sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
              for line in lines]
    assert max(widths) <= 60 and len(lines) > 1, lines
    glue = " " if lang == "en" else ""
    assert glue.join(line.strip() for line in lines) == prompt.strip()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_leaving_a_game_is_said_in_the_terminal_s_width(lang: str) -> None:
    """Leaving an unsaved game said 'ゲームを途中で終了しました。保存はしていません
    （--save でファイルに保存すれば --resume で再開できます）' in one line of 103 columns (84
    in English),
    folded mid-word by a 60-column terminal; it folds between its words, and so do a
    refused set and an undo's outcome."""
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seats",
                                 "human,random", "--seed", "7", "--lang", lang],
                           input="q\n", env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    said = keizai.i18n.tr("cli.left_unfinished", lang)
    tail = result.output.rstrip("\n").split(">")[-1].strip().splitlines()
    widths = [sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
              for line in tail]
    assert max(widths) <= 60 and len(tail) > 1, tail
    assert (" " if lang == "en" else "").join(line.strip() for line in tail) == said


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_folded_prompt_leaves_room_for_the_answer(
        lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A prompt folded at the terminal's width could end its last line at the edge, so
    the answer typed after it went past it ('… q = quit) > 1 2 3' at 60 columns): the last
    line leaves room for a short answer, and the prompt still reads whole."""
    from keizai.cli import _ask
    from keizai.rules.folding import columns
    monkeypatch.setenv("COLUMNS", "60")
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return "1 2 3"

    monkeypatch.setattr("builtins.input", answer)
    for keys in ("cli.whole_keys_undo", "cli.whole_keys"):
        prompt = keizai.i18n.tr("cli.whole_prompt", lang, keys=keizai.i18n.tr(keys, lang),
                                typing=keizai.i18n.tr("tdec.help", lang))
        assert _ask(prompt) == "1 2 3"
        lines = [*capsys.readouterr().out.splitlines(), asked[-1] + "1 2 3"]
        assert max(columns(line) for line in lines) <= 60, lines
        glue = " " if lang == "en" else ""
        assert glue.join(line.strip() for line in lines) == f"{prompt.strip()} 1 2 3"


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_games_are_listed_in_the_terminal_s_width(lang: str) -> None:
    """`keizai games`, the first command a new player types, wrote each game on one line
    of up to 71 columns (「national-economy/glory       ナショナルエコノミー・グローリー
    （1～4人）」, 'enterprise-empire            企業帝國 Enterprise Empire (2-4 players)' 69),
    which a 60-column terminal folded mid-word. Where a line does not fit, the title goes
    on lines of its own under its id, folded between its words if need be."""
    from keizai.i18n import tr
    from keizai.rules.folding import columns

    result = runner.invoke(app, ["games", "--lang", lang], env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(columns(line) for line in lines) <= 60, result.output
    for game_id in keizai.games():
        start = next(i for i, line in enumerate(lines) if line.split(" ")[0] == game_id)
        title = lines[start][len(game_id):] + "".join(itertools.takewhile(
            lambda line: line.startswith(" "), lines[start + 1:]))
        game = keizai.get_game(game_id)
        whole = tr("cli.game_line", lang, title=tr(f"game.{game_id}", lang),
                   least=game.min_players, most=game.max_players)
        assert title.replace(" ", "") == whole.replace(" ", ""), (title, whole)
