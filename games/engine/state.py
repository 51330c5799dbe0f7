"""Engine state (frozen: a match, its current hand, its tricks) and the snapshot's JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .cards import Card, Seat, format_cards, parse_cards
from .formats import Upcaster, upcast
from .kernel import EndedBy
from .rules import pass_source
from .variants import PassDirection, RuleSet

Holding = tuple[Card, ...]
Deal = tuple[Holding, Holding, Holding, Holding]


class Phase(Enum):
    """Where a match stands; ``new`` is before ``match_created``, ``dealing`` waits for ``DealHand``."""

    NEW = "new"
    WAITING = "waiting"
    DEALING = "dealing"
    PASSING = "passing"
    PLAYING = "playing"
    FINISHED = "finished"
    ABORTED = "aborted"

    @property
    def is_over(self) -> bool:
        """Finished or aborted: no command changes the match any more."""
        return self in (Phase.FINISHED, Phase.ABORTED)


@dataclass(frozen=True, slots=True)
class Occupant:
    """A player (username) or a bot (level) in a seat; ``left_by`` names the player who left it
    to the bot and may take it back, unless ``replaced``."""

    player: str | None = None
    bot_level: str | None = None
    left_by: str | None = None
    replaced: bool = False

    @property
    def is_bot(self) -> bool:
        """Whether a bot holds the seat (a player's seat has no ``bot_level``)."""
        return self.bot_level is not None


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: its number in the hand (1..13), leader, cards in play order, and once
    complete its winner and penalty points."""

    number: int
    leader: Seat
    cards: tuple[Card, ...] = ()
    winner: Seat | None = None
    points: int = 0

    @property
    def plays(self) -> list[tuple[Seat, Card]]:
        """``(seat, card)`` pairs in play order."""
        return [(self.leader.next(i), card) for i, card in enumerate(self.cards)]

    @property
    def to_play(self) -> Seat:
        """The seat whose card the trick waits for."""
        return self.leader.next(len(self.cards))


@dataclass(frozen=True, slots=True)
class HandState:
    """One hand in progress; ``holdings``, ``passes`` (None until given) and ``taken`` by seat."""

    number: int
    pass_direction: PassDirection
    holdings: Deal
    passes: tuple[Holding | None, Holding | None, Holding | None, Holding | None]
    is_exchanged: bool
    trick: Trick | None
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    taken: Deal

    def received(self, seat: Seat) -> Holding | None:
        """The cards ``seat`` received in the exchange, or None before it (or on a hold hand)."""
        if not self.is_exchanged:
            return None
        return self.passes[pass_source(seat, self.pass_direction)]

    def tricks_won(self) -> tuple[int, int, int, int]:
        """Tricks taken so far this hand, by seat."""
        counts = [0, 0, 0, 0]
        for trick in self.tricks:
            assert trick.winner is not None
            counts[trick.winner] += 1
        return (counts[0], counts[1], counts[2], counts[3])

    def points_taken(self) -> tuple[int, int, int, int]:
        """Penalty points taken so far this hand, by seat (public knowledge)."""
        points = [0, 0, 0, 0]
        for trick in self.tricks:
            assert trick.winner is not None
            points[trick.winner] += trick.points
        return (points[0], points[1], points[2], points[3])


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a match: ``standings`` ``(seat, total, place)`` lowest first, ``moons``
    ``(hand_number, seat)``, ``ended_by`` (None in a format 1 result)."""

    standings: tuple[tuple[Seat, int, int], ...]
    winners: tuple[Seat, ...]
    is_shared: bool
    hands_played: int
    moons: tuple[tuple[int, Seat], ...]
    ended_by: EndedBy | None


@dataclass(frozen=True, slots=True)
class MatchState:
    """A whole match but its explicit deals (``match_created`` keeps them); ``end_started_after``
    is the hand after which a total first reached the target."""

    rules: RuleSet
    seats: tuple[Occupant | None, Occupant | None, Occupant | None, Occupant | None]
    phase: Phase
    totals: tuple[int, int, int, int] = (0, 0, 0, 0)
    hands_played: int = 0
    hand: HandState | None = None
    end_started_after: int | None = None
    moons: tuple[tuple[int, Seat], ...] = ()
    result: MatchResult | None = None
    invited: tuple[str | None, str | None, str | None, str | None] = (None, None, None, None)

    @property
    def to_act(self) -> list[Seat]:
        """Seats that must act now: every seat yet to pass, or the seat on turn."""
        hand = self.hand
        if self.phase is Phase.PASSING and hand is not None:
            return [seat for seat in Seat if hand.passes[seat] is None]
        if self.phase is Phase.PLAYING and hand is not None and hand.trick is not None:
            return [hand.trick.to_play]
        return []

    @property
    def bots_to_act(self) -> list[tuple[Seat, str]]:
        """``(seat, bot level)`` of each seat in ``to_act`` a bot holds, in seat order."""
        return [(seat, occupant.bot_level) for seat in self.to_act
                if (occupant := self.seats[seat]) is not None and occupant.bot_level is not None]

    @property
    def players_to_act(self) -> list[Seat]:
        """The seats in ``to_act`` a player holds, in seat order."""
        return [seat for seat in self.to_act
                if (occupant := self.seats[seat]) is not None and not occupant.is_bot]

    @property
    def open_seats(self) -> list[Seat]:
        """The seats nobody holds nor is invited to, north to west: any player may take them."""
        return [seat for seat in Seat if self.seats[seat] is None and self.invited[seat] is None]

    def invited_seat(self, player: str) -> Seat | None:
        """The seat held for ``player`` (a username) by an invitation, if any."""
        return next((seat for seat in Seat if self.invited[seat] == player), None)

    def is_forfeited(self, seat: Seat) -> bool:
        """Whether ``seat`` is held by the bot its player left it to (and did not take back)."""
        occupant = self.seats[seat]
        return occupant is not None and occupant.is_bot and occupant.left_by is not None

    @property
    def has_players(self) -> bool:
        """Whether a player (not a bot) holds a seat."""
        return any(occupant is not None and not occupant.is_bot for occupant in self.seats)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended (finished or aborted): no command changes it any more."""
        return self.phase.is_over

    def seat_of(self, player: str) -> Seat | None:
        """The seat the player (username) holds now, or None."""
        return next((seat for seat in Seat if (occupant := self.seats[seat]) is not None
                     and occupant.player == player), None)


NEW_MATCH = MatchState(rules=RuleSet(), seats=(None, None, None, None), phase=Phase.NEW)
"""The state before ``match_created``: only ``CreateMatch`` applies."""



SNAPSHOT_VERSION = 2
"""The snapshot format written; one without ``v`` is version 1."""


def _snapshot_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 drops ``deals`` (the log keeps them) and adds the result's ``ended_by``."""
    kept = {key: value for key, value in data.items() if key != "deals"}
    return {**kept, "v": 2, "result": result_v1_to_v2(data["result"])}


def result_v1_to_v2(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A format 1 result in format 2: ``ended_by`` null, unknown (``match_ended`` lacks the rules
    that could tell, and its log and snapshot must read alike)."""
    return None if result is None else {**result, "ended_by": None}


SNAPSHOT_UPCASTERS: Mapping[int, Upcaster] = {1: _snapshot_v1_to_v2}
"""``n -> upcaster`` from snapshot format ``n`` to ``n + 1``."""


def _cards(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else format_cards(cards)


def _holding(codes: list[str] | None) -> Holding | None:
    return None if codes is None else tuple(parse_cards(codes))


def _deal(codes: list[list[str]]) -> Deal:
    a, b, c, d = (tuple(parse_cards(cards)) for cards in codes)
    return (a, b, c, d)


def _trick_to_json(trick: Trick) -> dict[str, Any]:
    return {"number": trick.number, "leader": trick.leader.label, "cards": format_cards(trick.cards),
            "winner": trick.winner.label if trick.winner is not None else None,
            "points": trick.points}


def _trick_from_json(data: dict[str, Any]) -> Trick:
    return Trick(data["number"], Seat.from_label(data["leader"]), tuple(parse_cards(data["cards"])),
                 Seat.from_label(data["winner"]) if data["winner"] else None, data["points"])


def _occupant_to_json(occupant: Occupant) -> dict[str, Any]:
    # ``left_by`` and ``replaced`` only when set, so older snapshots read the same.
    data: dict[str, Any] = {"player": occupant.player, "bot_level": occupant.bot_level}
    if occupant.left_by is not None:
        data["left_by"] = occupant.left_by
    if occupant.replaced:
        data["replaced"] = True
    return data


def result_to_json(result: MatchResult) -> dict[str, Any]:
    """The result's stored form (snapshot and ``match_ended``)."""
    return {
        "standings": [{"seat": seat.label, "score": score, "place": place}
                      for seat, score, place in result.standings],
        "winners": [seat.label for seat in result.winners],
        "shared": result.is_shared,
        "hands_played": result.hands_played,
        "moons": [{"hand": hand, "seat": seat.label} for hand, seat in result.moons],
        "ended_by": None if result.ended_by is None else result.ended_by.value,
    }


def result_from_json(data: dict[str, Any]) -> MatchResult:
    """Inverse of ``result_to_json``."""
    return MatchResult(
        tuple((Seat.from_label(s["seat"]), s["score"], s["place"]) for s in data["standings"]),
        tuple(Seat.from_label(seat) for seat in data["winners"]),
        data["shared"],
        data["hands_played"],
        tuple((m["hand"], Seat.from_label(m["seat"])) for m in data["moons"]),
        None if data["ended_by"] is None else EndedBy(data["ended_by"]),
    )


def state_to_json(state: MatchState) -> dict[str, Any]:
    """The whole state as JSON (the Match snapshot); ``state_from_json`` inverts it."""
    hand = state.hand
    return {
        "v": SNAPSHOT_VERSION,
        "rules": state.rules.to_json(),
        "seats": [None if o is None else _occupant_to_json(o) for o in state.seats],
        "phase": state.phase.value,
        "totals": list(state.totals),
        "hands_played": state.hands_played,
        "end_started_after": state.end_started_after,
        "moons": [[number, seat.label] for number, seat in state.moons],
        "result": result_to_json(state.result) if state.result else None,
        # only when a seat is held for someone, so older snapshots read the same
        **({"invited": list(state.invited)} if any(state.invited) else {}),
        "hand": None if hand is None else {
            "number": hand.number,
            "pass_direction": hand.pass_direction.value,
            "holdings": [format_cards(h) for h in hand.holdings],
            "passes": [_cards(p) for p in hand.passes],
            "is_exchanged": hand.is_exchanged,
            "trick": _trick_to_json(hand.trick) if hand.trick else None,
            "tricks": [_trick_to_json(t) for t in hand.tricks],
            "hearts_broken": hand.hearts_broken,
            "taken": [format_cards(t) for t in hand.taken],
        },
    }


def state_from_json(data: dict[str, Any]) -> MatchState:
    """The ``MatchState`` of a snapshot of any format version; ``ValueError`` for an unknown one."""
    data = upcast({"v": 1, **data}, SNAPSHOT_VERSION, SNAPSHOT_UPCASTERS, "snapshot")
    h = data["hand"]
    hand = None if h is None else HandState(
        number=h["number"],
        pass_direction=PassDirection(h["pass_direction"]),
        holdings=_deal(h["holdings"]),
        passes=tuple(_holding(p) for p in h["passes"]),  # type: ignore[arg-type]
        is_exchanged=h["is_exchanged"],
        trick=_trick_from_json(h["trick"]) if h["trick"] else None,
        tricks=tuple(_trick_from_json(t) for t in h["tricks"]),
        hearts_broken=h["hearts_broken"],
        taken=_deal(h["taken"]),
    )
    return MatchState(
        rules=RuleSet.from_json(data["rules"]),
        seats=tuple(None if o is None else Occupant(o["player"], o["bot_level"], o.get("left_by"),  # type: ignore[arg-type]
                                                    o.get("replaced", False))
                    for o in data["seats"]),
        phase=Phase(data["phase"]),
        totals=tuple(data["totals"]),
        hands_played=data["hands_played"],
        hand=hand,
        end_started_after=data["end_started_after"],
        moons=tuple((number, Seat.from_label(seat)) for number, seat in data["moons"]),
        result=result_from_json(data["result"]) if data["result"] else None,
        invited=tuple(data.get("invited", (None, None, None, None))),
    )
