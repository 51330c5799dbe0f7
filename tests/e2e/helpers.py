"""An HTTP client of the API (httpx, as a third-party client would use it) and the checks
the end-to-end tests make on a played match: its score arithmetic, its event log, and
that no seat ever saw a card it may not see."""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import httpx

from . import stack

SEATS = ("north", "east", "south", "west")
RANKS = "23456789TJQKA"
PASS_OFFSET = {"left": 1, "across": 2, "right": 3}  # docs/rules.md, "Pass": left = s+1, right = s+3
SECRET_KEYS = {"holdings", "seed", "passes", "deals"}  # never in any API response

# scenarios.md's D1: north holds 2C; east and south hold no club, west holds JC QC KC AC,
# so west takes trick 1 and leads trick 2, and then it is north's turn again.
D1 = [
    ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "2D", "3D", "4D", "5D"],
    ["6D", "7D", "8D", "2S", "3S", "QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H"],
    ["4S", "5S", "6S", "7S", "8S", "9S", "TS", "9H", "TH", "JH", "QH", "KH", "AH"],
    ["JC", "QC", "KC", "AC", "9D", "TD", "JD", "QD", "KD", "AD", "JS", "KS", "AS"],
]

_names = itertools.count(1)

# (label, seconds, hands played) of every match the e2e tests played to the end.
DURATIONS: list[tuple[str, float, int]] = []


def unique_name(prefix: str) -> str:
    return f"{prefix}{os.getpid()}_{next(_names)}"


def rank(card: str) -> int:
    return RANKS.index(card[0])


def record_duration(label: str, seconds: float, summary: dict[str, Any]) -> None:
    hands = summary["result"]["hands_played"]
    DURATIONS.append((label, seconds, hands))
    print(f"\n{label}: finished in {seconds:.1f}s ({hands} hands, version {summary['version']})")


# --- the client ---------------------------------------------------------------------------


class ApiClient:
    """One player's client: a bearer token, an httpx.Client, and (``record``) every JSON
    body the server sent it, for the leak check."""

    def __init__(self, base_url: str, token: str | None = None, *, username: str = "",
                 record: bool = False) -> None:
        self.base_url, self.token, self.username = base_url, token, username
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        # Idle connections are dropped after 1 s, before the server's keep-alive (5 s,
        # gunicorn.conf.py) closes them: reusing one the server is closing at that moment
        # would be a reset, not a server fault.
        self.http = httpx.Client(base_url=f"{base_url}/api/v1", headers=headers, timeout=30, verify=stack.TLS,
                                 limits=httpx.Limits(keepalive_expiry=1.0))
        self.bodies: list[Any] | None = [] if record else None

    @classmethod
    def register(cls, base_url: str, prefix: str = "e2e", *, record: bool = False) -> ApiClient:
        response = httpx.post(f"{base_url}/api/v1/players", json={"username": unique_name(prefix)},
                              timeout=30, verify=stack.TLS)
        assert response.status_code == 201, response.text
        body = response.json()
        return cls(base_url, body["token"], username=body["username"], record=record)

    def clone(self, *, record: bool = False) -> ApiClient:
        """The same player on a connection pool of its own (one per thread)."""
        return ApiClient(self.base_url, self.token, username=self.username, record=record)

    def close(self) -> None:
        self.http.close()

    def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        response = self.http.request(method, path, **kwargs)
        if self.bodies is not None and response.content:
            self.bodies.append(response.json())
        return response

    def ok(self, method: str, path: str, status: int = 200, **kwargs: Any) -> Any:
        response = self.request(method, path, **kwargs)
        assert response.status_code == status, f"{method} {path}: {response.status_code} {response.text}"
        return response.json()

    def create_match(self, seats: list[dict[str, str]], rules: dict[str, Any] | None = None,
                     **fields: Any) -> Any:
        """POST /matches with ``seats``, ``rules`` and any other fields (``deals``, ``bots``)."""
        body: dict[str, Any] = {"seats": seats, **fields}
        if rules:
            body["rules"] = rules
        return self.ok("POST", "/matches", 201, json=body)

    def summary(self, match_id: str) -> Any:
        return self.ok("GET", f"/matches/{match_id}")

    def view(self, match_id: str, etag: str | None = None) -> httpx.Response:
        headers = {"If-None-Match": etag} if etag else {}
        return self.request("GET", f"/matches/{match_id}/view", headers=headers)

    def pass_cards(self, match_id: str, cards: list[str], **kwargs: Any) -> httpx.Response:
        return self.request("POST", f"/matches/{match_id}/pass", json={"cards": cards}, **kwargs)

    def play(self, match_id: str, card: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", f"/matches/{match_id}/play", json={"card": card}, **kwargs)

    def events(self, match_id: str, after: int = 0, limit: int = 100) -> httpx.Response:
        return self.request("GET", f"/matches/{match_id}/events",
                            params={"after": after, "limit": limit})

    def all_events(self, match_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """The whole log as this player sees it, paged with ``after`` and ``limit``."""
        events: list[dict[str, Any]] = []
        while True:
            response = self.events(match_id, after=len(events), limit=limit)
            assert response.status_code == 200, response.text
            page = response.json()
            events.extend(page["events"])
            if not page["events"] or len(events) >= page["version"]:
                return events


def choose_move(view: dict[str, Any]) -> tuple[str, list[str] | str]:
    """A simple client's move: pass its highest cards, play its lowest legal card."""
    if view["status"] == "passing":
        count = view["rules"]["pass_count"]
        return "pass", sorted(view["hand"], key=rank, reverse=True)[:count]
    return "play", min(view["legal_cards"], key=rank)


def submit(client: ApiClient, match_id: str, move: tuple[str, list[str] | str],
           **kwargs: Any) -> httpx.Response:
    kind, cards = move
    if kind == "pass":
        return client.pass_cards(match_id, cards, **kwargs)  # type: ignore[arg-type]
    return client.play(match_id, cards, **kwargs)  # type: ignore[arg-type]


def play_seat_until_finished(client: ApiClient, match_id: str, *, timeout: float,
                             wait: int | None = 10, poll: float = 0.03,
                             stall: float = 60) -> dict[str, Any]:
    """Read the seat view with If-None-Match and move whenever it is this seat's turn, until
    the match is finished; returns the last view. Between reads it long-polls the events
    for up to ``wait`` seconds (None: sleeps ``poll`` seconds, for a set-up whose processes
    do not notify each other). Fails if the match does not move for ``stall`` seconds (a
    stuck bot or player) or takes longer than ``timeout``."""
    deadline = time.monotonic() + timeout
    etag, view, moved_at = None, None, time.monotonic()
    while time.monotonic() < deadline:
        response = client.view(match_id, etag)
        if response.status_code == 200:
            etag, view, moved_at = response.headers["ETag"], response.json(), time.monotonic()
            if view["status"] == "finished":
                return view
            if view["is_your_turn"]:
                acted = submit(client, match_id, choose_move(view))
                assert acted.status_code == 200, f"{client.username}: {acted.status_code} {acted.text}"
                continue
        else:
            assert response.status_code == 304, response.text
        assert time.monotonic() - moved_at < stall, \
            f"match {match_id} has not moved for {stall}s (last view version {view and view['version']})"
        if wait is None or view is None:
            time.sleep(poll)
        else:
            waited = client.request("GET", f"/matches/{match_id}/events",
                                    params={"after": view["version"], "limit": 1, "wait": wait})
            assert waited.status_code == 200, waited.text
    raise AssertionError(f"match {match_id} not finished after {timeout}s")


# --- the truth, read from the unredacted log ----------------------------------------------


@dataclass(frozen=True)
class Secrets:
    """What was private just after one event: each seat's holding, the pass each seat gave
    and the one it received, in the hand then in progress."""

    hand_number: int
    holdings: dict[str, frozenset[str]]
    given: dict[str, tuple[str, ...] | None]
    received: dict[str, tuple[str, ...] | None]


def source_of(seat: str, direction: str) -> str:
    """The seat whose pass ``seat`` receives."""
    return SEATS[(SEATS.index(seat) - PASS_OFFSET[direction]) % 4]


def secrets_timeline(log: list[tuple[int, str, dict[str, Any]]]) -> dict[int, Secrets]:
    """Replay the unredacted log's private side (deal, passes, exchange, plays), checking as
    it goes that every pass and play came from the seat's holding and no card moved twice;
    returns the secrets after each seq."""
    timeline: dict[int, Secrets] = {}
    hand_number = 0
    holdings: dict[str, set[str]] = {seat: set() for seat in SEATS}
    given: dict[str, tuple[str, ...] | None] = dict.fromkeys(SEATS)
    received: dict[str, tuple[str, ...] | None] = dict.fromkeys(SEATS)
    played: set[str] = set()
    for seq, type_, payload in log:
        if type_ == "hand_dealt":
            hand_number = payload["hand_number"]
            holdings = {seat: set(payload["holdings"][seat]) for seat in SEATS}
            assert sorted(itertools.chain(*holdings.values())) == sorted(set().union(*holdings.values())) \
                and all(len(cards) == 13 for cards in holdings.values()), f"seq {seq}: bad deal"
            given, received, played = dict.fromkeys(SEATS), dict.fromkeys(SEATS), set()
        elif type_ == "cards_passed":
            seat, cards = payload["seat"], tuple(payload["cards"])
            assert given[seat] is None, f"seq {seq}: {seat} passed twice in hand {hand_number}"
            assert set(cards) <= holdings[seat] and len(set(cards)) == len(cards), f"seq {seq}"
            given[seat] = cards
        elif type_ == "cards_exchanged":
            passes, direction = payload["passes"], payload["pass_direction"]
            assert all(set(passes[s]) == set(given[s] or ()) for s in SEATS), \
                f"seq {seq}: exchange does not match the passes"
            assert all(r is None for r in received.values()), f"seq {seq}: second exchange"
            holdings = {s: holdings[s] - set(passes[s]) | set(passes[source_of(s, direction)])
                        for s in SEATS}
            received = {s: tuple(passes[source_of(s, direction)]) for s in SEATS}
        elif type_ == "card_played":
            seat, card = payload["seat"], payload["card"]
            assert card in holdings[seat] and card not in played, \
                f"seq {seq}: {seat} played {card}, not in its holding (or played twice)"
            holdings = {**holdings, seat: holdings[seat] - {card}}
            played.add(card)
        timeline[seq] = Secrets(hand_number, {s: frozenset(holdings[s]) for s in SEATS},
                                dict(given), dict(received))
    return timeline


def check_log(log: list[tuple[int, str, dict[str, Any]]]) -> dict[int, Secrets]:
    """The unredacted log is contiguous from 1, has no duplicate or impossible event, and
    every hand that was scored had 13 tricks numbered 1..13. Returns its secrets timeline."""
    assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1)), "seqs not contiguous"
    timeline = secrets_timeline(log)
    tricks: dict[int, list[int]] = {}
    for seq, type_, payload in log:
        if type_ == "trick_taken":
            tricks.setdefault(timeline[seq].hand_number, []).append(payload["number"])
        elif type_ == "hand_scored":
            assert tricks.get(payload["hand_number"]) == list(range(1, 14)), \
                f"hand {payload['hand_number']}: tricks {tricks.get(payload['hand_number'])}"
    return timeline


# --- checks on a finished match -----------------------------------------------------------


def check_finished_match(summary: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """Finished with a result; seqs contiguous 1..version; each hand scored 26 (78 for a
    moon) and its tricks carried 26; totals are the running sum of hand points."""
    assert summary["status"] == "finished", summary["status"]
    result = summary["result"]
    assert result is not None and len(result["standings"]) == 4
    assert result["winners"] and set(result["winners"]) <= set(SEATS)
    assert [e["seq"] for e in events] == list(range(1, summary["version"] + 1))
    assert events[-1]["type"] == "match_ended" and events[-1]["result"] == result

    totals = dict.fromkeys(SEATS, 0)
    trick_points = 0
    hands = [e for e in events if e["type"] == "hand_scored"]
    assert [h["hand_number"] for h in hands] == list(range(1, len(hands) + 1))
    assert len(hands) == result["hands_played"]
    for event in events:
        if event["type"] == "trick_taken":
            trick_points += event["points"]
        if event["type"] != "hand_scored":
            continue
        points = event["points"]
        assert trick_points == 26, f"hand {event['hand_number']}: tricks carried {trick_points}"
        if event["moon"]:
            assert sum(points.values()) == 78 and points[event["moon"]] == 0, event
        else:
            assert sum(points.values()) == 26, event
        totals = {seat: totals[seat] + points[seat] for seat in SEATS}
        assert event["totals"] == totals, f"hand {event['hand_number']}: {event['totals']} != {totals}"
        trick_points = 0
    assert summary["scores"] == totals
    assert {s["seat"]: s["score"] for s in result["standings"]} == totals
    low = min(totals.values())
    assert set(result["winners"]) == {seat for seat in SEATS if totals[seat] == low}
    moons = [{"hand": h["hand_number"], "seat": h["moon"]} for h in hands if h["moon"]]
    assert result["moons"] == moons


def assert_verify_match(match_id: str, env: dict[str, str]) -> None:
    """``manage.py verify_match ID`` against the database ``env`` names exits 0 saying ok."""
    from .stack import manage_ok

    out = manage_ok(["verify_match", match_id], env)
    assert f"{match_id}: ok" in out, out


# --- nobody sees what it may not ----------------------------------------------------------


def _secret_keys(body: Any, path: str = "$") -> Iterable[str]:
    if isinstance(body, dict):
        for key, value in body.items():
            if key in SECRET_KEYS:
                yield f"{path}.{key}"
            yield from _secret_keys(value, f"{path}.{key}")
    elif isinstance(body, list):
        for i, value in enumerate(body):
            yield from _secret_keys(value, f"{path}[{i}]")


def _check_view(view: dict[str, Any], timeline: dict[int, Secrets], me: str | None) -> None:
    truth = timeline[view["version"]]
    where = f"view v{view['version']}"
    assert view["seat"] == me, where
    mine = truth.holdings[me] if me else frozenset()
    pass_info = view["pass"] or {}
    given, received = pass_info.get("given") or [], pass_info.get("received") or []
    shown = set(view["hand"]) | set(view["legal_cards"]) | set(given) | set(received)
    # Cards in another seat's holding now (so never played), less those I passed myself.
    hidden = frozenset().union(*(truth.holdings[s] for s in SEATS if s != me)) - set(given)
    assert not shown & hidden, f"{where} shows {sorted(shown & hidden)} of other seats"
    assert set(view["hand"]) == mine and len(view["hand"]) == len(mine), where
    assert set(view["legal_cards"]) <= mine, where
    if me is not None and view["pass"] is not None:
        assert set(given) == set(truth.given[me] or ()), where
        assert set(received) == set(truth.received[me] or ()), where


def _check_event(event: dict[str, Any], timeline: dict[int, Secrets], me: str | None) -> None:
    truth, where = timeline[event["seq"]], f"event {event['seq']} ({event['type']})"
    if event["type"] == "hand_dealt":
        assert set(event["hand"]) == (truth.holdings[me] if me else set()), where
    elif event["type"] == "cards_passed":
        if event["seat"] == me:
            assert set(event["cards"]) == set(truth.given[me] or ()), where
        else:
            assert event["cards"] is None, where
    elif event["type"] == "cards_exchanged":
        if me is None:
            assert event["given"] is None and event["received"] is None, where
        else:
            assert set(event["given"]) == set(truth.given[me] or ()), where
            assert set(event["received"]) == set(truth.received[me] or ()), where


def check_nothing_leaked(bodies: list[Any], timeline: dict[int, Secrets], me: str | None) -> int:
    """Every response body a client of seat ``me`` (None: a spectator) received shows only
    what that seat may see at that version. Returns how many views and events were checked."""
    checked = 0
    for body in bodies:
        leaks = list(_secret_keys(body))
        assert not leaks, f"secret fields in a response: {leaks}"
        if not isinstance(body, dict):
            continue
        views = [body["view"]] if "view" in body else [body] if "legal_cards" in body else []
        for view in views:
            _check_view(view, timeline, me)
        for event in body.get("events", []):
            _check_event(event, timeline, me)
        checked += len(views) + len(body.get("events", []))
    return checked
