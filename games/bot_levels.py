"""The bot level names, weakest first: the one list the service, the API and the bots app
(which checks at start-up it has a strategy for each) read; and what an analysis calls a
blunder."""

from __future__ import annotations

BOT_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert")
DEFAULT_BOT_LEVEL = "easy"  # a bot seat's level when the create request names none
STAND_IN_LEVEL = "hard"  # moves for a timed-out player, takes a seat left with no level named
# The levels that spend think_ms per decision (equal to bots.strategies.SEARCHING_LEVELS).
SEARCHING_LEVELS: frozenset[str] = frozenset({"expert"})
# Expected points of the hand lost against the best option from which a decision is a blunder.
BLUNDER_POINTS = 2.0
