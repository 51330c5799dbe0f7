"""Contains all the data models used in inputs/outputs"""

from .analysis import Analysis
from .analysis_decision import AnalysisDecision
from .analysis_effort import AnalysisEffort
from .analysis_hand import AnalysisHand
from .analysis_status_enum import AnalysisStatusEnum
from .api_token import ApiToken
from .api_token_created import ApiTokenCreated
from .arena_progress import ArenaProgress
from .arena_result import ArenaResult
from .arena_run import ArenaRun
from .arena_run_create_request import ArenaRunCreateRequest
from .arena_run_detail import ArenaRunDetail
from .arena_run_status_enum import ArenaRunStatusEnum
from .arena_seat_result import ArenaSeatResult
from .arena_table import ArenaTable
from .bot_level_enum import BotLevelEnum
from .bot_options import BotOptions
from .bot_options_request import BotOptionsRequest
from .bot_seat_spec_request import BotSeatSpecRequest
from .bot_seat_spec_request_kind import BotSeatSpecRequestKind
from .card_play_request import CardPlayRequest
from .card_played_event import CardPlayedEvent
from .card_played_event_type import CardPlayedEventType
from .cards_exchanged_event import CardsExchangedEvent
from .cards_exchanged_event_type import CardsExchangedEventType
from .cards_pass_request import CardsPassRequest
from .cards_passed_event import CardsPassedEvent
from .cards_passed_event_type import CardsPassedEventType
from .command_result import CommandResult
from .completed_trick import CompletedTrick
from .current_trick import CurrentTrick
from .daily_attempt import DailyAttempt
from .daily_bot_levels import DailyBotLevels
from .daily_challenge import DailyChallenge
from .daily_deal import DailyDeal
from .daily_leaderboard_entry import DailyLeaderboardEntry
from .decision_kind_enum import DecisionKindEnum
from .ended_by_enum import EndedByEnum
from .event_list import EventList
from .event_message import EventMessage
from .event_message_event import EventMessageEvent
from .fastest_win import FastestWin
from .field_error import FieldError
from .hand_dealt_event import HandDealtEvent
from .hand_dealt_event_type import HandDealtEventType
from .hand_scored_event import HandScoredEvent
from .hand_scored_event_type import HandScoredEventType
from .health import Health
from .hint import Hint
from .hint_option import HintOption
from .hint_pass import HintPass
from .invitation import Invitation
from .invitation_status_enum import InvitationStatusEnum
from .invited_seat_spec_request import InvitedSeatSpecRequest
from .invited_seat_spec_request_kind import InvitedSeatSpecRequestKind
from .jack_of_diamonds_enum import JackOfDiamondsEnum
from .leaderboard_entry import LeaderboardEntry
from .leaderboard_entry_kind_enum import LeaderboardEntryKindEnum
from .leaderboard_list_kind import LeaderboardListKind
from .lesson import Lesson
from .lesson_prompt import LessonPrompt
from .lesson_verdict import LessonVerdict
from .lobby_entry import LobbyEntry
from .match_aborted_event import MatchAbortedEvent
from .match_aborted_event_type import MatchAbortedEventType
from .match_create_request import MatchCreateRequest
from .match_created_event import MatchCreatedEvent
from .match_created_event_type import MatchCreatedEventType
from .match_ended_event import MatchEndedEvent
from .match_ended_event_type import MatchEndedEventType
from .match_join_request import MatchJoinRequest
from .match_leave_request import MatchLeaveRequest
from .match_result import MatchResult
from .match_status_enum import MatchStatusEnum
from .match_summary import MatchSummary
from .matches_analysis_retrieve_seat import MatchesAnalysisRetrieveSeat
from .matches_list_status import MatchesListStatus
from .matches_replace_seat_seat import MatchesReplaceSeatSeat
from .moon import Moon
from .moon_scoring_enum import MoonScoringEnum
from .open_seat_spec_request import OpenSeatSpecRequest
from .open_seat_spec_request_kind import OpenSeatSpecRequestKind
from .opponent_record import OpponentRecord
from .paginated_api_token_list import PaginatedApiTokenList
from .paginated_arena_run_list import PaginatedArenaRunList
from .paginated_daily_leaderboard_entry_list import PaginatedDailyLeaderboardEntryList
from .paginated_invitation_list import PaginatedInvitationList
from .paginated_leaderboard_entry_list import PaginatedLeaderboardEntryList
from .paginated_lesson_list import PaginatedLessonList
from .paginated_lobby_entry_list import PaginatedLobbyEntryList
from .paginated_match_summary_list import PaginatedMatchSummaryList
from .paginated_webhook_delivery_list import PaginatedWebhookDeliveryList
from .paginated_webhook_list import PaginatedWebhookList
from .pass_direction_enum import PassDirectionEnum
from .pass_info import PassInfo
from .play_refusal import PlayRefusal
from .play_rule_enum import PlayRuleEnum
from .played_card import PlayedCard
from .player import Player
from .player_create_request import PlayerCreateRequest
from .player_created import PlayerCreated
from .player_profile import PlayerProfile
from .player_seat_spec_request import PlayerSeatSpecRequest
from .player_seat_spec_request_kind import PlayerSeatSpecRequestKind
from .problem import Problem
from .rating import Rating
from .reason_enum import ReasonEnum
from .record_moon import RecordMoon
from .rule_set import RuleSet
from .rules_request import RulesRequest
from .scores_by_seat import ScoresBySeat
from .seat_enum import SeatEnum
from .seat_invited_event import SeatInvitedEvent
from .seat_invited_event_type import SeatInvitedEventType
from .seat_left_event import SeatLeftEvent
from .seat_left_event_type import SeatLeftEventType
from .seat_released_event import SeatReleasedEvent
from .seat_released_event_type import SeatReleasedEventType
from .seat_replace_request import SeatReplaceRequest
from .seat_replaced_event import SeatReplacedEvent
from .seat_replaced_event_type import SeatReplacedEventType
from .seat_summary import SeatSummary
from .seat_summary_kind_enum import SeatSummaryKindEnum
from .seat_taken_event import SeatTakenEvent
from .seat_taken_event_type import SeatTakenEventType
from .seat_view import SeatView
from .standing import Standing
from .teaches_enum import TeachesEnum
from .tie_policy_enum import TiePolicyEnum
from .token_create_request import TokenCreateRequest
from .trick_taken_event import TrickTakenEvent
from .trick_taken_event_type import TrickTakenEventType
from .unknown_event import UnknownEvent
from .verdict_enum import VerdictEnum
from .view_message import ViewMessage
from .view_message_event import ViewMessageEvent
from .webhook import Webhook
from .webhook_create_request import WebhookCreateRequest
from .webhook_created import WebhookCreated
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_payload import WebhookDeliveryPayload
from .webhook_delivery_status_enum import WebhookDeliveryStatusEnum
from .webhook_event_enum import WebhookEventEnum

__all__ = (
    "Analysis",
    "AnalysisDecision",
    "AnalysisEffort",
    "AnalysisHand",
    "AnalysisStatusEnum",
    "ApiToken",
    "ApiTokenCreated",
    "ArenaProgress",
    "ArenaResult",
    "ArenaRun",
    "ArenaRunCreateRequest",
    "ArenaRunDetail",
    "ArenaRunStatusEnum",
    "ArenaSeatResult",
    "ArenaTable",
    "BotLevelEnum",
    "BotOptions",
    "BotOptionsRequest",
    "BotSeatSpecRequest",
    "BotSeatSpecRequestKind",
    "CardPlayedEvent",
    "CardPlayedEventType",
    "CardPlayRequest",
    "CardsExchangedEvent",
    "CardsExchangedEventType",
    "CardsPassedEvent",
    "CardsPassedEventType",
    "CardsPassRequest",
    "CommandResult",
    "CompletedTrick",
    "CurrentTrick",
    "DailyAttempt",
    "DailyBotLevels",
    "DailyChallenge",
    "DailyDeal",
    "DailyLeaderboardEntry",
    "DecisionKindEnum",
    "EndedByEnum",
    "EventList",
    "EventMessage",
    "EventMessageEvent",
    "FastestWin",
    "FieldError",
    "HandDealtEvent",
    "HandDealtEventType",
    "HandScoredEvent",
    "HandScoredEventType",
    "Health",
    "Hint",
    "HintOption",
    "HintPass",
    "Invitation",
    "InvitationStatusEnum",
    "InvitedSeatSpecRequest",
    "InvitedSeatSpecRequestKind",
    "JackOfDiamondsEnum",
    "LeaderboardEntry",
    "LeaderboardEntryKindEnum",
    "LeaderboardListKind",
    "Lesson",
    "LessonPrompt",
    "LessonVerdict",
    "LobbyEntry",
    "MatchAbortedEvent",
    "MatchAbortedEventType",
    "MatchCreatedEvent",
    "MatchCreatedEventType",
    "MatchCreateRequest",
    "MatchEndedEvent",
    "MatchEndedEventType",
    "MatchesAnalysisRetrieveSeat",
    "MatchesListStatus",
    "MatchesReplaceSeatSeat",
    "MatchJoinRequest",
    "MatchLeaveRequest",
    "MatchResult",
    "MatchStatusEnum",
    "MatchSummary",
    "Moon",
    "MoonScoringEnum",
    "OpenSeatSpecRequest",
    "OpenSeatSpecRequestKind",
    "OpponentRecord",
    "PaginatedApiTokenList",
    "PaginatedArenaRunList",
    "PaginatedDailyLeaderboardEntryList",
    "PaginatedInvitationList",
    "PaginatedLeaderboardEntryList",
    "PaginatedLessonList",
    "PaginatedLobbyEntryList",
    "PaginatedMatchSummaryList",
    "PaginatedWebhookDeliveryList",
    "PaginatedWebhookList",
    "PassDirectionEnum",
    "PassInfo",
    "PlayedCard",
    "Player",
    "PlayerCreated",
    "PlayerCreateRequest",
    "PlayerProfile",
    "PlayerSeatSpecRequest",
    "PlayerSeatSpecRequestKind",
    "PlayRefusal",
    "PlayRuleEnum",
    "Problem",
    "Rating",
    "ReasonEnum",
    "RecordMoon",
    "RuleSet",
    "RulesRequest",
    "ScoresBySeat",
    "SeatEnum",
    "SeatInvitedEvent",
    "SeatInvitedEventType",
    "SeatLeftEvent",
    "SeatLeftEventType",
    "SeatReleasedEvent",
    "SeatReleasedEventType",
    "SeatReplacedEvent",
    "SeatReplacedEventType",
    "SeatReplaceRequest",
    "SeatSummary",
    "SeatSummaryKindEnum",
    "SeatTakenEvent",
    "SeatTakenEventType",
    "SeatView",
    "Standing",
    "TeachesEnum",
    "TiePolicyEnum",
    "TokenCreateRequest",
    "TrickTakenEvent",
    "TrickTakenEventType",
    "UnknownEvent",
    "VerdictEnum",
    "ViewMessage",
    "ViewMessageEvent",
    "Webhook",
    "WebhookCreated",
    "WebhookCreateRequest",
    "WebhookDelivery",
    "WebhookDeliveryPayload",
    "WebhookDeliveryStatusEnum",
    "WebhookEventEnum",
)
