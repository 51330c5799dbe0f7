"""Signals of the games app; other apps (bots) listen, ``games`` knows nothing of them."""

from django.dispatch import Signal

# Sent after a command's transaction commits, with ``match_id`` (UUID), ``version`` (int,
# the last seq) and ``bot_to_act`` (bool: a bot seat must act next).
match_advanced = Signal()
