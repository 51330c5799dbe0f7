"""How fast the engine plays random hands, beside OpenSpiel's Hearts, and what replays and views cost.

    python benchmarks/engine_playouts.py [--seconds 10] [--seed 1] [--json]

Both engines play uniformly random legal hands, passing included (the pass
direction cycles left, right, across, hold for ours; OpenSpiel draws it as its
first chance outcome): ours through ``games.engine.playout`` (the bit-mask path
that search and benchmarks use), OpenSpiel's through its Python bindings, in
alternating rounds so that both see the same machine load. Also measured:
the service's own path (``step`` with events, the way every API
command runs), replaying a 25-hand match log, and building one seat's view.
With ``--json`` the last line is ``{"ours_hands_per_s", "openspiel_hands_per_s", "ratio"}``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")  # the seat view's serializer

import django  # noqa: E402

django.setup()

from games.engine import (  # noqa: E402
    NEW_MATCH,
    CreateMatch,
    DealHand,
    Event,
    MatchState,
    PassCards,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    TakeSeat,
    event_from_json,
    event_to_json,
    legal_cards,
    replay,
    seat_view,
    step,
)
from games.engine.kernel import exchange  # noqa: E402
from games.engine.playout import PlayoutHand, random_card, random_play  # noqa: E402
from games.engine.rules import PassDirection, pass_direction  # noqa: E402
from games.models import Match  # noqa: E402
from hearts_api.serializers.play import SeatViewSerializer  # noqa: E402

ROUND_SECONDS = 0.5

OURS_RULES = RuleSet()


def ours_hand(rng: random.Random, hand_number: int) -> list[int]:
    """One random hand through the playout path; returns the points taken by seat."""
    pick = rng.random
    deck = list(range(52))
    rng.shuffle(deck)
    holdings = [0, 0, 0, 0]
    for position, index in enumerate(deck):
        holdings[position & 3] |= 1 << index
    direction = pass_direction(OURS_RULES, hand_number)
    if direction is not PassDirection.HOLD:
        passes = [0, 0, 0, 0]
        for seat in range(4):
            holding = holdings[seat]
            for _ in range(OURS_RULES.pass_count):
                card = random_card(holding, pick)
                holding ^= card
                passes[seat] |= card
        holdings = exchange(holdings, passes, direction)
    hand = PlayoutHand(holdings, OURS_RULES)
    hand.play_out(random_play(pick))
    return hand.points_taken()


def openspiel_hand(game: object, rng: random.Random) -> list[float]:
    """One random hand through OpenSpiel's Python bindings; returns its returns by player."""
    pick = rng.random
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(pick() * len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[int(pick() * len(actions))])
    return list(state.returns())


def hands_per_second(play: Callable[[int], object], seconds: float) -> float:
    """Play hands (``play(hand_number)``) for ``seconds`` and return hands per second."""
    hands, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        hands += 1
        play(hands)
    return hands / (time.perf_counter() - start)


def random_match_log(seed: int, hands: int) -> tuple[list[Event], MatchState]:
    """A log of ``hands`` random hands played through ``step``, and the state mid-way
    through the last hand (for the seat view)."""
    rng = random.Random(seed)
    events: list[Event] = []
    state: MatchState = NEW_MATCH
    middle: MatchState | None = None

    def apply(command: object) -> None:
        nonlocal state
        new, state = step(state, command)  # type: ignore[arg-type]
        events.extend(new)

    apply(CreateMatch(RuleSet(target_score=10_000)))
    for seat in Seat:
        apply(TakeSeat(seat, bot_level="random"))
    while state is not None and state.hands_played < hands:
        if state.phase is Phase.DEALING:
            apply(DealHand(rng.getrandbits(64)))
        elif state.phase is Phase.PASSING:
            for seat in state.to_act:
                apply(PassCards(seat, tuple(rng.sample(legal_cards(state, seat), 3))))
        else:
            seat = state.to_act[0]
            apply(PlayCard(seat, rng.choice(legal_cards(state, seat))))
            hand = state.hand
            if state.hands_played == hands - 1 and hand and len(hand.tricks) == 6 and middle is None:
                middle = state
    assert middle is not None
    return events, middle


def median_seconds(action: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``action`` over ``repeats`` runs, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="time for each engine's random hands (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = parser.parse_args()

    try:
        import pyspiel
    except ImportError as error:
        pyspiel, game = None, None
        print(f"OpenSpiel unavailable ({error}); measuring ours only")
    else:
        game = pyspiel.load_game("hearts")

    ours_rng, openspiel_rng = random.Random(args.seed), random.Random(args.seed)
    ours_rates, openspiel_rates = [], []
    for _ in range(max(1, round(args.seconds / ROUND_SECONDS))):
        ours_rates.append(hands_per_second(lambda n: ours_hand(ours_rng, n), ROUND_SECONDS))
        if game is not None:
            openspiel_rates.append(hands_per_second(lambda n: openspiel_hand(game, openspiel_rng),
                                                    ROUND_SECONDS))
    ours = statistics.mean(ours_rates)
    openspiel = statistics.mean(openspiel_rates) if openspiel_rates else None
    ratio = ours / openspiel if openspiel else None

    service_rng = random.Random(args.seed)
    service_start = time.perf_counter()
    random_match_log(service_rng.getrandbits(32), 40)
    service = 40 / (time.perf_counter() - service_start)

    events, middle = random_match_log(args.seed, 25)
    stored = [event_to_json(event) for event in events]
    replay_ms = median_seconds(lambda: replay(events), 20) * 1e3
    replay_json_ms = median_seconds(lambda: replay(event_from_json(e) for e in stored), 20) * 1e3
    to_play = middle.to_act[0]
    view_us = median_seconds(lambda: seat_view(middle, to_play), 2000) * 1e6
    view_json_us = median_seconds(lambda: SeatViewSerializer.body(
        seat_view(middle, to_play), Match(id=uuid.UUID(int=0)), 0, None), 2000) * 1e6

    print(f"random hands per second, ours (playout path):     {ours:10,.0f}")
    if openspiel is not None and ratio is not None:
        print(f"random hands per second, OpenSpiel (Python):      {openspiel:10,.0f}")
        print(f"ratio ours / OpenSpiel:                           {ratio:10.2f}")
    print(f"random hands per second, ours (step):             {service:10,.0f}")
    print(f"replay of a 25-hand log ({len(events)} events):        {replay_ms:10.1f} ms"
          f"  ({replay_json_ms:.1f} ms from JSON)")
    print(f"seat view, mid-hand:                              {view_us:10.1f} us"
          f"  ({view_json_us:.1f} us with its JSON)")
    if args.json:
        print(json.dumps({"ours_hands_per_s": round(ours, 1),
                          "openspiel_hands_per_s": round(openspiel, 1) if openspiel else None,
                          "ratio": round(ratio, 3) if ratio else None}))


if __name__ == "__main__":
    main()
