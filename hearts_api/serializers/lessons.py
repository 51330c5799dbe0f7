"""The lessons (docs/api.md, "Lessons")."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.lessons import LEGAL_NOT_WANTED, RIGHT, TEACHES, Lesson

from .fields import SEAT_CHOICES, ResponseSerializer

LESSON_VERDICT_CHOICES = [RIGHT, LEGAL_NOT_WANTED]
TEACHES_CHOICES = list(TEACHES)


class LessonSerializer(ResponseSerializer):
    slug = serializers.SlugField()
    order = serializers.IntegerField(min_value=1, help_text="the lessons' order, from 1")
    title = serializers.CharField()
    teaches = serializers.ChoiceField(TEACHES_CHOICES,
                                      help_text="the rule or variant it teaches (docs/rules.md)")

    @staticmethod
    def body(lesson: Lesson) -> dict[str, Any]:
        return {"slug": lesson.slug, "order": lesson.order, "title": lesson.title,
                "teaches": lesson.teaches}


class LessonPromptSerializer(LessonSerializer):
    """A lesson as its match shows it: what it asks of you, from which seat."""

    seat = serializers.ChoiceField(SEAT_CHOICES, help_text="the seat you play in the lesson")
    prompt = serializers.CharField()

    @staticmethod
    def body(lesson: Lesson) -> dict[str, Any]:
        return {**LessonSerializer.body(lesson), "seat": lesson.seat.label, "prompt": lesson.prompt}
