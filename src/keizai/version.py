"""The version of keizai (pyproject.toml's), in a module of its own so that the engine
can name it in every record it writes without importing the whole package."""

VERSION = "0.1.0"
