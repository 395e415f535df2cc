"""The web platform: a server-authoritative FastAPI app and the browser page it serves."""

from keizai.web.app import create_app

__all__ = ["create_app"]
