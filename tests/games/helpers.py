"""Hand-made matches for the records and ratings tests: four players, fixture deals, and
their plays sent through the services."""

from __future__ import annotations

import dataclasses

from games import models, services
from games.engine import Phase, Seat, legal_cards, parse_card
from games.selectors import match_state
from tests.engine.helpers import HOLD, SEAT_LETTERS

N, E, S, W = Seat
ONE_HAND = dataclasses.replace(HOLD, target_score=1)  # the first hand ends the match


def seated(players, *, deals=(), rules=ONE_HAND) -> models.Match:
    """A match of the four ``players`` (north created it), dealt."""
    match = services.match_create(creator=players[N], rules=rules, deals=deals,
                                  seats=[services.SeatSpec("player")]
                                  + [services.SeatSpec("open")] * 3).match
    for seat in (E, S, W):
        services.match_join(match_id=match.id, player=players[seat], seat=seat)
    return match


def play(match: models.Match, players, script) -> None:
    """Play a script of tricks ("N 2C, E 6C, S 9C, W AC") through the players' commands."""
    for trick in script:
        for play in trick.split(","):
            letter, code = play.split()
            services.card_play(match_id=match.id, player=players[SEAT_LETTERS[letter]],
                               card=parse_card(code))


def play_lowest(match: models.Match, players) -> None:
    """Each seat to play plays its lowest legal card, until the hand is over."""
    while (state := match_state(models.Match.objects.get(pk=match.pk))).phase is Phase.PLAYING:
        seat = state.to_act[0]
        services.card_play(match_id=match.id, player=players[seat],
                           card=legal_cards(state, seat)[0])


def as_if_shuffled(match: models.Match) -> None:
    """The hand-made deals count as ones the server shuffled (a fixed deal sets no fastest
    win): the rule reads only this column. The service deals hand n from the match's deals
    while n <= this column: call it once the last of them is dealt."""
    models.Match.objects.filter(pk=match.pk).update(fixed_deals=0)
