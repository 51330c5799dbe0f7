"""The expert's play search: the legal card with the best mean result over deals (ADR 51)."""

from __future__ import annotations

from random import Random

from games.engine import Card, SeatView
from games.engine.kernel import (
    ALL_CARDS,
    CLUBS,
    DIAMONDS,
    JACK_OF_DIAMONDS_BIT,
    QUEEN_OF_SPADES_BIT,
    cards_of,
    mask_of,
)

from ..endgame import Solver, distinct
from ..memory import candidates
from .knowledge import Knowledge
from .work import WORK_PER_CARD_PLAYED, WORK_PER_DEAL, WORK_PER_LEAF, WORK_PER_NODE, WORK_PER_PLAY_OUT

ENDGAME_CARDS = 12  # cards left in all hands at which each deal is solved exactly
MOON_MARGIN = 3.0  # mean utility per deal by which the moon plan must beat avoiding points


def search_play(view: SeatView, rng: Random, work: int) -> tuple[Card, int]:
    """``(card, work done)``: the card of ``low_minor_leads``' distinct legal cards with the
    best mean utility over deals weighted by ``Knowledge.weight``, searched with ``work``
    units (at least one deal)."""
    knowledge = Knowledge(view)
    legal_cards = candidates(view)
    legal = mask_of(legal_cards)
    others = ALL_CARDS & ~knowledge.holding & ~knowledge.played | sum(knowledge.trick_cards)
    tried = distinct(legal, others)
    if not knowledge.trick_cards:
        tried = low_minor_leads(tried, knowledge)
    cards_left = sum(knowledge.counts)
    exact = cards_left <= ENDGAME_CARDS
    plans = knowledge.plans[:1] if exact else knowledge.plans
    play_out_cost = cards_left * WORK_PER_CARD_PLAYED + WORK_PER_PLAY_OUT
    totals = [[0.0] * len(tried) for _ in plans]
    done = deals = 0
    weights = 0.0
    solver = Solver(knowledge.seat, knowledge.utility)
    while done + knowledge.dealing_work < work or not deals:
        position, weight = knowledge.weighted_deal(rng)
        done += WORK_PER_DEAL
        deals += 1
        weights += weight
        if exact:
            nodes, leaves = solver.nodes, solver.leaves
            for i, bit in enumerate(tried):
                child = position.copy()
                child.play(bit)
                totals[0][i] += weight * solver.value(child)
            done += (solver.nodes - nodes) * WORK_PER_NODE + (solver.leaves - leaves) * WORK_PER_LEAF
            continue
        for plan, plan_totals in zip(plans, totals, strict=True):
            for i, bit in enumerate(tried):
                plan_totals[i] += weight * knowledge.evaluate(position, bit, plan)
                done += play_out_cost
    avoiding = totals[0]
    best = max(range(len(tried)), key=avoiding.__getitem__)
    if len(totals) > 1:
        shooting = totals[1]
        moon = max(range(len(tried)), key=shooting.__getitem__)
        if shooting[moon] > avoiding[best] + MOON_MARGIN * weights:
            best = moon
    return cards_of(tried[best])[0], done + knowledge.dealing_work


def low_minor_leads(tried: list[int], knowledge: Knowledge) -> list[int]:
    """The leads of ``tried`` (one-card masks, lowest first) the search compares: while QS
    is in another seat's hand, only the lowest club, and the lowest diamond unless a scoring
    JD is out too; every spade and heart."""
    seen = knowledge.holding | knowledge.played
    if seen & QUEEN_OF_SPADES_BIT:
        return tried
    jack_out = knowledge.view.rules.jack_of_diamonds and not seen & JACK_OF_DIAMONDS_BIT
    suits = [CLUBS] if jack_out else [CLUBS, DIAMONDS]
    kept = [bit for bit in tried if not any(bit & suit for suit in suits)]
    for suit in suits:
        kept += [bit for bit in tried if bit & suit][:1]
    return sorted(kept)
