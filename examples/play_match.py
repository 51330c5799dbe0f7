"""A small Hearts client that speaks only HTTP: it plays one whole match against three bots.

    python examples/play_match.py --base-url http://127.0.0.1:8000

It registers a player, creates a match (itself north, three bots), then loops:
fetch its seat view (``If-None-Match`` saves work while bots think), pass its
three highest cards, play its lowest legal card. At the end it prints a score
sheet from the match's events and the final standings.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time
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
        created = http.post("/api/v1/matches", json={"seats": seats})
        created.raise_for_status()
        match_url = created.headers["Location"]
        print(f"{name} (north) created {match_url} against three {bot_level} bots")

        etag, view = None, None
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            response = http.get(f"{match_url}/view", headers={"If-None-Match": etag} if etag else {})
            if response.status_code == 304:
                time.sleep(0.05)  # the bots are thinking (in a worker, when there is one)
                continue
            response.raise_for_status()
            etag, view = response.headers["ETag"], response.json()
            if view["status"] == "finished":
                print_score_sheet(http, match_url)
                print_standings(view["result"])
                return view
            if not view["is_your_turn"]:
                continue
            if view["status"] == "passing":
                count = view["rules"]["pass_count"]
                cards = sorted(view["hand"], key=rank, reverse=True)[:count]
                command = http.post(f"{match_url}/pass", json={"cards": cards},
                                    headers={"If-Match": etag})
            else:
                card = min(view["legal_cards"], key=rank)
                command = http.post(f"{match_url}/play", json={"card": card},
                                    headers={"If-Match": etag})
            if command.status_code not in (200, 412):  # 412: the table moved; look again
                sys.exit(f"refused: {command.json()}")
        sys.exit("the match did not finish in time")


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
