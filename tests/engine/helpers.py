"""Shared fixtures for the engine tests.

The fixture deals of scenarios.md and a few deals of our own, written in the engine's
deal notation (``games.engine.notation``: one line per seat, clubs.diamonds.spades.hearts,
ranks high to low), and ``Table``: a match driven only through ``decide`` and ``evolve``,
with the event log kept for ``replay``.
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

import pytest
from rest_framework.utils.encoders import JSONEncoder

from games.engine import (
    NEW_MATCH,
    Card,
    Command,
    CreateMatch,
    DealHand,
    Event,
    IllegalMove,
    MatchState,
    PassCards,
    PassDirection,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    TakeSeat,
    decide,
    evolve,
    legal_cards,
    parse_cards,
    parse_deal,
    seat_view,
    sort_cards,
    state_to_json,
)
from games.engine.state import Deal
from games.models import Match
from games.selectors import LoggedEvent
from hearts_api.serializers.events import event_body
from hearts_api.serializers.play import SeatViewSerializer

N, E, S, W = Seat
SEAT_LETTERS = {"N": N, "E": E, "S": S, "W": W}

# Every hand is a hold hand: a fixture deal is then "the hands at the start of play".
HOLD = RuleSet(pass_rotation=(PassDirection.HOLD,))

ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"

# --- the fixture deals of scenarios.md ---------------------------------------------------

D1 = """
N: T98765432.5432.-.-
E: -.876.Q32.8765432
S: -.-.T987654.AKQJT9
W: AKQJ.AKQJT9.AKJ.-
"""
D1_A = ("N 2C, E 8D, S 10S, W JC", "W AC, N 3C, E QS, S AH")

D2 = """
N: 8765432.765432.-.-
E: -.-.Q.KQJT98765432
S: AJT.QJT98.5432.A
W: KQ9.AK.AKJT9876.-
"""
D2_A = ("N 2C, E QS, S AC, W KC", "S 2S, W 6S, N 3C, E 2H")

# D2 with E's 2H and N's 7D swapped.
D2V = """
N: 8765432.65432.-.2
E: -.7.Q.KQJT9876543
S: AJT.QJT98.5432.A
W: KQ9.AK.AKJT9876.-
"""

D3 = """
N: J852.J852.AJ852.-
E: Q963.AQ963.Q963.-
S: -.-.-.AKQJT98765432
W: AKT74.KT74.KT74.-
"""

D4 = """
N: 5432.432.432.432
E: 876.8765.765.765
S: JT9.JT9.JT98.T98
W: AKQ.AKQ.AKQ.AKQJ
"""
D4_A = (
    "N 2C, E 6C, S 9C, W AC",
    "W KC, N 3C, E 7C, S 10C",
    "W QC, N 4C, E 8C, S JC",
    "W AD, N 2D, E 5D, S 9D",
    "W KD, N 3D, E 6D, S 10D",
    "W QD, N 4D, E 7D, S JD",
    "W AS, N 2S, E 5S, S 8S",
    "W KS, N 3S, E 6S, S 9S",
    "W QS, N 4S, E 7S, S 10S",
    "W JH, N 2H, E 5H, S 8H",
    "W QH, N 3H, E 6H, S 9H",
    "W KH, N 4H, E 7H, S 10H",
    "W AH, N 5C, E 8D, S JS",
)
D4_A_POINTS = (0, 0, 0, 0, 0, 0, 0, 0, 13, 4, 4, 4, 1)

D5 = """
N: AKQJT98765432.-.-.-
E: -.765432.Q.765432
S: -.T98.65432.QJT98
W: -.AKQJ.AKJT987.AK
"""

# --- deals of our own ---------------------------------------------------------------------

# R07 (a): D1 rotated one seat clockwise.
D1_ROTATED = """
N: -.876.Q32.8765432
E: -.-.T987654.AKQJT9
S: AKQJ.AKQJT9.AKJ.-
W: T98765432.5432.-.-
"""

# R10: after R10_SCRIPT it is trick 5, hearts broken (S's 2H at T4), W has led 3H,
# N has played 6H and E holds 5C 6C 7C 8C 9C 8H 8S KS AS.
R10_DEAL = """
N: 2.JT98765.-.JT976
E: T98765.432.AK8.8
S: J43.-.9765432.542
W: AKQ.AKQ.QJT.AKQ3
"""
R10_SCRIPT = (
    "N 2C, E 10C, S JC, W AC",
    "W AD, N 5D, E 2D, S 2S",
    "W KD, N 6D, E 3D, S 3S",
    "W QD, N 7D, E 4D, S 2H",
    "W 3H, N 6H",
)

# E01 moon: W wins every trick on D3 (N and E discard AS and AD on W's last club).
D3_W_MOON = (
    "N 2C, E 3C, S 2H, W AC",
    "W 7C, N 5C, E 6C, S 3H",
    "W 10C, N 8C, E 9C, S 4H",
    "W KC, N JC, E QC, S 5H",
    "W 4C, N AS, E AD, S 6H",
    "W 4D, N 2D, E 3D, S 7H",
    "W 7D, N 5D, E 6D, S 8H",
    "W 10D, N 8D, E 9D, S 9H",
    "W KD, N JD, E QD, S 10H",
    "W KS, N JS, E QS, S JH",
    "W 10S, N 8S, E 9S, S QH",
    "W 7S, N 5S, E 6S, S KH",
    "W 4S, N 2S, E 3S, S AH",
)

# E05 control: D4 with N's 4D and W's QD swapped. W still takes all 13 hearts and QS,
# but N wins trick 4 (no points) with QD, so W does not take every trick.
D4_CONTROL = """
N: 5432.Q32.432.432
E: 876.8765.765.765
S: JT9.JT9.JT98.T98
W: AKQ.AK4.AKQ.AKQJ
"""
D4_CONTROL_SCRIPT = (
    "N 2C, E 6C, S 9C, W AC",
    "W KC, N 3C, E 7C, S 10C",
    "W QC, N 4C, E 8C, S JC",
    "W 4D, N QD, E 5D, S 9D",
    "N 2D, E 6D, S 10D, W AD",
    "W KD, N 3D, E 7D, S JD",
    *D4_A[6:],
)

# Worked check "98, 60, 99, 70": played out with ``first_legal`` this hand gives
# E 24 points and S 2, N and W none (a deal shuffled from seed 22, written out).
SPLIT_2_24 = """
N: 42.KT.Q652.JT853
E: AQ6.AQ87.KT87.AK
S: J85.952.AJ93.Q96
W: KT973.J643.4.742
"""

# E10 (mid-hand QS discard): D2V where S wins trick 2 with E's QS in it, hearts unbroken.
D2V_QS_DISCARD = ("N 2C, E 7D, S 10C, W KC", "W 9C, N 3C, E QS, S JC")


# --- parsing helpers ------------------------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    """The cards of a space-separated list such as ``"10C 9C 5D"``, in the order given."""
    return tuple(parse_cards(text.split()))


def codes(text: str | Iterable[Card]) -> list[str]:
    """Canonical codes in canonical order, from text (``"10S 4S"``) or from cards."""
    found = cards(text) if isinstance(text, str) else tuple(text)
    return [str(card) for card in sort_cards(found)]


def rotate_deal(deal: Deal, steps: int) -> Deal:
    """The deal with every seat's cards moved ``steps`` seats clockwise."""
    a, b, c, d = (deal[seat.next(-steps)] for seat in Seat)
    return (a, b, c, d)


def rotate_script(script: Sequence[str], steps: int) -> tuple[str, ...]:
    """A play script with every seat letter moved ``steps`` seats clockwise."""
    letter = {seat: code for code, seat in SEAT_LETTERS.items()}
    rotated = []
    for trick in script:
        plays = [play.split() for play in trick.split(",")]
        rotated.append(", ".join(f"{letter[SEAT_LETTERS[s].next(steps)]} {c}" for s, c in plays))
    return tuple(rotated)


def moon_hand(shooter: Seat) -> tuple[Deal, tuple[str, ...]]:
    """D4 and D4-a turned so that ``shooter`` takes every trick (unturned, W does)."""
    steps = (shooter - W) % 4
    return rotate_deal(parse_deal(D4), steps), rotate_script(D4_A, steps)


# --- a fixed way to pass and play ----------------------------------------------------------


def first_legal(state: MatchState, seat: Seat) -> Card:
    """The lowest legal card in canonical order."""
    return legal_cards(state, seat)[0]


def first_cards(state: MatchState, seat: Seat) -> tuple[Card, ...]:
    """The seat's first ``pass_count`` cards in canonical order."""
    assert state.hand is not None
    return state.hand.holdings[seat][: state.rules.pass_count]


# --- a match driven through decide and evolve -----------------------------------------------


def next_deal(state: MatchState, fixed: Sequence[Deal], seed: int) -> DealHand:
    """The ``DealHand`` of the next hand of ``state`` as the service deals it: hand n is
    ``fixed[n - 1]`` while there is one, else the shuffle of ``seed``."""
    number = state.hands_played + 1
    return DealHand(holdings=fixed[number - 1]) if number <= len(fixed) else DealHand(seed)



class Table:
    """A match of four seated players, started and dealt, with its full event log.

    ``deals`` are fixture texts (``parse_deal``) or ``Deal`` tuples for the first hands (given
    to ``CreateMatch`` and dealt, as the service deals them, with ``DealHand(holdings=…)``);
    later hands are shuffled from ``DealHand(seed)``.
    """

    def __init__(self, *deals: str | Deal, rules: RuleSet = HOLD, deal_now: bool = True) -> None:
        self.state: MatchState = NEW_MATCH
        self.log: list[Event] = []
        self.fixed = tuple(parse_deal(d) if isinstance(d, str) else d for d in deals)
        self.do(CreateMatch(rules, self.fixed))
        for seat in Seat:
            self.do(TakeSeat(seat, player=f"player-{seat.label}"))
        if deal_now:
            self.deal()

    @property
    def now(self) -> MatchState:
        return self.state

    def do(self, command: Command) -> list[Event]:
        """Decide ``command``, apply its events, and return them."""
        events = decide(self.state, command)
        for event in events:
            self.state = evolve(self.state, event)
        self.log.extend(events)
        return events

    def refuse(self, command: Command) -> IllegalMove:
        """Assert ``command`` is refused and changes nothing; return the refusal."""
        before, snapshot = self.state, state_to_json(self.now)
        with pytest.raises(IllegalMove) as refusal:
            decide(self.state, command)
        assert self.state == before and state_to_json(self.now) == snapshot
        return refusal.value

    def set_totals(self, north: int, east: int, south: int, west: int) -> None:
        """Start the current hand from these match totals (the log no longer replays to it)."""
        self.state = dataclasses.replace(self.now, totals=(north, east, south, west))

    def deal(self, seed: int = 0) -> list[Event]:
        """Deal the next hand: the next of the table's deals, or else ``seed``'s shuffle."""
        return self.do(next_deal(self.now, self.fixed, seed))

    def play(self, *tricks: str) -> list[Event]:
        """Play a script such as ``"N 2C, E 8D, S 10S, W JC"`` (one string per trick)."""
        events: list[Event] = []
        for trick in tricks:
            for play in trick.split(","):
                letter, code = play.split()
                events += self.do(PlayCard(SEAT_LETTERS[letter], cards(code)[0]))
        return events

    def pass_cards(self, seat: Seat, text: str) -> list[Event]:
        return self.do(PassCards(seat, cards(text)))

    def legal(self, seat: Seat) -> list[str]:
        return codes(legal_cards(self.now, seat))

    def holding(self, seat: Seat) -> list[str]:
        assert self.now.hand is not None
        return codes(self.now.hand.holdings[seat])

    def play_out_hand(self) -> list[Event]:
        """Finish the current hand: ``first_cards`` passes, then ``first_legal`` plays."""
        events: list[Event] = []
        while self.now.phase is Phase.PASSING:
            seat = self.now.to_act[0]
            events += self.do(PassCards(seat, first_cards(self.now, seat)))
        while self.now.phase is Phase.PLAYING:
            seat = self.now.to_act[0]
            events += self.do(PlayCard(seat, first_legal(self.now, seat)))
        return events


def view_text(state: MatchState, seat: Seat | None) -> str:
    """``seat``'s view of ``state`` as the API serves it (``SeatViewSerializer.body``): the
    very JSON text a client gets."""
    body = SeatViewSerializer.body(seat_view(state, seat), Match(id=uuid.UUID(int=0)), 0, None)
    return json.dumps(body, cls=JSONEncoder)


def view_json(state: MatchState, seat: Seat | None) -> dict[str, Any]:
    """``view_text`` parsed: what the seat sees, checked in the JSON a client gets."""
    return json.loads(view_text(state, seat))


def event_json(event: Event, seat: Seat | None) -> dict[str, Any]:
    """``event`` as ``seat`` sees it in the API's JSON (``event_body``), less its ``seq``
    and ``at``: what the seat is shown of it."""
    body = event_body(LoggedEvent(1, event, datetime(2026, 1, 1, tzinfo=UTC)), seat)
    del body["seq"], body["at"]
    return json.loads(json.dumps(body, cls=JSONEncoder))
