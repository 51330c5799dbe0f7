"""A Hearts client built only on the generated Python SDK: one whole match against three bots.

    pip install ./openapi/python
    python examples/sdk_python/play_match.py --base-url http://127.0.0.1:8000
        [--bot-level easy | --bot-level easy,hard,hard] [--hints] [--daily] [--token TOKEN]
    python examples/sdk_python/play_match.py --lesson queen-of-spades

It registers a player (or, with ``--token``, plays as the player an earlier run
registered: its record then builds up), creates a match (itself north, three bots; with
``--daily``, its one attempt at today's daily challenge instead: south, the day's bots
and deals, four hands), then follows the match with ``hearts_client.follow`` (the
stream, resumed with ``Last-Event-ID`` when the connection drops) and, at each view that
says it is to act, passes its highest cards or plays its lowest legal card (``If-Match``:
a 412 means the table moved first; the next view comes); with ``--hints``, the match
gives hints, and it asks for one at each decision and follows it. Every command carries
an ``Idempotency-Key`` and is sent again with it after a timeout. Refusals come back as
typed ``Problem`` objects. At the end it reads every page of the event log, checks that
the stream gave each event once and in order, and prints a score sheet, the final
standings and the player's record (after a daily, the day's leaderboard first); with ``--hints``, the
analysis of its decisions too, hand by hand, the blunders marked. With ``--lesson SLUG`` it
takes one lesson instead: prints the prompt, makes its one move (the hint-less choice
above) and prints the lesson's verdict and why.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time
from collections.abc import Callable
from typing import TypeVar
from uuid import UUID, uuid4

import httpx
from hearts_client import AuthenticatedClient, Client
from hearts_client.api.daily import daily_leaderboard_list, daily_matches_create, daily_today
from hearts_client.api.lessons import lessons_attempt
from hearts_client.api.matches import (
    matches_analysis_create,
    matches_analysis_retrieve,
    matches_create,
    matches_events,
    matches_hint,
    matches_pass,
    matches_play,
    matches_view,
)
from hearts_client.api.players import players_create, players_retrieve
from hearts_client.follow import Event, follow
from hearts_client.models import (
    Analysis,
    BotSeatSpecRequest,
    CardPlayedEvent,
    CardPlayRequest,
    CardsExchangedEvent,
    CardsPassedEvent,
    CardsPassRequest,
    CommandResult,
    DailyChallenge,
    HandDealtEvent,
    HandScoredEvent,
    Hint,
    MatchAbortedEvent,
    MatchCreatedEvent,
    MatchCreateRequest,
    MatchEndedEvent,
    MatchResult,
    MatchSummary,
    PaginatedDailyLeaderboardEntryList,
    PlayerCreated,
    PlayerCreateRequest,
    PlayerProfile,
    PlayerSeatSpecRequest,
    Problem,
    RulesRequest,
    SeatInvitedEvent,
    SeatLeftEvent,
    SeatReleasedEvent,
    SeatReplacedEvent,
    SeatTakenEvent,
    SeatView,
    TrickTakenEvent,
    UnknownEvent,
)
from hearts_client.models.bot_level_enum import BotLevelEnum, check_bot_level_enum
from hearts_client.models.event_list import EventList
from hearts_client.types import UNSET, Response

T = TypeVar("T")
SEATS = ("north", "east", "south", "west")
RANKS = "23456789TJQKA"
EVENT_PAGE = 200  # events per page, so a whole match takes several pages


def rank(card: str) -> int:
    return RANKS.index(card[0])


class Refused(Exception):
    """The server refused a request: its problem ``code`` and, for rule codes, ``legal_cards``."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(f"{problem.status} {problem.code}: {problem.detail}")
        self.problem = problem


def register(base_url: str) -> tuple[str, AuthenticatedClient]:
    """A new player with a random name, and a client holding its bearer token."""
    name = f"sdk-{secrets.token_hex(3)}"
    with Client(base_url=base_url) as anonymous:
        created = players_create.sync(client=anonymous, body=PlayerCreateRequest(username=name))
    if not isinstance(created, PlayerCreated):
        sys.exit(f"could not register: {created}")
    print(f"registered {name}; play as {name} again with --token {created.token}")
    return name, authenticated(base_url, created.token)


def authenticated(base_url: str, token: str) -> AuthenticatedClient:
    return AuthenticatedClient(base_url=base_url, token=token, timeout=httpx.Timeout(60))


def seated(summary: MatchSummary, seat: str) -> str:
    """The username of the player in ``seat``."""
    return next(str(entry.name) for entry in summary.seats if entry.seat == seat)


def bot_levels(text: str) -> list[BotLevelEnum]:
    """``easy`` (all three bots) or ``easy,hard,hard`` (east, south, west)."""
    levels = [check_bot_level_enum(level) for level in text.split(",")]
    if len(levels) not in (1, 3):
        raise argparse.ArgumentTypeError("one level, or three separated by commas")
    return levels * 3 if len(levels) == 1 else levels


def create_match(client: AuthenticatedClient, levels: list[BotLevelEnum],
                 target_score: int | None, hints: bool) -> MatchSummary:
    seats: list[PlayerSeatSpecRequest | BotSeatSpecRequest] = [PlayerSeatSpecRequest(kind="player")]
    seats += [BotSeatSpecRequest(kind="bot", level=level) for level in levels]
    rules = RulesRequest(target_score=target_score) if target_score else UNSET
    body = MatchCreateRequest(seats=list(seats), rules=rules, hints=hints)
    return _parsed(with_retries(lambda key: matches_create.sync_detailed(
        client=client, body=body, idempotency_key=key)), MatchSummary)


def create_daily(client: AuthenticatedClient) -> tuple[DailyChallenge, MatchSummary]:
    """Today's challenge, and the caller's one match of it (409 daily_attempted if it has
    played today's already)."""
    challenge = _parsed(daily_today.sync_detailed(client=client), DailyChallenge)
    summary = _parsed(with_retries(lambda key: daily_matches_create.sync_detailed(
        challenge.date, client=client, idempotency_key=key)), MatchSummary)
    return challenge, summary


def print_daily_leaderboard(client: AuthenticatedClient, challenge: DailyChallenge) -> None:
    """The first page of the day's leaderboard: fewest points, then fewest seconds."""
    board = _parsed(daily_leaderboard_list.sync_detailed(challenge.date, client=client),
                    PaginatedDailyLeaderboardEntryList)
    print(f"\nDaily challenge {challenge.date}: {board.count} finished")
    for entry in board.results:
        print(f"  {entry.rank:>3}. {entry.username:<20} {entry.points:>3} points "
              f"in {entry.seconds} s")


def play_match(client: AuthenticatedClient, match_id: UUID,
               hints: bool) -> tuple[SeatView, list[Event]]:
    """Follow the match from its first event (``hearts_client.follow``: its stream, resumed
    when the connection drops) and play the caller's seat (as the hints say, with ``hints``)
    at each view that says it is to act; returns the final view and every event followed."""
    view: SeatView | None = None
    followed: list[Event] = []
    for item in follow(client, match_id, after=0):
        if not isinstance(item, SeatView):
            followed.append(item)
        elif item.is_your_turn and (view is None or item.version != view.version):
            view = item
            _act(client, match_id, view, f'"{view.version}"', hints)
        else:
            view = item
    if view is None:
        sys.exit("the stream ended before the first view")
    return view, followed


def take_lesson(client: AuthenticatedClient, slug: str) -> None:
    """Start the lesson, make the move ``_act`` would, and print the lesson's verdict."""
    summary = _parsed(lessons_attempt.sync_detailed(slug, client=client), MatchSummary)
    assert summary.lesson is not None
    print(f"Lesson {summary.lesson.order}: {summary.lesson.title} ({summary.lesson.seat})\n"
          f"{summary.lesson.prompt}")
    looked = matches_view.sync_detailed(summary.id, client=client)
    view = _parsed(looked, SeatView)
    answer = _act(client, summary.id, view, looked.headers["ETag"], hints=False)
    if answer is None or not answer.lesson:
        sys.exit("the lesson gave no verdict")
    played = [card for event in answer.events if event.seat == view.seat
              for card in ((event.cards or []) if isinstance(event, CardsPassedEvent)
                           else [event.card] if isinstance(event, CardPlayedEvent) else [])]
    print(f"\nYou: {' '.join(played)}. {answer.lesson.verdict}: {answer.lesson.explanation}")


def _act(client: AuthenticatedClient, match_id: UUID, view: SeatView, etag: str,
         hints: bool) -> CommandResult | None:
    """Pass the highest cards, or play the lowest legal card (with ``hints``, what the hint
    recommends); the answer, or None on a 412 (the table moved first: look again)."""
    answer: Response[CommandResult | Problem]
    hint = _parsed(matches_hint.sync_detailed(match_id, client=client), Hint) if hints else None
    if view.status == "passing":
        cards = (hint.pass_.cards if hint and hint.pass_ else
                 sorted(view.hand, key=rank, reverse=True)[:view.rules.pass_count])
        passed = CardsPassRequest(cards=cards)
        answer = with_retries(lambda key: matches_pass.sync_detailed(
            match_id, client=client, body=passed, if_match=etag, idempotency_key=key))
    else:
        card = hint.recommended if hint and hint.recommended else min(view.legal_cards, key=rank)
        played = CardPlayRequest(card=card)
        answer = with_retries(lambda key: matches_play.sync_detailed(
            match_id, client=client, body=played, if_match=etag, idempotency_key=key))
    return None if answer.status_code == 412 else _parsed(answer, CommandResult)


def with_retries(send: Callable[[str], Response[T]], attempts: int = 5) -> Response[T]:
    """``send(key)`` with a fresh Idempotency-Key, and again with the same key when no answer
    came (a timeout, a dropped connection) or the first try is still running (409
    request_in_progress): the server runs the command once, and a try after that gets its
    answer again (a refusal, which is not kept, is decided again)."""
    key = str(uuid4())
    for attempt in range(1, attempts + 1):
        try:
            answer = send(key)
        except httpx.TransportError:  # timeouts included
            if attempt == attempts:
                raise
        else:
            busy = isinstance(answer.parsed, Problem) and answer.parsed.code == "request_in_progress"
            if not busy or attempt == attempts:
                return answer
        time.sleep(0.2 * attempt)
    raise AssertionError("unreachable")


def _parsed(response: Response[T | Problem], kind: type[T]) -> T:
    """The response's body as ``kind``; a problem is raised as ``Refused``."""
    body = response.parsed
    if isinstance(body, Problem):
        raise Refused(body)
    if not isinstance(body, kind):
        raise RuntimeError(f"unexpected {response.status_code}: {response.content!r}")
    return body


def all_events(client: AuthenticatedClient, match_id: UUID) -> list[Event]:
    """Every event of the match, page by page, redacted for the caller's seat."""
    events: list[Event] = []
    while True:
        page = _parsed(matches_events.sync_detailed(match_id, client=client, after=len(events),
                                                    limit=EVENT_PAGE), EventList)
        events.extend(page.events)
        if not page.events or len(events) >= page.version:
            return events


def print_score_sheet(events: list[Event]) -> None:
    """Each hand's pass direction, points and running totals; a moon is marked with *."""
    print(f"\n{'hand':>4} {'pass':<7}" + "".join(f"{seat:>14}" for seat in SEATS))
    direction, tricks = "", 0
    for event in events:
        match event:
            case HandDealtEvent(pass_direction=dealt_direction):
                direction = dealt_direction
            case TrickTakenEvent():
                tricks += 1
            case HandScoredEvent(hand_number=number, points=points, totals=totals, moon=moon):
                hand, total = points.to_dict(), totals.to_dict()
                cells = [f"{hand[seat]:>4}{'*' if moon == seat else ' '} ({total[seat]:>3})"
                         for seat in SEATS]
                print(f"{number:>4} {direction:<7}" + "".join(f"{cell:>14}" for cell in cells))
            case SeatLeftEvent(seat=seat, player=player, bot_level=level):
                print(f"     {player} left {seat} to a {level} bot")
            case SeatReplacedEvent(seat=seat, player=player, bot_level=level):
                print(f"     {player} was replaced in {seat} by a {level} bot")
            case MatchAbortedEvent(reason=reason):
                print(f"     the match was aborted: {reason}")
            case (MatchCreatedEvent() | SeatTakenEvent() | CardsPassedEvent()
                  | CardsExchangedEvent() | CardPlayedEvent() | MatchEndedEvent()
                  | SeatInvitedEvent() | SeatReleasedEvent()):
                pass
            case UnknownEvent():
                pass  # a type newer than this SDK: nothing on the score sheet
    print(f"points this hand (running total); * shot the moon. {len(events)} events, "
          f"{tricks} tricks.")


def analysis_of(client: AuthenticatedClient, match_id: UUID, timeout_s: float = 300) -> Analysis:
    """Ask for the analysis of the caller's seat and read it until it is done."""
    analysis = _parsed(matches_analysis_create.sync_detailed(match_id, client=client), Analysis)
    deadline = time.monotonic() + timeout_s
    while analysis.status != "done":
        if time.monotonic() > deadline:
            sys.exit("the analysis did not finish in time")
        time.sleep(0.5)
        analysis = _parsed(matches_analysis_retrieve.sync_detailed(match_id, client=client),
                           Analysis)
    return analysis


def print_analysis(analysis: Analysis) -> None:
    """Each hand's decisions: what was played, the best option found, the points lost."""
    print(f"\nAnalysis of {analysis.seat}'s decisions "
          f"({analysis.effort.work_per_decision} work units each):")
    for hand in analysis.hands:
        print(f"  hand {hand.hand}: {hand.loss:.2f} points lost, {hand.blunders} blunders")
        for decision in (d for d in analysis.decisions if d.hand == hand.hand):
            where = "pass" if decision.trick is None else f"trick {decision.trick:>2}"
            mark = "  BLUNDER" if decision.blunder else ""
            print(f"    {where:<8} played {' '.join(decision.played):<9} "
                  f"best {' '.join(decision.best):<9} lost {decision.loss:5.2f}{mark}")
    print(f"  total: {analysis.total_loss:.2f} points lost, {analysis.blunders} blunders")


def print_standings(result: MatchResult) -> None:
    print(f"\nFinal standings after {result.hands_played} hands:")
    for standing in result.standings:
        print(f"  {standing.place}. {standing.seat:<6} {standing.score:>4}")
    print("Winner: " + " and ".join(result.winners) + (" (shared)" if result.shared else ""))


def print_record(profile: PlayerProfile) -> None:
    print(f"\n{profile.username}'s record: {profile.matches_played} played, "
          f"{profile.matches_won} won, {profile.matches_shared} shared, "
          f"{profile.matches_lost} lost, {profile.matches_aborted} aborted; "
          f"{profile.hands_played} hands, {profile.moons_shot} moons, {profile.suns_shot} suns")
    if profile.rating:
        print(f"  rating {profile.rating.conservative:.2f} (mu {profile.rating.mu:.2f}, "
              f"sigma {profile.rating.sigma:.2f}, {profile.rating.matches_rated} rated)")
    for entry in profile.records:
        fastest = entry.fastest_win
        best = (f"fastest win {fastest.hands} hands ({fastest.match_id})" if fastest
                else "no win yet")
        print(f"  against {entry.opponents}: {entry.matches_won} of "
              f"{entry.matches_finished} won, {best}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--bot-level", default="easy", type=bot_levels,
                        help="the bots' level, or three levels (east, south, west): easy,hard,hard")
    parser.add_argument("--target-score", type=int, help="end the match sooner (default 100)")
    parser.add_argument("--hints", action="store_true",
                        help="a match with hints (unrated): follow them, then print the analysis")
    parser.add_argument("--daily", action="store_true",
                        help="play today's daily challenge instead (ignores the two above)")
    parser.add_argument("--lesson", metavar="SLUG",
                        help="take this lesson (GET /api/v1/lessons lists them) instead")
    parser.add_argument("--token", help="play as the player of this token (an earlier run "
                                        "printed it) instead of registering a new one")
    args = parser.parse_args()
    name, client = (("", authenticated(args.base_url, args.token)) if args.token
                    else register(args.base_url))
    challenge: DailyChallenge | None = None
    with client:
        if args.lesson:
            try:
                take_lesson(client, args.lesson)
            except Refused as refused:
                sys.exit(f"refused: {refused}")
            return
        try:
            if args.daily:
                challenge, summary = create_daily(client)
                name = name or seated(summary, "south")
                levels = challenge.bot_levels
                print(f"{name} (south) started the daily challenge of {challenge.date} "
                      f"(match {summary.id}): west {levels.west}, north {levels.north}, "
                      f"east {levels.east}, {challenge.hands} hands")
            else:
                summary = create_match(client, args.bot_level, args.target_score, args.hints)
                name = name or seated(summary, "north")
                print(f"{name} (north) created match {summary.id} against "
                      f"{', '.join(args.bot_level)} bots (east, south, west)")
            view, followed = play_match(client, summary.id, args.hints and not args.daily)
        except Refused as refused:
            legal = refused.problem.legal_cards
            sys.exit(f"refused: {refused}"
                     + (f" (legal: {' '.join(legal)})" if isinstance(legal, list) else ""))
        events = all_events(client, summary.id)
        if [(e.seq, e.type_) for e in followed] != [(e.seq, e.type_) for e in events]:
            sys.exit("the stream and the log disagree: an event lost or repeated")
        print(f"followed {len(followed)} events, each once and in order, as the log has them")
        print_score_sheet(events)
        if view.result:
            print_standings(view.result)
        if challenge is not None:
            print_daily_leaderboard(client, challenge)
        elif args.hints:
            print_analysis(analysis_of(client, summary.id))
        print_record(_parsed(players_retrieve.sync_detailed(name, client=client), PlayerProfile))


if __name__ == "__main__":
    main()
