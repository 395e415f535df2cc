"""The decision a Futuropia position waits for, and what a resource payment is for."""

OPENING, TURN, PAY, REPAY, BUY, DISCARD, INVITE, HOUSES, ROBOTS, OVER = range(10)
PHASE_NAMES = ("buy opening houses", "choose an action", "pay resources", "repay loans",
               "buy a generator", "discard a generator", "invite residents", "buy houses",
               "take robots", "game over")

PAY_REFRESH, PAY_INTEREST, PAY_REPAY = range(3)
PURPOSE_NAMES = ("refresh", "interest", "repayment")
