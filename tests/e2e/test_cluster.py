"""Scale-out across hosts (tests/e2e/cluster.py): three web hosts behind HAProxy, two worker
hosts, beat, and PostgreSQL and Redis on a host of their own. A stream through HAProxy
gets every event once and in order whichever host committed it; a web host and a worker
host die mid-match and play goes on; throttles and quotas count once for the cluster."""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import cycle

import httpx
import pytest

from . import cluster, stack
from .helpers import ApiClient, assert_verify_match

pytestmark = pytest.mark.e2e

THROTTLE_USER, MATCH_CREATIONS = 400, 6  # a minute's requests, an hour's matches, per player
THINK_MS = 300  # the experts' time a move: their lease lasts 5 s and three times that
# A worker's log line (INFO) for a ticket of bot moves: the moves it made.
MOVES_MADE = re.compile(r"bots\.tasks\.work\[[^\]]+\] succeeded in [\d.]+s: (\d+)")


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[cluster.Cluster]:
    reason = cluster.unavailable()
    if reason:
        pytest.skip(reason)
    with cluster.cluster(tmp_path_factory.mktemp("cluster"),
                         THROTTLE_USER=f"{THROTTLE_USER}/min",
                         RATE_MATCH_CREATIONS=f"{MATCH_CREATIONS}/hour") as made:
        yield made


def _check_followed(made: cluster.Cluster, follower: cluster.Follower) -> None:
    assert follower.failure is None, follower.failure
    log = stack.read_event_log(made.database_url, follower.match_id)
    assert follower.seqs == [seq for seq, _, _ in log], "events lost, repeated or out of order"
    assert follower.finished
    assert_verify_match(follower.match_id, made.env)


def test_a_stream_through_haproxy_gets_every_event_once_and_in_order_from_every_host(
        running: cluster.Cluster) -> None:
    tables = [cluster.table(running.base_url) for _ in range(3)]
    # Each player sends its moves to one web host, the hosts in turn: the commands of a
    # table go through two of them, its stream through HAProxy to any.
    followers, _ = cluster.play_tables(running, tables, cycle(running.web_urls.values()))
    for follower in followers:
        _check_followed(running, follower)
    for worker in cluster.WORKER_HOSTS:  # the bots moved on both worker hosts
        log = (running.log_dir / f"{worker}-worker.log").read_text()
        assert sum(map(int, MOVES_MADE.findall(log))) > 0, f"{worker} made no bot move"


def test_throttles_and_quotas_count_once_for_the_whole_cluster(running: cluster.Cluster) -> None:
    player = ApiClient.register(running.base_url, "throttled")
    hosts = cycle(running.web_urls.values())
    urls = [f"{next(hosts)}/api/v1/tokens" for _ in range(THROTTLE_USER + 30)]
    headers = {"Authorization": f"Bearer {player.token}"}
    with ThreadPoolExecutor(max_workers=12) as pool:
        statuses = [answer.status_code for answer in pool.map(
            lambda url: httpx.get(url, headers=headers, timeout=30, verify=stack.TLS), urls)]
    # The registration's requests were anonymous; these are the player's first.
    assert statuses.count(200) == THROTTLE_USER and statuses.count(429) == 30, statuses

    # A rate (match creations an hour) and a quota held at once (open matches, 3).
    with_bots = [{"kind": "player"}] + [{"kind": "bot", "level": "easy"}] * 3
    answers = _create_at_once(running, with_bots, MATCH_CREATIONS + 3)
    assert [answer.status_code for answer in answers].count(201) == MATCH_CREATIONS
    assert {_quota(answer) for answer in answers if answer.status_code != 201} == {"match_creations"}
    answers = _create_at_once(running, [{"kind": "player"}] + [{"kind": "open"}] * 3, 6)
    assert [answer.status_code for answer in answers].count(201) == 3
    assert {_quota(answer) for answer in answers if answer.status_code != 201} == {"open_matches"}


def _create_at_once(made: cluster.Cluster, seats: list[dict[str, str]], count: int) -> list[httpx.Response]:
    """``count`` matches asked for at once by a new player, through the web hosts in turn."""
    creator = ApiClient.register(made.base_url, "creator")
    hosts = cycle(made.web_urls.values())
    urls = [f"{next(hosts)}/api/v1/matches" for _ in range(count)]
    headers = {"Authorization": f"Bearer {creator.token}"}
    body = {"seats": seats, "rules": {"max_hands": 1}}
    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(lambda url: httpx.post(url, headers=headers, json=body, timeout=30,
                                                    verify=stack.TLS), urls))


def _quota(answer: httpx.Response) -> str:
    assert answer.status_code == 429 and answer.json()["code"] == "quota_exceeded", answer.text
    return str(answer.json()["quota"])


def _long_poll(client: ApiClient, match_id: str, after: int) -> int | str:
    """A long poll of ``match_id`` after event ``after``, as ``client`` on a connection of its
    own: its status, or the transport error's name."""
    polling = client.clone()
    try:
        return polling.request("GET", f"/matches/{match_id}/events", timeout=60,
                               params={"after": after, "limit": 1, "wait": 30}).status_code
    except httpx.TransportError as error:
        return type(error).__name__
    finally:
        polling.close()


def test_a_web_host_killed_mid_match_loses_and_repeats_nothing(running: cluster.Cluster) -> None:
    tables = [cluster.table(running.base_url) for _ in range(3)]
    resumed: list[float] = []
    # A match waiting for its second player: a long poll of it holds until the host dies.
    waiting = ApiClient.register(running.base_url, "cluster")
    waiting_id = waiting.create_match(cluster.HUMANS_AND_BOTS, {"max_hands": 1})["id"]
    version = waiting.summary(waiting_id)["version"]
    probe: list[int | str] = []

    def kill_web1(followers: list[cluster.Follower]) -> None:
        # Every stream and request went to web1 (HAProxy sent it nothing else) up to its
        # death: requests are under way on it, and the other hosts take over only then.
        # The players' own requests may all be between answers at that instant, so one
        # held long poll is sure to meet it.
        stack.wait_until(lambda: all(len(f.seqs) >= 30 for f in followers), timeout=60,
                         what="every table some moves in")  # within the poll's 30 s
        with ThreadPoolExecutor(1) as poll:
            held = poll.submit(_long_poll, waiting, waiting_id, version)
            time.sleep(1)  # sent, and waiting on web1
            assert not held.done(), held.result()
            resumed.extend(cluster.kill_under_way(running, "web1", followers))
            probe.append(held.result())

    running.balance_over(1)
    try:
        followers, players = cluster.play_tables(running, tables, cycle([running.base_url]),
                                                 kill_web1)
        for follower in followers:
            _check_followed(running, follower)
        assert probe[0] in (502, 503, 504, "RemoteProtocolError", "ReadError"), probe
        assert waiting.summary(waiting_id)["version"] == version
        assert resumed, "no match was left to resume"
        print(f"\nweb host killed: each follower's next event after {sorted(resumed)} s; "
              f"{sum(player.retries for player in players)} player requests sent again; "
              f"the held long poll: {probe[0]}")
    finally:
        running.balance_over(3)
        running.start_web("web1")


def _leases(database_url: str) -> set[tuple[str, str]]:
    """The moves a worker holds now: (match id, lease) of each due work leased."""
    import psycopg

    with psycopg.connect(stack.libpq(database_url)) as conn:
        rows = conn.execute("SELECT match_id, lease FROM games_duework WHERE leased_until > now()")
        return {(str(match_id), str(lease)) for match_id, lease in rows}


def test_a_worker_host_killed_holding_a_bot_move_is_covered_within_10_s(
        running: cluster.Cluster) -> None:
    # worker2 frozen, worker1 alone takes the experts' moves; it dies holding one (leased
    # while the expert thinks); thawed, worker2 must make that move once the lease lapses.
    creator = ApiClient.register(running.base_url, "experts")
    worker1, worker2 = (running.hosts[name] for name in cluster.WORKER_HOSTS)
    worker2.signal(signal.SIGSTOP)
    try:
        match_id = creator.create_match([{"kind": "bot", "level": "expert"}] * 4,
                                        {"max_hands": 1}, bots={"think_ms": THINK_MS})["id"]
        held = stack.wait_until(lambda: _leases(running.database_url), timeout=30,
                                interval=0.02, what="worker1 to hold a move")
        worker1.kill()
        killed, version = time.monotonic(), creator.summary(match_id)["version"]
        assert held <= _leases(running.database_url), "the move was made before worker1 died"
    finally:
        worker2.signal(signal.SIGCONT)
    try:
        stack.wait_until(lambda: creator.summary(match_id)["version"] > version, timeout=30,
                         interval=0.05, what="the match to move again")
        waited = time.monotonic() - killed
        print(f"\nworker host killed holding a move: the match moved again after {waited:.2f} s")
        assert waited < 10
    finally:
        running.start_worker("worker1")
