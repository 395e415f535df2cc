"""How to play each game, in one screen: the goal, a turn, the end, the score and what
players most often get wrong. The words are data beside the catalogues
(`howto.<lang>.json`: section id -> heading and paragraphs) for a translator to fix; this
module says which sections each game shows, in which order. `keizai rules GAME` prints
them and the page shows them (`/api/howto/<lang>/<game>`), fetched only when asked for."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from keizai.i18n import DEFAULT, LANGUAGES, tr

# The three National Economy games share most of their rules; each adds its own section.
_NE_BEFORE = ("ne.goal", "ne.turn", "ne.round", "ne.score")
_NE_AFTER = ("ne.mistakes", "ne.solo")
SECTIONS: dict[str, tuple[str, ...]] = {
    "national-economy/progress": (*_NE_BEFORE, "ne.progress", *_NE_AFTER),
    "national-economy/mecenat": (*_NE_BEFORE, "ne.mecenat", *_NE_AFTER),
    "national-economy/glory": (*_NE_BEFORE, "ne.glory", *_NE_AFTER),
    "futuropia": ("fu.goal", "fu.turn", "fu.end", "fu.score", "fu.mistakes"),
    "enterprise-empire": ("ee.goal", "ee.turn", "ee.end", "ee.mistakes"),
}


@cache
def texts(lang: str) -> dict[str, Any]:
    """The how-to-play sections of `lang` (`howto.<lang>.json`), notes ("@...") left out."""
    raw = resources.files(__package__).joinpath(f"howto.{lang}.json").read_text("utf-8")
    return {key: value for key, value in json.loads(raw).items() if not key.startswith("@")}


def how_to_play(game_id: str, lang: str) -> dict[str, Any]:
    """The game's how-to-play in `lang`: its title and its sections, each a heading and
    its paragraphs (a section missing in `lang` in English, as the catalogue falls back).
    KeyError for a game keizai has no text for."""
    order = SECTIONS[game_id]
    lang = lang if lang in LANGUAGES else DEFAULT
    own, english = texts(lang), texts(DEFAULT)
    sections = [own.get(key) or english[key] for key in order]
    return {"game": game_id,
            "title": tr("howto.title", lang, game=tr(f"game.{game_id}", lang)),
            "sections": [{"heading": s["heading"], "paragraphs": list(s["text"])}
                         for s in sections]}
