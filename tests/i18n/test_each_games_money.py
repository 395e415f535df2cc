"""Each game names its money as its own rulebook does, in every line of that game: the
page, the terminal, the log, the options and the how-to-play.

The 繁體中文 rulebooks do not agree with one another: National Economy's (Mecenat,
seeds 000_…) writes 金錢 (「玩家手頭的金錢不足以支付」, 「金錢卡」) and never 現金;
Futuropia's (004_…) writes 現金 and never 金錢 (「獲得等量的現金」, 「如果你沒有足夠的現金
來執行一項行動」, interest 「任意一份資源 (現金、食物或電力)」, the score's 「現金、電力和食物
的數量加總後」; the spoken 「如果你沒有足夠的錢」 beside it); 企業帝國's (003_…) writes 現金
(「率先持有10,000元現金」, 「若玩家無足夠的現金」).

Found in session 33 (h230): h225 and h228 gave every game but 企業帝國 the word 金錢, so
Futuropia's stat, resource, payment, option and how-to said 金錢 where its rulebook says 現金.
日本語 has no rulebook of Futuropia: its lines say お金 (the stat, the resource, the
payment), and its option alone said 現金 (「現金が足りなければ借金で利息を払う」)."""

from __future__ import annotations

from functools import cache

import pytest

import keizai
from keizai.i18n import catalogue
from keizai.i18n.howto import texts

# each game's money, as its rulebook writes it (日本語: as the game's own lines write it)
MONEY = {
    "zh-TW": {"national-economy": "金錢", "futuropia": "現金", "enterprise-empire": "現金"},
    "ja": {"national-economy": "お金", "futuropia": "お金", "enterprise-empire": "現金"},
}
# the line that names each game's money by itself: the page's stat
MONEY_KEY = {"national-economy": "money", "futuropia": "fu_money",
             "enterprise-empire": "ee_cash"}
PREFIX = {"national-economy": "ne", "futuropia": "fu", "enterprise-empire": "ee"}
# lines of one game whose key does not carry its prefix
UNPREFIXED = {"national-economy": {"money", "score_money", "payday_forecast"},
              "futuropia": set(), "enterprise-empire": {"score_cash"}}
GAMES = tuple(PREFIX)


@cache
def _options(family: str) -> set[str]:
    """The option labels (opt_<key>) of `family`'s games that no other game has."""
    def keys(fam: str) -> set[str]:
        return {key for game in keizai.games() if game.split("/")[0] == fam
                for key in keizai.get_game(game).default_options()}
    others = set().union(*(keys(fam) for fam in GAMES if fam != family))
    return {f"opt_{key}" for key in keys(family) - others}


def owner(key: str) -> str | None:
    """The game a catalogue key or a how-to section ("how-to fu.score") belongs to."""
    for game in GAMES:
        if key.removeprefix("how-to ").startswith((f"{PREFIX[game]}.", f"{PREFIX[game]}_")) \
                or key in UNPREFIXED[game] or key in _options(game):
            return game
    return None


def lines(lang: str) -> dict[str, str]:
    """Every catalogue line and how-to-play section of `lang`, by id."""
    found = {key: text for key, text in catalogue(lang).items() if not key.startswith("@")}
    for key, section in texts(lang).items():
        found[f"how-to {key}"] = "\n".join([section["heading"], *section["text"]])
    return found


@pytest.mark.parametrize("lang", MONEY)
@pytest.mark.parametrize("game", GAMES)
def test_a_games_money_is_named_as_its_rulebook_names_it(lang: str, game: str) -> None:
    assert catalogue(lang)[MONEY_KEY[game]] == MONEY[lang][game]


@pytest.mark.parametrize("lang", MONEY)
def test_every_line_that_names_money_names_its_games_word(lang: str) -> None:
    """A line naming a money word belongs to a game (its key, its option, its how-to
    section) and names that game's word only."""
    words = set(MONEY[lang].values())
    found: dict[str, tuple[str | None, str]] = {}
    for key, text in lines(lang).items():
        named = {word for word in words if word in text}
        game = owner(key)
        if named and (game is None or named != {MONEY[lang][game]}):
            found[key] = (game, text)
    assert not found, found


def test_the_check_knows_each_games_lines() -> None:
    assert owner("how-to fu.score") == owner("fu.whole.pay") == "futuropia"
    assert owner("opt_loans_when_cash_short") == "futuropia"
    assert owner("opt_max_turns") is None          # Futuropia's and 企業帝國's
    assert owner("payday_forecast") == owner("how-to ne.goal") == "national-economy"
    assert owner("score_cash") == owner("ee.log.buy") == "enterprise-empire"
    named = [key for key, text in lines("zh-TW").items() if "現金" in text or "金錢" in text]
    assert {owner(key) for key in named} == set(GAMES)
