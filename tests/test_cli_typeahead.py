"""What is typed before a question of `keizai play` is shown is no answer to it.

Found playing through a pty as a new player. A hot seat: a second Enter pressed at
'P1: press Enter to hide your table before the next player looks' answered the
hand-over after it at once ('=== P2's turn: pass the screen to P2 === press Enter when
ready'), and P2's hand was shown to P1, still at the screen. Against a bot: a line typed
while the bot moved answered the menu that came after it, before the player had seen
it. The prompts now drop such input and say so (keizai.terminal_typeahead).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import keizai
from keizai.i18n import tr
from tests.pty_terminal import Terminal

LANGS = ["en", "ja", "zh-TW"]


def said(message: str, text: str, lang: str) -> bool:
    """Whether `text` holds `message`, however the terminal's width folded it."""
    glue = " " if lang == "en" else ""
    return glue.join(message.split()) in glue.join(text.split())


@pytest.mark.parametrize("lang", LANGS)
def test_a_second_enter_at_the_hide_prompt_does_not_show_the_next_hand(lang: str) -> None:
    terminal = Terminal("play", "national-economy/mecenat", "--players", "2", "--seed", "5",
                        "--seats", "human,human", "--lang", lang)
    try:
        terminal.prompt()
        terminal.type("\r")        # the hand-over to P1
        terminal.prompt()
        terminal.type("1\r")       # P1's worker
        terminal.prompt()
        terminal.type("\r\r")      # hide P1's table, and Enter once more
        terminal.prompt()
        hand_over = terminal.text().rsplit(tr("cli.pass_screen", lang, seat=1), 1)[-1]
        terminal.type("q\r")
    finally:
        status = terminal.close()
    assert status == 0, terminal.text()
    assert not said(tr("cli.choose", lang, seat=1), hand_over, lang), hand_over
    assert said(tr("cli.typed_ahead", lang), hand_over, lang), hand_over
    assert hand_over.rstrip().endswith(tr("cli.press_enter", lang)), hand_over


@pytest.mark.parametrize("lang", LANGS)
def test_a_line_typed_while_a_bot_moves_does_not_answer_the_next_menu(
        lang: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    terminal = Terminal("play", "national-economy/progress", "--players", "2", "--seed", "3",
                        "--seats", "human,normal", "--save", str(save), "--lang", lang)
    try:
        terminal.prompt()
        terminal.type("1\r1\r")    # P1's worker, and a 1 typed on while P2 moves
        terminal.prompt()
        terminal.type("q\r")
    finally:
        status = terminal.close()
    assert status == 0, terminal.text()
    record = json.loads(save.read_text())
    state = keizai.replay({**record, "actions": []})
    movers = []
    for action in record["actions"]:
        movers.append(state.current_player)
        state.apply(action)
    assert movers[0] == 0 and 1 in movers   # P1's worker, then P2's moves
    assert movers.count(0) == 1, movers     # and P1's menu waits for an answer
    assert state.current_player == 0
    assert said(tr("cli.typed_ahead", lang), terminal.text(), lang)
