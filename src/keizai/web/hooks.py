"""What a table tells the rest of the server about itself (players, ratings, clock, chat).

`Table` calls these at fixed moments; the default does nothing, so the game core works
without them. `keizai.web.social.Social` is the implementation the app installs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from keizai.web.table import Connection, Table


class TableHooks:
    def loaded(self, table: Table, stored: Any = None) -> None:
        """The table was built from the store (created or resumed); `stored`: what
        `stored` read for it with its row (None for a table just created)."""

    def stored(self, game_id: str) -> Any:
        """What `loaded` needs of the store about a game, read with its row (called in a
        worker thread: read on the event loop, a slow read held every game)."""
        return None

    def check(self, stored: Any) -> None:
        """Raise (ValueError) when what `stored` read is none this keizai can play (a
        setting written by a newer keizai, or by hand): the game is refused as one
        whose record does not replay (`keizai.web.table.unreadable`)."""

    async def changed(self, table: Table) -> None:
        """An action was stored and applied (called under the table's lock)."""

    def dropped(self, table: Table) -> None:
        """The table left this process's memory (idle): forget what is kept for it."""

    async def undone(self, table: Table) -> None:
        """A human took a decision back (called under the table's lock)."""

    def turn_period(self, table: Table) -> float | None:
        """The seconds of a turn on the table's clock, None: no clock. The store decides
        with it whether a seat taken back begins its turn's one more period
        (`Store.take_seat_back`, `Table.turn_more`)."""
        return None

    def taken_back(self, table: Table, seat: int) -> None:
        """A seat handed to a bot is its player's again (called under the table's lock)."""

    async def handed_over(self, table: Table, seat: int) -> None:
        """A person's seat is a bot's from now on (called under the table's lock, before
        the bots run)."""

    def seat_info(self, table: Table, seat: int) -> dict[str, Any]:
        """Extra public fields of one seat in summaries and state messages."""
        return {}

    def extra(self, table: Table, conn: Connection) -> dict[str, Any]:
        """Extra fields of a connection's state message."""
        return {}

    def noticed(self, payload: str) -> None:
        """A PostgreSQL notice of the store's channel (from any server process)."""

    async def notices_missed(self) -> None:
        """The PostgreSQL notices sent while this process did not listen (before its
        first LISTEN, or its connection lost) may have been missed: catch up with what
        they said beyond the held games' rows and social rows (`Tables` reads those
        again)."""

    def resumed(self, most: int) -> list[str]:
        """Games a (re)started server loads at once, at most `most` (called in a worker
        thread)."""
        return []

    def lobby(self, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The lobby's lines as players may see them (called in a worker thread)."""
        return lines
