"""Shared fixtures for the engine tests.

The fixture deals of scenarios.md (as text, the way the scenarios print them),
a few deals of our own built the same way, and ``Table``: a match driven only
through ``decide`` and ``evolve``, with the event log kept for ``replay``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

import pytest

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
    check_deal,
    decide,
    evolve,
    legal_cards,
    parse_cards,
    sort_cards,
    state_to_json,
)
from games.engine.state import Deal

N, E, S, W = Seat
SEAT_LETTERS = {"N": N, "E": E, "S": S, "W": W}

# Every hand is a hold hand: a fixture deal is then "the hands at the start of play".
HOLD = RuleSet(pass_rotation=(PassDirection.HOLD,))

ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"

# --- the fixture deals of scenarios.md ---------------------------------------------------

D1 = """
N: 2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D
E: 6D 7D 8D 2S 3S QS 2H 3H 4H 5H 6H 7H 8H
S: 4S 5S 6S 7S 8S 9S 10S 9H 10H JH QH KH AH
W: JC QC KC AC 9D 10D JD QD KD AD JS KS AS
"""
D1_A = ("N 2C, E 8D, S 10S, W JC", "W AC, N 3C, E QS, S AH")

D2 = """
N: 2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D
E: QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH
S: 10C JC AC 8D 9D 10D JD QD 2S 3S 4S 5S AH
W: 9C QC KC KD AD 6S 7S 8S 9S 10S JS KS AS
"""
D2_A = ("N 2C, E QS, S AC, W KC", "S 2S, W 6S, N 3C, E 2H")

# D2 with E's 2H and N's 7D swapped.
D2V = """
N: 2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 2H
E: QS 7D 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH
S: 10C JC AC 8D 9D 10D JD QD 2S 3S 4S 5S AH
W: 9C QC KC KD AD 6S 7S 8S 9S 10S JS KS AS
"""

D3 = """
N: 2C 5C 8C JC 2D 5D 8D JD 2S 5S 8S JS AS
E: 3C 6C 9C QC 3D 6D 9D QD AD 3S 6S 9S QS
S: 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH
W: 4C 7C 10C KC AC 4D 7D 10D KD 4S 7S 10S KS
"""

D4 = """
N: 2C 3C 4C 5C 2D 3D 4D 2S 3S 4S 2H 3H 4H
E: 6C 7C 8C 5D 6D 7D 8D 5S 6S 7S 5H 6H 7H
S: 9C 10C JC 9D 10D JD 8S 9S 10S JS 8H 9H 10H
W: QC KC AC QD KD AD QS KS AS JH QH KH AH
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
N: 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC
E: 2D 3D 4D 5D 6D 7D QS 2H 3H 4H 5H 6H 7H
S: 8D 9D 10D 2S 3S 4S 5S 6S 8H 9H 10H JH QH
W: JD QD KD AD 7S 8S 9S 10S JS KS AS KH AH
"""

# --- deals of our own ---------------------------------------------------------------------

# R07 (a): D1 rotated one seat clockwise.
D1_ROTATED = """
N: 6D 7D 8D 2S 3S QS 2H 3H 4H 5H 6H 7H 8H
E: 4S 5S 6S 7S 8S 9S 10S 9H 10H JH QH KH AH
S: JC QC KC AC 9D 10D JD QD KD AD JS KS AS
W: 2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D
"""

# R10: after R10_SCRIPT it is trick 5, hearts broken (S's 2H at T4), W has led 3H,
# N has played 6H and E holds 5C 6C 7C 8C 9C 8H 8S KS AS.
R10_DEAL = """
N: 2C 5D 6D 7D 8D 9D 10D JD 6H 7H 9H 10H JH
E: 5C 6C 7C 8C 9C 10C 2D 3D 4D 8S KS AS 8H
S: 3C 4C JC 2S 3S 4S 5S 6S 7S 9S 2H 4H 5H
W: QC KC AC QD KD AD 10S JS QS 3H QH KH AH
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
N: 2C 3C 4C 5C 2D 3D QD 2S 3S 4S 2H 3H 4H
E: 6C 7C 8C 5D 6D 7D 8D 5S 6S 7S 5H 6H 7H
S: 9C 10C JC 9D 10D JD 8S 9S 10S JS 8H 9H 10H
W: QC KC AC 4D KD AD QS KS AS JH QH KH AH
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
N: 2C 4C 10D KD 2S 5S 6S QS 3H 5H 8H 10H JH
E: 6C QC AC 7D 8D QD AD 7S 8S 10S KS KH AH
S: 5C 8C JC 2D 5D 9D 3S 9S JS AS 6H 9H QH
W: 3C 7C 9C 10C KC 3D 4D 6D JD 4S 2H 4H 7H
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


def parse_deal(text: str) -> Deal:
    """A deal printed as four ``X: cards`` lines, N, E, S, W in that order."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    assert [line.split(":")[0] for line in lines] == ["N", "E", "S", "W"], text
    return check_deal([cards(line.split(":", 1)[1]) for line in lines])


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


class Table:
    """A match of four seated players, started and dealt, with its full event log.

    ``deals`` are fixture texts (or ``Deal`` tuples) for the first hands; later
    hands are shuffled from ``DealHand(seed)``.
    """

    def __init__(self, *deals: str | Deal, rules: RuleSet = HOLD, deal_now: bool = True) -> None:
        self.state: MatchState = NEW_MATCH
        self.log: list[Event] = []
        fixed = tuple(parse_deal(d) if isinstance(d, str) else d for d in deals)
        self.do(CreateMatch(rules, fixed))
        for seat in Seat:
            self.do(TakeSeat(seat, player=f"player-{seat.label}"))
        if deal_now:
            self.deal()

    @property
    def now(self) -> MatchState:
        assert self.state is not None
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
        return self.do(DealHand(seed))

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
