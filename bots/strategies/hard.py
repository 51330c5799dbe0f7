"""The ``hard`` bot: the medium bot's card counting, plus the queen, shedding, moons and passing.

Everything the medium bot does (``medium``), and:

- it tracks the queen of spades: who may still hold it (``Memory.queen_holders``:
  seats shown void in spades cannot; if it passed QS, the receiver does);
- it sheds its own AS and KS early while the queen is out elsewhere: void in
  the suit led, it discards them first (after QS itself); holding neither,
  it leads its highest spade below the queen to flush the queen out;
- it plays the highest card it can safely spare rather than the lowest: under
  the current winner it plays its highest card that stays under; last to play
  to a pointless trick, it wins with its highest card; made to go over a trick
  that can collect no points, it goes over with its highest;
- void, it sheds QS onto the trick (which it cannot win), keeps the queen's
  guards while it holds her, and otherwise discards its highest card;
- it spots a moon in progress (``moon_shooter``) and breaks it, taking a
  trick with points itself if it must.

Passing looks at the direction (docs/rules.md, "A hand": left is the seat
that plays next after the bot, right the seat that plays just before it,
across the seat between). The medium bot passes an unguarded queen together
with AS and KS whatever the direction. The hard bot does so passing left or
across, but passing right it sends the queen alone and keeps one AS/KS for
each spade below the queen it holds (``high_spades_kept``): the bot then knows
she is with the seat that plays just before it in three tricks of four, so
she shows before it must play and it can duck under her, or go over once she
has gone by (``choose_follow``), and the room saved voids a short suit or
sheds high hearts. Passed left, the queen sits behind the bot: a kept AS/KS
would be played in front of her and catch her, so it goes with her. A queen
guarded by ``medium.QUEEN_GUARDS`` lower spades is kept in every direction,
and AS/KS without the queen are passed when short of spades as by the medium
bot; a hold hand has no pass.

Under the jack of diamonds variant it takes JD when it is safe and never plays
it away, as the medium bot does (``medium.take_jack``, ``medium.without_jack``).

It never tries to shoot the moon itself. It never plays at random; ``rng``
is accepted for the strategy interface.
"""

from __future__ import annotations

from random import Random

from games.engine import Card, PassDirection, Rank, Seat, SeatView, Suit
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
    """AS and KS the bot keeps behind an unguarded queen it passes to the right.

    Passed right, the queen goes to the seat that plays just before the bot in
    three tricks of four: she shows before the bot must play, and a spade below
    the queen lets it duck under her. So it keeps one high spade (KS first) for
    each spade below the queen it holds. Passing left the receiver plays just
    after the bot (across, after it half the time): a high spade kept would sit
    in front of the queen it passed, to be caught by her, so none is kept.
    """
    if direction is not PassDirection.RIGHT or QUEEN_OF_SPADES not in holding:
        return []
    if medium.keeps_queen(holding):
        return []
    guards = len(medium.spades_guarding_queen(holding))
    return [card for card in (KING_OF_SPADES, ACE_OF_SPADES) if card in holding][:guards]


def choose_pass(view: SeatView, rng: Random) -> list[Card]:
    """``rules.pass_count`` distinct cards of the holding, for the pass direction
    (``view.pass_direction``): the medium bot's order (``medium.pass_in_order``), but
    passing right an unguarded queen goes without the AS/KS it can keep behind her
    (``high_spades_kept``), and the room they leave goes to voiding a suit or high hearts.
    What it passed is in its view later."""
    holding = list(view.hand)
    keep = high_spades_kept(holding, view.pass_direction)
    first = [card for card in medium.dangerous_spades(holding) if card not in keep]
    kept = medium.kept_cards(holding, view.rules) | set(keep)
    return medium.pass_in_order(holding, view.rules.pass_count, first, kept)


# --- the moon -----------------------------------------------------------------------------


def moon_shooter(view: SeatView, memory: Memory) -> Seat | None:
    """The other seat on a moon run (``memory.is_moon_run``), or None. The bot's own seat
    never is: it does not shoot the moon."""
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

    Leading: a heart no card out can beat (the bot takes a heart), else the
    usual lead kept off hearts. Following a trick the shooter is winning: beat
    it with the lowest card that does when the trick has or may collect points;
    unable to, give it the lowest card (keeping high hearts), and never QS.
    Following a trick with points that the shooter is still to play to: the
    highest card, if that wins for now. Void: feed points (QS first) to a trick
    the shooter cannot win; else discard no points, or the lowest heart.
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
    """Follow suit with the highest card it can safely spare.

    QS under a winning AS/KS; last to a pointless trick, its highest (not QS);
    under the current winner, its highest card that stays under; made to go
    over, its highest when the trick can collect no points, else its lowest.
    """
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
    """A legal card (from ``memory.candidates``): break a moon if one is on, else lead,
    follow or discard as above. Under the jack of diamonds variant, as the medium bot:
    take JD when it is safe (``medium.take_jack``, after breaking a moon) and otherwise
    never play it (``medium.without_jack``)."""
    legal = candidates(view)
    if len(legal) == 1:
        return legal[0]
    memory = Memory.from_view(view)
    trick = TrickSoFar.from_view(view)
    prize = is_jack_prize(view.rules)
    spare = medium.without_jack(legal) if prize else legal
    shooter = moon_shooter(view, memory)
    if shooter is not None:
        card = break_moon(spare, memory, trick, shooter)
        if card is not None:
            return card
    if prize:
        card = medium.take_jack(legal, memory, trick, is_jack_in(view.trick), view.rules)
        if card is not None:
            return card
        legal = spare
    if trick.is_leading:
        return choose_lead(legal, memory)
    if legal[0].suit is trick.led_suit:
        return choose_follow(legal, memory, trick)
    return choose_discard(legal, memory)
