"""A small Hearts client that speaks only HTTP: it plays one whole match against three bots.

    python examples/play_match.py --base-url http://127.0.0.1:8000

It registers a player, creates a match (itself north, three bots), then follows the
match's Server-Sent Events stream: each ``view`` message is its seat view, and when
it is its turn it passes its three highest cards or plays its lowest legal card. Each
command carries an ``Idempotency-Key``, so a command whose answer was lost is simply
sent again; a dropped stream resumes with ``Last-Event-ID``. At the end it prints a
score sheet from the match's events and the final standings.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx

SEATS = ["north", "east", "south", "west"]
RANKS = "23456789TJQKA"


def rank(card: str) -> int:
    return RANKS.index(card[0])


def play_match(base_url: str, bot_level: str = "easy", timeout_s: float = 600) -> dict[str, Any]:
    """Play one match to the end; returns the final seat view."""
    with httpx.Client(base_url=base_url, timeout=60) as http:
        name = f"demo-{secrets.token_hex(3)}"
        player = http.post("/api/v1/players", json={"username": name})
        player.raise_for_status()
        http.headers["Authorization"] = f"Bearer {player.json()['token']}"

        seats = [{"kind": "player"}] + [{"kind": "bot", "level": bot_level}] * 3
        created = http.post("/api/v1/matches", json={"seats": seats},
                            headers={"Idempotency-Key": str(uuid.uuid4())})
        created.raise_for_status()
        match_url = created.headers["Location"]
        print(f"{name} (north) created {match_url} against three {bot_level} bots")

        deadline = time.monotonic() + timeout_s
        acted_at = 0  # the version our last command left the match at
        for view in seat_views(http, match_url):
            if time.monotonic() > deadline:
                sys.exit("the match did not finish in time")
            if view["status"] == "finished":
                print_score_sheet(http, match_url)
                print_standings(view["result"])
                return view
            # Views the stream sent while our command ran are older than its answer (or than
            # the version a 412 names): skip them.
            if not view["is_your_turn"] or view["version"] < acted_at:
                continue
            if view["status"] == "passing":
                count = view["rules"]["pass_count"]
                action, body = "pass", {"cards": sorted(view["hand"], key=rank, reverse=True)[:count]}
            else:
                action, body = "play", {"card": min(view["legal_cards"], key=rank)}
            command = send(http, f"{match_url}/{action}", body, version=view["version"])
            if command.status_code in (200, 412):  # 412: the table moved on; the stream says how
                acted_at = command.json()["version"]
            else:
                sys.exit(f"refused: {command.json()}")
        sys.exit("the stream ended before the match did")


def seat_views(http: httpx.Client, match_url: str) -> Iterator[dict[str, Any]]:
    """The seat views of the match's stream as they come, until the server ends it. A
    dropped connection is resumed after the last message seen (``Last-Event-ID``)."""
    last_id: str | None = None
    while True:
        headers = {"Accept": "text/event-stream", **({"Last-Event-ID": last_id} if last_id else {})}
        try:
            with http.stream("GET", f"{match_url}/stream", headers=headers,
                             timeout=httpx.Timeout(60, read=45)) as stream:  # a comment every 15 s
                stream.raise_for_status()
                message: dict[str, str] = {}
                for line in stream.iter_lines():
                    if line and not line.startswith(":"):
                        field, _, value = line.partition(": ")
                        message[field] = value
                    elif not line and message:
                        last_id = message.get("id", last_id)
                        if message.get("event") == "view":
                            yield json.loads(message["data"])
                        message = {}
                return
        except httpx.TransportError as error:
            print(f"stream dropped ({error.__class__.__name__}); resuming after {last_id}")
            time.sleep(1)


def send(http: httpx.Client, url: str, body: dict[str, Any], *, version: int,
         attempts: int = 5) -> httpx.Response:
    """POST a command with an Idempotency-Key, again with the same key when no answer came
    (a timeout, a dropped connection) or the first try is still running (409
    request_in_progress): the server applies it once, and a try after that gets its answer
    again (a refusal, which is not kept, is decided again)."""
    headers = {"Idempotency-Key": str(uuid.uuid4()), "If-Match": f'"{version}"'}
    for attempt in range(1, attempts + 1):
        try:
            response = http.post(url, json=body, headers=headers, timeout=10)
        except httpx.TransportError:
            if attempt == attempts:
                raise
        else:
            busy = response.status_code == 409 and response.json().get("code") == "request_in_progress"
            if not busy or attempt == attempts:
                return response
        time.sleep(0.2 * attempt)
    raise AssertionError("unreachable")


def all_events(http: httpx.Client, match_url: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    while True:
        page = http.get(f"{match_url}/events", params={"after": len(events), "limit": 1000})
        page.raise_for_status()
        body = page.json()
        events.extend(body["events"])
        if not body["events"] or len(events) >= body["version"]:
            return events


def print_score_sheet(http: httpx.Client, match_url: str) -> None:
    """Each hand's points and the running totals; a moon is marked with *."""
    print()
    print(f"{'hand':>4} {'pass':<7}" + "".join(f"{seat:>14}" for seat in SEATS))
    for event in all_events(http, match_url):
        if event["type"] == "hand_dealt":
            direction = event["pass_direction"]
        if event["type"] != "hand_scored":
            continue
        cells = []
        for seat in SEATS:
            mark = "*" if event["moon"] == seat else " "
            cells.append(f"{event['points'][seat]:>4}{mark} ({event['totals'][seat]:>3})")
        print(f"{event['hand_number']:>4} {direction:<7}" + "".join(f"{c:>14}" for c in cells))
    print("points this hand (running total); * shot the moon")


def print_standings(result: dict[str, Any]) -> None:
    print()
    print(f"Final standings after {result['hands_played']} hands:")
    for standing in result["standings"]:
        print(f"  {standing['place']}. {standing['seat']:<6} {standing['score']:>4}")
    winners = " and ".join(result["winners"])
    print(f"Winner: {winners}" + (" (shared)" if result["shared"] else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--bot-level", default="easy")
    args = parser.parse_args()
    play_match(args.base_url, args.bot_level)


if __name__ == "__main__":
    main()
