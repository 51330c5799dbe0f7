"""Follow a match: its stream's views and events, each once and in order, until it ends.

Hand-written beside the generated SDK (``make sdk`` copies it in as ``hearts_client.follow``).

    for item in follow(client, match_id):
        if isinstance(item, SeatView) and item.is_your_turn:
            ...  # pass or play
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import TypeAlias
from uuid import UUID

import httpx

from .client import AuthenticatedClient
from .models import (
    CardPlayedEvent,
    CardsExchangedEvent,
    CardsPassedEvent,
    EventList,
    HandDealtEvent,
    HandScoredEvent,
    MatchAbortedEvent,
    MatchCreatedEvent,
    MatchEndedEvent,
    Problem,
    SeatInvitedEvent,
    SeatLeftEvent,
    SeatReleasedEvent,
    SeatReplacedEvent,
    SeatTakenEvent,
    SeatView,
    TrickTakenEvent,
    UnknownEvent,
)

Event: TypeAlias = (
    MatchCreatedEvent | SeatTakenEvent | HandDealtEvent | CardsPassedEvent | CardsExchangedEvent
    | CardPlayedEvent | TrickTakenEvent | HandScoredEvent | MatchEndedEvent | SeatLeftEvent
    | SeatReplacedEvent | MatchAbortedEvent | SeatInvitedEvent | SeatReleasedEvent | UnknownEvent
)

RETRY_S = 1.0  # the wait after a try that brought no event; it doubles up to MAX_RETRY_S
MAX_RETRY_S = 30.0


class FollowRefused(Exception):
    """The server refused the stream for good (401, 403, 404, 400): its ``problem``."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(f"{problem.status} {problem.code}: {problem.detail}")
        self.problem = problem


def follow(client: AuthenticatedClient, match_id: UUID | str, *,
           after: int | None = None) -> Iterator[SeatView | Event]:
    """``GET /matches/{id}/stream`` as ``SeatView`` and event objects (``UnknownEvent`` for a
    type newer than this SDK): the view first (unless ``after``, a seq, resumes the events
    after it), then each event and the view after each change. A dropped or ended
    connection, a 5xx or a 429 is retried with ``Last-Event-ID``, so no event is lost or
    repeated: at once after a connection that brought an event, else after ``RETRY_S``
    doubling to ``MAX_RETRY_S`` (or the 429's ``Retry-After``). The iterator ends with the
    match's final view. Raises ``FollowRefused`` on any other refusal."""
    last, wait, shown = after, RETRY_S, None  # shown: the version of the last view yielded
    while True:
        headers = {"Accept": "text/event-stream"}
        if last is not None:
            headers["Last-Event-ID"] = str(last)
        progressed = False  # this connection brought an event
        try:
            with client.get_httpx_client().stream(
                    "GET", f"/api/v1/matches/{match_id}/stream", headers=headers) as response:
                if response.status_code == 204:  # the match is over and no event follows `last`
                    if shown != last:  # the final view was cut off: read it
                        yield _final_view(client, match_id)
                    return
                if response.status_code != 200:
                    wait = _refused(response, wait)
                    continue
                for message in _messages(response.iter_lines()):
                    last, item = int(message["id"]), _parsed(message)
                    if isinstance(item, SeatView):
                        shown = item.version
                    else:
                        progressed = True
                    yield item
        except httpx.TransportError:  # timeouts and dropped connections included
            pass
        if progressed:
            wait = RETRY_S
        else:
            time.sleep(wait)
            wait = min(wait * 2, MAX_RETRY_S)


def _final_view(client: AuthenticatedClient, match_id: UUID | str) -> SeatView:
    response = client.get_httpx_client().get(f"/api/v1/matches/{match_id}/view")
    if response.status_code != 200:
        raise FollowRefused(Problem.from_dict(response.json()))
    return SeatView.from_dict(response.json())


def _refused(response: httpx.Response, wait: float) -> float:
    """Sleep before trying again after a 429 or 5xx (its ``Retry-After`` when it gives one)
    and return the next wait; raise ``FollowRefused`` for any other status."""
    body = response.read()
    if response.status_code != 429 and response.status_code < 500:
        try:
            problem = Problem.from_dict(json.loads(body))
        except (ValueError, KeyError, TypeError):  # not the server's problem+json (a proxy's)
            problem = Problem(type_="about:blank", title="Refused", status=response.status_code,
                              detail=body[:200].decode(errors="replace"), code="unknown")
        raise FollowRefused(problem)
    retry_after = response.headers.get("Retry-After", "")
    time.sleep(float(retry_after) if retry_after.isdigit() else wait)
    return min(wait * 2, MAX_RETRY_S)


def _messages(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """The stream's messages as ``{"id", "event", "data"}``; comments are skipped."""
    message: dict[str, str] = {}
    for line in lines:
        if not line:
            if "data" in message:
                yield message
            message = {}
        elif not line.startswith(":"):
            field, _, value = line.partition(":")
            message[field] = value.removeprefix(" ")


def _parsed(message: dict[str, str]) -> SeatView | Event:
    data = json.loads(message["data"])
    if message["event"] == "view":
        return SeatView.from_dict(data)
    # The generated Event union's parser, the one the events list uses.
    return EventList.from_dict({"events": [data], "version": data["seq"]}).events[0]
