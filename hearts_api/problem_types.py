"""The problem types of the API: one exception class per error ``code`` (docs/api.md, "Errors").

Each class is an ``APIException`` as DRF's own are: ``status_code``, ``default_code`` (the
problem's ``code``), ``default_detail``, and its ``title`` (the ``title`` member of every
body with that code). It also carries what its page at ``/problems/<code>`` says: its
``description`` (what it means), ``what_to_do`` about it, its extension ``members`` and its
``headers``.

A class is the one home of its code: the exception handler (``hearts_api.problems``)
answers every error with one of these classes, the schema lists their codes and the
problem pages (``hearts_api.problem_pages``) are rendered from them. ``PROBLEMS`` maps each code to its
class, in the order the classes are defined here, which is the order of the ``/problems``
index; ``problem_class`` looks a code up and fails loudly for a code without a class.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from rest_framework import exceptions


@dataclass(frozen=True)
class Member:
    """An extension member of a problem body: JSON ``name``, JSON ``type`` in words, and
    what it holds."""

    name: str
    type: str
    description: str


@dataclass(frozen=True)
class Header:
    """A response header that comes with a problem: ``name``, what it holds, its
    ``schema_type`` (the JSON Schema type the OpenAPI schema gives it), and whether every
    body of the problem carries it (``always``)."""

    name: str
    description: str
    schema_type: str = "string"
    always: bool = True


_PROBLEMS: dict[str, type[Problem]] = {}
PROBLEMS: Mapping[str, type[Problem]] = MappingProxyType(_PROBLEMS)


class Problem(exceptions.APIException):
    """A refused request, one subclass per ``code``. An instance carries its ``detail``
    (str: what happened this time; the class's ``default_detail`` when None) and its
    ``extensions`` (the extra members of this body, JSON-ready, e.g. ``legal_cards``).

    Subclasses declare ``status_code``, ``default_code``, ``default_detail``, ``title``,
    ``description`` and ``what_to_do`` (plain sentences: the pages escape them), and the
    ``members`` and ``headers`` its bodies may carry. Defining a subclass registers it in
    ``PROBLEMS``; a second class for one code raises ``TypeError``.
    """

    default_code: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str]
    what_to_do: ClassVar[str]
    members: ClassVar[tuple[Member, ...]] = ()
    headers: ClassVar[tuple[Header, ...]] = ()

    def __init__(self, detail: str | None = None, **extensions: Any) -> None:
        super().__init__(detail)
        self.extensions = extensions

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.default_code in _PROBLEMS:
            raise TypeError(f"two problem classes for {cls.default_code!r}: "
                            f"{_PROBLEMS[cls.default_code].__name__} and {cls.__name__}")
        _PROBLEMS[cls.default_code] = cls

    @classmethod
    def type_uri(cls) -> str:
        """The ``type`` member of its bodies: the relative URI ``/problems/<code>``."""
        return f"/problems/{cls.default_code}"

    def body(self) -> dict[str, Any]:
        """The RFC 9457 body: ``{"type", "title", "status", "detail", "code", …extensions}``."""
        return {"type": self.type_uri(), "title": self.title, "status": self.status_code,
                "detail": str(self.detail), "code": self.default_code, **self.extensions}


def problem_class(code: str) -> type[Problem]:
    """The class of ``code``. Raises ``LookupError`` for a code with no class: a refusal
    whose code nobody defined is a bug to fix here, never an answer with a guessed status."""
    try:
        return PROBLEMS[code]
    except KeyError:
        raise LookupError(f"no problem class for code {code!r}: define one in "
                          f"hearts_api/problem_types.py") from None


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
    "cards.1), or the header at fault (e.g. If-Match), or empty for the request as a whole "
    "(a body that is not JSON, a request that cannot be read); code a machine-readable "
    "reason (e.g. required, invalid, unknown_field, unknown_card, parse_error) and detail "
    "a sentence about it.")
SEAT = Member("seat", "seat",
              "With a join by a player who left a seat: that seat, the only one they may take back.")
RETRY_AFTER = Member("retry_after", "integer (seconds)",
                     "How long to wait before trying again; the Retry-After header says the same.")

# GET /healthz's 503: what each probe found (hearts_api.health).
DATABASE = Member("database", "string",
                  'At GET /healthz: "ok" or "error: <exception class>".')
BROKER = Member("broker", "string",
                'At GET /healthz: "ok", "error: <exception class>", or "none (tasks run '
                'in-process)" without a broker.')
REDIS = Member("redis", "string",
               'At GET /healthz: "ok", "error: <exception class>", or "none (no REDIS_URL)".')

MATCH_ID = Member("match_id", "string (uuid)",
                  "With daily_attempted: the match of your attempt at that day's challenge.")

RETRY_AFTER_HEADER = Header("Retry-After", "Seconds to wait before trying again.", "integer")
QUOTA = Member("quota", "string",
               "The quota refused: its name, as the README's table of limits lists it (e.g. "
               "unfinished_matches, match_creations).")
LIMIT = Member("limit", "integer",
               "The quota's limit: how many may be held at once, or, with period_s, how many "
               "a window of period_s seconds allows.")
PERIOD_S = Member("period_s", "integer (seconds)",
                  "For a rate: the length of its moving window. Absent for a quota of things "
                  "held (unfinished matches, open streams, tokens).")
ALLOW_HEADER = Header("Allow", "The methods the path takes.")
WWW_AUTHENTICATE_HEADER = Header("WWW-Authenticate", "Bearer: the scheme the API takes.")

_PLAY_AGAIN = "Play one of legal_cards. A refused play changes nothing; it is still your turn."


# By status (the order of the /problems index); within 422 the play rules in the order of
# docs/rules.md, "A hand" (steps 3 to 6), then the card and pass codes ("Refusals"), then
# the Idempotency-Key's.
class InvalidRequest(Problem):
    status_code = 400
    default_code = "invalid_request"
    default_detail = "The request is not valid."
    title = "The request is not valid"
    description = (
        "The request is malformed: its body is not JSON or not the shape the operation takes (a field "
        "missing, of the wrong type, out of range, or not one the operation knows), or a header or query "
        "parameter such as If-Match or limit has a value it does not accept.")
    what_to_do = (
        "Fix the request and send it again; errors names each bad field and why. Sent unchanged it gets the "
        "same answer. A refused request changes nothing.")
    members = (ERRORS,)

    def __init__(self, detail: str | None = None, **extensions: Any) -> None:
        """Without ``errors``, one fault of the request as a whole (code ``invalid``, this
        detail): every ``invalid_request`` names its faults (api.md, "Errors")."""
        detail = detail or self.default_detail
        extensions.setdefault("errors", [{"field": "", "code": "invalid", "detail": detail}])
        super().__init__(detail, **extensions)

    @classmethod
    def of_field(cls, field: str, code: str, detail: str) -> InvalidRequest:
        """The problem of one bad ``field`` (its dotted path; ``""``: the body) with the
        reason ``code`` and ``detail`` as its one entry of ``errors``."""
        return cls(detail, errors=[{"field": field, "code": code, "detail": detail}])


class UnknownCard(Problem):
    status_code = 400
    default_code = "unknown_card"
    default_detail = "Unknown card code."
    title = "Unknown card code"
    description = (
        "A card code in the request cannot be read, and that is its only fault. A card is a rank (2-9, T or "
        "10, J, Q, K, A) and a suit (C, D, H, S or a suit symbol), in either case: QS, 10h, Q♠. This is a "
        "spelling error, not an illegal move: a request with other faults as well is invalid_request.")
    what_to_do = "Send the cards as the view lists them, in canonical codes such as 2C, TH and QS."
    members = (ERRORS,)


class NotAuthenticated(Problem):
    status_code = 401
    default_code = "not_authenticated"
    default_detail = "Authentication required."
    title = "Authentication required"
    description = (
        "The request carries no bearer token, or one that is malformed, unknown or revoked; or, at POST "
        "/api/v1/tokens, HTTP Basic credentials that are malformed or wrong, or of a player who registered "
        "without a password.")
    what_to_do = (
        "Send Authorization: Bearer <token> with a token from POST /api/v1/players (on registration) or POST "
        "/api/v1/tokens. A revoked token stays revoked: use another. A player who registered with a password "
        "and has no token left mints one at POST /api/v1/tokens with HTTP Basic credentials.")
    headers = (WWW_AUTHENTICATE_HEADER,)

    def __init__(self, detail: str | None = None, auth_header: str | None = None) -> None:
        super().__init__(detail)
        # The handler sends it as WWW-Authenticate, as it does for DRF's own 401s.
        self.auth_header = auth_header


class NotSeated(Problem):
    status_code = 403
    default_code = "not_seated"
    default_detail = "You have no seat in this match."
    title = "You have no seat in this match"
    description = (
        "A command (pass, play or leave) came from a player with no seat in the match, or one who left the "
        "seat to a bot. Reads of such a match answer the spectator view instead.")
    what_to_do = (
        "Join the match first (POST /api/v1/matches/{id}/join) while it has an open seat, or, if you left "
        "your seat, join to take it back; send commands only to matches you sit in.")


class NotCreator(Problem):
    status_code = 403
    default_code = "not_creator"
    default_detail = "Only the match's creator may do this."
    title = "Only the match's creator may do this"
    description = (
        "Replacing a player with a bot (POST /api/v1/matches/{id}/seats/{seat}/replace) and cancelling a "
        "match still waiting for players (POST /api/v1/matches/{id}/cancel) are for the player who created "
        "the match.")
    what_to_do = "Ask the match's creator, or leave the match if it is yours to leave."


class PermissionDenied(Problem):
    status_code = 403
    default_code = "permission_denied"
    default_detail = "Permission denied."
    title = "Permission denied"
    description = (
        "You are authenticated, but the operation is not allowed to you. No endpoint of v1 refuses a "
        "signed-in player this way today; the code is what any permission check would answer.")
    what_to_do = "Do not retry: the same request will be refused again."


class RegistrationClosed(Problem):
    status_code = 403
    default_code = "registration_closed"
    default_detail = "Self-registration is switched off."
    title = "Self-registration is switched off"
    description = (
        "This server does not let players register themselves; its operator has switched self-registration "
        "off.")
    what_to_do = "Ask the server's operator for an account. Retrying will not help."


class NotFound(Problem):
    status_code = 404
    default_code = "not_found"
    default_detail = "Not found."
    title = "Not found"
    description = (
        "Nothing is at that address: no match with that id, no player with that username, no token of "
        "yours with that key, no such path, or no problem type with that code.")
    what_to_do = (
        "Check the id and the path (paths have no trailing slash). Sent unchanged the request gets the same "
        "answer.")


class MethodNotAllowed(Problem):
    status_code = 405
    default_code = "method_not_allowed"
    default_detail = "Method not allowed."
    title = "Method not allowed"
    description = "The path does not take this HTTP method (e.g. DELETE on a match)."
    what_to_do = "Use one of the methods the Allow header lists."
    headers = (ALLOW_HEADER,)


class NotAcceptable(Problem):
    status_code = 406
    default_code = "not_acceptable"
    default_detail = "Not acceptable."
    title = "Not acceptable"
    description = (
        "The Accept header names no media type the operation can answer: it answers application/json, and "
        "errors as application/problem+json.")
    what_to_do = "Accept application/json (or send no Accept header)."


class NotYourTurn(Problem):
    status_code = 409
    default_code = "not_your_turn"
    default_detail = "It is not your turn."
    title = "It is not your turn"
    description = "A play came from a seat whose turn it is not."
    what_to_do = (
        "Wait until the view says is_your_turn (read GET /api/v1/matches/{id}/view or follow the events), "
        "then play. to_act names the seat to play now.")
    members = (TO_ACT,)


class WrongPhase(Problem):
    status_code = 409
    default_code = "wrong_phase"
    default_detail = "Not possible in this phase of the hand."
    title = "Not possible in this phase of the hand"
    description = (
        "The command does not fit the match's phase: a play while cards are being passed, a pass during play "
        "or on a hold hand, a command before every seat is taken, or a cancel once the match has started.")
    what_to_do = "Read the view (status, pass_direction, to_act) and send the command the phase asks for."


class MatchFinished(Problem):
    status_code = 409
    default_code = "match_finished"
    default_detail = "The match is over."
    title = "The match is over"
    description = (
        "The match has ended, or an operator aborted it, and takes no more commands: no pass, "
        "play, join or leave.")
    what_to_do = (
        "Stop sending commands to it; the result is in the match summary and the view (an aborted "
        "match has none: its match_aborted event gives the reason).")


class AlreadyPassed(Problem):
    status_code = 409
    default_code = "already_passed"
    default_detail = "You have already passed."
    title = "You have already passed"
    description = (
        "Your seat has passed this hand already. A pass is final, whatever cards the second one names.")
    what_to_do = "Wait for the other seats; the view's pass.waiting_for lists those yet to pass."


class AlreadySeated(Problem):
    status_code = 409
    default_code = "already_seated"
    default_detail = "You already have a seat in this match."
    title = "You already have a seat in this match"
    description = (
        "A player has at most one seat per match: a join by a player already seated, a join naming "
        "another seat than the one the player left (its bot holds it for them: `seat` names it), or a "
        "create request with more than one player seat.")
    what_to_do = (
        "Play from the seat you have (the view names it), or join without a seat to take back the one "
        "you left; create a match with one seat of kind player.")
    members = (SEAT,)


class NotReplaceable(Problem):
    status_code = 409
    default_code = "not_replaceable"
    default_detail = "That seat's player may not be replaced now."
    title = "That seat's player may not be replaced now"
    description = (
        "The seat holds no player (it is open, or a bot holds it), or its player is not overdue: their turn "
        "has not timed out (the view's turn_deadline), and no stand-in has moved for them since they last "
        "moved.")
    what_to_do = (
        "Wait until the player's turn_deadline has passed, or a stand-in has moved for them, and send it "
        "again.")


class UsernameTaken(Problem):
    status_code = 409
    default_code = "username_taken"
    default_detail = "That username is taken."
    title = "That username is taken"
    description = "Another player has registered that username."
    what_to_do = "Register with another username."


class SeatTaken(Problem):
    status_code = 409
    default_code = "seat_taken"
    default_detail = "That seat is taken."
    title = "That seat is taken"
    description = "The seat named in the join is held by a player or a bot."
    what_to_do = (
        "Join without naming a seat (you get the first open one), or name a seat the match summary shows as "
        "open.")


class MatchFull(Problem):
    status_code = 409
    default_code = "match_full"
    default_detail = "Every seat is taken."
    title = "Every seat is taken"
    description = "The match has no open seat left."
    what_to_do = "Join another match, or create one."


class RequestInProgress(Problem):
    status_code = 409
    default_code = "request_in_progress"
    default_detail = "A request with this Idempotency-Key is still in progress."
    title = "A request with this Idempotency-Key is still in progress"
    description = (
        "An earlier request of yours with the same Idempotency-Key has not answered yet, so this one was not "
        "run. A first request that never answers (its server failed) holds the key for a minute at most (the "
        "server's IDEMPOTENCY_IN_FLIGHT_SECONDS).")
    what_to_do = (
        "Wait a moment and send the same request with the same key again: once the first has answered, you "
        "get its answer, marked Idempotent-Replayed: true.")


class DailyClosed(Problem):
    status_code = 409
    default_code = "daily_closed"
    default_detail = "That day's daily challenge is not open."
    title = "That day's daily challenge is not open"
    description = (
        "A daily match was asked for a date that is not today (UTC): a past day's challenge is over (its "
        "deals are public now, at GET /api/v1/daily/{date}), and a future day's has not begun.")
    what_to_do = (
        "Play today's: GET /api/v1/daily gives its date, then POST /api/v1/daily/{date}/matches with it. A "
        "new challenge opens at midnight UTC.")


class DailyAttempted(Problem):
    status_code = 409
    default_code = "daily_attempted"
    default_detail = "You have played that day's daily challenge already."
    title = "You have played that day's daily challenge already"
    description = (
        "Each player has one attempt at each day's challenge: the match you started for it is match_id, "
        "finished or not.")
    what_to_do = (
        "Play on in that match (GET /api/v1/matches/{match_id}/view), or come back for tomorrow's "
        "challenge; the day's leaderboard is at GET /api/v1/daily/{date}/leaderboard.")
    members = (MATCH_ID,)


class StaleVersion(Problem):
    status_code = 412
    default_code = "stale_version"
    default_detail = "The match has moved on."
    title = "The match has moved on"
    description = (
        "The version in If-Match is not the match's current one: someone (a player or a bot) has acted since "
        "you read the match; or, in a match with turn_timeout_s, your pass or play came in just after a "
        "stand-in bot had moved for your seat (your turn had timed out), so it was meant for a turn that is "
        "over. Nothing was changed.")
    what_to_do = (
        'Read the view again, decide on what it shows now, and send the command with If-Match: "<version>" '
        "of what you read.")
    members = (VERSION,)


class PayloadTooLarge(Problem):
    status_code = 413
    default_code = "payload_too_large"
    default_detail = "The request body is too large."
    title = "The request body is too large"
    description = (
        "The body is longer than the server takes (DATA_UPLOAD_MAX_MEMORY_SIZE, by default 2.5 MiB, "
        "2,621,440 bytes); it was refused unread: at once by its Content-Length, or, sent chunked without "
        "one, as soon as more than that had come. No request of this API needs more than a few kilobytes.")
    what_to_do = "Send the body the operation describes; nothing was changed."


class UnsupportedMediaType(Problem):
    status_code = 415
    default_code = "unsupported_media_type"
    default_detail = "Unsupported media type."
    title = "Unsupported media type"
    description = "The request body is not sent as JSON: its Content-Type is not application/json."
    what_to_do = "Send the body as JSON with Content-Type: application/json."


class MustLeadTwoOfClubs(Problem):
    status_code = 422
    default_code = "must_lead_two_of_clubs"
    default_detail = "The first trick is led with the two of clubs."
    title = "The first trick is led with the two of clubs"
    description = "On the first trick of a hand the seat holding 2C leads, and it must lead 2C."
    what_to_do = "Play 2C (legal_cards holds just it)."
    members = (LEGAL_CARDS,)


class MustFollowSuit(Problem):
    status_code = 422
    default_code = "must_follow_suit"
    default_detail = "You must follow suit."
    title = "You must follow suit"
    description = "You hold a card of the suit led, so you must play one."
    what_to_do = _PLAY_AGAIN
    members = (LEGAL_CARDS,)


class NoPointsOnFirstTrick(Problem):
    status_code = 422
    default_code = "no_points_on_first_trick"
    default_detail = "No hearts or queen of spades on the first trick."
    title = "No hearts or queen of spades on the first trick"
    description = (
        "On the first trick no heart and not QS may be played, unless your hand holds nothing else (the "
        "first_trick_points variant allows them).")
    what_to_do = _PLAY_AGAIN
    members = (LEGAL_CARDS,)


class HeartsNotBroken(Problem):
    status_code = 422
    default_code = "hearts_not_broken"
    default_detail = "Hearts are not broken."
    title = "Hearts are not broken"
    description = (
        "A heart may not be led until a heart has been played in this hand (or QS, with the "
        "queen_breaks_hearts variant), unless you hold only hearts.")
    what_to_do = _PLAY_AGAIN
    members = (LEGAL_CARDS,)


class CardNotInHand(Problem):
    status_code = 422
    default_code = "card_not_in_hand"
    default_detail = "That card is not in your hand."
    title = "That card is not in your hand"
    description = (
        "A card you played or passed is not in your hand: it was never dealt to you, was passed on, or has "
        "been played already.")
    what_to_do = "Choose from legal_cards. If your copy of the hand is out of date, read the view again."
    members = (LEGAL_CARDS,)


class WrongPassCount(Problem):
    status_code = 422
    default_code = "wrong_pass_count"
    default_detail = "Wrong number of cards passed."
    title = "Wrong number of cards passed"
    description = "A pass names exactly the match's pass_count cards (3 unless its rules say otherwise)."
    what_to_do = "Pass exactly pass_count distinct cards of your hand (legal_cards)."
    members = (LEGAL_CARDS,)


class DuplicateCards(Problem):
    status_code = 422
    default_code = "duplicate_cards"
    default_detail = "A card is named twice."
    title = "A card is named twice"
    description = (
        "A card is named twice: in a pass (also under two spellings, such as TC and 10C), or in a fixed deal "
        "of a create request, which then carries no legal_cards.")
    what_to_do = "Name each card once."
    members = (LEGAL_CARDS,)


class IdempotencyKeyReused(Problem):
    status_code = 422
    default_code = "idempotency_key_reused"
    default_detail = "This Idempotency-Key was used for another request."
    title = "This Idempotency-Key was used for another request"
    description = (
        "You sent this Idempotency-Key before with another request: another method, path or body. A key "
        "names one request while it runs and for 24 hours after it succeeded; the request was not run.")
    what_to_do = (
        "Send a new request with a new key (a fresh UUID per request is simplest); send the same key only to "
        "retry the very same request.")


class Throttled(Problem):
    status_code = 429
    default_code = "throttled"
    default_detail = "Too many requests."
    title = "Too many requests"
    description = (
        "You sent more requests than the rate limit allows (per player; per address for requests without a "
        "token, and for HTTP Basic attempts at POST /api/v1/tokens, which have a lower rate of their own). "
        "The request was not run.")
    what_to_do = "Wait retry_after seconds (or what Retry-After says), then send it again."
    members = (RETRY_AFTER,)
    headers = (RETRY_AFTER_HEADER,)

    def __init__(self, detail: str | None = None, wait: float | None = None) -> None:
        """``wait``: seconds until a request may pass (None: unknown), rounded up to whole
        seconds as DRF's ``Throttled`` does; the body's ``retry_after`` and the handler's
        Retry-After header both give it."""
        self.wait = None if wait is None else math.ceil(wait)
        super().__init__(detail, **({} if self.wait is None else {"retry_after": self.wait}))


class QuotaExceeded(Problem):
    status_code = 429
    default_code = "quota_exceeded"
    default_detail = "Over a quota."
    title = "Over a quota"
    description = (
        "The request would take you over one of your documented limits, which quota names and limit "
        "states: things you may hold at once (unfinished matches, matches with an expert seat, open "
        "matches in the lobby, streams and long polls, tokens, leaves in a match) or a rate (match "
        "creations, new Idempotency-Keys, registrations with a password per address). Nothing was "
        "changed.")
    what_to_do = (
        "For a rate, wait retry_after seconds (or what Retry-After says). For things held, end one "
        "first: finish a match or cancel one still waiting for players (POST "
        "/api/v1/matches/{id}/cancel), close a stream, revoke a token; no Retry-After comes, since "
        "only you can free it. Leaves of one match never free.")
    members = (QUOTA, LIMIT, PERIOD_S, RETRY_AFTER)
    headers = (Header("Retry-After", "Seconds to wait before trying again (a rate's refusal "
                                     "only).", "integer", always=False),)

    def __init__(self, detail: str | None = None, **extensions: Any) -> None:
        """``retry_after`` among ``extensions`` (seconds, for a rate): also the Retry-After
        header the handler sends."""
        self.wait = extensions.get("retry_after")
        super().__init__(detail, **extensions)


class ServerError(Problem):
    status_code = 500
    default_code = "server_error"
    default_detail = "Server error."
    title = "Server error"
    description = "Something failed on the server. No detail of the failure leaves it."
    what_to_do = (
        "Try again later. Before repeating a command, read the view: its version shows whether the command "
        "took effect. Report a failure that persists to the operator, with the time of the request.")


class Unavailable(Problem):
    status_code = 503
    default_code = "unavailable"
    default_detail = "The service cannot reach its database just now."
    title = "The service is unavailable"
    description = (
        "The database does not answer (it is restarting, or down), so the request could not be served. "
        "A command refused this way before its transaction began changed nothing; one whose commit the "
        "failure cut off may or may not have been applied. At GET /healthz: the database, the broker or "
        "Redis does not answer; database, broker and redis say which.")
    what_to_do = (
        "Wait retry_after seconds (or what Retry-After says), then try again. Before repeating a command, "
        "read the view (its version shows whether the command took effect), or repeat it with the same "
        "Idempotency-Key.")
    members = (RETRY_AFTER, DATABASE, BROKER, REDIS)
    headers = (RETRY_AFTER_HEADER,)
    # Long enough for a restart to finish, short enough that a client comes back soon.
    RETRY_SECONDS = 3

    def __init__(self, detail: str | None = None, *, database: str | None = None,
                 broker: str | None = None, redis: str | None = None) -> None:
        """``wait`` (``RETRY_SECONDS``): the Retry-After the handler sends and the body's
        ``retry_after``; at /healthz, what the ``database``, ``broker`` and ``redis``
        probes found, as members."""
        self.wait = self.RETRY_SECONDS
        probes = {"database": database, "broker": broker, "redis": redis}
        super().__init__(detail, retry_after=self.wait,
                         **{name: found for name, found in probes.items() if found is not None})
