"""Signals of the games app; other apps (bots) listen, ``games`` knows nothing of them."""

from django.dispatch import Signal

# Sent after a command's transaction commits, with ``match_id`` (UUID), ``version`` (int,
# the last seq), ``bot_to_act`` (bool: a bot seat must act next), ``bot_delay_ms`` (int:
# the match's pause before each bot move, in milliseconds) and ``new_turn_deadline`` (an
# aware datetime: when a stand-in moves for the players to act, if this commit set that
# deadline; None when it set none or left it as it was; games.timeouts) and
# ``player_seated`` (bool: a player, not a bot, holds one of its seats).
match_advanced = Signal()

# Sent when an operator asks for a match's bots to move now (the admin's "wake bots"), with
# ``match_id`` (UUID) and ``version`` (int, the match's current one). A receiver returns
# True when it queued the move, False when it could not (the bots app logs why).
bots_wake_requested = Signal()
