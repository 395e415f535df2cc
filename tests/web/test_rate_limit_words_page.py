"""The page's banner says a refusal's wait in words its reader reads (`errorText` of the
refusal the API sends), as the server's English does: "try again in 4 h 48 min", never
"17280.0 s" (session 33, h229)."""

from __future__ import annotations

import pytest

from keizai.web.errors import rate_limited
from tests.web.browser import language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 15_000


@pytest.mark.parametrize(("lang", "hours", "seconds"), [
    ("en", "too many requests; try again in 4 h 48 min",
     "too many requests; try again in 12 s"),
    ("ja", "リクエストが多すぎます。4時間48分後にやり直してください",
     "リクエストが多すぎます。12秒後にやり直してください"),
    ("zh-TW", "請求過多；請在4小時48分鐘後再試", "請求過多；請在12秒後再試"),
], ids=["en", "ja", "zh-TW"])
def test_the_page_says_a_refusals_wait_in_its_language(browser, server, lang: str,
                                                        hours: str, seconds: str) -> None:
    page = language_page(browser, lang)
    page.goto(server.url)
    page.wait_for_selector(".lobby", timeout=WAIT)
    refusals = [rate_limited(wait).payload()["error"] for wait in (17279.6, 11.2)]
    said = page.evaluate("""async (refusals) => {
      const i18n = await import('/static/i18n.js');
      return refusals.map((error) => i18n.errorText(error)); }""", refusals)
    assert said == [hours, seconds]
    assert not page.errors, page.errors
