"""A wait as a person reads it (keizai.i18n.waits): a refusal said "try again in 17280.0 s"
until session 33 (h229). Rounded up, never 0, no decimals: seconds under a minute,
minutes under an hour, then hours and minutes, in the three languages."""

from __future__ import annotations

import pytest

from keizai.i18n import render
from keizai.i18n.waits import wait_message, whole_seconds


def said(wait: float, lang: str) -> str:
    message = wait_message(wait)
    return render((message["id"], message["params"]), lang)


@pytest.mark.parametrize(("wait", "en", "ja", "zh"), [
    (0.0, "1 s", "1秒", "1秒"),
    (0.2, "1 s", "1秒", "1秒"),
    (12, "12 s", "12秒", "12秒"),
    (58.1, "59 s", "59秒", "59秒"),
    (59, "59 s", "59秒", "59秒"),
    (59.5, "1 min", "1分", "1分鐘"),
    (60, "1 min", "1分", "1分鐘"),
    (61, "2 min", "2分", "2分鐘"),
    (300, "5 min", "5分", "5分鐘"),
    (3599, "1 h", "1時間", "1小時"),
    (3600, "1 h", "1時間", "1小時"),
    (3601, "1 h 1 min", "1時間1分", "1小時1分鐘"),
    (17280.0, "4 h 48 min", "4時間48分", "4小時48分鐘"),   # a day's 5 registrations
    (17279.3, "4 h 48 min", "4時間48分", "4小時48分鐘"),
    (86399, "24 h", "24時間", "24小時"),
    (86400, "24 h", "24時間", "24小時"),
    (86401, "24 h 1 min", "24時間1分", "24小時1分鐘"),
])
def test_a_wait_reads_in_whole_units_rounded_up(wait: float, en: str, ja: str,
                                                zh: str) -> None:
    assert (said(wait, "en"), said(wait, "ja"), said(wait, "zh-TW")) == (en, ja, zh)


@pytest.mark.parametrize(("wait", "seconds"), [
    (0.0, 1), (0.01, 1), (1.0, 1), (1.2, 2), (59.5, 60), (17279.3, 17280), (86400, 86400)])
def test_retry_after_is_whole_seconds_rounded_up_and_never_0(wait: float,
                                                             seconds: int) -> None:
    assert whole_seconds(wait) == seconds
