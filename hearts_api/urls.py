from django.urls import path, re_path, register_converter

from games.engine import Seat

from . import views
from .accounts import USERNAME_PATTERN


class SeatConverter:
    """A seat's name in a path (north, east, south, west); anything else is a plain 404."""

    regex = "|".join(seat.label for seat in Seat)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(SeatConverter, "seat")

DAY = views.DAY_PATTERN.strip("^$")
TOKEN_KEY = views.TOKEN_KEY_PATTERN.strip("^$")

urlpatterns = [
    # The requests of a match in play first: patterns are tried in order.
    path("matches/<uuid:match_id>/view", views.SeatViewView.as_view(), name="match-view"),
    path("matches/<uuid:match_id>/pass", views.PassView.as_view(), name="match-pass"),
    path("matches/<uuid:match_id>/play", views.PlayView.as_view(), name="match-play"),
    path("players", views.PlayerCreateView.as_view(), name="players"),
    re_path(rf"^players/(?P<username>{USERNAME_PATTERN.strip('^$')})$",
            views.PlayerProfileView.as_view(), name="player-detail"),
    re_path(rf"^players/(?P<username>{USERNAME_PATTERN.strip('^$')})/bot$",
            views.PlayerBotView.as_view(), name="player-bot"),
    path("tokens", views.TokenListView.as_view(), name="tokens"),
    # A token_key of another form is a plain 404.
    re_path(rf"^tokens/(?P<token_key>{TOKEN_KEY})$", views.TokenDetailView.as_view(),
            name="token-detail"),
    path("leaderboard", views.LeaderboardView.as_view(), name="leaderboard"),
    path("invitations", views.InvitationListView.as_view(), name="invitations"),
    path("arena/runs", views.ArenaRunListCreateView.as_view(), name="arena-runs"),
    path("arena/runs/<uuid:run_id>", views.ArenaRunDetailView.as_view(), name="arena-run-detail"),
    path("arena/runs/<uuid:run_id>/cancel", views.ArenaRunCancelView.as_view(),
         name="arena-run-cancel"),
    path("webhooks", views.WebhookListView.as_view(), name="webhooks"),
    path("webhooks/<uuid:webhook_id>", views.WebhookDetailView.as_view(), name="webhook-detail"),
    path("webhooks/<uuid:webhook_id>/enable", views.WebhookEnableView.as_view(),
         name="webhook-enable"),
    path("webhooks/<uuid:webhook_id>/deliveries", views.WebhookDeliveryListView.as_view(),
         name="webhook-deliveries"),
    path("invitations/<uuid:invitation_id>/decline", views.InvitationDeclineView.as_view(),
         name="invitation-decline"),
    # A day is YYYY-MM-DD (views.DAY_PATTERN); anything else is a plain 404.
    path("daily", views.DailyTodayView.as_view(), name="daily"),
    re_path(rf"^daily/(?P<day>{DAY})$", views.DailyDetailView.as_view(), name="daily-detail"),
    re_path(rf"^daily/(?P<day>{DAY})/matches$", views.DailyMatchCreateView.as_view(),
            name="daily-matches"),
    re_path(rf"^daily/(?P<day>{DAY})/leaderboard$", views.DailyLeaderboardView.as_view(),
            name="daily-leaderboard"),
    path("lobby", views.LobbyView.as_view(), name="lobby"),
    path("lessons", views.LessonListView.as_view(), name="lessons"),
    path("lessons/<slug:slug>/attempts", views.LessonAttemptView.as_view(), name="lesson-attempts"),
    path("matches", views.MatchListCreateView.as_view(), name="matches"),
    path("matches/<uuid:match_id>", views.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<uuid:match_id>/join", views.MatchJoinView.as_view(), name="match-join"),
    path("matches/<uuid:match_id>/leave", views.MatchLeaveView.as_view(), name="match-leave"),
    path("matches/<uuid:match_id>/cancel", views.MatchCancelView.as_view(), name="match-cancel"),
    path("matches/<uuid:match_id>/seats/<seat:seat>/replace", views.SeatReplaceView.as_view(),
         name="match-seat-replace"),
    path("matches/<uuid:match_id>/events", views.EventListView.as_view(), name="match-events"),
    path("matches/<uuid:match_id>/stream", views.MatchStreamView.as_view(), name="match-stream"),
    path("matches/<uuid:match_id>/hint", views.HintView.as_view(), name="match-hint"),
    path("matches/<uuid:match_id>/analysis", views.AnalysisView.as_view(), name="match-analysis"),
]
