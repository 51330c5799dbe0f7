"""A hand in play as mutable bit masks on the same kernel as ``step``: the path for searches
and benchmarks (tests/engine/test_playout_agreement.py checks both play alike)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .kernel import (
    breaks_hearts,
    first_leader,
    legal_play,
    moon_shooter,
    penalty_points_of,
    suit_mask_of,
    takes_lead,
)
from .variants import RuleSet


class PlayoutHand:
    """One hand from any point of play to its last trick; seats are ints, cards one-bit masks,
    lists by seat. ``play`` checks nothing: callers pick from ``legal()``."""

    __slots__ = ("holdings", "taken", "tricks_won", "to_play", "trick_number", "trick_cards",
                 "led_suit_mask", "winning_bit", "winner", "hearts_broken",
                 "queen_breaks_hearts", "first_trick_points", "jack_of_diamonds")

    def __init__(self, holdings: Sequence[int], rules: RuleSet, leader: int | None = None) -> None:
        """Start the hand's first trick with ``holdings`` (four masks, after any exchange):
        ``leader`` leads, by default the holder of 2C."""
        self.holdings = list(holdings)
        self.taken = [0, 0, 0, 0]
        self.tricks_won = [0, 0, 0, 0]
        if leader is None:
            leader = first_leader(self.holdings)
        self.to_play = leader
        self.trick_number = 1
        self.trick_cards = 0
        self.led_suit_mask = 0
        self.winning_bit = 0
        self.winner = self.to_play
        self.hearts_broken = False
        self.queen_breaks_hearts = rules.queen_breaks_hearts
        self.first_trick_points = rules.first_trick_points
        # For play-out policies; scoring is ``kernel.score_hand``'s.
        self.jack_of_diamonds = bool(rules.jack_of_diamonds)

    @classmethod
    def at(cls, holdings: Sequence[int], rules: RuleSet, *, trick_number: int, leader: int,
           trick_cards: Sequence[int], taken: Sequence[int], tricks_won: Sequence[int],
           hearts_broken: bool) -> PlayoutHand:
        """A hand in the middle of play: ``holdings`` without the open trick's cards,
        ``trick_cards`` (one-bit masks, in play order from ``leader``) on the table."""
        playout = cls(holdings, rules, leader)
        playout.taken = list(taken)
        playout.tricks_won = list(tricks_won)
        playout.trick_number = trick_number
        playout.hearts_broken = hearts_broken
        for bit in trick_cards:  # through the same path as any play
            playout.holdings[playout.to_play] |= bit
            playout.play(bit)
        return playout

    def copy(self) -> PlayoutHand:
        """An independent copy (for searching several continuations of one position)."""
        other = PlayoutHand.__new__(PlayoutHand)
        other.holdings = self.holdings[:]
        other.taken = self.taken[:]
        other.tricks_won = self.tricks_won[:]
        other.to_play = self.to_play
        other.trick_number = self.trick_number
        other.trick_cards = self.trick_cards
        other.led_suit_mask = self.led_suit_mask
        other.winning_bit = self.winning_bit
        other.winner = self.winner
        other.hearts_broken = self.hearts_broken
        other.queen_breaks_hearts = self.queen_breaks_hearts
        other.first_trick_points = self.first_trick_points
        other.jack_of_diamonds = self.jack_of_diamonds
        return other

    @property
    def is_over(self) -> bool:
        """All 13 tricks are taken."""
        return self.trick_number > 13

    def legal(self) -> int:
        """The cards the seat on turn may play, as a mask (``kernel.legal_play``)."""
        return legal_play(self.holdings[self.to_play], self.led_suit_mask, self.trick_number == 1,
                          self.hearts_broken, self.first_trick_points)[0]

    def play(self, bit: int) -> None:
        """The seat on turn plays the card ``bit``; a fourth card completes the trick and
        passes the lead to its winner (docs/rules.md, rule 7)."""
        seat = self.to_play
        self.holdings[seat] ^= bit
        if not self.hearts_broken and breaks_hearts(bit, self.queen_breaks_hearts):
            self.hearts_broken = True
        led = self.led_suit_mask
        if not led:
            self.led_suit_mask = suit_mask_of(bit)
            self.winning_bit = self.trick_cards = bit
            self.winner = seat
            self.to_play = (seat + 1) & 3
            return
        self.trick_cards |= bit
        if takes_lead(bit, self.winning_bit, led):
            self.winning_bit = bit
            self.winner = seat
        if self.trick_cards.bit_count() < 4:
            self.to_play = (seat + 1) & 3
            return
        winner = self.winner
        self.taken[winner] |= self.trick_cards
        self.tricks_won[winner] += 1
        self.trick_number += 1
        self.led_suit_mask = 0
        self.to_play = winner

    def play_out(self, choose: Callable[[PlayoutHand, int], int]) -> None:
        """Play to the end, each card chosen by ``choose(self, legal mask)``."""
        first_trick_points = self.first_trick_points
        while self.trick_number <= 13:
            self.play(choose(self, legal_play(
                self.holdings[self.to_play], self.led_suit_mask, self.trick_number == 1,
                self.hearts_broken, first_trick_points)[0]))

    def points_taken(self) -> list[int]:
        """Penalty points taken so far by seat, before any moon (docs/rules.md, "Scoring")."""
        return [penalty_points_of(taken) for taken in self.taken]

    def moon_shooter(self) -> int | None:
        """The seat that took all 13 hearts and QS, if one did (``kernel.moon_shooter``)."""
        return moon_shooter(self.taken)


def random_card(mask: int, random: Callable[[], float]) -> int:
    """A uniformly random card of a non-empty ``mask``; ``random`` returns floats in [0, 1)."""
    for _ in range(int(random() * mask.bit_count())):
        mask &= mask - 1
    return mask & -mask


def random_play(random: Callable[[], float]) -> Callable[[PlayoutHand, int], int]:
    """A ``choose`` for ``PlayoutHand.play_out`` that plays a uniformly random legal card."""
    return lambda _hand, legal: random_card(legal, random)

