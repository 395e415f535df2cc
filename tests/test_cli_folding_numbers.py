"""An example of numbers to type, written with spaces between them ("1 3 3"), folds as
one word in English as 「1 3 3」 does in 日本語 and 中文."""
from __future__ import annotations

from keizai.i18n import tr
from keizai.rules.folding import columns, fold, words


def test_an_english_example_of_numbers_to_type_stays_whole() -> None:
    """The English whole decision's help, 'type the numbers, repeats for copies (e.g. 1
    3 3 or 3x2)', broke between its numbers at 40 columns and others ('…(e.g. 1' / '3 3
    or 3x2)'), which reads as the answer 1 (0c9723b kept 「1 3 3」 whole in ja and zh-TW
    only). Numbers with single spaces between them are one word; the line still breaks
    around them, and every line fits."""
    text = tr("tdec.help", "en")
    assert "1 3 3 " in words(text)
    for width in range(12, 81):
        lines = fold("", words(text), "", width, 2)
        assert any("1 3 3" in line for line in lines), (width, lines)
        assert max(columns(line) for line in lines) <= width, (width, lines)


def test_numbers_in_a_sentence_still_fold_between_their_words() -> None:
    """Only numbers with a space between them join: a number and a word do not."""
    assert words("pay 2 cards or 3 4 5 now") == ["pay ", "2 ", "cards ", "or ", "3 4 5 ",
                                                 "now"]
