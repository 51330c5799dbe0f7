"""What one seat knows of the hand in play, and how to deal the cards it cannot see."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from games.engine import PassDirection, SeatView
from games.engine.kernel import ALL_CARDS, HEARTS, SUIT_MASK_BY_ORDER, cards_as_bits, mask_of
from games.engine.playout import PlayoutHand

from ..memory import Memory, is_moon_run_taken
from ..policies import Policy, avoid_policy, shoot_policy
from .inference import Ratios, pass_ratios, weight
from .play_model import PlayModel
from .valuation import Valuation
from .work import WORK_PER_CARD_DEALT, WORK_PER_EXACT_DEAL, WORK_PER_TRY, WORK_PER_WEIGHT

SAMPLE_ATTEMPTS = 20  # random deals tried before the exact (slower) dealer


class Knowledge:
    """What one seat knows of the hand in play (``memory.Memory``'s masks, lists by seat),
    and how to deal the cards it cannot see (``hidden``). ``plans``: the play-outs' policies
    by seat, avoiding points, then (if this seat might make a moon) shooting; ``dealing_work``:
    the work ``sample`` and ``weight`` have spent. ``read_plays``: whether deals are weighed
    by the other seats' plays too (``PlayModel``)."""

    def __init__(self, view: SeatView, *, read_plays: bool = True) -> None:
        assert view.seat is not None and view.trick is not None
        memory = Memory.from_view(view)
        self.view = view
        self.seat: int = view.seat
        self.utility = Valuation(view).utility
        self.holding = memory.holding_mask
        self.played = memory.played_mask
        self.voids = list(memory.void_masks)
        self.counts = list(memory.counts)
        self.known = list(memory.known_masks)
        self.taken = list(memory.taken_masks)
        self.trick_cards = [1 << card.index for card in view.trick.cards]
        self.hidden = ALL_CARDS & ~self.holding & ~self.played & ~sum(self.known)
        self.dealing_work = 0
        self.played_by = memory.played_by
        self.ratios = _pass_ratios(view)
        self.plays = PlayModel(view, self.played_by) if read_plays else None
        # How many seats may hold each hidden card.
        self.freedom = {bit: sum(1 for s in range(4) if not self.voids[s] & bit)
                        for bit in cards_as_bits(self.hidden)}
        points = view.hand_points
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
        """Holdings by seat: this seat's, and the hidden cards dealt at random to the others,
        each its count and nothing of a suit it showed out of."""
        for _ in range(SAMPLE_ATTEMPTS):
            world = self._try_sample(rng)
            if world is not None:
                return world
        return self._exact_sample(rng)

    def weighted_deal(self, rng: Random) -> tuple[PlayoutHand, float]:
        """A deal of the hidden cards (``sample``) as the hand now (``position``), with its
        ``weight``."""
        world = self.sample(rng)
        return self.position(world), self.weight(world)

    def weight(self, world: list[int]) -> float:
        """How likely the deal ``world`` is, relative to others, given what was passed
        (``inference.weight``; 1.0 after a hand without a pass) and, with ``read_plays``,
        played (``PlayModel``), counted in ``dealing_work``."""
        result = 1.0
        if self.ratios is not None:
            self.dealing_work += WORK_PER_WEIGHT
            result = weight(self.ratios, world, self.played_by)
        if self.plays is not None:
            work = self.plays.work
            result *= self.plays.likelihood(world)
            self.dealing_work += self.plays.work - work
        return result

    def _needs(self) -> list[int]:
        need = [self.counts[s] - self.known[s].bit_count() for s in range(4)]
        need[self.seat] = 0
        return need

    def _try_sample(self, rng: Random) -> list[int] | None:
        """One random deal, or None at a dead end: the cards fewest seats can hold first, each
        to a seat in proportion to the cards it still needs."""
        world = self.known[:]
        world[self.seat] = self.holding
        need = self._needs()
        voids = self.voids
        cards = cards_as_bits(self.hidden)
        rng.shuffle(cards)
        cards.sort(key=self.freedom.__getitem__)
        for dealt, bit in enumerate(cards):
            weights = [need[s] if not voids[s] & bit else 0 for s in range(4)]
            total = sum(weights)
            if not total:
                self.dealing_work += WORK_PER_TRY + dealt * WORK_PER_CARD_DEALT
                return None
            pick = rng.random() * total
            seat = 0
            while pick >= weights[seat]:
                pick -= weights[seat]
                seat += 1
            world[seat] |= bit
            need[seat] -= 1
        self.dealing_work += WORK_PER_TRY + len(cards) * WORK_PER_CARD_DEALT
        return world

    def _exact_sample(self, rng: Random) -> list[int]:
        """A deal found by search over how many cards of each suit each seat gets."""
        need = self._needs()
        suits = [self.hidden & suit for suit in SUIT_MASK_BY_ORDER]
        split = _split_suits(suits, need, self.voids, rng)
        if split is None:
            raise AssertionError("the view admits no deal")  # it comes from a real one
        self.dealing_work += WORK_PER_EXACT_DEAL
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
        """This seat's utility of ``card`` played in ``position`` (left unchanged) and the hand
        played out with ``policies`` by seat."""
        return self.utility(played_out(position, card, policies))


def played_out(position: PlayoutHand, card: int, policies: Sequence[Policy]) -> PlayoutHand:
    """A copy of ``position`` with ``card`` played and the hand played out with ``policies``
    by seat."""
    hand = position.copy()
    hand.play(card)
    if all(policy is avoid_policy for policy in policies):
        hand.play_out(avoid_policy)
    else:
        hand.play_out(lambda playing, legal: policies[playing.to_play](playing, legal))
    return hand


def _pass_ratios(view: SeatView) -> Ratios | None:
    """The pass model's ratios for ``view``'s seat, or None where it was not fitted: no pass
    of three cards, or a scoring JD (which the hard bot keeps)."""
    direction = view.pass_direction
    if (direction in (None, PassDirection.HOLD) or view.rules.pass_count != 3
            or view.rules.jack_of_diamonds or not view.pass_given or not view.pass_received):
        return None
    assert view.seat is not None
    return pass_ratios(view.seat, direction, mask_of(view.pass_given), mask_of(view.pass_received))


def _is_moon_material(holding: int) -> bool:
    """Whether ``holding`` has AH and five hearts, or seven queens or better."""
    hearts = holding & HEARTS
    return ((bool(hearts & _ACE_OF_HEARTS) and hearts.bit_count() >= 5)
            or (holding & _QUEENS_KINGS_ACES).bit_count() >= 7)


_ACE_OF_HEARTS = 1 << 51
_QUEENS_KINGS_ACES = sum(0b111 << (13 * order + 10) for order in range(4))


def _split_suits(suits: Sequence[int], need: list[int], voids: Sequence[int],
                 rng: Random) -> list[list[int]] | None:
    """Cards of each of ``suits`` by seat, each seat ``need`` cards and none of a suit in its
    ``voids``; None if no way."""
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
