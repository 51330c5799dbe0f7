"""The card-counting bots (medium, hard) always pass and play legally.

Whole seeded matches are driven through the engine with the levels mixed at
the table, under the standard rules and every variant that changes what is
legal or what is passed; each decision of the medium and hard seats is checked
against the engine. The test also counts the awkward views it met (one legal
card, the first trick, a hearts-only holding, a hold hand) so it fails if the
drive stops reaching them. Fixture deals add the rare hearts-only openings.
"""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from bots.strategies import choose_command
from games.engine import (
    DealHand,
    MatchState,
    PassCards,
    PassDirection,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    legal_cards,
    seat_view,
)
from games.engine.rules import MoonScoring

from ..engine.helpers import D2, D3, HOLD, Table

COUNTING_LEVELS = ("medium", "hard")
TABLE_LEVELS = ("medium", "hard", "easy", "random")

VARIANTS = {
    "standard": RuleSet(),
    "pass_one": RuleSet(pass_count=1),
    "pass_four_points_on_first_trick": RuleSet(pass_count=4, first_trick_points=True),
    "queen_breaks_hearts_sun_jack": RuleSet(queen_breaks_hearts=True, shoot_the_sun=True,
                                            jack_of_diamonds=-10),
    "across_only": RuleSet(pass_rotation=(PassDirection.ACROSS,),
                           moon_scoring=MoonScoring.SUBTRACT_FROM_SHOOTER),
}


def check_and_do(table: Table, level: str, seat: Seat, rng: Random, seen: Counter[str]) -> None:
    """Let the ``level`` bot at ``seat`` act, assert its move is legal, and play it."""
    state: MatchState = table.now
    assert state.hand is not None
    view = seat_view(state, seat)
    command = choose_command(level, view, rng)
    assert command.seat == seat
    if isinstance(command, PassCards):
        holding = state.hand.holdings[seat]
        assert len(command.cards) == len(set(command.cards)) == state.rules.pass_count
        assert set(command.cards) <= set(holding)
        seen["pass"] += 1
    else:
        assert isinstance(command, PlayCard)
        legal = legal_cards(state, seat)
        assert command.card in legal
        seen["play"] += 1
        seen["one legal card"] += len(legal) == 1
        seen["first trick"] += state.hand.trick is not None and state.hand.trick.number == 1
        seen["hearts-only holding"] += len(view.hand) > 1 and all(card.is_heart for card in view.hand)
        seen["hold hand"] += state.hand.pass_direction is PassDirection.HOLD
    table.do(command)


@pytest.mark.parametrize("rules", list(VARIANTS.values()), ids=list(VARIANTS))
def test_medium_and_hard_always_pass_and_play_legally_at_mixed_tables(rules: RuleSet) -> None:
    seen: Counter[str] = Counter()
    for match in range(12):
        rng = Random(match)
        levels = TABLE_LEVELS[match % 4:] + TABLE_LEVELS[:match % 4]
        table = Table(rules=rules, deal_now=False)
        table.deal(rng.getrandbits(63))
        while (state := table.now).phase is not Phase.FINISHED:
            if state.phase is Phase.DEALING:
                table.do(DealHand(rng.getrandbits(63)))
                continue
            seat = state.to_act[0]
            level = levels[seat]
            if level in COUNTING_LEVELS:
                check_and_do(table, level, seat, rng, seen)
            else:
                table.do(choose_command(level, seat_view(state, seat), rng))
    assert seen["play"] > 2000 and seen["pass"] > 100
    for kind in ("one legal card", "first trick", "hearts-only holding"):
        assert seen[kind] > 0, kind
    assert (seen["hold hand"] > 0) == (PassDirection.HOLD in rules.pass_rotation)


@pytest.mark.parametrize("level", COUNTING_LEVELS)
@pytest.mark.parametrize("deal", [D2, D3], ids=["D2", "D3"])
def test_counting_bots_play_legally_from_hearts_heavy_holdings(level: str, deal: str) -> None:
    # D3 gives South thirteen hearts, D2 gives East QS and twelve hearts: the first trick
    # and the first leads are the rare cases (hearts and QS allowed, hearts led unbroken).
    seen: Counter[str] = Counter()
    table = Table(deal, rules=HOLD)
    rng = Random(5)
    while table.now.phase is Phase.PLAYING:
        seat = table.now.to_act[0]
        check_and_do(table, level, seat, rng, seen)
    assert seen["play"] == 52 and seen["hearts-only holding"] > 0
