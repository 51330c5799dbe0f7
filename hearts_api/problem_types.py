"""The problem types of the API: one definition per error ``code`` (docs/api.md, "Errors").

``PROBLEM_TYPES`` maps each code to its ``ProblemType``: HTTP status, title, what it
means, its extension members and headers, and what a client should do. It is the only
table of codes: the exception handler (``hearts_api.problems``) takes status and title
from it, and the pages at ``/problems/<code>`` (``hearts_api.problem_pages``) are
rendered from it, so a code with a definition is documented and a code without one
fails ``tests/api/test_problem_pages.py``. Plain data: no Django, no DRF.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Member:
    """An extension member of a problem body: JSON ``name``, JSON ``type`` in words, and
    what it holds."""

    name: str
    type: str
    description: str


@dataclass(frozen=True)
class Header:
    """A response header that comes with a problem: ``name`` and what it holds."""

    name: str
    description: str


@dataclass(frozen=True)
class ProblemType:
    """One error code: the ``status`` that carries it, its ``title`` (the ``title`` member
    of every body with this code), what it means, its extension ``members`` beyond
    ``type``/``title``/``status``/``detail``/``code``, its ``headers``, and what a client
    should do about it. Texts are plain sentences (the pages escape them)."""

    code: str
    status: int
    title: str
    description: str
    what_to_do: str
    members: tuple[Member, ...] = ()
    headers: tuple[Header, ...] = ()

    @property
    def type_uri(self) -> str:
        """The ``type`` member of its bodies: the relative URI ``/problems/<code>``."""
        return f"/problems/{self.code}"


# --- extension members and headers, shared by the codes that carry them ---------------------

LEGAL_CARDS = Member(
    "legal_cards", "array of card codes",
    "On a refused play, the cards you may play now; on a refused pass, your whole hand, "
    "which you pass from. Canonical codes in canonical order (suit C, D, S, H, then rank).")
TO_ACT = Member("to_act", "array of seats",
                "The seats whose turn it is: during play, the one seat to play next.")
VERSION = Member("version", "integer",
                 "The match's current version, to send in If-Match once you have read the "
                 "match again.")
ERRORS = Member(
    "errors", "array of {field, code, detail}",
    "Each fault: field is the dotted path of the bad field (e.g. rules.pass_count or "
    "cards.1; empty for the body as a whole), code a machine-readable reason (e.g. "
    "required, invalid, unknown_field, unknown_card) and detail a sentence about it.")
RETRY_AFTER = Member("retry_after", "integer (seconds)",
                     "How long to wait before trying again; the Retry-After header says the same.")

RETRY_AFTER_HEADER = Header("Retry-After", "Seconds to wait before trying again.")
ALLOW_HEADER = Header("Allow", "The methods the path takes.")
WWW_AUTHENTICATE_HEADER = Header("WWW-Authenticate", "Bearer: the scheme the API takes.")

_PLAY_AGAIN = "Play one of legal_cards. A refused play changes nothing; it is still your turn."

# By status (the order of the /problems index); within 422 the play rules in the order of
# docs/rules.md, "A hand" (steps 3 to 6), then the card and pass codes ("Refusals").
_DEFINITIONS = (
    ProblemType(
        "invalid_request", 400, "The request is not valid",
        "The request is malformed: its body is not JSON or not the shape the operation takes "
        "(a field missing, of the wrong type, out of range, or not one the operation knows), "
        "or a header or query parameter such as If-Match or limit has a value it does not "
        "accept.",
        "Fix the request and send it again; errors names each bad field and why. Sent "
        "unchanged it gets the same answer. A refused request changes nothing.",
        members=(ERRORS,)),
    ProblemType(
        "unknown_card", 400, "Unknown card code",
        "A card code in the request cannot be read, and that is its only fault. A card is a "
        "rank (2-9, T or 10, J, Q, K, A) and a suit (C, D, H, S or a suit symbol), in either "
        "case: QS, 10h, Q♠. This is a spelling error, not an illegal move: a request with "
        "other faults as well is invalid_request.",
        "Send the cards as the view lists them, in canonical codes such as 2C, TH and QS.",
        members=(ERRORS,)),
    ProblemType(
        "not_authenticated", 401, "Authentication required",
        "The request carries no bearer token, or one that is malformed, unknown or revoked.",
        "Send Authorization: Bearer <token> with a token from POST /api/v1/players (on "
        "registration) or POST /api/v1/tokens. A revoked token stays revoked: use another.",
        headers=(WWW_AUTHENTICATE_HEADER,)),
    ProblemType(
        "not_seated", 403, "You have no seat in this match",
        "A command (pass or play) came from a player with no seat in the match. Reads of such "
        "a match answer the spectator view instead.",
        "Join the match first (POST /api/v1/matches/{id}/join) while it has an open seat, or "
        "send commands only to matches you sit in."),
    ProblemType(
        "permission_denied", 403, "Permission denied",
        "You are authenticated, but the operation is not allowed to you. No endpoint of v1 "
        "refuses a signed-in player this way today; the code is what any permission check "
        "would answer.",
        "Do not retry: the same request will be refused again."),
    ProblemType(
        "registration_closed", 403, "Self-registration is switched off",
        "This server does not let players register themselves; its operator has switched "
        "self-registration off.",
        "Ask the server's operator for an account. Retrying will not help."),
    ProblemType(
        "not_found", 404, "Not found",
        "Nothing is at that address: no match with that id, no token of yours with that key, "
        "no such path, or no problem type with that code.",
        "Check the id and the path (paths have no trailing slash). Sent unchanged the "
        "request gets the same answer."),
    ProblemType(
        "method_not_allowed", 405, "Method not allowed",
        "The path does not take this HTTP method (e.g. DELETE on a match).",
        "Use one of the methods the Allow header lists.",
        headers=(ALLOW_HEADER,)),
    ProblemType(
        "not_acceptable", 406, "Not acceptable",
        "The Accept header names no media type the operation can answer: it answers "
        "application/json, and errors as application/problem+json.",
        "Accept application/json (or send no Accept header)."),
    ProblemType(
        "not_your_turn", 409, "It is not your turn",
        "A play came from a seat whose turn it is not.",
        "Wait until the view says is_your_turn (read GET /api/v1/matches/{id}/view or follow "
        "the events), then play. to_act names the seat to play now.",
        members=(TO_ACT,)),
    ProblemType(
        "wrong_phase", 409, "Not possible in this phase of the hand",
        "The command does not fit the match's phase: a play while cards are being passed, a "
        "pass during play or on a hold hand, or a command before every seat is taken.",
        "Read the view (status, pass_direction, to_act) and send the command the phase "
        "asks for."),
    ProblemType(
        "match_finished", 409, "The match is over",
        "The match has ended and takes no more commands.",
        "Stop sending commands to it; the result is in the match summary and the view."),
    ProblemType(
        "already_passed", 409, "You have already passed",
        "Your seat has passed this hand already. A pass is final, whatever cards the second "
        "one names.",
        "Wait for the other seats; the view's pass.waiting_for lists those yet to pass."),
    ProblemType(
        "already_seated", 409, "You already have a seat in this match",
        "A player has at most one seat per match: a join by a player already seated, or a "
        "create request with more than one player seat.",
        "Play from the seat you have (the view names it); create a match with one seat of "
        "kind player."),
    ProblemType(
        "username_taken", 409, "That username is taken",
        "Another player has registered that username.",
        "Register with another username."),
    ProblemType(
        "seat_taken", 409, "That seat is taken",
        "The seat named in the join is held by a player or a bot.",
        "Join without naming a seat (you get the first open one), or name a seat the match "
        "summary shows as open."),
    ProblemType(
        "match_full", 409, "Every seat is taken",
        "The match has no open seat left.",
        "Join another match, or create one."),
    ProblemType(
        "stale_version", 412, "The match has moved on",
        "The version in If-Match is not the match's current one: someone (a player or a bot) "
        "has acted since you read the match. Nothing was changed.",
        "Read the view again, decide on what it shows now, and send the command with "
        'If-Match: "<version>" of what you read.',
        members=(VERSION,)),
    ProblemType(
        "unsupported_media_type", 415, "Unsupported media type",
        "The request body is not sent as JSON: its Content-Type is not application/json.",
        "Send the body as JSON with Content-Type: application/json."),
    ProblemType(
        "must_lead_two_of_clubs", 422, "The first trick is led with the two of clubs",
        "On the first trick of a hand the seat holding 2C leads, and it must lead 2C.",
        "Play 2C (legal_cards holds just it).",
        members=(LEGAL_CARDS,)),
    ProblemType(
        "must_follow_suit", 422, "You must follow suit",
        "You hold a card of the suit led, so you must play one.",
        _PLAY_AGAIN,
        members=(LEGAL_CARDS,)),
    ProblemType(
        "no_points_on_first_trick", 422, "No hearts or queen of spades on the first trick",
        "On the first trick no heart and not QS may be played, unless your hand holds "
        "nothing else (the first_trick_points variant allows them).",
        _PLAY_AGAIN,
        members=(LEGAL_CARDS,)),
    ProblemType(
        "hearts_not_broken", 422, "Hearts are not broken",
        "A heart may not be led until a heart has been played in this hand (or QS, with the "
        "queen_breaks_hearts variant), unless you hold only hearts.",
        _PLAY_AGAIN,
        members=(LEGAL_CARDS,)),
    ProblemType(
        "card_not_in_hand", 422, "That card is not in your hand",
        "A card you played or passed is not in your hand: it was never dealt to you, was "
        "passed on, or has been played already.",
        "Choose from legal_cards. If your copy of the hand is out of date, read the view again.",
        members=(LEGAL_CARDS,)),
    ProblemType(
        "wrong_pass_count", 422, "Wrong number of cards passed",
        "A pass names exactly the match's pass_count cards (3 unless its rules say otherwise).",
        "Pass exactly pass_count distinct cards of your hand (legal_cards).",
        members=(LEGAL_CARDS,)),
    ProblemType(
        "duplicate_cards", 422, "A card is named twice",
        "A card is named twice: in a pass (also under two spellings, such as TC and 10C), or "
        "in a fixed deal of a create request, which then carries no legal_cards.",
        "Name each card once.",
        members=(LEGAL_CARDS,)),
    ProblemType(
        "throttled", 429, "Too many requests",
        "You sent more requests than the rate limit allows (per player; per address for "
        "requests without a token). The request was not run.",
        "Wait retry_after seconds (or what Retry-After says), then send it again.",
        members=(RETRY_AFTER,), headers=(RETRY_AFTER_HEADER,)),
    ProblemType(
        "server_error", 500, "Server error",
        "Something failed on the server. No detail of the failure leaves it.",
        "Try again later. Before repeating a command, read the view: its version shows "
        "whether the command took effect. Report a failure that persists to the operator, "
        "with the time of the request."),
)

PROBLEM_TYPES: Mapping[str, ProblemType] = MappingProxyType({p.code: p for p in _DEFINITIONS})
# A code defined twice would silently lose one of its definitions in the mapping above.
if len(PROBLEM_TYPES) != len(_DEFINITIONS):
    raise ValueError("a problem code is defined twice in _DEFINITIONS")
