"""Errors the API reports: every one is a JSON object with a stable code and a message."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A request the server refuses; nothing was changed."""

    def __init__(self, code: str, message: str, status: int = 400,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.headers = headers

    def payload(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}}


def not_found(what: str) -> ApiError:
    return ApiError("not_found", f"{what} does not exist", 404)


def forbidden(message: str = "this token does not open that seat") -> ApiError:
    return ApiError("forbidden", message, 403)
