"""A table's list folds between its entries, counting a wide character as two columns."""

from __future__ import annotations

from keizai.rules.folding import LIST, aside, columns, fold, words


def test_a_list_folds_between_entries_with_a_hanging_indent() -> None:
    entries = [f"L{i:02} ${i}, {i} beds" for i in range(1, 9)]
    lines = fold("House supply: " + LIST + ".", entries, "; ", 40, 2)
    assert lines[0].startswith("House supply: L01 $1, 1 beds;")
    assert all(columns(line) <= 40 for line in lines)
    assert all(line.startswith("  L") and line[2:].endswith(";") for line in lines[1:-1])
    assert lines[-1].endswith("L08 $8, 8 beds.")  # the words after the list stay with it
    assert [e.strip() for e in " ".join(lines).removeprefix("House supply: ")
            .removesuffix(".").split(";")] == entries


def test_wide_characters_take_two_columns() -> None:
    """Twelve entries of 13 columns (8 characters) and their 、: three to a 50-column line."""
    entries = ["住宅01ベッド1"] * 12
    lines = fold("", entries, "、", 50, 2)
    assert columns("住宅01ベッド1") == 13 and columns(lines[0]) <= 50
    assert lines[0] == "、".join(entries[:3]) + "、"
    assert all(columns(line) <= 50 for line in lines)


def test_words_too_long_for_the_line_fold_before_their_parenthesis() -> None:
    text = "right: P11 (3 spaces -> 12) costs $13 (printed $11, 2 left)"
    assert fold("  ", aside(text), "", 50, 4) == [
        "  right: P11 (3 spaces -> 12) costs $13", "    (printed $11, 2 left)"]
    assert fold("  ", aside(text), "", 80, 4) == ["  " + text]
    assert aside("右：F06価格$8（印刷$6、残り2）") == ["右：F06価格$8", "（印刷$6、残り2）"]


def test_prose_folds_between_words_and_between_wide_characters() -> None:
    """An effect's English words stay whole; 日本語 breaks between characters but never
    puts a closing mark at a line's start."""
    assert words("Draw 1 card (keep it).") == ["Draw ", "1 ", "card ", "(keep ", "it)."]
    assert words("手札を1枚捨て、$6を得る（2枚）。") == [
        "手", "札", "を", "1枚", "捨", "て、", "$6", "を", "得", "る", "（2枚）。"]   # counted
    lines = fold("      ", words("建物カードを1枚引き、スタートプレイヤーカードを取る。"),
                 "", 30, 6)
    assert all(columns(line) <= 30 for line in lines)
    assert "".join(line.strip() for line in lines) == \
        "建物カードを1枚引き、スタートプレイヤーカードを取る。"
    assert not any(line.strip()[0] in "、。）" for line in lines)


def test_a_key_and_what_it_does_stay_together() -> None:
    """A prompt's keys ('(s = one step at a time, l = full log, u = undo, q = quit)')
    folded between a key and its '=' ('… or 3x2) (s' / '  = one step at a time'; 日本語
    '… u' / '  = 取り消し'): a key, its '=' and the first word after it are one piece."""
    assert words("(s = one step, u = undo)") == ["(s = one ", "step, ", "u = undo)"]
    assert words("u = 取り消し、q") == ["u = 取", "り", "消", "し、", "q"]
    prompt = "type the numbers (e.g. 1 3 3 or 3x2) (s = one step at a time, l = full log)"
    lines = fold("", words(prompt), "", 42, 2)
    assert not any(line.rstrip().endswith(("=", "(s")) for line in lines), lines
    assert not any(line.lstrip().startswith("=") for line in lines), lines


def test_an_entry_wider_than_the_line_is_cut_between_its_words() -> None:
    """A card wider than a 40-column line by itself went past the terminal's edge whole
    (the terminal then folded it anywhere); it starts a line of its own, as before, and
    is cut between its words with the hanging indent, the list's mark after it."""
    card = "Head Office Building (cost 5, value 20, F, no sale)"
    lines = fold("      Building: ", [card, "other"], ", ", 40, 8)
    assert lines == ["      Building:",
                     "        Head Office Building (cost 5,",
                     "        value 20, F, no sale), other"]
    assert fold("      Building: ", [card], ", ", 80, 8) == ["      Building: " + card]
    head = "    company card: Logistics & warehousing: "  # the words before the list too
    lines = fold(head + LIST + " (4 more)", ["Oil[ ]", "Car[x]"], " ", 40, 6)
    assert all(columns(line) <= 40 for line in lines), lines
    assert " ".join(line.strip() for line in lines) == \
        "company card: Logistics & warehousing: Oil[ ] Car[x] (4 more)"


def test_a_word_wider_than_the_line_is_cut_between_characters() -> None:
    """A word no line holds (digits, or 日本語 with no space) is cut where the line is
    full, a wide character never halved (an odd room leaves a column free), and never
    before a closing mark such as 「、」 or 「）」."""
    assert fold("", ["1234567890" * 5], "", 40, 0) == ["1234567890" * 4, "1234567890"]
    text = "住宅20、$10、ベッド5、エネルギー2、勝利点+3（特別）"
    for width in range(20, 41):
        lines = fold("  ", [text], "", width, 3)
        assert all(columns(line) <= width for line in lines), (width, lines)
        assert "".join(line.strip() for line in lines) == text
        assert not any(line.strip()[0] in "、）ー" for line in lines), (width, lines)
