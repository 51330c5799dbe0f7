"""Positions for the bot tests: one seat's view after a scripted start of a hand.

A test states only what matters: the cards one seat holds now, cards other
seats are known to hold, the tricks played so far, and on a passing hand what
the seat passed. ``position`` deals the rest of the pack to the other seats
consistently with the voids the script shows, then drives the engine through
``Table`` (passes and plays), so the engine itself checks that every play of
the script is legal. A bot sees only its seat's view, never the filler.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.engine import DECK, Card, PassCards, PassDirection, RuleSet, Seat, SeatView, Suit, seat_view
from games.engine.rules import pass_target

from ..engine.helpers import HOLD, SEAT_LETTERS, Table, cards

LEFT = RuleSet(pass_rotation=(PassDirection.LEFT,))
RIGHT = RuleSet(pass_rotation=(PassDirection.RIGHT,))


def _plays(script: Sequence[str]) -> list[list[tuple[Seat, Card]]]:
    return [[(SEAT_LETTERS[p.split()[0]], cards(p.split()[1])[0]) for p in trick.split(",")]
            for trick in script]


def deal_for(
    seat: Seat,
    holding: str,
    script: Sequence[str] = (),
    known: Mapping[Seat, str] | None = None,
) -> dict[Seat, list[Card]]:
    """Each seat's 13 cards at the start of play: ``seat`` holds ``holding`` plus what it
    plays in ``script``; another seat holds its ``known`` cards, what it plays, and
    filler from the rest of the pack in no suit it shows void in."""
    plays = _plays(script)
    hands: dict[Seat, list[Card]] = {s: [] for s in Seat}
    voids: dict[Seat, set[Suit]] = {s: set() for s in Seat}
    hands[seat].extend(cards(holding))
    for s, text in (known or {}).items():
        hands[s].extend(cards(text))
    for trick in plays:
        led = trick[0][1].suit
        for s, card in trick:
            hands[s].append(card)
            if card.suit is not led:
                voids[s].add(led)
    assert len(hands[seat]) == 13, f"{seat.label} holds {len(hands[seat])} cards, not 13"
    used = [card for hand in hands.values() for card in hand]
    assert len(used) == len(set(used)), "a card is given twice"
    rest = [card for card in DECK if card not in used]
    others = [s for s in Seat if s != seat]

    def eligible(card: Card) -> list[Seat]:
        return [s for s in others if card.suit not in voids[s] and len(hands[s]) < 13]

    # Suits few seats may hold go first, each card to the seat with the most room.
    for card in sorted(rest, key=lambda c: (len(eligible(c)), c.index)):
        choice = eligible(card)
        assert choice, f"no seat can hold {card}: adjust the position"
        hands[max(choice, key=lambda s: 13 - len(hands[s]))].append(card)
    return hands


def position(
    seat: Seat,
    holding: str,
    script: Sequence[str] = (),
    *,
    known: Mapping[Seat, str] | None = None,
    rules: RuleSet = HOLD,
    passed: str | None = None,
) -> SeatView:
    """The view of ``seat`` after ``script`` (tricks as ``Table.play`` takes them).

    ``holding`` is the seat's cards at that moment. On a passing hand
    (``rules`` with one direction, e.g. ``LEFT``), ``passed`` is what the seat
    passed: those cards sit with the receiver from the start of play. The
    other seats pass cards of the filler. Asserts it is the seat's turn.
    """
    known = dict(known or {})
    direction = rules.pass_rotation[0]
    if direction is not PassDirection.HOLD:
        assert passed is not None, "a passing hand needs the seat's pass"
        receiver = pass_target(seat, direction)
        known[receiver] = f"{known.get(receiver, '')} {passed}"
    hands = deal_for(seat, holding, script, known)
    if direction is PassDirection.HOLD:
        table = Table(tuple(tuple(hands[s]) for s in Seat), rules=rules)  # type: ignore[arg-type]
    else:
        count = rules.pass_count
        given: dict[Seat, tuple[Card, ...]] = {}
        pinned = {card for text in known.values() for card in cards(text)}
        script_cards = {card for trick in _plays(script) for _, card in trick}
        for s in Seat:
            target = pass_target(s, direction)
            if s == seat:
                given[s] = cards(passed or "")
            else:  # filler the receiver holds and the script does not name
                free = [c for c in hands[target] if c not in pinned and c not in script_cards]
                given[s] = tuple(free[:count])
        before: dict[Seat, list[Card]] = {}
        for s in Seat:
            source = next(p for p in Seat if pass_target(p, direction) == s)
            before[s] = [c for c in hands[s] if c not in given[source]] + list(given[s])
        table = Table(tuple(tuple(before[s]) for s in Seat), rules=rules)  # type: ignore[arg-type]
        for s in Seat:
            table.do(PassCards(s, given[s]))
    table.play(*script)
    view = seat_view(table.now, seat)
    assert view.is_your_turn, f"it is not {seat.label}'s turn"
    return view


def passing_view(seat: Seat, holding: str, rules: RuleSet = LEFT) -> SeatView:
    """The view of ``seat`` holding ``holding`` (13 cards) as the first hand's passing opens."""
    hands = deal_for(seat, holding)
    table = Table(tuple(tuple(hands[s]) for s in Seat), rules=rules)  # type: ignore[arg-type]
    view = seat_view(table.now, seat)
    assert view.is_your_turn and view.pass_direction is rules.pass_rotation[0]
    return view
