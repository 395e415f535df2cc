"""A table's list folds between its entries, counting a wide character as two columns."""

from __future__ import annotations

from keizai.rules.folding import LIST, aside, columns, fold


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
