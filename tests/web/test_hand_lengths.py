"""A seat's state message is as long whatever cards its hand holds. Found by session 32's
attack pass: TLS hides a message's bytes, not its length, and each seat's own message
carries its hand as whole card faces, so its length told someone on the player's network
(a café's Wi-Fi) which cards it held: 122 lengths over 200 two-player Mecenat deals; in
h211's measure (random deals played at random), 1,103 of 3,465 Mecenat hands were the only
hand of their size at their message's length. Each seat's message now pads its hand to
the widest a hand of its size can be (Game.view_padding)."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

import pytest

from tests.web.conftest import create, live

GAMES = ["national-economy/mecenat", "national-economy/progress", "national-economy/glory",
         "enterprise-empire"]


def public_size(message: dict[str, Any]) -> tuple[Any, ...]:
    """What everyone knows of the seat's hand: how many cards (and Consumer Items)."""
    row = message["view"]["players"][message["seat"]]
    return (message["game"], row.get("hand_size"), row.get("consumer_items"),
            row.get("price_cards"))


def next_state_text(ws: Any) -> str:
    """The next state message's text as it came (presences skipped)."""
    while True:
        text: str = ws.receive_text()
        if json.loads(text)["type"] in ("state", "error"):
            return text


def without_hand(message: dict[str, Any]) -> int:
    """The message's length with the seat's hand and its padding taken out."""
    public = json.loads(json.dumps(message))
    public["view"]["players"][message["seat"]].pop("hand")
    public.pop("pad", None)
    return len(json.dumps(public, separators=(",", ":"), ensure_ascii=False).encode())


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_of_one_size_takes_one_length(client, game: str) -> None:
    rng = random.Random(game)
    hand_bytes: dict[tuple[Any, ...], set[int]] = defaultdict(set)
    hands: dict[tuple[Any, ...], set[str]] = defaultdict(set)
    for _ in range(6):   # random deals (two people's games get no chosen seed)
        made = create(client, game, ["human", "human"], seed=None)
        with live(client, made, 0) as first, live(client, made, 1) as second:
            sockets = (first, second)
            texts = [next_state_text(s) for s in sockets]
            for _ in range(30):
                for text, other in zip(texts, reversed(texts), strict=True):
                    message = json.loads(text)
                    assert message["type"] == "state"
                    if message["legal"] or message["events"] != json.loads(other)["events"]:
                        # its own turn's moves, its own draws: padded too, in the same
                        # `pad` (tests/web/test_turn_lengths.py); here the hand alone
                        continue
                    key = public_size(message)
                    # the bytes the hand takes as sent: the whole text less the rest
                    hand_bytes[key].add(len(text.encode()) - without_hand(message))
                    hands[key].add(json.dumps(
                        message["view"]["players"][message["seat"]]["hand"]))
                mover = json.loads(texts[0])["current_player"]
                legal = json.loads(texts[mover])["legal"]
                if not legal:
                    break
                sockets[mover].send_json({"type": "act", "action": rng.choice(legal)["name"]})
                texts = [next_state_text(s) for s in sockets]
    assert sum(len(h) > 1 for h in hands.values()) >= 2   # hands differed at one size
    told = {key: sorted(sizes) for key, sizes in hand_bytes.items() if len(sizes) > 1}
    assert not told, f"hands of one size sent in different lengths: {told}"
