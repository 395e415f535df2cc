"""Argument types and checks shared by the bench scripts' command lines (stdlib argparse),
so that a wrong argument is refused with a usage line before any game is played, never
a traceback part-way through a long run."""

from __future__ import annotations

import argparse

EDITIONS = ("progress", "mecenat", "glory")


def parser(doc: str | None) -> argparse.ArgumentParser:
    """A parser whose --help shows the script's docstring as written (its usage lines and
    the meaning of every argument)."""
    return argparse.ArgumentParser(description=doc,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


def edition_name(text: str) -> str:
    """A National Economy edition: progress, mecenat or glory."""
    if text not in EDITIONS:
        raise argparse.ArgumentTypeError(
            f"unknown edition {text!r} (one of {', '.join(EDITIONS)})")
    return text


def agent_spec(text: str) -> str:
    """An agent spec as keizai.agents.make_agent takes it (a level or kind:key=value...),
    checked by building it once."""
    from keizai.agents import make_agent

    try:
        make_agent(text, 0)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def whole_number(text: str, least: int) -> int:
    """A whole number of at least `least`."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"{value} is not at least {least}")
    return value


def positive_int(text: str) -> int:
    """A whole number of at least 1."""
    return whole_number(text, 1)


def natural_int(text: str) -> int:
    """A whole number of at least 0."""
    return whole_number(text, 0)


def positive_float(text: str) -> float:
    """A number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} is not above 0")
    return value


def add_deal_range(cli: argparse.ArgumentParser) -> None:
    """The positional FIRST and LAST: the seeds of the first and the last deal."""
    cli.add_argument("first", metavar="FIRST", type=natural_int, help="the first deal's seed")
    cli.add_argument("last", metavar="LAST", type=natural_int, help="the last deal's seed")


def check_deals(parser: argparse.ArgumentParser, first: int, last: int) -> None:
    """Refuses deals FIRST..LAST that hold no deal."""
    if first > last:
        parser.error(f"FIRST {first} is after LAST {last}: no deal to play")
