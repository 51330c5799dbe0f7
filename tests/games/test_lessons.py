"""The lessons' data (games/lessons/*.yaml): each position is reached by legal moves, the
engine accepts every answer the lesson calls right, and the expert agrees where it says so."""

from __future__ import annotations

from random import Random

import pytest

from bots.strategies import choose_command
from games.engine import PassCards, Phase, PlayCard, bot_table, seat_view, step
from games.lessons import LEGAL_NOT_WANTED, RIGHT, TEACHES, lessons

LESSONS = list(lessons().values())


def at_position(lesson):
    state, _ = bot_table(lesson.rules, lesson.deal, ["hard"] * 4)
    for command in lesson.history:  # the engine refuses an illegal one
        _, state = step(state, command)
    return state


def test_the_lessons_cover_the_tutorial_and_the_variants_in_order():
    assert [lesson.order for lesson in LESSONS] == list(range(1, len(LESSONS) + 1))
    assert sorted(lesson.teaches for lesson in LESSONS) == sorted(TEACHES)


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.slug for lesson in LESSONS])
def test_each_position_is_legal_and_each_right_answer_is_accepted(lesson):
    state = at_position(lesson)
    view = seat_view(state, lesson.seat)
    assert view.is_your_turn
    if view.status is Phase.PASSING:
        filler = [card for card in view.hand if card not in lesson.right]
        passed = (*lesson.right, *filler)[:lesson.rules.pass_count]
        answers = [PassCards(lesson.seat, passed)]
        others = [PassCards(lesson.seat, tuple(filler[:lesson.rules.pass_count]))]
    else:
        assert set(lesson.right) <= set(view.legal_cards)
        answers = [PlayCard(lesson.seat, card) for card in lesson.right]
        others = [PlayCard(lesson.seat, card) for card in view.legal_cards
                  if card not in lesson.right]
    for answer in answers:
        step(state, answer)
        assert lesson.verdict(answer)[0] == RIGHT
    for other in others:
        step(state, other)
        assert lesson.verdict(other) == (LEGAL_NOT_WANTED, lesson.otherwise)


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson.expert_agrees],
                         ids=[lesson.slug for lesson in LESSONS if lesson.expert_agrees])
def test_the_expert_makes_the_move_the_lesson_calls_best(lesson):
    view = seat_view(at_position(lesson), lesson.seat)
    command = choose_command("expert", view, Random(1), work=50_000)
    assert lesson.verdict(command)[0] == RIGHT, command
