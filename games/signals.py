"""Signals of the games app; other apps (bots) listen, ``games`` knows nothing of them."""

from django.dispatch import Signal

# Sent after a command's transaction commits, with ``match_id`` (UUID), ``version`` (int,
# the last seq), ``bot_to_act`` (bool: a bot seat must act next) and ``bot_delay_ms`` (int:
# the match's pause before each bot move, in milliseconds).
match_advanced = Signal()
