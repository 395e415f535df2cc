"""A seat's state message is as long whatever its hidden part holds, on its own turn too.

TLS hides a message's bytes, not its length. Session 32 padded each seat's hand
(tests/web/test_hand_lengths.py), but on the seat's own turn its legal moves named the
cards it could build or pay ("Build Cafeteria"; a placement on a Carpenter only with a
card it can build), its compound decision listed the cards it could pay, and its own log
lines named the cards it drew (ne.log.draws_cards): in h218's measure (200 random
two-player Mecenat deals, 40 random moves) 643 of 8,000 own-turn messages were of
another length than a twin's whose hidden part was resampled, the public part the same.

Here: random deals played through the WebSocket; at each step each seat's message (a
fresh connection's, English log lines and none) is taken from the table's state and
from a twin of it whose hidden part is drawn again (`State.determinize` for everyone:
the seat's hand, the deck) and whose log names other drawn cards; the public parts are
the same, so the lengths must be.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from keizai import i18n
from keizai.engine import State
from keizai.engine.lengths import json_length
from keizai.engine.registry import new_game
from keizai.web.padding import legal_entry
from tests.web.conftest import create, hello, tables_of

GAMES = ["national-economy/mecenat", "national-economy/progress", "national-economy/glory",
         "enterprise-empire"]


def next_state_text(ws: Any) -> str:
    """The next state message's text as it came (presences skipped)."""
    while True:
        text: str = ws.receive_text()
        if json.loads(text)["type"] in ("state", "error"):
            return text


def twin_of(state: State, rng: random.Random) -> State:
    """`state` with its hidden part drawn again: every hand and the deck resampled as
    everyone's view allows, and every private log entry naming as many other cards."""
    twin = state.determinize(None, rng)
    cards = getattr(state.game, "cards", None)   # National Economy's card set
    ids = [b.id for b in cards.buildings] if cards is not None else []
    entries = []
    for owner, public, private in twin._events:
        if isinstance(private, tuple) and "cards" in private[1]:
            private = (private[0], {**private[1],
                                    "cards": [rng.choice(ids) for _ in private[1]["cards"]]})
        entries.append((owner, public, private))
    twin._events = entries
    return twin


def seat_text(client: Any, made: dict[str, Any], seat: int, lines: bool) -> str:
    """The state message a new connection of `seat` gets (its log from the start)."""
    with client.websocket_connect(f"/ws/games/{made['id']}") as ws:
        ws.send_json({**hello(seat, made["seats"][seat]["token"]), "log": lines})
        return next_state_text(ws)


def hidden(text: str) -> str:
    """What a seat's message holds that its twin's may not: hand, moves, decision, log."""
    message = json.loads(text)
    return json.dumps([message["view"]["players"][message["seat"]].get("hand"),
                       message["legal"], message.get("whole"), message["events"]])


@pytest.mark.parametrize("game", GAMES)
def test_a_message_is_as_long_as_its_twins(client, game: str) -> None:
    rng = random.Random(game)
    compared = own_turns = differed = 0
    for _ in range(2):   # random deals (two people's games get no chosen seed)
        made = create(client, game, ["human", "human"], seed=None)
        table = tables_of(client).tables[made["id"]]
        with client.websocket_connect(f"/ws/games/{made['id']}") as first, \
                client.websocket_connect(f"/ws/games/{made['id']}") as second:
            sockets = (first, second)
            for seat, ws in enumerate(sockets):   # both here: their seat lines stay put
                ws.send_json(hello(seat, made["seats"][seat]["token"]))
            texts = [next_state_text(s) for s in sockets]
            for _ in range(20):
                real = table.state
                for seat in (0, 1):
                    for lines in (False, True):
                        mine = seat_text(client, made, seat, lines)
                        table.state = twin_of(real, rng)
                        try:
                            theirs = seat_text(client, made, seat, lines)
                        finally:
                            table.state = real
                        compared += 1
                        own_turns += real.current_player == seat
                        differed += hidden(mine) != hidden(theirs)
                        assert len(mine.encode()) == len(theirs.encode()), (
                            f"seat {seat} at step {len(real.history)}: {hidden(mine)} "
                            f"and {hidden(theirs)} sent in different lengths")
                mover = json.loads(texts[0])["current_player"]
                legal = json.loads(texts[mover])["legal"]
                if not legal:
                    break
                sockets[mover].send_json({"type": "act", "action": rng.choice(legal)["name"]})
                texts = [next_state_text(s) for s in sockets]
    assert own_turns >= compared // 3   # own turns were compared, not only the others'
    assert differed >= 10   # the twins' hidden parts differed


@pytest.mark.parametrize("game", [*GAMES, "futuropia"])
def test_the_widest_holds_what_a_seat_is_sent(game: str) -> None:
    """What each part is padded to holds every move, decision and own log entry a seat
    is sent: padding is never short (it would be cut to 0 and the length would tell)."""
    rng = random.Random(game)
    padded = 0
    for _ in range(25):
        state = new_game(game, 2, rng.randrange(1 << 30))
        for _step in range(80):
            if state.is_over:
                break
            seat = state.current_player
            view = state.view(seat)
            legal = state.legal_actions()
            groups = state.game.legal_room(view)
            if groups is not None:
                padded += 1
                for action in legal:
                    assert any(action in actions for actions, _ in groups), action.name
                for actions, most in groups:
                    assert sum(a in actions for a in legal) <= most
                    widest = sorted((json_length(legal_entry(state.game, a))
                                     for a in actions), reverse=True)[:most]
                    sent = [json_length(legal_entry(state.game, a)) for a in legal
                            if a in actions]
                    assert sum(sent) <= sum(widest)
            whole = state.pending_decision()
            if whole is not None:
                assert state.game.decision_padding(view, whole) >= 0
            state.apply(rng.choice(legal))
        for seat in (0, 1):
            for mine, everyone in zip(state.events_since(seat, 0), state.events_since(None, 0),
                                      strict=True):
                if mine is everyone:
                    continue
                rooms = state.game.private_entry_room(everyone, mine)
                assert max(json_length(i18n.to_json(r)) for r in rooms) >= json_length(
                    i18n.to_json(mine))
                assert max(json_length(i18n.render(r)) for r in rooms) >= json_length(
                    i18n.render(mine))
    assert padded or game == "futuropia"
