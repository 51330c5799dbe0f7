"""What each option of a seat's decision is worth, from that seat's information only: the
mean points of the hand it would take and the chance another seat shoots the moon, over
deals of the cards it cannot see played out by the expert's policies (after a play, the
seat's own by its better plan, avoiding points or, when it may, shooting the moon, the
deals weighted by what the pass says, ``Knowledge.weight``; after a pass, avoiding
points) (ADR 0101)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from games.engine import Card, Phase, SeatView
from games.engine.kernel import ALL_CARDS, cards_as_bits, cards_of, mask_of, score_hand
from games.engine.playout import PlayoutHand

from .strategies.endgame import distinct
from .strategies.expert import Knowledge
from .strategies.expert.knowledge import played_out
from .strategies.expert.passing import pass_deal_work, pass_options, passed_hands
from .strategies.expert.work import (
    WORK_PER_CARD_PLAYED,
    WORK_PER_DEAL,
    WORK_PER_PLAY_OUT,
)
from .strategies.memory import candidates


@dataclass(frozen=True, slots=True)
class Option:
    """One choice (the card played, or the cards passed) and what it is worth to the seat."""

    cards: tuple[Card, ...]
    expected_points: float
    moon_against: float


@dataclass(frozen=True, slots=True)
class Appraisal:
    """Every option of a play (each legal card) or the options of a pass weighed, in the
    order of ``options``; ``best``: the fewest expected points (the earliest among equals)."""

    options: tuple[Option, ...]
    best: Option
    deals: int
    work: int

    def option(self, cards: Sequence[Card]) -> Option | None:
        """The option of exactly ``cards`` (in any order), if weighed."""
        wanted = set(cards)
        return next((option for option in self.options if set(option.cards) == wanted), None)


def appraise(view: SeatView, rng: Random, work: int, *,
             also: Sequence[Sequence[Card]] = ()) -> Appraisal:
    """The options of the decision ``view``'s seat must make, weighed over deals with ``work``
    units (at least one deal): when playing, each legal card; when passing, every choice among
    the hard bot's pass and ``PASS_EXTRA`` more cards, and the passes ``also``.
    Raises ``ValueError`` when the seat has nothing to do."""
    if view.seat is None or not view.is_your_turn:
        raise ValueError("this seat has nothing to do")
    if view.status is Phase.PASSING:
        return _appraise_pass(view, rng, work, also)
    return _appraise_play(view, rng, work)


class _Tally:
    """Each option's points and moons against, summed over deals by their weights."""

    def __init__(self, size: int, seat: int, view: SeatView) -> None:
        self.points = [0.0] * size
        self.moons = [0.0] * size
        self.seat = seat
        self.view = view

    def add(self, index: int, hand: PlayoutHand, weight: float = 1.0) -> None:
        view = self.view
        score = score_hand(hand.taken, hand.tricks_won, view.scores, view.rules,
                           hand_number=view.hand_number, end_started_after=view.end_started_after)
        self.points[index] += weight * score.points[self.seat]
        shooter = score.moon_shooter
        self.moons[index] += weight * (shooter is not None and shooter != self.seat)

    def options(self, choices: list[tuple[Card, ...]], weights: float) -> list[Option]:
        return [Option(cards, round(points / weights, 2), round(moons / weights, 3))
                for cards, points, moons in zip(choices, self.points, self.moons, strict=True)]


def _appraise_play(view: SeatView, rng: Random, work: int) -> Appraisal:
    knowledge = Knowledge(view, read_plays=False)  # the table's players are anyone's: not hard's
    legal = candidates(view)
    others = ALL_CARDS & ~knowledge.holding & ~knowledge.played | sum(knowledge.trick_cards)
    tried = distinct(mask_of(legal), others)
    tallies = [_Tally(len(tried), knowledge.seat, view) for _ in knowledge.plans]
    play_out_cost = sum(knowledge.counts) * WORK_PER_CARD_PLAYED + WORK_PER_PLAY_OUT
    done = deals = 0
    weights = 0.0
    while done + knowledge.dealing_work < work or not deals:
        position, weight = knowledge.weighted_deal(rng)
        for policies, tally in zip(knowledge.plans, tallies, strict=True):
            for index, bit in enumerate(tried):
                tally.add(index, played_out(position, bit, policies), weight)
            done += len(tried) * play_out_cost
        done += WORK_PER_DEAL
        deals += 1
        weights += weight
    # Each card with the seat's better plan after it: avoiding points, or shooting the moon.
    weighed = [min(plans, key=lambda option: option.expected_points) for plans in zip(
        *(tally.options([tuple(cards_of(bit)) for bit in tried], weights) for tally in tallies),
        strict=True)]
    # A card ``distinct`` left out is worth what the tried card below it in its suit is.
    value_of: dict[int, Option] = {}
    previous = 0
    for bit in cards_as_bits(mask_of(legal)):
        value_of[bit] = weighed[tried.index(bit)] if bit in tried else value_of[previous]
        previous = bit
    options = tuple(Option((card,), value_of[1 << card.index].expected_points,
                           value_of[1 << card.index].moon_against) for card in legal)
    return Appraisal(options, _best(options), deals, done + knowledge.dealing_work)


def _appraise_pass(view: SeatView, rng: Random, work: int,
                   also: Sequence[Sequence[Card]]) -> Appraisal:
    assert view.seat is not None
    masks = pass_options(view, rng)
    masks += dict.fromkeys(mask for mask in map(mask_of, also) if mask not in masks)
    tally = _Tally(len(masks), view.seat, view)
    done = deals = 0
    for hands in passed_hands(view, masks, rng):
        for index, hand in enumerate(hands):
            tally.add(index, hand)
        done += pass_deal_work(len(masks))
        deals += 1
        if done >= work:
            break
    options = tuple(tally.options([tuple(cards_of(mask)) for mask in masks], deals))
    return Appraisal(options, _best(options), deals, done)


def _best(options: tuple[Option, ...]) -> Option:
    return min(options, key=lambda option: (option.expected_points, option.moon_against))
