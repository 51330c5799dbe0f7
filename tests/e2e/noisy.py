"""A noisy neighbour and its victim, over HTTP: what ``tests/e2e/test_noisy_neighbour.py``
asserts and ``benchmarks/noisy_neighbour.py`` prints.

The victim plays a match against three easy bots and times each bot reply (from its card's
event to the last bot event before its turn comes back, both stamped in their transactions)
and its own views. The abuser, with one ordinary token, tries to take more than every quota
allows, at once: tokens, webhooks to an endpoint that never answers, matches with experts
thinking the longest they may, bot-only matches made again as they end, open matches,
streams and long polls on two tokens, and a steady stream of reads; it counts what was
refused, by quota.
"""

from __future__ import annotations

import socket
import statistics
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import httpx

from . import stack
from .helpers import ApiClient

HOLD = {"pass_rotation": ["hold"]}  # no passing: every victim command is a play
EASY = [{"kind": "player"}] + [{"kind": "bot", "level": "easy"}] * 3
EXPERT_MATCH = [{"kind": "player"}] + [{"kind": "bot", "level": "expert"}] * 3
BOTS_ONLY = [{"kind": "bot", "level": "random"}] * 4
OPEN = [{"kind": "player"}] + [{"kind": "open"}] * 3


def percentile(values: list[float], share: float) -> float:
    """The ``share`` (0..1) quantile of ``values``, by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


@dataclass
class Timings:
    """The victim's bot replies and views, in seconds."""

    replies: list[float] = field(default_factory=list)
    views: list[float] = field(default_factory=list)

    def line(self) -> str:
        def pair(values: list[float]) -> str:
            return (f"p50 {1000 * statistics.median(values):.1f} ms, "
                    f"p99 {1000 * percentile(values, 0.99):.1f} ms (n={len(values)})")
        return f"bot replies {pair(self.replies)}; views {pair(self.views)}"


def _at(event: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(event["at"])


def victim_plays(client: ApiClient, match_id: str, plays: int) -> Timings:
    """Play ``plays`` cards of ``match_id`` (the lowest legal one) for ``client``'s seat,
    timing each bot reply that follows one and a view before each card."""
    timings = Timings()
    made = 0
    while made < plays:
        started = time.perf_counter()
        view = client.ok("GET", f"/matches/{match_id}/view")
        timings.views.append(time.perf_counter() - started)
        if view["status"] == "finished":
            match_id = client.create_match(EASY, HOLD)["id"]
            continue
        if not view["is_your_turn"]:
            client.ok("GET", f"/matches/{match_id}/events",
                      params={"after": view["version"], "limit": 1, "wait": 30})
            continue
        card = min(view["legal_cards"], key=lambda code: "23456789TJQKA".index(code[0]))
        played = client.ok("POST", f"/matches/{match_id}/play", json={"card": card})
        made += 1
        reply = _reply(client, match_id, played["events"][0], played["version"])
        if reply is not None:
            timings.replies.append(reply)
    return timings


def _reply(client: ApiClient, match_id: str, mine: dict[str, Any], version: int) -> float | None:
    """Seconds from ``mine`` (the victim's card) to the last event before the victim's turn
    comes back; None when it comes back with no bot between (the victim leads again)."""
    seat, last = mine["seat"], None
    while True:
        view = client.ok("GET", f"/matches/{match_id}/view")
        if view["status"] == "finished" or (view["is_your_turn"] and view["version"] >= version):
            break
        client.ok("GET", f"/matches/{match_id}/events",
                  params={"after": view["version"], "limit": 1, "wait": 30})
    events = client.ok("GET", f"/matches/{match_id}/events",
                       params={"after": mine["seq"], "limit": 100})["events"]
    for event in events:
        if event["seq"] > view["version"]:
            break
        if event.get("seat") not in (seat, None) or event["type"] in ("trick_taken", "hand_scored"):
            last = event
    return None if last is None else (_at(last) - _at(mine)).total_seconds()


class Abuser:
    """One player taking all it may, in threads, until ``stop``; ``refused`` counts the
    429s by quota (``throttled`` for the request rate) and the 400s of a think_ms over the
    ceiling (``think_ms``)."""

    def __init__(self, base_url: str, *, think_ms: int = 1000, streams: int = 40,
                 reads_per_second: float = 20.0) -> None:
        self.base_url, self.think_ms, self.streams = base_url, think_ms, streams
        self.reads_per_second = reads_per_second
        self.client = ApiClient.register(base_url, "abuser")
        self.refused: Counter[str] = Counter()
        self.accepted: Counter[str] = Counter()
        self.tokens = [self.client.token]
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self.watched: str | None = None
        self.tarpit = socket.create_server(("127.0.0.1", 0))  # accepts, never answers
        self.held: list[socket.socket] = []

    def _count(self, what: str, response: httpx.Response) -> bool:
        """Count ``response`` to an attempt at ``what``; whether it was accepted."""
        with self._lock:
            if response.status_code < 300:
                self.accepted[what] += 1
                return True
            body = response.json() if response.content else {}
            reason = "think_ms" if response.status_code == 400 else body.get("quota")
            self.refused[reason or body.get("code") or str(response.status_code)] += 1
            return False

    def start(self) -> None:
        """Take the tokens, matches and streams at once, then keep making matches and reads
        in threads. Of its expert matches the first is the experts' alone (they search on
        and on), the others have the abuser seated and silent (a stand-in plays for it
        every ``turn_timeout_s``, 5 s, so their experts think on)."""
        for _ in range(30):
            response = self.client.request("POST", "/tokens", json={"name": "more"})
            if self._count("tokens", response):
                self.tokens.append(response.json()["token"])
        self._thread(self._hold_connections)
        url = f"http://127.0.0.1:{self.tarpit.getsockname()[1]}/hook"
        for _ in range(6):  # a turn of its seats costs each webhook an attempt of 5 s
            self._count("webhooks", self.client.request(
                "POST", "/webhooks", json={"url": url, "events": ["turn", "match_ended"]}))
        experts = {"rules": {"target_score": 500}, "turn_timeout_s": 5,
                   "bots": {"think_ms": self.think_ms}}
        self._count("matches", self.client.request("POST", "/matches", json={
            **experts, "seats": EXPERT_MATCH, "bots": {"think_ms": 5 * self.think_ms}}))
        for body in [{**experts, "seats": [{"kind": "bot", "level": "expert"}] * 4}] + [
                {**experts, "seats": EXPERT_MATCH}] * 9 + [{"seats": OPEN, "rules": HOLD}] * 4:
            response = self.client.request("POST", "/matches", json=body)
            if self._count("matches", response) and self.watched is None:
                self.watched = response.json()["id"]
        for number in range(self.streams):
            self._thread(self._hold_stream, self.tokens[number % 2])
        self._thread(self._make_matches)
        self._thread(self._read)

    def _thread(self, target: Any, *args: Any) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)
        thread.start()
        self._threads.append(thread)

    def _hold_connections(self) -> None:
        """Accept the webhooks' connections and hold them, unanswered, until ``stop``."""
        self.tarpit.settimeout(0.2)
        while not self._stop.is_set():
            try:
                self.held.append(self.tarpit.accept()[0])
            except TimeoutError:
                continue

    def _hold_stream(self, token: str) -> None:
        """Hold a stream on the watched match open for as long as the server lets it."""
        headers = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=f"{self.base_url}/api/v1", headers=headers,
                          timeout=httpx.Timeout(30, read=None), verify=stack.TLS) as http:
            while not self._stop.is_set():
                with http.stream("GET", f"/matches/{self.watched}/stream") as response:
                    if response.status_code != 200:
                        response.read()
                        self._count("streams", response)
                        self._stop.wait(1)
                        continue
                    self._count("streams", response)
                    for _ in response.iter_bytes():
                        if self._stop.is_set():
                            return

    def _make_matches(self) -> None:
        """Create bot-only matches of random bots as fast as the quotas let it."""
        client = self.client.clone()
        while not self._stop.is_set():
            response = client.request("POST", "/matches", json={"seats": BOTS_ONLY, "rules": HOLD})
            if not self._count("matches", response):
                self._stop.wait(float(response.headers.get("Retry-After", "1")))

    def _read(self) -> None:
        client = self.client.clone()
        while not self._stop.is_set():
            self._count("reads", client.request("GET", f"/matches/{self.watched}/view"))
            self._stop.wait(1 / self.reads_per_second)

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=40)
        for held in [*self.held, self.tarpit]:
            held.close()
