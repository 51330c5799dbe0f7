"""Signals of the games app, and the announcement of a match's new version; other apps
(bots, the API's notifier) listen, ``games`` knows nothing of them."""

from django.dispatch import Signal

# After a command commits: ``match_id`` (UUID), ``version`` (the last seq), ``due_at`` (when
# the move now owed falls due, or None).
match_advanced = Signal()
# The admin's "wake bots": ``match_id``; a receiver returns whether it handed the move over.
bots_wake_requested = Signal()
# A hint: ``match_id``, ``version``, ``view`` (the asking seat's, to act), ``player`` (the
# asking user's pk), ``budget_ms`` and ``counted`` (called once the hint will be weighed: it
# may refuse it); a receiver returns its ``Appraisal`` (games.review).
hint_requested = Signal()
# After an analysis is queued (created or retried): a receiver weighs the hands waiting
# (games.review.analysis_claim).
analysis_requested = Signal()

# With the PostgreSQL live notifier (``settings.LIVE_NOTIFIER``), a command's write itself
# sends ``NOTIFY`` on this channel: delivered at its commit, never for a rollback.
MATCH_ADVANCED_CHANNEL = "hearts_match_advanced"


def announcement(match_id: object, version: int) -> str:
    """What a notifier announces when ``match_id`` reaches ``version``."""
    return f"{match_id} {version}"


def announced_match(message: str | bytes) -> str:
    """The match id (str) an ``announcement`` names."""
    text = message.decode() if isinstance(message, bytes) else message
    return text.split(" ", 1)[0]
