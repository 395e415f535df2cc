"""Whole (compound) decisions in the terminal: show one, read a whole set, describe it.

The engine describes the pending compound decision (keizai.engine.decision); here it is
printed as one numbered list and the player's answer ("1 3 3", "2x3" or "2×3", "-" for
nothing) is read into a chosen set. Applying it is the engine helper's job (`apply_whole`), so
the terminal never re-derives the rules of a payment, a sale or a house purchase.
"""

from __future__ import annotations

import re
from typing import Any

from keizai.engine.decision import ONE_OF, RANGE, Candidate, PendingDecision
from keizai.i18n import action_label, tr
from keizai.rules.folding import fold, words

# Figures shown next to a candidate: info key -> catalogue id ({0} is the figure). Those
# the page shows too are its own entries (whole_*), so both say them alike.
_FIGURES = (("price", "tdec.fig_price"), ("beds", "whole_beds"), ("energy", "whole_energy"),
            ("vp", "whole_vp"), ("value", "tdec.fig_value"), ("have", "tdec.fig_have"),
            ("cash", "tdec.fig_cash"))
# Figures that say how many copies there are (no "×3" beside them): what a player holds
_HELD = ("have", "cash")


def _figure(key: str, value: Any, lang: str) -> str:
    """A figure in `lang`; points with their sign when they are more than none, as the
    page shows them."""
    return tr(key, lang, f"+{value}" if key == "whole_vp" and value > 0 else value)


def _labelled(info: dict[str, Any], label: str, lang: str) -> str:
    """`label` with each of the candidate's figures whose own words the name lacks
    ("ベッド1" and "$1" are in "住宅$1（ベッド1）", "エネルギー1" is not), inside the
    name's closing bracket if it has one ("$1 house (1 bed, energy 1, -1 VP)")."""
    parts = [shown for key, message in _FIGURES if key in info
             if (shown := _figure(message, info[key], lang)) not in label]
    if not parts:
        return label
    sep = tr("list.sep", lang)
    if label.endswith(("）", ")")):
        return label[:-1] + sep + sep.join(parts) + label[-1]
    return label + tr("tdec.figures", lang, figures=sep.join(parts))


# How copies of one candidate are counted, by the decision's unit: resources always by
# their number ("1 food", 「食料2つ」, 「2份食物」), money as dollars ("$2"), cards by a
# count past one ("Colony ×2", 「植民団2枚」), anything else as "$1 house (1 bed) ×2"
# (「住宅$1（ベッド1）×2」).
_COPIES = {"card": "tdec.copies_card", "$": "tdec.copies_card"}


def _copies(unit: str, n: int, candidate: Candidate, lang: str) -> str:
    name = candidate.label_in(lang)
    if "cash" in candidate.info:
        return tr("tdec.fig_price", lang, n)
    if unit == "resource":
        return tr("tdec.units", lang, n=n, name=name)
    if n == 1:
        return name
    return tr(_COPIES.get(unit, "tdec.copies"), lang, n=n, name=name)


def describe_set(decision: PendingDecision, chosen: dict[str, int], lang: str = "en") -> str:
    """A chosen set as a person reads it: "Cathedral ×2, Consumer Item", with what it
    adds up to in dollars or beds ("Farm Village, Mine ($12 in all)"); one card or house
    shows its own figure, unless its name already does ("$5 house (4 beds)")."""
    parts = [_copies(decision.unit, n, c, lang)
             for c in decision.candidates if (n := chosen.get(c.id, 0))]
    total = sum(c.weight * chosen.get(c.id, 0) for c in decision.candidates)
    unit = decision.unit
    sums = ""
    if unit in ("$", "bed") and total:
        one = sum(chosen.values()) == 1
        figure = tr("tdec.fig_price" if unit == "$" else "whole_beds", lang, total)
        if not (one and figure in parts[0]):
            keys = (("tdec.sum_dollars", "tdec.total_dollars") if unit == "$" else
                    ("tdec.sum_beds", "tdec.total_beds"))
            sums = tr(keys[0] if one else keys[1], lang, n=total)
    return (tr("tdec.sep", lang).join(parts) or tr("tdec.nothing", lang)) + sums


# What confirming a whole set does, as a question about the set ("Discard {0}?"): the
# words the page confirms one such step with where they fit. Cards paid are discarded
# (the page's confirm_pay), a payday sale sells; by the decision's kind, else its unit.
_CONFIRM_KIND = {"sell": "confirm_sell", "houses": "tdec.confirm_buy"}
_CONFIRM_UNIT = {"card": "confirm_pay", "resource": "tdec.confirm_pay"}


def confirm_question(decision: PendingDecision, chosen: dict[str, int], game_id: str,
                     lang: str = "en") -> str:
    """What confirming `chosen` will apply, briefly ("Discard Farm ×2, Mine?"); choosing
    nothing is the decision's closing action, a stop or a pass whose words are an order,
    not a question: it is asked about ("Buy no more houses — are you sure?",
    「住宅の購入を終える」でよろしいですか？, 確定不再購買房舍？)."""
    if not any(chosen.values()) and decision.finish is not None:
        return tr("tdec.confirm_finish", lang, action_label(game_id, decision.finish, lang))
    key = _CONFIRM_KIND.get(decision.kind) or _CONFIRM_UNIT.get(decision.unit,
                                                               "confirm_action")
    return tr(key, lang, describe_set(decision, chosen, lang))


def _folded(head: str, text: str, indent: int, width: int | None) -> list[str]:
    """`head` then `text`, folded between `text`'s words at `width` columns with a hanging
    indent of `indent` (日本語 and 中文 between characters); one line if `width` is None."""
    if width is None:
        return [head + text]
    return fold(head, words(text), "", width, indent)


def lines(decision: PendingDecision, lang: str = "en", width: int | None = None
          ) -> list[str]:
    """The decision as numbered lines (sets for a choice among sets, else candidates),
    under its prompt and a colon, unless the prompt's last sentence has one of its own
    ("Factory: discard 2 cards", 「住宅を買う：合計ベッド3～8」 read as headings without a
    second; "Payday: wages $4 …. Sell buildings …" still ends with one). At a terminal's
    `width` each line folds between its words, a numbered one under its words; None
    leaves each whole (a test, or a caller that folds them itself)."""
    prompt = decision.prompt_in(lang)
    last = re.split(r"(?<=[.。])\s*", prompt.rstrip(".。"))[-1]
    out = _folded("", prompt if ":" in last or "：" in last else prompt + tr("tdec.colon", lang),
                  2, width)
    if decision.constraint == ONE_OF:
        for number, chosen_set in enumerate(decision.sets, 1):
            counted: dict[str, int] = {}
            for cid in chosen_set:
                counted[cid] = counted.get(cid, 0) + 1
            out += _folded(f"  {number:2}) ", tr("tdec.sell", lang,
                                                 chosen=describe_set(decision, counted, lang)),
                           6, width)
        return out
    for number, c in enumerate(decision.candidates, 1):
        # copies: "×3", unless the figures say how many there are ("have 3")
        many = tr("tdec.many", lang, n=c.count) \
            if c.count > 1 and not any(key in c.info for key in _HELD) else ""
        worth = tr("tdec.counts", lang, n=c.weight) \
            if c.weight != 1 and decision.unit == "card" else ""
        out += _folded(f"  {number:2}) ", f"{_labelled(c.info, c.label_in(lang), lang)}{many}"
                       f"{worth}", 6, width)
    limits = [tr("tdec.at_most", lang, n=n, tag=tr(f"tdec.tag_{tag}", lang))
              for tag, n in decision.limits.items()
              if any(tag in c.tags for c in decision.candidates)]
    if limits:
        out += _folded("  ", tr("tdec.limits", lang, limits="; ".join(limits)), 4, width)
    if decision.kind == "houses":
        info = decision.info
        out += _folded("  ", tr("tdec.houses_money", lang, money=info["money"],
                                loan=info["loan_value"]), 4, width)
    return out


def answer_columns(decision: PendingDecision) -> int:
    """The columns of the longest answer a player would type: for a choice among sets its
    number, else the highest-numbered candidates, as many as one set may hold (its
    amount, or its maximum, over the smallest weight), each of several copies as "3x2"
    ("8 9 10 11" for four cards out of eleven)."""
    if decision.constraint == ONE_OF:
        return len(str(len(decision.sets)))
    lightest = max(1, min((c.weight for c in decision.candidates), default=1))
    most = -(-(decision.maximum or decision.amount) // lightest)   # rounded up
    tokens = sorted((len(str(number)) + (len(f"x{c.count}") if c.count > 1 else 0)
                     for number, c in enumerate(decision.candidates, 1)), reverse=True)
    tokens = tokens[:max(1, most)]
    return sum(tokens) + len(tokens) - 1


def _small_number(digits: str) -> int | None:
    """`digits` as a number if it is made of decimal digits and short enough for int()
    (Python refuses more than 4300 digits; "²" is a digit to str.isdigit but not to int);
    otherwise None."""
    if not digits.isdecimal():
        return None
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 9 else None


def menu_number(answer: str, size: int, least: int = 1) -> int | None:
    """The number (`least` to `size`) a typed answer names, or None."""
    number = _small_number(answer.strip())
    return number if number is not None and least <= number <= size else None


def help_text(decision: PendingDecision, lang: str = "en") -> str:
    if decision.constraint == ONE_OF:
        return tr("tdec.help_one_of", lang, n=len(decision.sets))
    empty = tr("tdec.help_none", lang) \
        if decision.constraint == RANGE and decision.amount <= 0 else ""
    return tr("tdec.help", lang) + empty


def parse(decision: PendingDecision, answer: str, lang: str = "en") -> dict[str, int]:
    """The chosen set an answer names; ValueError with the reason if it names none."""
    text = answer.strip().lower()
    if decision.constraint == ONE_OF:
        chosen_number = menu_number(text, len(decision.sets))
        if chosen_number is None:
            raise ValueError(tr("tdec.err_number", lang, n=len(decision.sets)))
        counted: dict[str, int] = {}
        for cid in decision.sets[chosen_number - 1]:
            counted[cid] = counted.get(cid, 0) + 1
        return counted
    if text in ("-", "none", "0"):
        return {}
    size = len(decision.candidates)
    chosen: dict[str, int] = {}
    for token in re.split(r"[\s,、]+", text):   # 「1、3」 as 日本語 and 中文 list them
        if not token:
            continue
        # copies after "x", "*" or the "×" the menu writes them with ("Factory ×2")
        found = re.fullmatch(r"(\d+)(?:[x*×](\d+))?", token)
        shown = token if len(token) <= 20 else token[:20] + "…"
        if found is None:
            raise ValueError(tr("tdec.err_token", lang, token=repr(shown)))
        number, copies = _small_number(found.group(1)), _small_number(found.group(2) or "1")
        if number is None or copies is None:
            raise ValueError(tr("tdec.err_large", lang, token=shown))
        if not 1 <= number <= size:
            raise ValueError(tr("tdec.err_range", lang, number=number, n=size))
        cid = decision.candidates[number - 1].id
        chosen[cid] = chosen.get(cid, 0) + copies
    if not chosen:
        raise ValueError(tr("tdec.err_nothing", lang, help=help_text(decision, lang)))
    return chosen
