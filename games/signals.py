"""Signals of the games app; other apps (bots) listen, ``games`` knows nothing of them."""

from django.dispatch import Signal

# Sent after a command's transaction commits, with ``match_id`` (UUID), ``version`` (int,
# the last seq) and ``due_at`` (an aware datetime: when the move the match's bots or a
# stand-in now owe falls due, games.dispatch; None when none is owed).
match_advanced = Signal()

# Sent when an operator asks for a match's owed move to be made now (the admin's "wake
# bots"), with ``match_id`` (UUID). A receiver returns True when it handed the move to the
# workers, False when the match owes none or it could not (the bots app logs why).
bots_wake_requested = Signal()
