"""Signals of the games app; other apps (bots) listen, ``games`` knows nothing of them."""

from django.dispatch import Signal

# After a command commits: ``match_id`` (UUID), ``version`` (the last seq), ``due_at`` (when
# the move now owed falls due, or None).
match_advanced = Signal()
# The admin's "wake bots": ``match_id``; a receiver returns whether it handed the move over.
bots_wake_requested = Signal()
