"""The lessons: positions on a fixed deal after a scripted start, each asking one decision
(data files ``games/lessons/NN-slug.yaml``, read once), and the verdict on the move made."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import yaml

from .engine import (
    Card,
    Command,
    PassCards,
    PlayCard,
    RuleSet,
    Seat,
    parse_card,
    parse_cards,
    parse_deal,
)
from .engine.state import Deal
from .errors import ServiceError

LESSONS_DIR = Path(__file__).parent / "lessons"
# What a lesson teaches: the rules of docs/rules.md, in the tutorial's order, and the variants.
TEACHES = (
    "passing", "pass_rotation", "two_of_clubs", "following_suit", "clean_first_trick",
    "sloughing", "hearts_broken", "queen_of_spades", "shooting_the_moon", "scoring",
    "end_of_match", "jack_of_diamonds", "shoot_the_sun", "queen_breaks_hearts",
    "moon_scoring", "pass_count",
)
RIGHT, LEGAL_NOT_WANTED = "right", "legal_not_wanted"


@dataclass(frozen=True)
class Lesson:
    """One lesson: ``seat`` decides after ``history`` (the plays of its ``tricks``, marked
    ``auto``: the lesson chose them, not the learner) on ``deal`` under ``rules``. A play
    is right when its card is in ``right``; a pass, when it passes every card of ``right``.
    ``expert_agrees``: the expert bot's choice is right."""

    slug: str
    order: int
    title: str
    teaches: str
    seat: Seat
    rules: RuleSet
    deal: Deal
    history: tuple[Command, ...]
    prompt: str
    right: tuple[Card, ...]
    why: str
    otherwise: str
    expert_agrees: bool

    def verdict(self, command: PassCards | PlayCard) -> tuple[str, str]:
        """``(verdict, explanation)`` of ``command``, a legal move of the lesson's seat."""
        made = command.cards if isinstance(command, PassCards) else (command.card,)
        wanted = set(self.right) <= set(made) if isinstance(command, PassCards) else made[0] in self.right
        return (RIGHT, self.why) if wanted else (LEGAL_NOT_WANTED, self.otherwise)


@functools.cache
def lessons() -> dict[str, Lesson]:
    """Every lesson by slug, in order. Raises ``ValueError`` naming a file that is not one."""
    found = {}
    for path in sorted(LESSONS_DIR.glob("*.yaml")):
        try:
            lesson = _lesson(path)
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"{path.name}: {error}") from error
        found[lesson.slug] = lesson
    return found


def lesson_get(slug: str) -> Lesson:
    """The lesson ``slug``. Raises ``not_found``."""
    lesson = lessons().get(slug)
    if lesson is None:
        raise ServiceError("not_found", f"no lesson {slug!r}")
    return lesson


def _lesson(path: Path) -> Lesson:
    data = yaml.safe_load(path.read_text())
    number, slug = path.stem.split("-", 1)
    if data["teaches"] not in TEACHES:
        raise ValueError(f"teaches {data['teaches']!r}: not one of {', '.join(TEACHES)}")
    history: list[Command] = []
    for trick in data.get("tricks") or ():
        for play in trick.split(","):
            letter, card = play.split()
            seat = next(s for s in Seat if s.label[0] == letter.lower())
            history.append(PlayCard(seat, parse_card(card), auto=True))
    return Lesson(
        slug=slug, order=int(number), title=data["title"], teaches=data["teaches"],
        seat=Seat.from_label(data["seat"]), rules=RuleSet.from_json(data.get("rules")),
        deal=parse_deal(data["deal"]), history=tuple(history), prompt=data["prompt"].strip(),
        right=tuple(parse_cards(data["right"].split())), why=data["why"].strip(),
        otherwise=data["otherwise"].strip(), expert_agrees=bool(data.get("expert_agrees")))
