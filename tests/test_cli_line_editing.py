"""The arrow keys edit the answer typed at `keizai play`'s prompt, in a real terminal.

Found playing through a pty as a new player: a wrong digit fixed with ← and Delete
("4", ←, Delete, "3") reached the game as '4\\x1b[D\\x1b[3~3' and was refused as no
number; the terminal showed "4^[[D^[[3~3". Python's input() edits a line only once the
readline module is loaded (keizai.terminal_editing).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import keizai
from keizai.i18n import tr
from tests.pty_terminal import DELETE, LEFT, Terminal


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_left_and_delete_fix_a_digit_typed_at_the_menu(lang: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    terminal = Terminal("play", "futuropia", "--players", "2", "--seed", "4",
                        "--seats", "human,random", "--save", str(save), "--lang", lang)
    try:
        terminal.prompt()
        terminal.type(f"4{LEFT}{DELETE}3\r")   # 4 was a slip: ←, Delete, then 3
        terminal.prompt()
        terminal.type("q\r")
    finally:
        status = terminal.close()
    assert status == 0, terminal.text()
    assert tr("cli.bad_number", lang, n=5) not in terminal.text()
    state = keizai.new_game("futuropia", 2, seed=4)
    menu = state.game.menu_order(state.view(0), state.legal_actions())
    assert json.loads(save.read_text())["actions"] == [menu[2].name]   # Invite residents


def test_up_brings_back_no_answer_of_the_last_player_at_a_hot_seat() -> None:
    """A guard of the line editing's one choice that hidden information depends on: no
    history. At a hot seat ↑ would bring back the last player's answers to the next; it
    brings back nothing, and Enter then answers nothing."""
    up = "\x1b[A"
    terminal = Terminal("play", "national-economy/mecenat", "--players", "2", "--seed", "5",
                        "--seats", "human,human", "--lang", "en")
    try:
        for keys in ("\r", "1\r", "\r", "\r"):   # P1's hand-over, worker, hide; P2's
            terminal.prompt()
            terminal.type(keys)
        terminal.prompt()
        terminal.type(f"{up}\r")
        terminal.prompt()
        terminal.type("q\r")
    finally:
        status = terminal.close()
    assert status == 0, terminal.text()
    p2_turn = terminal.text().rsplit(tr("cli.pass_screen", "en", seat=1), 1)[-1]
    assert tr("cli.bad_number", "en", n=3) in p2_turn, p2_turn
