"""Errors the API reports: every one is a JSON object with a stable code and a message."""

from __future__ import annotations

from typing import Any

from keizai.i18n import tr
from keizai.i18n.waits import wait_message, whole_seconds


class ApiError(Exception):
    """A request the server refuses; nothing was changed."""

    def __init__(self, code: str, message: str, status: int = 400,
                 headers: dict[str, str] | None = None,
                 reason: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.headers = headers
        # The reason as a catalogue message ({"id", "params"}, keizai.i18n) that the page
        # shows in its reader's language; without one it shows the text of `code`.
        self.reason = reason

    @classmethod
    def refused(cls, code: str, key: str, status: int = 400, /, **params: Any) -> ApiError:
        """A refusal whose reason is the catalogue message `key` (English in `message`);
        its own arguments positional, so that a message's parameters may be named
        anything (the agents' messages have a `{key}`)."""
        return cls(code, tr(key, "en", **params), status,
                   reason={"id": key, "params": params})

    def payload(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.reason is not None and "id" in self.reason:
            error["id"] = self.reason["id"]
            error["params"] = self.reason.get("params", {})
        return {"error": error}


def rate_limited(wait: float, key: str = "web.err.requests", **params: Any) -> ApiError:
    """A refusal that says when to come back: in words ("try again in 4 h 48 min", the
    `{wait:m}` of the catalogue message `key`, which may take `params` too), in
    `params.seconds` (the page's socket asks again then) and in whole seconds rounded
    up in `Retry-After`."""
    error = ApiError.refused("rate_limited", key, 429, **params, seconds=f"{wait:.1f}",
                             wait=wait_message(wait))
    error.headers = {"retry-after": str(whole_seconds(wait))}
    return error


def not_found(what: str) -> ApiError:
    return ApiError("not_found", f"{what} does not exist", 404)


def forbidden(message: str = "this token does not open that seat") -> ApiError:
    return ApiError("forbidden", message, 403)
