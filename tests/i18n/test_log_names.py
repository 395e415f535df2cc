"""No English log line names a thing by its raw id. Futuropia's English said "P1 takes
the invite action." and "P1 buys house L01A for $1." where 日本語 and 中文 named the tile
and the house from the catalogue (「住民招待 + 食事」, 住宅01（ベッド1）); its generator
kinds and 企業帝國's corners were raw ids in English only too (they happened to read
alike). Every thing a log line names now comes from the catalogue in every language."""

from __future__ import annotations

import random
import string
from typing import Any

import keizai
from keizai.i18n import catalogue, tr

GAMES: list[tuple[str, dict[str, Any]]] = [
    *((game, {}) for game in keizai.games()),
    ("futuropia", {"advanced": True, "expert_tiles": "random", "houses": "random"}),
    ("enterprise-empire", {"choose_corners": True}),
]


def _fields(template: str, named: bool) -> set[str]:
    """The fields of `template` shown by catalogue name ({x:t:…}), or shown as they are
    (no format spec)."""
    return {name for _, name, spec, _ in string.Formatter().parse(template)
            if name is not None and ((spec or "").startswith("t") if named else not spec)}


def _ids() -> set[str]:
    """Every id the catalogue has a name for under a prefix a template names things by
    ("invite" of fu.tile.invite, "A" of ee.corner.A, ...)."""
    english = catalogue("en")
    prefixes = {spec.split(":")[1] + "." for template in english.values()
                for _, name, spec, _ in string.Formatter().parse(template)
                if name is not None and spec and spec.startswith("t:")}
    return {key[len(prefix):] for key in english for prefix in prefixes
            if key.startswith(prefix)}


def _played(game: str, options: dict[str, Any], players: int) -> keizai.State:
    state = keizai.new_game(game, players, seed=players, options=options)
    chooser = random.Random(players)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    return state


def test_no_english_log_line_of_random_games_shows_a_raw_id() -> None:
    ids = _ids()
    english, others = catalogue("en"), [catalogue("ja"), catalogue("zh-TW")]
    checked = set()
    for game, options in GAMES:
        for players in (2, 3):
            state = _played(game, options, players)
            for event in state.events(None) + state.events(0):
                if isinstance(event, str):
                    continue
                key, params = event
                checked.add(key.split(".")[0])
                for field in _fields(english[key], named=False) & set(params):
                    value = params[field]
                    if not isinstance(value, str):
                        continue
                    assert value not in ids, (key, field, value, tr(key, "en", **params))
                    for other in others:
                        assert field not in _fields(other[key], named=True), (key, field)
    assert checked >= {"ne", "fu", "ee"}


def test_a_bought_house_is_named_in_the_log_as_the_purchase_offered_it() -> None:
    """In every language the log names the house with the words of the whole decision
    that offered it ("house L01 (1 bed)", 住宅01（ベッド1）, 房舍01（1床）)."""
    bought = 0
    for seed in range(4):
        state = keizai.new_game("futuropia", 2, seed=seed)
        chooser = random.Random(seed)
        while not state.is_over:
            action = chooser.choice(state.legal_actions())
            decision = state.pending_decision()
            before = state.event_count()
            state.apply(action)
            if decision is None or not action.name.startswith("house:") \
                    or action.name == "house:done":
                continue
            offered = next(c for c in decision.candidates
                           if action.name in (c.action, *c.actions))
            for lang in ("en", "ja", "zh-TW"):
                lines = state.log(None, lang)[before:]
                assert any(offered.label_in(lang) in line for line in lines), (lang, lines)
            bought += 1
    assert bought > 10
