"""The ``hard`` bot: the medium bot, plus the queen, shedding, moons and the pass direction.

It tracks who may hold QS, sheds AS and KS while she is out elsewhere, plays the highest
card it can safely spare, breaks a moon run, and passes for the direction
(docs/adr/0052-rule-based-bot-levels.md). It never shoots the moon nor plays at random.
"""

from __future__ import annotations

from random import Random

from games.engine import Card, PassDirection, Rank, RuleSet, Seat, SeatView, Suit
from games.engine.cards import QUEEN_OF_SPADES

from . import medium
from .memory import (
    ACE_OF_SPADES,
    HIGH_SPADES,
    KING_OF_SPADES,
    Memory,
    TrickSoFar,
    below,
    can_win,
    candidates,
    highest,
    is_jack_in,
    is_jack_prize,
    is_moon_run_taken,
    is_penalty_card,
    lowest,
    may_collect_points,
    without_queen,
)

# --- passing ------------------------------------------------------------------------------


def high_spades_kept(holding: list[Card], direction: PassDirection | None) -> list[Card]:
    """Passing an unguarded QS right, one of KS, AS (in that order) kept per lower spade
    held; none in any other case (ADR 52)."""
    if direction is not PassDirection.RIGHT or QUEEN_OF_SPADES not in holding:
        return []
    if medium.keeps_queen(holding):
        return []
    guards = len(medium.spades_guarding_queen(holding))
    return [card for card in (KING_OF_SPADES, ACE_OF_SPADES) if card in holding][:guards]


def choose_pass(view: SeatView, rng: Random) -> list[Card]:
    """``rules.pass_count`` cards in the medium bot's order, less ``high_spades_kept``."""
    holding = list(view.hand)
    keep = high_spades_kept(holding, view.pass_direction)
    first = [card for card in medium.dangerous_spades(holding) if card not in keep]
    kept = medium.kept_cards(holding, view.rules) | set(keep)
    return medium.pass_in_order(holding, view.rules.pass_count, first, kept)


# --- the moon -----------------------------------------------------------------------------


def moon_shooter(view: SeatView, memory: Memory) -> Seat | None:
    """The other seat on a moon run (``memory.is_moon_run``), or None."""
    for seat in Seat:
        if seat != view.seat and is_moon_run_taken(memory.taken_masks, seat, len(view.tricks)):
            return seat
    return None


def shooter_cannot_win(memory: Memory, trick: TrickSoFar, shooter: Seat) -> bool:
    """Whether the trick in progress will surely not go to ``shooter``: it has played and
    is not winning, or it is still to play but void in the suit led."""
    if shooter in trick.played_by:
        return trick.winner != shooter
    return trick.led_suit is not None and memory.is_void(shooter, trick.led_suit)


def break_moon(legal: list[Card], memory: Memory, trick: TrickSoFar, shooter: Seat) -> Card | None:
    """A card that keeps points from ``shooter`` or takes some from it; None: play as usual.

    Leading: its highest sure heart, else the usual lead off hearts. Following the
    shooter's winning trick: with points at stake, its lowest card over it but QS; holding
    QS, the usual follow without her; unable to go over, its lowest card. Following with the
    shooter to come and points at stake: its highest card but QS, if that wins for now.
    Void: points (QS first) to a trick the shooter cannot win, else no points, else its
    lowest heart.
    """
    if trick.is_leading:
        hearts = [card for card in legal if card.is_heart]
        sure = [card for card in hearts if memory.is_boss(card)]
        if sure:
            return highest(sure)
        others = [card for card in legal if not card.is_heart]
        return choose_lead(others, memory) if others else highest(hearts)
    assert trick.led_suit is not None
    stake = may_collect_points(memory, trick)
    if legal[0].suit is trick.led_suit:
        if trick.winner == shooter:
            over = [card for card in legal if can_win(trick, card)]
            if over and stake:
                return lowest(without_queen(over))
            if QUEEN_OF_SPADES in legal:
                return choose_follow(without_queen(legal), memory, trick)
            return None if over else lowest(legal)
        if shooter in trick.later and stake:
            top = highest(without_queen(legal))
            return top if can_win(trick, top) else None
        return None
    points = [card for card in legal if is_penalty_card(card)]
    if shooter_cannot_win(memory, trick, shooter):
        if QUEEN_OF_SPADES in points:
            return QUEEN_OF_SPADES
        return highest(points) if points else None
    clean = [card for card in legal if not is_penalty_card(card)]
    if clean:
        return choose_discard(clean, memory)
    hearts = [card for card in legal if card.is_heart]
    return lowest(hearts) if hearts else None


# --- the queen and the usual play ---------------------------------------------------------


def holds_high_spade(memory: Memory) -> bool:
    """Whether the bot holds AS or KS."""
    return any(memory.holds(card) for card in HIGH_SPADES)


def flush_queen_lead(legal: list[Card], memory: Memory) -> Card | None:
    """Its highest spade below the queen when the queen is out elsewhere and the bot
    holds no AS or KS (a spade lead it cannot win with the queen); else None."""
    if not memory.is_queen_out_elsewhere() or holds_high_spade(memory):
        return None
    spades = [card for card in legal if card.suit is Suit.SPADES and card.rank < Rank.QUEEN]
    return highest(spades) if spades else None


def choose_lead(legal: list[Card], memory: Memory) -> Card:
    """Flush the queen with a spade when it can, else the medium bot's lead."""
    return flush_queen_lead(legal, memory) or medium.choose_lead(legal, memory)


def choose_follow(legal: list[Card], memory: Memory, trick: TrickSoFar) -> Card:
    """Follow suit: QS under a winning AS/KS; last to a pointless trick, its highest (not
    QS); else its highest card under the winner; made to go over, its highest when no
    points can come, else its lowest."""
    winning = trick.winning_card
    assert winning is not None
    if medium.queen_under_high_spade(legal, trick):
        return QUEEN_OF_SPADES
    spare = without_queen(legal)
    if trick.is_last and not trick.points and trick.led_suit is not Suit.HEARTS:
        return highest(spare)
    under = below(legal, winning)
    if under:
        return highest(under)
    if trick.is_last or not may_collect_points(memory, trick):
        return highest(spare)
    return lowest(spare)


def choose_discard(legal: list[Card], memory: Memory) -> Card:
    """Void in the suit led: QS; AS/KS while the queen is out elsewhere; else its highest
    card, keeping the spades that guard the queen while it holds her."""
    if QUEEN_OF_SPADES in legal:
        return QUEEN_OF_SPADES
    if memory.is_queen_out_elsewhere():
        high = [card for card in legal if card in HIGH_SPADES]
        if high:
            return highest(high)
    pool = legal
    if memory.holds(QUEEN_OF_SPADES):
        pool = [card for card in legal if not (card.suit is Suit.SPADES and card.rank < Rank.QUEEN)]
    return highest(pool or legal)


def choose_play(view: SeatView, rng: Random) -> Card:
    """A legal card (``play``)."""
    legal = candidates(view)
    if len(legal) == 1:
        return legal[0]
    memory = Memory.from_view(view)
    return play(legal, memory, TrickSoFar.from_view(view), view.rules,
                moon_shooter(view, memory), is_jack_in(view.trick))


def play(legal: list[Card], memory: Memory, trick: TrickSoFar, rules: RuleSet,
         shooter: Seat | None, jack_in: bool) -> Card:
    """Of ``legal`` (two or more): ``break_moon`` if ``shooter`` is on a run, then under the
    variant ``medium.take_jack`` (else never JD), then lead, follow or discard as above."""
    prize = is_jack_prize(rules)
    spare = medium.without_jack(legal) if prize else legal
    if shooter is not None:
        card = break_moon(spare, memory, trick, shooter)
        if card is not None:
            return card
    if prize:
        card = medium.take_jack(legal, memory, trick, jack_in, rules)
        if card is not None:
            return card
        legal = spare
    if trick.is_leading:
        return choose_lead(legal, memory)
    if legal[0].suit is trick.led_suit:
        return choose_follow(legal, memory, trick)
    return choose_discard(legal, memory)
