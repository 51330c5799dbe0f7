"""The bot levels a seat may take: the one list of their names.

``BOT_LEVELS`` holds them weakest first (the order the API's schema lists them in):
``random`` plays a random legal card, ``easy`` by habit, ``medium`` counts cards,
``hard`` also tracks the queen of spades and breaks moons, ``expert`` searches. The
service refuses any other level (``invalid_request``), the API's serializer offers
exactly these, and the bots app checks at start-up that it has a strategy for each and
no other, so a level never reaches a bot task that cannot play it. Plain data: ``games``
knows the names, ``bots`` the strategies behind them.
"""

from __future__ import annotations

BOT_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert")
# The level of a bot seat whose create request names none.
DEFAULT_BOT_LEVEL = "easy"
# The level of a stand-in: the bot that moves once for a player whose turn timed out, and
# the one that takes a seat its player leaves without naming a level (docs/api.md).
STAND_IN_LEVEL = "hard"
# The levels that search, spending the match's think_ms on each decision (the expert): the
# dispatcher lets only BOT_SEARCHES_AT_ONCE of their moves run at once (games.dispatch).
# bots.strategies.SEARCHING_LEVELS says the same of the strategies, checked at start-up.
SEARCHING_LEVELS: frozenset[str] = frozenset({"expert"})
