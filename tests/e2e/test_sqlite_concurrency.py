"""The embedded default (a SQLite file, Celery eager) under concurrent commands: gunicorn with
2 uvicorn workers, four human seats, many threads reading and commanding at once.
Needs neither PostgreSQL nor Redis."""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from random import Random
from typing import Any

import httpx
import pytest

from . import stack
from .helpers import (
    RANKS,
    ApiClient,
    assert_verify_match,
    check_finished_match,
    check_log,
    play_seat_until_finished,
    record_duration,
)
from .stack import Stack

pytestmark = pytest.mark.e2e

DECK = [rank + suit for suit in "CDSH" for rank in RANKS]
# Anything else (a 5xx above all, but also 429) fails the test: refusals are 4xx problems.
EXPECTED_STATUSES = {200, 304, 400, 409, 412, 422}


@dataclass(frozen=True)
class Outcome:
    action: str
    status: int
    text: str

    @property
    def command_events(self) -> list[dict[str, Any]]:
        """The events an accepted pass or play appended (empty for anything else)."""
        if self.status != 200 or self.action not in ("pass", "play"):
            return []
        return json.loads(self.text)["events"]


class Table:
    """Four players at one match, each thread talking to it over connections of its own."""

    def __init__(self, players: list[ApiClient], match_id: str) -> None:
        self.players, self.match_id = players, match_id
        self.outcomes: list[Outcome] = []  # list.append is atomic: threads share it

    def record(self, action: str, response: httpx.Response) -> httpx.Response:
        self.outcomes.append(Outcome(action, response.status_code, response.text))
        return response

    def legal_move(self, client: ApiClient, rng: Random) -> None:
        """Read the seat's view and submit a move that was legal then (it may have become
        stale, or the seat may not be the one to act), half the time with If-Match."""
        response = self.record("view", client.view(self.match_id))
        view = response.json()
        headers = {"If-Match": f'"{view["version"]}"'} if rng.random() < 0.5 else {}
        if view["status"] == "passing":  # already_passed if this seat has passed
            self.record("pass", client.pass_cards(self.match_id, rng.sample(view["hand"], 3),
                                                  headers=headers))
        elif view["status"] == "playing":
            card = rng.choice(view["legal_cards"] or view["hand"] or DECK)
            self.record("play", client.play(self.match_id, card, headers=headers))

    def illegal_move(self, client: ApiClient, rng: Random) -> None:
        """A command the server must refuse, whatever the state."""
        match_id = self.match_id
        choice = rng.randrange(6)
        if choice == 0:
            self.record("pass", client.pass_cards(match_id, rng.sample(DECK, 2)))  # wrong count
        elif choice == 1:
            card = rng.choice(DECK)
            self.record("pass", client.pass_cards(match_id, [card] * 3))  # duplicates
        elif choice == 2:
            self.record("play", client.play(match_id, "ZZ"))  # unknown card
        elif choice == 3:
            self.record("play", client.play(match_id, rng.choice(DECK), headers={"If-Match": '"1"'}))
        elif choice == 4:
            self.record("pass", client.request("POST", f"/matches/{match_id}/pass",
                                               json={"cards": "AS", "extra": 1}))
        else:
            self.record("play", client.request("POST", f"/matches/{match_id}/play",
                                               content=b"{not json", headers={"Content-Type":
                                                                              "application/json"}))

    def read(self, client: ApiClient, rng: Random) -> None:
        if rng.random() < 0.5:
            self.record("view", client.view(self.match_id, rng.choice([None, '"1"', '"99999"'])))
        else:
            self.record("events", client.events(self.match_id, after=rng.randrange(60),
                                                limit=rng.randint(1, 200)))

    def hammer(self, seed: int, actions: list[Callable[[ApiClient, Random], None]], *,
               rounds: int | None = None, stop: threading.Event | None = None,
               start: threading.Barrier | None = None, pause: float = 0.0) -> None:
        """One thread's share: ``rounds`` random actions (or until ``stop``), each as a
        random one of the four players."""
        rng = Random(seed)
        clients = [player.clone() for player in self.players]
        try:
            if start is not None:
                start.wait(timeout=30)
            for count in itertools.count():
                if (rounds is not None and count >= rounds) or (stop is not None and stop.is_set()):
                    return
                rng.choice(actions)(rng.choice(clients), rng)
                time.sleep(pause)
        finally:
            for client in clients:
                client.close()

    def check_outcomes(self) -> None:
        statuses = {outcome.status for outcome in self.outcomes}
        locked = [o for o in self.outcomes if "database is locked" in o.text]
        assert not locked, f"{len(locked)} responses say 'database is locked': {locked[0]}"
        unexpected = [o for o in self.outcomes if o.status not in EXPECTED_STATUSES]
        assert not unexpected, f"{len(unexpected)} unexpected responses, e.g. {unexpected[:3]}"
        assert 200 in statuses and statuses & {409, 412, 422}, statuses


def test_sqlite_survives_concurrent_commands(sqlite_stack: Stack) -> None:
    base_url = sqlite_stack.base_url
    players = [ApiClient.register(base_url, f"seat{i}_") for i in range(4)]
    started = time.monotonic()
    created = players[0].create_match([{"kind": "player"}] + [{"kind": "open"}] * 3,
                                      rules={"target_score": 50})  # six hands or so
    match_id = created["id"]
    table = Table(players, match_id)

    # The three others join at the same moment: each gets a seat of its own.
    with ThreadPoolExecutor(3) as pool:
        joins = list(pool.map(lambda p: p.request("POST", f"/matches/{match_id}/join", json={}),
                              players[1:]))
    assert [join.status_code for join in joins] == [200] * 3, [join.text for join in joins]
    summary = players[0].summary(match_id)
    assert summary["status"] == "passing"
    assert sorted(seat["name"] for seat in summary["seats"]) == sorted(p.username for p in players)
    table_full_at = summary["version"]

    # 40 threads at once: reads, legal moves racing each other, illegal moves, for all seats.
    barrier = threading.Barrier(40)
    with ThreadPoolExecutor(40) as pool:
        for future in [pool.submit(table.hammer, seed, [table.read, table.legal_move, table.illegal_move],
                                   rounds=12, start=barrier) for seed in range(40)]:
            future.result()
    table.check_outcomes()
    log = stack.read_event_log(sqlite_stack.database_url, match_id)
    check_log(log)  # contiguous, and no pass or card twice
    moved = sum(1 for o in table.outcomes if o.command_events)
    print(f"\nburst: {len(table.outcomes)} requests, {moved} accepted moves, log at {len(log)}")

    # Then to the end: each seat's own thread plays it, while others keep reading and trying
    # illegal commands.
    stop = threading.Event()
    seats = [player.clone(record=True) for player in players]  # recording their moves' events
    with ThreadPoolExecutor(8) as pool:
        noise = [pool.submit(table.hammer, 100 + i, [table.read, table.illegal_move], stop=stop,
                             pause=0.05) for i in range(4)]
        try:
            for future in [pool.submit(play_seat_until_finished, seat, match_id, timeout=240,
                                       wait=None, poll=0.02) for seat in seats]:
                future.result()
        finally:
            stop.set()
        for future in noise:
            future.result()
    seconds = time.monotonic() - started
    table.check_outcomes()

    summary = players[0].summary(match_id)
    check_finished_match(summary, players[0].all_events(match_id))
    log = stack.read_event_log(sqlite_stack.database_url, match_id)
    check_log(log)
    # Every event after the table filled was appended by exactly one accepted command.
    accepted = [e["seq"] for o in table.outcomes for e in o.command_events] + [
        e["seq"] for seat in seats for body in seat.bodies or [] if "view" in body
        for e in body["events"]]
    assert sorted(accepted) == list(range(table_full_at + 1, len(log) + 1))
    assert_verify_match(match_id, sqlite_stack.env)
    record_duration("SQLite, 4 HTTP players under concurrent load", seconds, summary)

    # The embedded server's analysis thread weighs the analysis a player asks for.
    analysis_url = f"/matches/{match_id}/analysis"
    assert players[0].request("POST", analysis_url).status_code == 202
    deadline = time.monotonic() + 60
    while (analysis := players[0].request("GET", analysis_url).json())["status"] != "done":
        assert analysis["status"] in ("queued", "running") and time.monotonic() < deadline, analysis
        time.sleep(0.2)
    assert analysis["progress"] == 1.0 and analysis["decisions"]
