"""The pure Hearts rules engine: no Django, no I/O, no clock, no randomness of its own
(docs/architecture.md, "The engine")."""

from .cards import (
    CANONICAL_CARD_CODE_PATTERN,
    CARD_CODE_PATTERN,
    DECK,
    Card,
    CardSyntaxError,
    Rank,
    Seat,
    Suit,
    parse_card,
    parse_cards,
    sort_cards,
)
from .decider import (
    AbortMatch,
    Command,
    CreateMatch,
    DealHand,
    EndLesson,
    IllegalMove,
    InviteSeat,
    LeaveSeat,
    PassCards,
    PlayCard,
    ReleaseSeat,
    ReplaceSeat,
    TakeSeat,
    check_deal,
    decide,
    evolve,
    evolve_all,
    legal_cards,
    replay,
    step,
)
from .events import Event, event_from_json, event_seat, event_to_json
from .kernel import PLAY_RULES
from .notation import DealNotationError, format_deal, parse_deal
from .state import NEW_MATCH, MatchState, Phase, state_from_json, state_to_json
from .tables import bot_table
from .variants import PassDirection, RuleSet, RuleSetError
from .views import SeatView, seat_view, visible

__all__ = [
    "CANONICAL_CARD_CODE_PATTERN", "CARD_CODE_PATTERN", "DECK", "Card", "CardSyntaxError",
    "AbortMatch", "Command", "CreateMatch", "EndLesson", "LeaveSeat", "DealHand", "Event",
    "IllegalMove", "MatchState", "NEW_MATCH", "PassCards", "PassDirection", "Phase", "PlayCard", "Rank",
    "ReplaceSeat", "InviteSeat", "ReleaseSeat",
    "RuleSet", "RuleSetError", "Seat", "SeatView", "Suit", "TakeSeat", "check_deal", "decide",
    "event_from_json", "event_seat", "event_to_json", "evolve", "legal_cards", "parse_card",
    "parse_cards", "replay", "seat_view", "sort_cards", "state_from_json",
    "state_to_json", "visible",
    "DealNotationError", "format_deal", "parse_deal",
    "bot_table", "evolve_all", "step", "PLAY_RULES",
]
