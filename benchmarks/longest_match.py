"""The longest match the caps allow: its hands, its events and their stored bytes, at most.

    python benchmarks/longest_match.py [--matches 4] [--seed 1] [--json]

Hands: ``HAND_CAP``. Events: what one hand writes at most (a hand that passes: one
hand_dealt, a cards_passed per seat, one cards_exchanged, 52 card_played, 13 trick_taken,
one hand_scored), checked against the counts of every hand played here, times
``HAND_CAP``; and what a match writes once: match_created, a seat_taken per seat, a
seat_left and a seat_taken back for each leave each seat's player may make
(``QUOTAS["leaves_per_match"]``), a seat_replaced per seat (a replaced seat is a bot's for
good), match_ended. Bytes: each type's largest stored JSON
(``event_to_json`` as Django writes it to the database) times its count. The per-hand
types are measured on ``--matches`` whole random matches (random legal moves, each made
by a stand-in, ``auto``, half the time; the target ``TARGET_SCORE_MAX`` and the jack of
diamonds' -10, so totals take three digits and a minus sign); the once-a-match types on the
largest the engine writes: ``FIXED_DEALS_MAX`` deals, the longest username, and a moon in
every hand. With ``--json`` the last line is ``{"hands", "events", "bytes"}``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402
from django.conf import settings  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from games.bot_levels import BOT_LEVELS  # noqa: E402
from games.engine import (  # noqa: E402
    NEW_MATCH,
    CreateMatch,
    DealHand,
    Event,
    PassCards,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    TakeSeat,
    event_to_json,
    legal_cards,
    step,
)
from games.engine.decider import shuffled_deal  # noqa: E402
from games.engine.events import (  # noqa: E402
    HandScored,
    MatchEnded,
    SeatLeft,
    SeatReplaced,
    SeatTaken,
)
from games.engine.rules import EndedBy, MoonScoring, PassDirection, TiePolicy  # noqa: E402
from games.engine.state import MatchResult  # noqa: E402
from games.engine.variants import HAND_CAP, MAX_HANDS  # noqa: E402

PER_HAND = {"hand_dealt": 1, "cards_passed": 4, "cards_exchanged": 1, "card_played": 52,
            "trick_taken": 13, "hand_scored": 1}
"""The most events of each type one hand writes (a hand that passes)."""


def stored_bytes(event: Event) -> int:
    """The size of the event's JSON as Django's JSONField sends it to the database."""
    return len(json.dumps(event_to_json(event)).encode())


def play_matches(matches: int, rng: random.Random
                 ) -> tuple[list[Counter[str]], dict[str, int], int]:
    """Play ``matches`` whole random matches through ``step``: the events of
    each type in each hand, each type's largest stored JSON, and the widest total (in
    characters)."""
    rules = RuleSet(target_score=settings.TARGET_SCORE_MAX, jack_of_diamonds=-10)
    hands: list[Counter[str]] = []
    largest: Counter[str] = Counter()
    widest = 1
    for _ in range(matches):
        state = NEW_MATCH
        commands = [CreateMatch(rules), *(TakeSeat(seat, bot_level="random") for seat in Seat)]
        while state.phase is not Phase.FINISHED:
            if commands:
                command = commands.pop(0)
            elif state.phase is Phase.DEALING:
                command = DealHand(rng.getrandbits(63))
                hands.append(Counter())
            elif state.phase is Phase.PASSING:
                seat = state.to_act[0]
                command = PassCards(seat, tuple(rng.sample(legal_cards(state, seat), 3)),
                                    auto=rng.random() < 0.5)
            else:
                seat = state.to_act[0]
                command = PlayCard(seat, rng.choice(legal_cards(state, seat)),
                                   auto=rng.random() < 0.5)
            events, state = step(state, command)
            for event in events:
                largest[event.type] = max(largest[event.type], stored_bytes(event))
                if hands and event.type in PER_HAND:
                    hands[-1][event.type] += 1
                if isinstance(event, HandScored):
                    widest = max(widest, *(len(str(total)) for total in event.totals))
    return hands, dict(largest), widest


def largest_once(widest_total: int) -> dict[str, int]:
    """The largest stored JSON of the events a match writes once (or per seat): its rules
    at their widest (a pass rotation of ``PASS_ROTATION_MAX``), ``FIXED_DEALS_MAX`` deals, the longest
    username and bot level, and a result with a moon in every hand and totals
    ``widest_total`` characters wide."""
    username = "u" * get_user_model()._meta.get_field("username").max_length
    level = max(BOT_LEVELS, key=len)
    rules = RuleSet(target_score=settings.TARGET_SCORE_MAX,
                    pass_rotation=(PassDirection.ACROSS,) * settings.PASS_ROTATION_MAX,
                    moon_scoring=max(MoonScoring, key=lambda choice: len(choice.value)),
                    jack_of_diamonds=-10,
                    tie_policy=max(TiePolicy, key=lambda choice: len(choice.value)),
                    max_tiebreak_hands=10, max_hands=MAX_HANDS)
    [created], _ = step(NEW_MATCH, CreateMatch(
        rules, tuple(shuffled_deal(n) for n in range(settings.FIXED_DEALS_MAX))))
    total = -(10 ** (widest_total - 2))  # a minus sign and widest_total - 1 digits
    result = MatchResult(tuple((seat, total, 1) for seat in Seat), tuple(Seat), True, HAND_CAP,
                         tuple((hand, Seat.NORTH) for hand in range(1, HAND_CAP + 1)),
                         max(EndedBy, key=lambda reason: len(reason.value)))
    return {"match_created": stored_bytes(created),
            "seat_taken": stored_bytes(SeatTaken(Seat.NORTH, username, None)),
            "seat_left": stored_bytes(SeatLeft(Seat.NORTH, username, level)),
            "seat_replaced": stored_bytes(SeatReplaced(Seat.NORTH, username, level)),
            "match_ended": stored_bytes(MatchEnded(result))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=4, help="random matches measured")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="the figures as JSON, last line")
    args = parser.parse_args()

    hands, largest, widest = play_matches(args.matches, random.Random(args.seed))
    seen = {kind: max(hand[kind] for hand in hands) for kind in PER_HAND}
    if seen != PER_HAND:
        raise SystemExit(f"the engine wrote {seen} in one hand, not at most {PER_HAND}")
    leaves = settings.QUOTAS["leaves_per_match"] * len(Seat)
    once = {"match_created": 1, "seat_taken": len(Seat) + leaves, "seat_left": leaves,
            "seat_replaced": len(Seat), "match_ended": 1}
    counts = {kind: HAND_CAP * count for kind, count in PER_HAND.items()}
    counts = {kind: counts.get(kind, 0) + once.get(kind, 0) for kind in {**counts, **once}}
    largest = {**largest, **largest_once(widest)}
    total_events = sum(counts.values())
    total_bytes = sum(counts[kind] * largest[kind] for kind in counts)

    print(f"Longest match: HAND_CAP {HAND_CAP}, leaves_per_match "
          f"{settings.QUOTAS['leaves_per_match']}, FIXED_DEALS_MAX {settings.FIXED_DEALS_MAX}; "
          f"per-hand sizes from {len(hands)} random hands")
    print(f"hands:  {HAND_CAP:,}")
    print(f"events: {total_events:,} ({sum(PER_HAND.values())} a hand, "
          f"{sum(once.values())} a match)")
    print(f"bytes:  {total_bytes:,} ({total_bytes / 2**20:.1f} MiB of stored JSON)")
    print(f"{'event':16} {'count':>6} {'largest':>8} {'bytes':>10}")
    for kind in sorted(counts, key=lambda kind: -counts[kind] * largest[kind]):
        print(f"{kind:16} {counts[kind]:6,} {largest[kind]:8,} {counts[kind] * largest[kind]:10,}")
    if args.json:
        print(json.dumps({"hands": HAND_CAP, "events": total_events, "bytes": total_bytes}))


if __name__ == "__main__":
    main()
