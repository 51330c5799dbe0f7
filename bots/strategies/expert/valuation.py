"""What a finished hand is worth to one seat of a match."""

from __future__ import annotations

from games.engine import SeatView
from games.engine.kernel import match_ends, score_hand
from games.engine.playout import PlayoutHand

MATCH_WEIGHT = 40.0  # utility of winning the match alone (a shared win counts half)


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
        """This seat's result of a finished hand: the others' mean points minus its own, and
        ``MATCH_WEIGHT`` (shared by ties) for winning the match, minus it for losing, if the
        hand ends it (docs/rules.md)."""
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
