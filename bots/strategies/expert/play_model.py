"""How likely a deal of the hidden cards makes the other seats' plays this hand: each play
as the hard bot would choose it, with noise (docs/adr/0118)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import NamedTuple

from games.engine import Card, IllegalMove, PassDirection, PlayCard, Seat, SeatView, seat_view, step
from games.engine.kernel import QUEEN_OF_SPADES_BIT, SUIT_MASKS, cards_of, legal_play
from games.engine.tables import bot_table

from .. import hard
from ..memory import Memory, TrickSoFar, is_jack_in
from .work import WORK_PER_MODELLED_PLAY, WORK_PER_REPLAYED_PLAY

NOISE = 0.2  # the share of a play the model leaves to any legal card
TEMPER = 0.25  # the power of a deal's likelihood: the search needs many deals of weight
RULED_OUT = 1e-40  # the likelihood of a deal in which a play seen was not legal, untempered
TEMPLATE_ATTEMPTS = 3  # deals tried for the replay before the plays are left unweighed


class _Decision(NamedTuple):
    """A play by another seat, with what that seat knew then but its cards."""

    seat: Seat
    card: Card
    later: int  # the cards the seat played from then on, this one included
    led: int  # the suit led, a mask (0: it led)
    first_trick: bool
    hearts_broken: bool
    memory: Memory  # its ``holding_mask`` the replayed deal's, replaced by each deal's
    trick: TrickSoFar
    shooter: Seat | None
    jack_in: bool


class PlayModel:
    """The plays of ``view``'s hand so far by the seats other than ``view.seat`` (``played_by``:
    the cards each seat has played), weighed with ``noise`` and ``temper``; ``work``: the
    units of work spent on them."""

    def __init__(self, view: SeatView, played_by: Sequence[int], *, noise: float = NOISE,
                 temper: float = TEMPER) -> None:
        assert view.trick is not None
        self.view = view
        self.noise = noise
        self.temper = temper
        self.played_by = played_by
        self.plays = [play for trick in (*view.tricks, view.trick) for play in trick.plays]
        others = any(seat != view.seat for seat, _ in self.plays)
        self.decisions: list[_Decision] | None = None if others else []
        self.attempts = 0
        self.seen: dict[tuple[int, int], bool] = {}
        self.work = 0

    def likelihood(self, world: Sequence[int]) -> float:
        """The model's probability of the plays by the other seats if ``world`` (holdings by
        seat, masks) is the deal (``RULED_OUT`` if a play would not have been legal), to the
        power ``temper``."""
        if self.decisions is None:
            self.decisions = self._replay(world)
            if self.decisions is None:
                if self.attempts >= TEMPLATE_ATTEMPTS:
                    self.decisions = []
                return float(RULED_OUT ** self.temper)
        rules = self.view.rules
        result = 1.0
        modelled = 0
        for index, decision in enumerate(self.decisions):
            holding = world[decision.seat] | decision.later
            legal = legal_play(holding, decision.led, decision.first_trick, decision.hearts_broken,
                               rules.first_trick_points)[0]
            if not legal >> decision.card.index & 1:
                result = RULED_OUT
                break
            count = legal.bit_count()
            if count == 1:
                continue
            # Following, the hard bot reads only its cards of the suit and whether it holds QS.
            following = legal & decision.led and not rules.jack_of_diamonds
            key = (index, holding & (decision.led | QUEEN_OF_SPADES_BIT) if following else holding)
            hit = self.seen.get(key)
            if hit is None:
                modelled += 1
                memory = dataclasses.replace(decision.memory, holding_mask=holding)
                hit = self.seen[key] = decision.card == hard.play(
                    cards_of(legal), memory, decision.trick, rules, decision.shooter,
                    decision.jack_in)
            result *= (1 - self.noise if hit else 0.0) + self.noise / count
        self.work += modelled * WORK_PER_MODELLED_PLAY + len(self.decisions)
        return float(result ** self.temper)

    def _replay(self, world: Sequence[int]) -> list[_Decision] | None:
        """The other seats' decisions, replayed on the deal ``world`` (what each knew then is
        the same in any deal the plays allow); None if they rule ``world`` out."""
        self.attempts += 1
        self.work += len(self.plays) * WORK_PER_REPLAYED_PLAY
        rules = dataclasses.replace(self.view.rules, pass_rotation=(PassDirection.HOLD,))
        start = tuple(tuple(cards_of(world[s] | self.played_by[s])) for s in range(4))
        state = bot_table(rules, start, ["hard"] * 4)[0]  # type: ignore[arg-type]
        later = list(self.played_by)
        decisions = []
        for seat, card in self.plays:
            if seat != self.view.seat:
                view = seat_view(state, seat)
                trick = view.trick
                assert trick is not None
                memory = Memory.from_view(view)
                decisions.append(_Decision(
                    seat, card, later[seat], SUIT_MASKS[trick.cards[0].suit] if trick.cards else 0,
                    trick.number == 1, view.hearts_broken, memory, TrickSoFar.from_view(view),
                    hard.moon_shooter(view, memory), is_jack_in(trick)))
            later[seat] &= ~(1 << card.index)
            try:
                state = step(state, PlayCard(seat, card))[1]
            except IllegalMove:
                return None
        return decisions
