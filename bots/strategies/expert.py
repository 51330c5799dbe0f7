"""The ``expert`` bot: determinized Monte Carlo search over the cards it cannot see.

Playing, it deals the hidden cards many times, each deal consistent with everything
its seat knows (its holding, every card played, the voids each seat has shown, and
where the cards it passed went), and plays every distinct legal card forward to the
end of the hand in each of those deals with fast card-playing policies for all four
seats (``policies``); once ``ENDGAME_CARDS`` or fewer cards are left it solves each
deal exactly instead (``endgame``); leading while another seat holds QS, it tries only
the lowest of its clubs and the lowest of its diamonds (``low_minor_leads``). It plays
the card with the best mean result for the match: points relative to the other seats,
scored by the match's own rules (``kernel.score_hand``: moon and sun modes, JD), and
winning or losing the match when the hand would end it (in a tiebreak hand too: the
view says when the end began).
The play-outs let its own seat try for the moon when no other seat has taken a point,
and let an opponent on a moon run (``memory``) go for it, so the search shoots a moon
it can make and breaks one it can stop.

Passing, it searches too: it deals the other 39 cards at random, lets the other seats
pass by a simple habit (``policies.quick_pass``), and plays each candidate pass out in
every deal (every choice of the pass's cards among the hard bot's pass and the
``PASS_EXTRA`` cards it would shed next, ``_most_dangerous``); it keeps the hard bot's
own pass (which knows the direction) unless another beats it clearly, by
``PASS_CONFIDENCE`` standard errors over the same deals. A hold hand has no pass.

Its effort is work, not time (``effort``): ``budget_ms`` CPU milliseconds become units
of work at the process's pace, and the search counts its work as it goes (a deal, each
try at one and each card it dealt, a card played in a play-out and the play-out itself,
a node and a leaf of the exact search: ``WORK_PER_…``), so a decision is reproducible
for a given amount of work. The expert reports each decision's CPU time to the pace,
which keeps a process's decisions near their budget.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from random import Random
from typing import TypeVar

from games.engine import (
    Card,
    PassCards,
    PassDirection,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    SeatView,
    bot_table,
    seat_view,
    step,
)
from games.engine.decider import shuffled_deal
from games.engine.kernel import (
    ALL_CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK_OF_DIAMONDS_BIT,
    QUEEN_OF_SPADES_BIT,
    SUIT_MASK_BY_ORDER,
    cards_as_bits,
    cards_of,
    exchange,
    mask_of,
    match_ends,
    score_hand,
)
from games.engine.playout import PlayoutHand

from . import hard
from .effort import PACE, REFERENCE_WORK_PER_MS, Pace
from .endgame import Solver, distinct
from .memory import Memory, candidates, is_moon_run_taken
from .policies import HIGH_SPADES, Policy, avoid_policy, quick_pass, shoot_policy

Choice = TypeVar("Choice")
DEFAULT_BUDGET_MS = 200.0
ENDGAME_CARDS = 12  # cards left in all hands at which each deal is solved exactly
PASS_EXTRA = 3  # cards beyond the hard bot's pass that the pass search may pass instead
PASS_CONFIDENCE = 2.0  # standard errors by which a pass must beat the hard bot's
SAMPLE_ATTEMPTS = 20  # random deals tried before the exact (slower) dealer
MOON_MARGIN = 3.0  # mean utility by which a moon plan must beat avoiding points
MATCH_WEIGHT = 40.0  # utility of winning the match alone (a shared win counts half)
# Units of work, in proportion to their CPU cost (fitted by least squares to the CPU time
# of the expert's decisions in hands against hard, benchmarks/README.md): a play-out costs
# its cards plus copying the position and scoring the hand; a deal, each try at dealing
# (the tries that fail at a dead end too) and setting up the position dealt.
WORK_PER_CARD_DEALT = 1
WORK_PER_CARD_PLAYED = 1
WORK_PER_PLAY_OUT = 14
WORK_PER_NODE = 3
WORK_PER_LEAF = 2
WORK_PER_DEAL = 8
WORK_PER_TRY = 6
WORK_PER_EXACT_DEAL = 1000


def choose_pass(view: SeatView, rng: Random, *, budget_ms: float = DEFAULT_BUDGET_MS,
                work: int | None = None) -> list[Card]:
    """The three cards with the best mean result over deals of the other 39 cards (see
    the module docstring), searched with ``work`` units (default: ``budget_ms`` CPU
    milliseconds at this process's pace, ``effort.PACE``)."""
    return _timed(search_pass, view, rng, budget_ms, work)


def choose_play(view: SeatView, rng: Random, *, budget_ms: float = DEFAULT_BUDGET_MS,
                work: int | None = None) -> Card:
    """The legal card with the best mean result over deals of the hidden cards, of those
    the search compares (``low_minor_leads``), searched with ``work`` units (default:
    ``budget_ms`` CPU milliseconds at this process's pace, ``effort.PACE``). A forced card
    is played at once."""
    legal = candidates(view)
    if len(legal) == 1:
        return legal[0]
    return _timed(search_play, view, rng, budget_ms, work)


def _timed(search: Callable[[SeatView, Random, int], tuple[Choice, int]], view: SeatView,
           rng: Random, budget_ms: float, work: int | None) -> Choice:
    """``search(view, rng, work)``'s choice; when the work follows from the pace, the
    decision's CPU time is reported to it."""
    if work is not None:
        return search(view, rng, work)[0]
    allowed = PACE.work_for(budget_ms)
    start = time.thread_time()  # this thread's: eager tasks share a server's process
    choice, done = search(view, rng, allowed)
    PACE.observe(done, (time.thread_time() - start) * 1e3)
    return choice


CALIBRATION_DEALS = (1, 2, 3)  # deals the calibration positions are taken from
CALIBRATION_MS = 300.0  # about how long calibrating's timed search takes at the reference rate


def calibrate(pace: Pace = PACE) -> float:
    """Measure this process's rate: time the search (``CALIBRATION_MS`` at the reference
    rate) on the passes and plays of ``CALIBRATION_DEALS`` played by the hard bot, and
    set ``pace`` from it (unless pinned). Returns the rate in work per CPU millisecond."""
    views = calibration_views()
    per_view = round(CALIBRATION_MS * REFERENCE_WORK_PER_MS / len(views))

    def search(work: int) -> int:
        share = max(1, work // len(views))
        done = 0
        for i, view in enumerate(views):
            searcher = search_pass if view.status is Phase.PASSING else search_play
            done += searcher(view, Random(i), share)[1]
        return done

    return pace.calibrate(search, work=per_view * len(views))


def calibration_views() -> list[SeatView]:
    """North's decisions (other than forced plays) in ``CALIBRATION_DEALS``, each a hand
    passing left with the hard bot in every seat."""
    views = []
    for deal in CALIBRATION_DEALS:
        state, _ = bot_table(RuleSet(pass_rotation=(PassDirection.LEFT,)), shuffled_deal(deal),
                             ["hard"] * 4)
        while state.phase in (Phase.PASSING, Phase.PLAYING):
            seat = state.to_act[0]
            view = seat_view(state, seat)
            if seat == Seat.NORTH and (state.phase is Phase.PASSING or len(view.legal_cards) > 1):
                views.append(view)
            command = (PassCards(seat, tuple(hard.choose_pass(view, Random(0))))
                       if state.phase is Phase.PASSING
                       else PlayCard(seat, hard.choose_play(view, Random(0))))
            state = step(state, command)[1]
    return views


def search_play(view: SeatView, rng: Random, work: int) -> tuple[Card, int]:
    """``(card, work done)``: the play search of ``choose_play`` with ``work`` units
    (at least one deal, whatever ``work``)."""
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
    while done + knowledge.dealing_work < work or not deals:
        position = knowledge.position(knowledge.sample(rng))
        done += WORK_PER_DEAL
        deals += 1
        if exact:
            solver = Solver(knowledge.seat, knowledge.utility)
            for i, bit in enumerate(tried):
                child = position.copy()
                child.play(bit)
                totals[0][i] += solver.value(child)
            done += solver.nodes * WORK_PER_NODE + solver.leaves * WORK_PER_LEAF
            continue
        for plan, plan_totals in zip(plans, totals, strict=True):
            for i, bit in enumerate(tried):
                plan_totals[i] += knowledge.evaluate(position, bit, plan)
                done += play_out_cost
    avoiding = totals[0]
    best = max(range(len(tried)), key=avoiding.__getitem__)
    if len(totals) > 1:
        # Go for the moon only when the search says it clearly pays: the better of two noisy
        # plans is an optimist's estimate.
        shooting = totals[1]
        moon = max(range(len(tried)), key=shooting.__getitem__)
        if shooting[moon] > avoiding[best] + MOON_MARGIN * deals:
            best = moon
    return cards_of(tried[best])[0], done + knowledge.dealing_work


def low_minor_leads(tried: list[int], knowledge: Knowledge) -> list[int]:
    """The leads of ``tried`` (one-card masks, lowest first) the search compares: while QS
    is in another seat's hand, of the clubs only the lowest, and of the diamonds only the
    lowest unless JD scores and is in another seat's hand too; every spade and heart.

    Why: the search deals the hidden cards as if no other seat had passed, so it rarely
    sees the voids a pass makes in the minors, and its high club or diamond leads win
    tricks the queen falls on. Held to the low card at the root, as the hard bot and the
    play-outs already lead, the expert gained 0.20 points per hand (benchmarks/README.md).
    While JD scores and is out, a high diamond lead may be how the jack is caught."""
    seen = knowledge.holding | knowledge.played
    if seen & QUEEN_OF_SPADES_BIT:
        return tried
    jack_out = knowledge.view.rules.jack_of_diamonds and not seen & JACK_OF_DIAMONDS_BIT
    suits = [CLUBS] if jack_out else [CLUBS, DIAMONDS]
    kept = [bit for bit in tried if not any(bit & suit for suit in suits)]
    for suit in suits:
        kept += [bit for bit in tried if bit & suit][:1]
    return sorted(kept)


def search_pass(view: SeatView, rng: Random, work: int) -> tuple[list[Card], int]:
    """``(cards, work done)``: the pass search of ``choose_pass`` with ``work`` units."""
    assert view.seat is not None and view.pass_direction is not None
    seat, direction = int(view.seat), view.pass_direction
    holding = mask_of(view.hand)
    count = view.rules.pass_count
    first = mask_of(hard.choose_pass(view, rng))
    pool = cards_as_bits(first)
    while len(pool) < count + PASS_EXTRA:
        pool.append(_most_dangerous(holding & ~sum(pool)))
    # Every choice of ``count`` cards of the pool; the first is the hard bot's own pass.
    options = [sum(cards) for cards in itertools.combinations(pool, count)]
    value = Valuation(view)
    out = cards_as_bits(ALL_CARDS & ~holding)
    # Each option's results less the hard bot's pass's, deal by deal (the same deals).
    sums = [0.0] * len(options)
    squares = [0.0] * len(options)
    results = [0.0] * len(options)
    done = deals = 0
    while done < work or not deals:
        rng.shuffle(out)
        world = [0, 0, 0, 0]
        others = [s for s in range(4) if s != seat]
        for k, other in enumerate(others):
            world[other] = sum(out[13 * k:13 * k + 13])
        world[seat] = holding
        passes = [quick_pass(cards, count) for cards in world]
        for i, option in enumerate(options):
            passes[seat] = option
            hand = PlayoutHand(exchange(world, passes, direction), view.rules)
            hand.play_out(avoid_policy)
            results[i] = value.utility(hand)
        for i, result in enumerate(results):
            gain = result - results[0]
            sums[i] += gain
            squares[i] += gain * gain
        done += (len(out) * WORK_PER_CARD_DEALT + WORK_PER_DEAL
                 + len(options) * (52 * WORK_PER_CARD_PLAYED + WORK_PER_PLAY_OUT))
        deals += 1
    best = max(range(len(options)), key=sums.__getitem__)
    if deals > 1:
        # Twenty noisy means (for three cards): the best flatters itself. Only a pass better than the
        # hard bot's by PASS_CONFIDENCE standard errors of the paired differences replaces it.
        mean = sums[best] / deals
        spread = max(0.0, squares[best] / deals - mean * mean) ** 0.5
        if mean <= PASS_CONFIDENCE * spread / (deals - 1) ** 0.5:
            best = 0
    else:
        best = 0
    return cards_of(options[best]), done


def _most_dangerous(mask: int) -> int:
    """The card of ``mask`` a pass sheds first after the hard bot's three: QS, AS, KS,
    then the highest rank (hearts first among equals)."""
    for bit in (QUEEN_OF_SPADES_BIT, *cards_as_bits(HIGH_SPADES)[::-1]):
        if mask & bit:
            return bit
    best, best_rank = 0, -1
    for suit in reversed(SUIT_MASK_BY_ORDER):
        cards = mask & suit
        if cards:
            high = 1 << (cards.bit_length() - 1)
            rank = (high.bit_length() - 1) % 13
            if rank > best_rank:
                best, best_rank = high, rank
    return best


class Valuation:
    """What a finished hand is worth to one seat of the view's match (``utility``)."""

    def __init__(self, view: SeatView) -> None:
        assert view.seat is not None
        self.seat: int = view.seat
        self.rules = view.rules
        self.scores = view.scores
        self.hand_number = view.hand_number
        self.end_started_after = view.end_started_after

    def utility(self, hand: PlayoutHand) -> float:
        """This seat's result of a finished hand: the others' mean points minus its own,
        plus ``MATCH_WEIGHT`` for winning the match (minus for losing) if the hand ends it
        (tiebreak hands counted from ``SeatView.end_started_after``, docs/rules.md)."""
        points = score_hand(hand.taken, hand.tricks_won, self.scores, self.rules,
                            hand_number=self.hand_number,
                            end_started_after=self.end_started_after).points
        me = self.seat
        value = sum(points) / 3 - points[me] * 4 / 3
        totals = [total + p for total, p in zip(self.scores, points, strict=True)]
        if match_ends(totals, self.rules, hand_number=self.hand_number,
                      end_started_after=self.end_started_after):
            lowest = min(totals)
            if totals[me] == lowest:
                value += MATCH_WEIGHT / totals.count(lowest)
            else:
                value -= MATCH_WEIGHT
        return value


class Knowledge:
    """What one seat knows of the hand in play, and how to deal the cards it cannot see.

    Card sets are bit masks (``games.engine.kernel``); lists are indexed by seat.
    ``holding``, ``played``, ``voids``, ``counts``, ``known`` and ``taken`` are the
    seat's card counting (``memory.Memory``, as masks). ``hidden``: the cards whose
    holder is unknown, and ``freedom[bit]`` how many seats may hold each of them.
    ``utility``: a finished hand's worth to the seat (``Valuation``). ``plans``: the
    policies by seat for the play-outs, avoiding points first, then (when this seat might
    make a moon) the same with this seat shooting. ``dealing_work``: the units of work
    (``WORK_PER_…``) ``sample`` has spent so far.
    """

    def __init__(self, view: SeatView) -> None:
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
        """A deal found by search over how many cards of each suit each seat gets (voids
        can make random dealing fail; the view comes from a real deal, so one exists)."""
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
        """The utility for this seat of playing ``card`` in ``position`` (left unchanged),
        the hand then played out with ``policies[seat]`` choosing each seat's cards."""
        hand = position.copy()
        hand.play(card)
        if all(policy is avoid_policy for policy in policies):
            hand.play_out(avoid_policy)
        else:
            hand.play_out(lambda playing, legal: policies[playing.to_play](playing, legal))
        return self.utility(hand)


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
