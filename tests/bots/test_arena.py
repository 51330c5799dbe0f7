"""The arena: duplicate deals, its arithmetic, reproducibility, and its two command lines."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from bots import arena
from games import duplicate
from games.engine import PassDirection, Seat


def table(points, shooter=None, breakers=()):
    return arena.TableResult(tuple(points), shooter, tuple(breakers), ([1.0], [2.0], [3.0], [4.0]),
                             ([1.5], [2.5], [3.5], [4.5]), ())


def test_summary_averages_the_field_minus_the_challenger_seat_by_seat():
    # Deal 1: the field alone scores (10, 6, 5, 5); the challenger in each seat scores
    # 4, 6, 9, 5 there: gains 6, 0, -4, 0, mean 0.5. Deal 2: field (0, 26, 0, 0) with no
    # moon; the challenger gains 0, 20, 0, 0, mean 5. Advantage (0.5 + 5) / 2 = 2.75.
    deals = [
        arena.DealResult(table((10, 6, 5, 5), breakers=(Seat.SOUTH,)), [
            table((4, 7, 10, 5)), table((10, 6, 5, 5)), table((5, 7, 9, 5)),
            table((6, 10, 5, 5))]),
        arena.DealResult(table((0, 26, 0, 0)), [
            table((0, 26, 0, 0)), table((20, 6, 0, 0), breakers=(Seat.EAST,)),
            table((0, 26, 0, 0), breakers=(Seat.NORTH,)), table((0, 26, 0, 0))]),
    ]
    report = arena.summarize("hard", "easy", deals)
    assert report.deals == 2
    assert report.advantage == pytest.approx(2.75)
    assert report.challenger_mean == pytest.approx((4 + 6 + 9 + 5 + 0 + 6 + 0 + 0) / 8)
    assert report.field_mean == pytest.approx((10 + 6 + 5 + 5 + 0 + 26 + 0 + 0) / 8)
    assert report.field_mean - report.challenger_mean == pytest.approx(report.advantage)
    # Per-deal gains 0.5 and 5: standard deviation 3.1820, half width 1.96 * 3.1820 / sqrt 2.
    assert report.ci95_high - report.advantage == pytest.approx(4.4100, abs=1e-3)
    # Breaks count for the challenger only in its own seat; the field's in its own table.
    assert report.moons == {"challenger_shot": 0, "field_shot": 0, "challenger_broke": 1,
                            "field_broke": 1}
    # CPU and wall times each by level: the challenger's from its own seat at each table.
    assert report.decision_cpu_ms_p50 == {"hard": 2.5, "easy": 2.5}
    assert report.decision_ms_p50 == {"hard": 3.0, "easy": 3.0}


def test_moon_breakers_are_seats_taking_a_point_from_a_seat_on_for_a_moon():
    from games.engine.events import TrickTaken

    # North takes 14 points (QS and a heart) in trick 2, is on a moon run once six tricks
    # are done, and east takes a heart in trick 10.
    events = [TrickTaken(n, Seat.NORTH, 14 if n == 2 else 0) for n in range(1, 10)]
    events.append(TrickTaken(10, Seat.EAST, 1))
    assert arena._moon_breakers(events) == (Seat.EAST,)
    events[1] = TrickTaken(2, Seat.NORTH, 5)  # under 10 points: not on for a moon
    assert arena._moon_breakers(events) == ()


def test_a_level_against_itself_has_no_advantage_at_all():
    # Same seeds for the same seat and move: the five tables of a deal play alike.
    report = arena.run("medium", "medium", 6, seed=3, processes=1)
    assert report.advantage == 0.0
    assert report.ci95_low == report.ci95_high == 0.0
    assert report.challenger_mean == report.field_mean


def test_a_run_is_reproducible_for_its_seed_on_one_core_or_two():
    one = arena.run("easy", "random", 8, seed=5, processes=1)
    two = arena.run("easy", "random", 8, seed=5, processes=2)
    assert (one.advantage, one.challenger_mean, one.field_mean, one.moons) == (
        two.advantage, two.challenger_mean, two.field_mean, two.moons)
    other_seed = arena.run("easy", "random", 8, seed=6, processes=1)
    assert other_seed.advantage != one.advantage


def test_deals_rotate_the_pass_direction_and_every_table_of_a_deal_has_its_cards():
    assert duplicate.ROTATION[:4] == (PassDirection.LEFT, PassDirection.RIGHT,
                                  PassDirection.ACROSS, PassDirection.HOLD)
    result = arena.play_deal((1, 3, "easy", "random", 1.0))  # deal 3: a hold hand
    for played in [result.field_table, *result.challenger_tables]:
        assert sum(played.points) in (26, 78)
        # Plays, no passes; forced plays (one legal card) are not timed.
        assert 0 < sum(len(times) for times in played.decision_ms) < 52
        assert [len(times) for times in played.decision_ms] == [
            len(times) for times in played.decision_cpu_ms]


def test_command_line_ends_with_one_json_line(capsys):
    arena.main(["--challenger", "easy", "--field", "random", "--deals", "4", "--seed", "2",
                "--processes", "1", "--json"])
    lines = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(lines[-1])
    assert set(figures) == {"challenger", "field", "deals", "challenger_mean", "field_mean",
                            "advantage", "ci95_low", "ci95_high", "moons",
                            "decision_cpu_ms_p50", "decision_cpu_ms_p99",
                            "decision_ms_p50", "decision_ms_p99", "work_per_ms", "budget_ms"}
    assert (figures["challenger"], figures["field"], figures["deals"]) == ("easy", "random", 4)
    assert lines[0].startswith("Arena: easy (challenger) vs random (field), 4 duplicate deals")


def test_manage_py_bot_arena_runs_the_same_arena(capsys):
    call_command("bot_arena", "--challenger", "easy", "--field", "random", "--deals", "4",
                 "--seed", "2", "--processes", "1", "--json")
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    expected = arena.run("easy", "random", 4, seed=2, processes=1)
    assert figures["advantage"] == expected.advantage


def test_fewer_than_two_deals_is_refused():
    with pytest.raises(SystemExit):
        arena.main(["--challenger", "easy", "--field", "random", "--deals", "1"])
