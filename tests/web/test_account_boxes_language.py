"""The account form's empty boxes say so in the page's language, not the browser's. Found in
session 31 on the account page in 繁體中文 in an English Chromium: Log in or Register with a
box left empty was held back, rightly, with the browser's own "Please fill out this
field."."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, posts_made, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("button", ["#login", "#register"])
def test_an_empty_account_box_is_said_in_the_pages_language(browser, server, lang: str,
                                                            button: str) -> None:
    page = language_page(browser, lang)
    page.goto(server.url + "/#/account")
    page.wait_for_selector("#account-form")
    posted = posts_made(page)
    page.click(button)   # both boxes empty: the first is said
    page.wait_for_timeout(200)
    said = tr("field_required", lang)
    assert page.evaluate("document.querySelector('[name=username]').validationMessage") == said
    page.fill("[name=username]", "hanako")
    page.click(button)   # the password box still empty
    page.wait_for_timeout(200)
    assert page.evaluate("document.querySelector('[name=username]').validity.valid")
    assert page.evaluate("document.querySelector('[name=password]').validationMessage") == said
    assert not posted, posted
    assert not page.errors, page.errors
