"""A game's chat read by its newest messages: indexes on (game, id) and (game, seat, at).

Revision ID: 0010
Revises: 0009

A game's chat grows for as long as its seats talk (a client may store one message a
second, 86,400 a day). With only an index on the game, its last 50 messages were found
by reading and sorting all of them, and every new message counted its seat's messages of
the last 10 s by reading every message of the game, under the game's row lock: 40-50 ms
each with 200,000 messages on PostgreSQL, growing with the chat. (game_id, id) also
serves what the index on game_id alone did (the foreign key's cascade), which goes.
"""

from __future__ import annotations

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_chat_messages_game_id_id", "chat_messages", ["game_id", "id"])
    op.create_index("ix_chat_messages_game_seat_at", "chat_messages",
                    ["game_id", "seat", "at"])
    op.drop_index("ix_chat_messages_game_id", "chat_messages")


def downgrade() -> None:
    op.create_index("ix_chat_messages_game_id", "chat_messages", ["game_id"])
    op.drop_index("ix_chat_messages_game_seat_at", "chat_messages")
    op.drop_index("ix_chat_messages_game_id_id", "chat_messages")
