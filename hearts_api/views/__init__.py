"""HTTP views, one module per resource: authenticate, validate with a serializer, call one
service or selector, answer with a response serializer's body (a token's: its serializer's
data). Errors are raised, never built here (``hearts_api.problems`` formats them). The URL
confs route to the views named here."""

from .accounts import TOKEN_KEY_PATTERN, PlayerCreateView, TokenDetailView, TokenListView
from .arena import ArenaRunCancelView, ArenaRunDetailView, ArenaRunListCreateView
from .daily import (
    DAY_PATTERN,
    DailyDetailView,
    DailyLeaderboardView,
    DailyMatchCreateView,
    DailyTodayView,
)
from .events import EventListView, MatchStreamView
from .health import HealthView
from .invitations import InvitationDeclineView, InvitationListView
from .lessons import LessonAttemptView, LessonListView
from .matches import (
    LobbyView,
    MatchCancelView,
    MatchDetailView,
    MatchJoinView,
    MatchLeaveView,
    MatchListCreateView,
    SeatReplaceView,
)
from .play import PassView, PlayView, SeatViewView
from .records import LeaderboardView, PlayerBotView, PlayerProfileView
from .review import AnalysisView, HintView
from .webhooks import (
    WebhookDeliveryListView,
    WebhookDetailView,
    WebhookEnableView,
    WebhookListView,
)

__all__ = [
    "AnalysisView", "ArenaRunCancelView", "ArenaRunDetailView", "ArenaRunListCreateView", "DAY_PATTERN",
    "DailyDetailView", "DailyLeaderboardView", "DailyMatchCreateView",
    "DailyTodayView", "EventListView", "HealthView", "HintView", "LessonAttemptView",
    "InvitationDeclineView", "InvitationListView", "LessonListView", "LeaderboardView",
    "LobbyView", "PlayerBotView", "WebhookDeliveryListView", "WebhookDetailView",
    "WebhookEnableView", "WebhookListView",
    "MatchCancelView", "MatchDetailView", "MatchJoinView", "MatchLeaveView",
    "MatchListCreateView", "MatchStreamView", "PassView", "PlayView", "PlayerCreateView",
    "PlayerProfileView", "SeatReplaceView", "SeatViewView", "TOKEN_KEY_PATTERN", "TokenDetailView",
    "TokenListView",
]
