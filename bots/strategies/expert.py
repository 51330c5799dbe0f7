"""The ``expert`` bot: determinized Monte Carlo search over the cards it cannot see.

For each play it deals the hidden cards many times, each deal consistent with
everything its seat knows (its holding, every card played, the voids each seat
has shown, and where the cards it passed went), and plays every legal card
forward to the end of the hand in each of those deals with a fast card-playing
policy for all four seats. It plays the card with the best mean result for the
match: points relative to the other seats, and winning or losing the match when
the hand would end it. The play-outs let its own seat try for the moon when no
other seat has taken a point, and let an opponent on a moon run (``memory``) go
for it, so the search shoots a moon it can make and breaks one it can stop.

Deterministic for a seed: the number of deals searched follows from the time
budget at a fixed rate of cards played per millisecond (``PLAYS_PER_MS``, measured
on the reference machine with both its cores busy), never from the clock, so a
play takes about ``budget_ms`` there and longer on a slower machine. Passing is
the ``hard`` bot's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

from games.engine import Card, SeatView
from games.engine.kernel import (
    ALL_CARDS,
    HEARTS,
    PENALTY_CARDS,
    QUEEN_OF_SPADES_BIT,
    SPADES,
    SUIT_MASK_BY_ORDER,
    cards_as_bits,
    match_ends,
    score_hand,
)
from games.engine.playout import PlayoutHand

from . import hard
from .memory import MOON_RUN_TRICKS, Memory, candidates, is_moon_run_taken

DEFAULT_BUDGET_MS = 200.0
PLAYS_PER_MS = 800.0
MAX_DEALS = 1000  # beyond this, more deals no longer change the choice
SAMPLE_ATTEMPTS = 20  # random deals tried before the exact (slower) dealer
HIGH_SPADES = SPADES & ~((QUEEN_OF_SPADES_BIT << 1) - 1)  # KS, AS
Policy = Callable[[PlayoutHand, int], int]
MOON_MARGIN = 3.0  # mean utility by which a moon plan must beat avoiding points
MATCH_WEIGHT = 40.0  # utility of winning the match alone (a shared win counts half)


def choose_pass(view: SeatView, rng: Random) -> list[Card]:
    """The ``hard`` bot's pass."""
    return hard.choose_pass(view, rng)


def choose_play(view: SeatView, rng: Random, *, budget_ms: float = DEFAULT_BUDGET_MS) -> Card:
    """The legal card with the best mean result over deals of the hidden cards.

    ``budget_ms`` sets the search effort: about that many milliseconds per play on the
    reference machine (see the module docstring).
    """
    legal = candidates(view)
    if len(legal) == 1:
        return legal[0]
    knowledge = Knowledge(view)
    plans = knowledge.plans
    # Dealing the hidden cards and each play-out cost about the same per card left to play.
    cards_left = sum(knowledge.counts)
    plays_per_deal = (1 + len(legal) * len(plans)) * cards_left
    deals = max(1, min(MAX_DEALS, round(budget_ms * PLAYS_PER_MS / plays_per_deal)))
    totals = [[0.0] * len(legal) for _ in plans]
    for _ in range(deals):
        position = knowledge.position(knowledge.sample(rng))
        for plan, plan_totals in zip(plans, totals, strict=True):
            for i, card in enumerate(legal):
                plan_totals[i] += knowledge.evaluate(position, 1 << card.index, plan)
    avoiding = totals[0]
    best = max(range(len(legal)), key=lambda i: avoiding[i])
    if len(totals) > 1:
        # Go for the moon only when the search says it clearly pays: the better of two noisy
        # plans is an optimist's estimate.
        shooting = totals[1]
        moon = max(range(len(legal)), key=lambda i: shooting[i])
        if shooting[moon] > avoiding[best] + MOON_MARGIN * deals:
            best = moon
    return legal[best]


class Knowledge:
    """What one seat knows of the hand in play, and how to deal the cards it cannot see.

    Card sets are bit masks (``games.engine.kernel``); lists are indexed by seat.
    ``holding``, ``played``, ``voids``, ``counts``, ``known`` and ``taken`` are the
    seat's card counting (``memory.Memory``, as masks). ``hidden``: the cards whose
    holder is unknown, and ``freedom[bit]`` how many seats may hold each of them.
    ``plans``: the policies by seat for
    the play-outs, avoiding points first, then (when this seat might make a moon) the
    same with this seat shooting.
    """

    def __init__(self, view: SeatView) -> None:
        assert view.seat is not None and view.trick is not None
        memory = Memory.from_view(view)
        self.view = view
        self.seat: int = view.seat
        self.holding = memory.holding_mask
        self.played = memory.played_mask
        self.voids = list(memory.void_masks)
        self.counts = list(memory.counts)
        self.known = list(memory.known_masks)
        self.taken = list(memory.taken_masks)
        self.trick_cards = [1 << card.index for card in view.trick.cards]
        self.hidden = ALL_CARDS & ~self.holding & ~self.played & ~sum(self.known)
        # How many seats may hold each hidden card: fixed for the position, so counted once
        # here rather than in every deal (``_try_sample`` deals the fewest-seat cards first).
        self.freedom = {bit: sum(1 for s in range(4) if not self.voids[s] & bit)
                        for bit in cards_as_bits(self.hidden)}
        points = view.hand_points
        # An opponent on for a moon (``memory.is_moon_run``) plays for it in the play-outs;
        # this seat is searched twice, avoiding and shooting, when it might make one.
        opponents = [avoid_policy] * 4
        for other in range(4):
            if other != self.seat and is_moon_run_taken(self.taken, other, view.trick.number - 1):
                opponents[other] = shoot_policy
        self.plans = [opponents]
        if not any(points[s] for s in range(4) if s != self.seat) and (
                points[self.seat] or _is_moon_material(self.holding)):
            shooting = opponents[:]
            shooting[self.seat] = shoot_policy
            self.plans.append(shooting)

    def sample(self, rng: Random) -> list[int]:
        """Holdings for all four seats: this seat's own, and the hidden cards dealt at random
        to the others, each seat getting its count and nothing of a suit it showed out of."""
        for _ in range(SAMPLE_ATTEMPTS):
            world = self._try_sample(rng)
            if world is not None:
                return world
        return self._exact_sample(rng)

    def _needs(self) -> list[int]:
        need = [self.counts[s] - self.known[s].bit_count() for s in range(4)]
        need[self.seat] = 0
        return need

    def _try_sample(self, rng: Random) -> list[int] | None:
        """One random deal, or None at a dead end. Each card goes to a seat with the odds of
        the cards that seat still needs (exact when no voids are shown), the cards fewest
        seats can hold first."""
        world = self.known[:]
        world[self.seat] = self.holding
        need = self._needs()
        voids = self.voids
        cards = cards_as_bits(self.hidden)
        rng.shuffle(cards)
        cards.sort(key=self.freedom.__getitem__)
        for bit in cards:
            weights = [need[s] if not voids[s] & bit else 0 for s in range(4)]
            total = sum(weights)
            if not total:
                return None
            pick = rng.random() * total
            seat = 0
            while pick >= weights[seat]:
                pick -= weights[seat]
                seat += 1
            world[seat] |= bit
            need[seat] -= 1
        return world

    def _exact_sample(self, rng: Random) -> list[int]:
        """A deal found by search over how many cards of each suit each seat gets (voids
        can make random dealing fail; the view comes from a real deal, so one exists)."""
        need = self._needs()
        suits = [self.hidden & suit for suit in SUIT_MASK_BY_ORDER]
        split = _split_suits(suits, need, self.voids, rng)
        if split is None:
            raise AssertionError("the view admits no deal")  # it comes from a real one
        world = self.known[:]
        world[self.seat] = self.holding
        for cards, shares in zip(suits, split, strict=True):
            bits = cards_as_bits(cards)
            rng.shuffle(bits)
            for seat, share in enumerate(shares):
                for bit in bits[:share]:
                    world[seat] |= bit
                bits = bits[share:]
        return world

    def position(self, world: Sequence[int]) -> PlayoutHand:
        """The hand now, as it would stand if ``world`` were the holdings."""
        view = self.view
        trick = view.trick
        assert trick is not None
        return PlayoutHand.at(world, view.rules, trick_number=trick.number, leader=trick.leader,
                              trick_cards=self.trick_cards, taken=self.taken,
                              tricks_won=view.tricks_won, hearts_broken=view.hearts_broken)

    def evaluate(self, position: PlayoutHand, card: int, policies: Sequence[Policy]) -> float:
        """The utility for this seat of playing ``card`` in ``position`` (left unchanged),
        the hand then played out with ``policies[seat]`` choosing each seat's cards."""
        hand = position.copy()
        hand.play(card)
        hand.play_out(lambda playing, legal: policies[playing.to_play](playing, legal))
        return self.utility(hand)

    def utility(self, hand: PlayoutHand) -> float:
        """This seat's result of a finished hand: the others' mean points minus its own,
        plus ``MATCH_WEIGHT`` for winning the match (minus for losing) if the hand ends it."""
        view = self.view
        rules = view.rules
        points = score_hand(hand.taken, hand.tricks_won, view.scores, rules,
                            hand_number=view.hand_number, end_started_after=None).points
        me = self.seat
        value = sum(points) / 3 - points[me] * 4 / 3
        totals = [total + p for total, p in zip(view.scores, points, strict=True)]
        # Tiebreak hands are not told apart (the view does not say when the end began).
        if match_ends(totals, rules, hand_number=view.hand_number, end_started_after=None):
            lowest = min(totals)
            if totals[me] == lowest:
                value += MATCH_WEIGHT / totals.count(lowest)
            else:
                value -= MATCH_WEIGHT
        return value


def _is_moon_material(holding: int) -> bool:
    """A holding worth searching a moon for: the ace of hearts with at least five hearts,
    or at least seven high cards (queen or better)."""
    hearts = holding & HEARTS
    return ((bool(hearts & _ACE_OF_HEARTS) and hearts.bit_count() >= 5)
            or (holding & _QUEENS_KINGS_ACES).bit_count() >= 7)


_ACE_OF_HEARTS = 1 << 51
_QUEENS_KINGS_ACES = sum(0b111 << (13 * order + 10) for order in range(4))


def _split_suits(suits: Sequence[int], need: list[int], voids: Sequence[int],
                 rng: Random) -> list[list[int]] | None:
    """How many cards of each suit (``suits``: the hidden cards by suit) each seat gets so
    that every seat gets ``need`` cards and none of a suit in its ``voids``; None if no way."""
    if not suits:
        return [] if not any(need) else None
    count = suits[0].bit_count()
    seats = [s for s in range(4) if need[s] and not voids[s] & suits[0]]
    rng.shuffle(seats)
    for shares in _shares(count, seats, need):
        rest = [n - shares[s] for s, n in enumerate(need)]
        split = _split_suits(suits[1:], rest, voids, rng)
        if split is not None:
            return [shares, *split]
    return None


def _shares(count: int, seats: Sequence[int], need: Sequence[int]) -> list[list[int]]:
    """Every way to give ``count`` cards to ``seats``, each at most its ``need``."""
    if not seats:
        return [[0, 0, 0, 0]] if count == 0 else []
    first, others = seats[0], seats[1:]
    ways = []
    for given in range(min(count, need[first]), -1, -1):
        for rest in _shares(count - given, others, need):
            rest = rest[:]
            rest[first] = given
            ways.append(rest)
    return ways


def _highest(mask: int) -> int:
    return 1 << (mask.bit_length() - 1)


def _rank(bit: int) -> int:
    return (bit.bit_length() - 1) % 13


def _lowest_ranked(mask: int) -> int:
    """The card of lowest rank in ``mask`` (any suit)."""
    best, best_rank = 0, 13
    for suit in SUIT_MASK_BY_ORDER:
        cards = mask & suit
        if cards:
            low = cards & -cards
            if _rank(low) < best_rank:
                best, best_rank = low, _rank(low)
    return best


def _highest_ranked(mask: int) -> int:
    """The card of highest rank in ``mask`` (hearts first between equal ranks)."""
    best, best_rank = 0, -1
    for suit in SUIT_MASK_BY_ORDER:
        cards = mask & suit
        if cards:
            high = _highest(cards)
            if _rank(high) >= best_rank:
                best, best_rank = high, _rank(high)
    return best


def avoid_policy(hand: PlayoutHand, legal: int) -> int:
    """A fast point-avoiding play: duck under the winning card when able, win a trick only
    with the highest card if it must, dump QS, high spades and high hearts when void; and
    when another seat holds every point taken (four cards at least), stop its moon: beat it
    to a trick, and give it no points."""
    led = hand.led_suit_mask
    if not led:
        safe = legal & ~(HIGH_SPADES | QUEEN_OF_SPADES_BIT)
        return _lowest_ranked(safe or legal)
    runner = _moon_runner(hand)
    defending = runner >= 0 and runner != hand.to_play and hand.winner == runner
    following = legal & led
    if following:
        if defending:
            above = following & ~((hand.winning_bit << 1) - 1)
            if above:
                return above & -above
        below = following & (hand.winning_bit - 1)
        if below:
            return _highest(below)
        if hand.trick_cards.bit_count() == 3 or not hand.trick_cards & PENALTY_CARDS:
            # Winning anyway: with the highest card, but never with its own queen.
            return _highest(following & ~QUEEN_OF_SPADES_BIT or following)
        return following & -following
    if defending:
        return _highest_ranked(legal & ~PENALTY_CARDS or legal)
    if legal & QUEEN_OF_SPADES_BIT:
        return QUEEN_OF_SPADES_BIT
    high_spades = legal & HIGH_SPADES
    holdings = hand.holdings
    if high_spades and (holdings[0] | holdings[1] | holdings[2] | holdings[3]) & QUEEN_OF_SPADES_BIT:
        return _highest(high_spades)
    if legal & HEARTS:
        return _highest(legal & HEARTS)
    return _highest_ranked(legal)


def _moon_runner(hand: PlayoutHand) -> int:
    """The seat on a moon run (``memory.is_moon_run``), or -1."""
    if hand.trick_number <= MOON_RUN_TRICKS:  # the common case, cheaply
        return -1
    taken = hand.taken
    for seat in range(4):
        if taken[seat] & PENALTY_CARDS:
            return seat if is_moon_run_taken(taken, seat, hand.trick_number - 1) else -1
    return -1


def shoot_policy(hand: PlayoutHand, legal: int) -> int:
    """A fast moon-shooting play: lead and follow high to win every trick with points,
    and keep the points in hand when it cannot win."""
    led = hand.led_suit_mask
    if not led:
        return _highest_ranked(legal)
    following = legal & led
    if following:
        return _highest(following)
    return _lowest_ranked(legal & ~PENALTY_CARDS or legal)

