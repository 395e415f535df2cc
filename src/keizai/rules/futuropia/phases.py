"""The decision a Futuropia position waits for, and what a resource payment is for.

Constants are `Final` so that the compiled build inlines them."""

from typing import Final

OPENING: Final = 0
TURN: Final = 1
PAY: Final = 2
REPAY: Final = 3
BUY: Final = 4
DISCARD: Final = 5
INVITE: Final = 6
HOUSES: Final = 7
ROBOTS: Final = 8
OVER: Final = 9
PHASE_NAMES = ("buy opening houses", "choose an action", "pay resources", "repay loans",
               "buy a generator", "discard a generator", "invite residents", "buy houses",
               "take robots", "game over")

PAY_REFRESH: Final = 0
PAY_INTEREST: Final = 1
PAY_REPAY: Final = 2
PURPOSE_NAMES = ("refresh", "interest", "repayment")
