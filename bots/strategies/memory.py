"""Card counting for the bots, derived from one seat's ``SeatView`` alone.

``Memory`` holds what the seat knows of the cards this hand (docs/rules.md, "Public during
a hand"); ``TrickSoFar`` reads the trick in progress; the predicates below combine them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from games.engine import Card, PassDirection, Rank, RuleSet, Seat, SeatView, Suit, kernel
from games.engine.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES
from games.engine.kernel import (
    ALL_CARDS,
    HEARTS,
    PENALTY_CARDS,
    SUIT_MASKS,
    cards_of,
    mask_of,
    penalty_points_of,
    suit_mask_of,
)
from games.engine.rules import legal_plays, pass_target, penalty_points, trick_winner
from games.engine.state import Trick

ACE_OF_SPADES = Card(Rank.ACE, Suit.SPADES)
KING_OF_SPADES = Card(Rank.KING, Suit.SPADES)
HIGH_SPADES: tuple[Card, ...] = (ACE_OF_SPADES, KING_OF_SPADES)


MOON_RUN_POINTS = 10  # the fewest points taken, with a heart, of a seat on a moon run
MOON_RUN_TRICKS = 6  # complete tricks before a moon run is looked for


def is_penalty_card(card: Card) -> bool:
    """A card that scores on its own: a heart (1 point) or QS (13) (docs/rules.md, "Scoring")."""
    return bool(1 << card.index & PENALTY_CARDS)


def is_moon_run(points: Sequence[int], has_heart: Sequence[bool], seat: int,
                tricks_done: int) -> bool:
    """Whether ``seat`` looks to be shooting the moon: after ``MOON_RUN_TRICKS`` complete
    tricks, it alone has taken penalty points (``points`` by seat), at least
    ``MOON_RUN_POINTS`` of them, and a heart among them (``has_heart`` by seat)."""
    return (tricks_done >= MOON_RUN_TRICKS and points[seat] >= MOON_RUN_POINTS
            and has_heart[seat] and not any(points[other] for other in range(4) if other != seat))


def is_moon_run_taken(taken: Sequence[int], seat: int, tricks_done: int) -> bool:
    """``is_moon_run`` read off the card sets each seat has ``taken`` in complete tricks."""
    return is_moon_run([penalty_points_of(cards) for cards in taken],
                       [bool(cards & HEARTS) for cards in taken], seat, tricks_done)


def candidates(view: SeatView) -> list[Card]:
    """The cards the seat may play now, in canonical order: the view's ``legal_cards``, or
    for a view built without them the engine's ``legal_plays``."""
    if view.legal_cards:
        return list(view.legal_cards)
    trick = view.trick
    led = trick.cards[0].suit if trick is not None and trick.cards else None
    return legal_plays(view.hand, led, is_first_trick=trick is None or trick.number == 1,
                       hearts_broken=view.hearts_broken, rules=view.rules)


def height(card: Card) -> tuple[int, int]:
    """Sort key: rank first; between equal ranks hearts, then spades, diamonds, clubs."""
    return (card.rank, card.index // 13)


@dataclass(frozen=True)
class Memory:
    """What one seat knows of the cards this hand, as card masks by seat: its holding, every
    card played (the open trick's too) and by whom, the suits each seat has shown void in,
    the cards each holds, those it passed to ``passed_to`` not yet played (``known_masks``),
    and those each took. The properties give the same facts as cards."""

    seat: Seat
    holding_mask: int
    played_mask: int
    played_by: tuple[int, int, int, int]
    void_masks: tuple[int, int, int, int]
    counts: tuple[int, int, int, int]
    known_masks: tuple[int, int, int, int]
    taken_masks: tuple[int, int, int, int]
    passed_to: Seat | None

    @classmethod
    def from_view(cls, view: SeatView) -> Memory:
        """Count the cards of ``view``; a seat that did not follow a suit is void in it
        (docs/rules.md, "Following"). Raises ``ValueError`` for a spectator's view."""
        if view.seat is None:
            raise ValueError("a spectator's view has no cards to count")
        played = 0
        played_by = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]
        counts = [13, 13, 13, 13]
        taken = [0, 0, 0, 0]
        tricks: tuple[Trick, ...] = view.tricks if view.trick is None else (*view.tricks, view.trick)
        for trick in tricks:
            led = suit_mask_of(1 << trick.cards[0].index) if trick.cards else 0
            for seat, card in trick.plays:
                bit = 1 << card.index
                played |= bit
                played_by[seat] |= bit
                counts[seat] -= 1
                if not bit & led:
                    voids[seat] |= led
            if trick.winner is not None:
                taken[trick.winner] |= mask_of(trick.cards)
        known = [0, 0, 0, 0]
        passed_to: Seat | None = None
        direction = view.pass_direction
        if view.pass_given and direction is not None and direction is not PassDirection.HOLD:
            passed_to = pass_target(view.seat, direction)
            known[passed_to] = mask_of(view.pass_given) & ~played
        return cls(view.seat, mask_of(view.hand), played, _four(played_by), _four(voids),
                   _four(counts), _four(known), _four(taken), passed_to)

    @cached_property
    def holding(self) -> frozenset[Card]:
        """This seat's own cards."""
        return frozenset(cards_of(self.holding_mask))

    @cached_property
    def played(self) -> frozenset[Card]:
        """Every card played this hand, the trick in progress included."""
        return frozenset(cards_of(self.played_mask))

    @cached_property
    def out(self) -> frozenset[Card]:
        """The cards in the other three seats' hands (neither held nor played)."""
        return frozenset(cards_of(ALL_CARDS & ~self.holding_mask & ~self.played_mask))

    @cached_property
    def voids(self) -> tuple[frozenset[Suit], frozenset[Suit], frozenset[Suit], frozenset[Suit]]:
        """The suits each seat has shown it lacks."""
        a, b, c, d = (frozenset(suit for suit, mask in SUIT_MASKS.items() if mask & voids)
                      for voids in self.void_masks)
        return (a, b, c, d)

    @cached_property
    def passed(self) -> frozenset[Card]:
        """The cards this seat passed that are not played yet (with ``passed_to``)."""
        return frozenset(cards_of(sum(self.known_masks)))

    def cards_out(self, suit: Suit) -> list[Card]:
        """The cards of ``suit`` still out (in the other seats' hands), highest first."""
        return sorted((card for card in self.out if card.suit is suit), key=height, reverse=True)

    def highest_out(self, suit: Suit) -> Card | None:
        """The highest card of ``suit`` still out, or None when the others hold none of it."""
        out = [card for card in self.out if card.suit is suit]
        return max(out, key=height) if out else None

    def is_boss(self, card: Card) -> bool:
        """Whether no card still out beats ``card`` in its suit (it wins any trick it leads)."""
        top = self.highest_out(card.suit)
        return top is None or top.rank < card.rank

    def has_higher_out(self, card: Card) -> bool:
        """Whether some card still out outranks ``card`` in its suit."""
        return not self.is_boss(card)

    def is_void(self, seat: Seat, suit: Suit) -> bool:
        """Whether ``seat`` has shown it holds no ``suit`` (never true for cards it is known to hold)."""
        return suit in self.voids[seat]

    def known_holder(self, card: Card) -> Seat | None:
        """The seat known to hold ``card``: this seat's own cards, and those it passed and
        that are not played yet (the receiver keeps them: there is one pass per hand)."""
        if card in self.holding:
            return self.seat
        if card in self.passed:
            return self.passed_to
        return None

    def possible_holders(self, card: Card) -> frozenset[Seat]:
        """The seats that may hold ``card``: none once played; its known holder; otherwise
        every other seat not void in its suit."""
        if card in self.played:
            return frozenset()
        known = self.known_holder(card)
        if known is not None:
            return frozenset((known,))
        return frozenset(s for s in Seat if s != self.seat and not self.is_void(s, card.suit))

    def queen_holders(self) -> frozenset[Seat]:
        """The seats that may still hold QS (empty once it has been played)."""
        return self.possible_holders(QUEEN_OF_SPADES)

    def is_queen_out_elsewhere(self) -> bool:
        """Whether QS is unplayed and in another seat's hand."""
        return QUEEN_OF_SPADES in self.out

    def holds(self, card: Card) -> bool:
        """Whether this seat holds ``card``."""
        return card in self.holding


@dataclass(frozen=True, slots=True)
class TrickSoFar:
    """The trick in progress as the seat to play sees it (``led_suit``, ``winner`` and
    ``winning_card`` None when it leads); ``may_take_points``: whether penalty cards may be
    played to it (docs/rules.md, rule 5)."""

    led_suit: Suit | None
    winner: Seat | None
    winning_card: Card | None
    points: int
    played_by: tuple[Seat, ...]
    later: tuple[Seat, ...]
    may_take_points: bool

    @classmethod
    def from_view(cls, view: SeatView) -> TrickSoFar:
        """Read ``view.trick`` (no trick at all reads as an empty first trick)."""
        trick = view.trick
        is_first = trick is None or trick.number == 1
        may_take_points = not is_first or view.rules.first_trick_points
        if trick is None or not trick.cards:
            seat = view.seat if view.seat is not None else Seat.NORTH
            return cls(None, None, None, 0, (), tuple(seat.next(i) for i in range(1, 4)),
                       may_take_points)
        cards = trick.cards
        winner = trick_winner(trick.leader, cards)
        played_by = tuple(trick.leader.next(i) for i in range(len(cards)))
        later = tuple(trick.leader.next(i) for i in range(len(cards) + 1, 4))
        return cls(cards[0].suit, winner, cards[played_by.index(winner)], penalty_points(cards),
                   played_by, later, may_take_points)

    @property
    def is_leading(self) -> bool:
        """Whether the seat to play leads the trick."""
        return self.led_suit is None

    @property
    def is_last(self) -> bool:
        """Whether the seat to play is the fourth and last to play to the trick."""
        return not self.is_leading and not self.later


def can_win(trick: TrickSoFar, card: Card) -> bool:
    """Whether ``card`` would be winning the trick once played (docs/rules.md, rule 7: the
    highest card of the suit led wins; a card of another suit never does)."""
    if trick.winning_card is None or trick.led_suit is None:
        return True
    return kernel.takes_lead(1 << card.index, 1 << trick.winning_card.index,
                             SUIT_MASKS[trick.led_suit])


def can_be_overtaken(memory: Memory, trick: TrickSoFar, card: Card) -> bool:
    """Whether a seat still to play may hold a higher card of ``card``'s suit."""
    later = set(trick.later)
    return any(
        other.rank > card.rank and not later.isdisjoint(memory.possible_holders(other))
        for other in memory.out if other.suit is card.suit
    )


def is_sure_winner(memory: Memory, trick: TrickSoFar, card: Card) -> bool:
    """Whether ``card`` wins the trick whatever the seats still to play hold."""
    return can_win(trick, card) and not can_be_overtaken(memory, trick, card)


def may_collect_points(memory: Memory, trick: TrickSoFar) -> bool:
    """Whether the trick holds points or may collect some: hearts led, a later seat void in
    the suit led, or a spade lead with QS possibly later (none where not ``may_take_points``)."""
    if trick.points or trick.led_suit is Suit.HEARTS:
        return True
    if not trick.may_take_points:
        return False
    if trick.led_suit is not None and any(memory.is_void(s, trick.led_suit) for s in trick.later):
        return True
    if trick.led_suit is Suit.SPADES and not memory.holds(QUEEN_OF_SPADES):
        return not set(trick.later).isdisjoint(memory.queen_holders())
    return False


def is_jack_prize(rules: RuleSet) -> bool:
    """Whether the ``jack_of_diamonds`` variant scores JD for its taker (docs/rules.md)."""
    return rules.jack_of_diamonds < 0


def points_to_come(memory: Memory, trick: TrickSoFar) -> int:
    """The most points later seats may add by what is shown: 13 from one that may hold QS
    and is void or under a spade lead, 1 from any other shown void (hearts out)."""
    if not trick.may_take_points or trick.led_suit is None:
        return 0
    queen_holders = memory.queen_holders()
    hearts_out = any(card.is_heart for card in memory.out)
    total = 0
    for seat in trick.later:
        void = memory.is_void(seat, trick.led_suit)
        if seat in queen_holders and (void or trick.led_suit is Suit.SPADES):
            total += 13
        elif void and hearts_out:
            total += 1
    return total


def is_jack_in(trick: Trick | None) -> bool:
    """Whether JD has been played to ``trick`` (None: no trick in progress)."""
    return trick is not None and JACK_OF_DIAMONDS in trick.cards


def highest(cards: Iterable[Card]) -> Card:
    """The highest of ``cards`` by ``height``. Raises ``ValueError`` when empty."""
    return max(cards, key=height)


def lowest(cards: Iterable[Card]) -> Card:
    """The lowest of ``cards`` by ``height``. Raises ``ValueError`` when empty."""
    return min(cards, key=height)


def below(cards: Iterable[Card], card: Card) -> list[Card]:
    """The cards of ``card``'s suit ranked under it."""
    return [c for c in cards if c.suit is card.suit and c.rank < card.rank]


def without_queen(cards: Sequence[Card]) -> list[Card]:
    """``cards`` less QS, unless QS is all there is."""
    rest = [card for card in cards if card is not QUEEN_OF_SPADES]
    return rest or list(cards)


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])
