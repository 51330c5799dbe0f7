"""The searching bots' pace: a time budget turned into work, pinned or measured."""

from __future__ import annotations

from random import Random

import pytest

from bots.strategies import expert
from bots.strategies.effort import REFERENCE_WORK_PER_MS, SMOOTHING, Pace, reference_work
from games.engine import Phase


def test_a_pinned_pace_turns_a_budget_into_work_and_ignores_the_clock():
    pace = Pace()
    pace.pin(150.0)
    assert pace.work_for(200) == 30_000
    pace.observe(30_000, cpu_ms=400.0)  # twice as slow: pinned, so no change
    assert pace.work_for(200) == 30_000
    assert pace.calibrate(lambda work: work, work=1000) == 150.0
    with pytest.raises(ValueError):
        pace.pin(0)


def test_a_measured_pace_follows_each_decisions_cpu_time():
    pace = Pace()
    assert pace.work_per_ms == REFERENCE_WORK_PER_MS and not pace.pinned
    pace.observe(10_000, cpu_ms=100.0)  # 100 work/ms measured
    assert pace.work_per_ms == pytest.approx(REFERENCE_WORK_PER_MS
                                             + SMOOTHING * (100 - REFERENCE_WORK_PER_MS))
    pace.observe(50, cpu_ms=0.5)  # too short to say anything
    assert pace.work_per_ms == pytest.approx(REFERENCE_WORK_PER_MS
                                             + SMOOTHING * (100 - REFERENCE_WORK_PER_MS))


def test_a_measured_pace_aims_a_little_under_the_budget_and_a_pinned_one_at_all_of_it():
    pace = Pace()
    pace.observe(20_000, cpu_ms=100.0)
    pace.observe(20_000, cpu_ms=100.0)
    assert pace.work_per_ms == pytest.approx(232.0)  # 250, then 240, moving toward 200
    assert pace.work_for(1000) == 215_760  # 1000 ms x 232 x AIM (0.93)
    pace.pin(232.0)
    assert pace.work_for(1000) == 232_000


def test_calibrating_sets_the_rate_from_the_timed_search():
    pace = Pace()
    rate = pace.calibrate(lambda work: work, work=10**9)  # work done in no time at all
    assert rate == pace.work_per_ms and rate > 10**6


def test_the_daily_work_is_the_reference_rates_whatever_this_process_measured():
    assert reference_work(200) == round(200 * REFERENCE_WORK_PER_MS)


def test_the_search_does_the_work_it_is_given_and_at_least_one_deal():
    views = expert.calibration_views()
    assert views[0].status is Phase.PASSING
    assert all(view.status is Phase.PLAYING for view in views[1:4])
    _, done = expert.search_pass(views[0], Random(1), 20_000)
    assert 20_000 <= done < 20_000 + 21 * 80  # a deal: 20 candidate passes played out
    _, done = expert.search_play(views[1], Random(1), 20_000)
    assert 20_000 <= done < 22_000
    _, done = expert.search_play(views[1], Random(1), 1)
    assert done > 1  # one whole deal
