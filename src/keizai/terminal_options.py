"""A game's options as `keizai rules` lists them: each name a player types in `keizai play
--options`, what it changes, the values it takes and its default. The terminal had no
word on them: a player who wanted Futuropia's advanced or expert set-up had to guess the
JSON until a refusal named the option."""

from __future__ import annotations

import json
from typing import Any

from keizai import i18n
from keizai.engine import Game


def _typed(value: Any) -> str:
    """A value as it is typed in the JSON of --options: true, null, "random", ["X1", "X2"]."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _values(game: Game, key: str, default: Any, lang: str) -> str:
    """The values `key` takes, in `lang`: a range of whole numbers, true or false, or its
    few choices (a choice of several ids said once, as a list of so many of them)."""
    bounds = game.option_bounds().get(key)
    if bounds is not None:
        return i18n.tr("cli.rules_opt_range", lang, least=bounds[0], most=bounds[1])
    if isinstance(default, bool):
        return i18n.tr("cli.rules_opt_bool", lang)
    choices = game.option_choices().get(key, [default])
    plain = [_typed(c) for c in choices if not isinstance(c, list)]
    lists = [c for c in choices if isinstance(c, list)]
    if lists:
        ids = list(dict.fromkeys(x for c in lists for x in c))
        plain.append(i18n.tr("cli.rules_opt_list", lang, n=len(lists[0]),
                             example=_typed(lists[0]), ids=ids))
    if len(plain) == 1:
        return plain[0]
    return i18n.tr("cli.rules_opt_or", lang, first=i18n.tr("list.sep", lang).join(plain[:-1]),
                   last=plain[-1])


def option_paragraphs(game: Game, lang: str) -> list[str]:
    """The paragraphs of `keizai rules`' options section: how they are typed (an example
    turning the first yes-or-no option over), then each option; none for a game without
    options."""
    options = game.default_options()
    if not options:
        return []
    flip = next(((k, not v) for k, v in options.items() if isinstance(v, bool)), None)
    key, value = flip or next(iter(options.items()))
    command = f"keizai play {game.id} --options '{_typed({key: value})}'"
    paragraphs = [i18n.tr("cli.rules_opt_how", lang, command=command)]
    for key, default in options.items():
        paragraphs.append(i18n.tr("cli.rules_opt", lang, key=key, name=i18n.tr(f"opt_{key}", lang),
                                  values=_values(game, key, default, lang),
                                  default=_typed(default)))
    return paragraphs
