"""Measuring this process's pace on fixed positions."""

from __future__ import annotations

from random import Random

from games.engine import (
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

from .. import hard
from ..effort import PACE, REFERENCE_WORK_PER_MS, Pace
from .passing import search_pass
from .play import search_play

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
