"""Faults of a production set-up while matches are played (issue 12): the worker SIGKILLed
mid-move, Redis restarted while the worker holds a task unacknowledged, PostgreSQL restarted
and stopped, and Redis down for some seconds. Each test starts its own database (on the test
process's own PostgreSQL cluster), redis-server, gunicorn, Celery worker and beat
(tests/e2e/faults.py), has HTTP clients play
the human seats of two matches against bots that pause ``DELAY_MS`` before each move (so a
move is in flight when the fault hits), and asserts that every match finishes, its log is
contiguous and replays to its snapshot (``verify_match``), and the clients were answered
only 2xx, 409, 412 or 503: never a 500, never no answer (the server is never the thing
faulted).

Each prints how long after the fault's end each match moved again (``pytest -s``); only a
hang guard bounds it: how fast is the recovery's own issue, not these tests'.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from . import stack
from .faults import (
    ALLOWED_STATUSES,
    Deployment,
    PostgresCluster,
    SeatPlayer,
    deployment,
    next_event_after,
)
from .helpers import SEATS, ApiClient, check_finished_match, check_log

pytestmark = pytest.mark.e2e

DELAY_MS = 50
# Two hands, no pass (a tie after max_hands is shared): after "some moves in", at least a
# hand of moves, each bot's DELAY_MS apart, is left while the fault is brought about (with
# one hand, a loaded machine's pg_ctlcluster took so long that a match could end first).
RULES = {"max_hands": 2, "pass_rotation": ["hold"]}
BOT = {"kind": "bot", "level": "easy"}
# The human seats of the two matches: one alone among bots, and two that play in turn.
HUMANS = (("north",), ("north", "east"))
# Hang guards, seconds: how long a match may take to move again after a fault, and to end.
RECOVERY_LIMIT, MATCH_LIMIT = 60, 120


@dataclass
class Table:
    match_id: str
    players: list[SeatPlayer]


@dataclass(frozen=True)
class Floor:
    """What the players of a test obey: ``gate`` open, they move at their turns (a test
    clears it to hold them there); ``closing`` set, they stop."""

    gate: threading.Event
    closing: threading.Event


@pytest.fixture
def found(tmp_path: Path, fault_cluster: PostgresCluster) -> Iterator[Deployment]:
    with deployment(tmp_path, fault_cluster) as running:
        yield running


@pytest.fixture
def floor(found: Deployment) -> Iterator[Floor]:
    """Set up after the deployment, so torn down before it: no player outlives its test."""
    made = Floor(threading.Event(), threading.Event())
    made.gate.set()
    yield made
    made.closing.set()
    made.gate.set()


def _open_tables(found: Deployment, floor: Floor, **fields: object) -> list[Table]:
    """The two matches of ``HUMANS``, their players playing."""
    tables = []
    for humans in HUMANS:
        clients = [ApiClient.register(found.base_url, f"fault_{seat}_") for seat in humans]
        seats = [{"kind": "player"} if seat == humans[0] else {"kind": "open"} if seat in humans
                 else BOT for seat in SEATS]
        match = clients[0].create_match(seats, RULES, bots={"delay_ms": DELAY_MS}, **fields)
        for seat, client in zip(humans[1:], clients[1:], strict=True):
            client.ok("POST", f"/matches/{match['id']}/join", json={"seat": seat})
        tables.append(Table(match["id"], [
            SeatPlayer(client, match["id"], floor.gate, floor.closing, MATCH_LIMIT)
            for client in clients]))
    for table in tables:
        for player in table.players:
            player.start()
    return tables


def _versions(tables: list[Table]) -> list[tuple[int, str]]:
    client = tables[0].players[0].client
    return [(s["version"], s["status"]) for s in (client.summary(t.match_id) for t in tables)]


def _wait_mid_match(found: Deployment, tables: list[Table], *, unacknowledged: bool = False) -> None:
    """Until every match is some moves into its hand (and, if asked, the worker holds a
    task unacknowledged: a bot's move waiting out its delay, or running)."""
    def ready() -> bool:
        moved = all(version >= 10 for version, _ in _versions(tables))
        return moved and (not unacknowledged or found.redis.unacknowledged() > 0)

    stack.wait_until(ready, timeout=60, what="every match to be some moves in", interval=0.05)
    assert all(status == "playing" for _, status in _versions(tables))


def _recovered(found: Deployment, tables: list[Table], fault: str, ended: float) -> None:
    """Wait until every match has an event after ``ended`` (failing at once if the worker
    exits), and print how long after it each moved again."""
    moved: dict[str, tuple[float, str]] = {}

    def all_moved() -> bool:
        for table in tables:
            if table.match_id not in moved:
                found_event = next_event_after(found.env["DATABASE_URL"], table.match_id, ended)
                if found_event is not None:
                    moved[table.match_id] = found_event
        return len(moved) == len(tables)

    stack.wait_until(all_moved, timeout=RECOVERY_LIMIT, what=f"every match to move after {fault}",
                     process=found.worker, interval=0.1)
    for table, humans in zip(tables, HUMANS, strict=True):
        seconds, event = moved[table.match_id]
        print(f"\n{fault}: match with {len(humans)} human seat(s) moved again {seconds:.2f}s "
              f"after the fault's end ({event})")


def _finished(found: Deployment, tables: list[Table]) -> None:
    """Every match finished, its log contiguous and consistent (through the API and in the
    database), replaying to its snapshot; every answer a client had was 2xx, 409, 412 or
    503; the worker still runs."""
    for table in tables:
        for player in table.players:
            player.join()
    client = tables[0].players[0].client
    for table in tables:
        check_finished_match(client.summary(table.match_id), client.all_events(table.match_id))
        check_log(stack.read_event_log(found.env["DATABASE_URL"], table.match_id))
        answers = [answer for player in table.players for answer in player.answers]
        errors = [a for a in answers if a.status is None]
        assert not errors, f"no answer to {len(errors)} requests: {errors[:3]}"
        refused = [a for a in answers if not (200 <= a.status < 300 or a.status in ALLOWED_STATUSES)]
        assert not refused, f"answers other than 2xx, 409, 412, 503: {refused[:5]}"
        statuses = Counter(a.status for a in answers)
        print(f"\nmatch of {len(table.players)} human seat(s): {len(answers)} answers, "
              + ", ".join(f"{count} x {status}" for status, count in sorted(statuses.items())))
    ids = [table.match_id for table in tables]
    out = stack.manage_ok(["verify_match", *ids], found.env)
    assert all(f"{match_id}: ok" in out for match_id in ids), out
    assert not found.worker.exited, found.worker.log_tail()


def test_a_worker_killed_mid_move_is_replaced_and_every_match_finishes(
        found: Deployment, floor: Floor) -> None:
    tables = _open_tables(found, floor)
    _wait_mid_match(found, tables, unacknowledged=True)
    found.kill_worker()
    found.start_worker()
    _recovered(found, tables, "worker killed and replaced", time.time())
    _finished(found, tables)


def test_a_redis_restart_with_a_task_unacknowledged_leaves_the_worker_running(
        found: Deployment, floor: Floor) -> None:
    # A turn deadline: each human turn has a stand-in's task waiting in the worker for it.
    tables = _open_tables(found, floor, turn_timeout_s=60)
    _wait_mid_match(found, tables, unacknowledged=True)
    found.redis.stop()
    found.redis.start()
    _recovered(found, tables, "Redis restarted", time.time())
    _finished(found, tables)


def test_a_postgresql_restart_while_clients_play(found: Deployment, floor: Floor) -> None:
    tables = _open_tables(found, floor)
    _wait_mid_match(found, tables)
    found.cluster.restart()
    _recovered(found, tables, "PostgreSQL restarted", time.time())
    _finished(found, tables)


def test_postgresql_stopped_for_seconds_answers_503_and_play_goes_on(
        found: Deployment, floor: Floor) -> None:
    tables = _open_tables(found, floor)
    _wait_mid_match(found, tables)
    found.cluster.stop()
    time.sleep(3)
    health = found.health()
    assert health.status_code == 503, health.text
    assert health.json()["database"].startswith("error") and health.json()["redis"] == "ok"
    # The players may all be in long polls, which answer 200 (hearts_api.live): ask directly.
    client = tables[0].players[0].client
    view = client.request("GET", f"/matches/{tables[0].match_id}/view")
    assert view.status_code == 503, view.text
    assert view.headers["content-type"] == "application/problem+json"
    assert view.json()["code"] == "unavailable" and int(view.headers["retry-after"]) > 0
    found.cluster.start()
    _recovered(found, tables, "PostgreSQL stopped for 3 s", time.time())
    _finished(found, tables)


def test_while_redis_is_down_players_commit_and_the_bots_catch_up(
        found: Deployment, floor: Floor) -> None:
    tables = _open_tables(found, floor)
    _wait_mid_match(found, tables)
    floor.gate.clear()  # every match runs on to a human's turn and waits there
    stack.wait_until(lambda: all(any(p.at_gate.is_set() for p in t.players) for t in tables),
                     timeout=30, what="a human's turn in every match", interval=0.05)
    found.redis.stop()
    stopped = time.time()
    floor.gate.set()
    # The humans move: a command commits without the broker (nor the notifications).
    stack.wait_until(lambda: all(any(m.at > stopped and m.status == 200 for p in t.players
                                     for m in p.moves()) for t in tables),
                     timeout=30, what="every match's human to move while Redis is down")
    health = found.health()
    assert health.status_code == 503, health.text
    body = health.json()
    assert body["database"] == "ok", body
    assert body["broker"].startswith("error") and body["redis"].startswith("error"), body
    time.sleep(2)
    found.redis.start()
    restarted = time.time()
    moves = [m for t in tables for p in t.players for m in p.moves() if stopped < m.at < restarted]
    assert moves and all(m.status == 200 for m in moves), moves
    print(f"\nwhile Redis was down: {len(moves)} moves committed, the slowest answered in "
          f"{max(m.seconds for m in moves):.2f}s")
    _recovered(found, tables, "Redis down for some seconds", restarted)
    _finished(found, tables)
