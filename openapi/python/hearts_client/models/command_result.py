from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.card_played_event import CardPlayedEvent
    from ..models.cards_exchanged_event import CardsExchangedEvent
    from ..models.cards_passed_event import CardsPassedEvent
    from ..models.hand_dealt_event import HandDealtEvent
    from ..models.hand_scored_event import HandScoredEvent
    from ..models.lesson_verdict import LessonVerdict
    from ..models.match_aborted_event import MatchAbortedEvent
    from ..models.match_created_event import MatchCreatedEvent
    from ..models.match_ended_event import MatchEndedEvent
    from ..models.seat_invited_event import SeatInvitedEvent
    from ..models.seat_left_event import SeatLeftEvent
    from ..models.seat_released_event import SeatReleasedEvent
    from ..models.seat_replaced_event import SeatReplacedEvent
    from ..models.seat_taken_event import SeatTakenEvent
    from ..models.seat_view import SeatView
    from ..models.trick_taken_event import TrickTakenEvent
    from ..models.unknown_event import UnknownEvent


T = TypeVar("T", bound="CommandResult")


@_attrs_define
class CommandResult:
    """
    Attributes:
        version (int): the match version after your command
        events (list[CardPlayedEvent | CardsExchangedEvent | CardsPassedEvent | HandDealtEvent | HandScoredEvent |
            MatchAbortedEvent | MatchCreatedEvent | MatchEndedEvent | SeatInvitedEvent | SeatLeftEvent | SeatReleasedEvent |
            SeatReplacedEvent | SeatTakenEvent | TrickTakenEvent | UnknownEvent]): the events your command caused, redacted
            for you
        view (SeatView): What the caller's seat may see (a spectator's view when the caller has no seat).
        lesson (LessonVerdict | None): in a lesson's match, the lesson's verdict on your move (the match then ends:
            ended_by lesson); null otherwise
    """

    version: int
    events: list[
        CardPlayedEvent
        | CardsExchangedEvent
        | CardsPassedEvent
        | HandDealtEvent
        | HandScoredEvent
        | MatchAbortedEvent
        | MatchCreatedEvent
        | MatchEndedEvent
        | SeatInvitedEvent
        | SeatLeftEvent
        | SeatReleasedEvent
        | SeatReplacedEvent
        | SeatTakenEvent
        | TrickTakenEvent
        | UnknownEvent
    ]
    view: SeatView
    lesson: LessonVerdict | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.card_played_event import CardPlayedEvent  # noqa: PLC0415
        from ..models.cards_exchanged_event import CardsExchangedEvent  # noqa: PLC0415
        from ..models.cards_passed_event import CardsPassedEvent  # noqa: PLC0415
        from ..models.hand_dealt_event import HandDealtEvent  # noqa: PLC0415
        from ..models.hand_scored_event import HandScoredEvent  # noqa: PLC0415
        from ..models.lesson_verdict import LessonVerdict  # noqa: PLC0415
        from ..models.match_aborted_event import MatchAbortedEvent  # noqa: PLC0415
        from ..models.match_created_event import MatchCreatedEvent  # noqa: PLC0415
        from ..models.match_ended_event import MatchEndedEvent  # noqa: PLC0415
        from ..models.seat_invited_event import SeatInvitedEvent  # noqa: PLC0415
        from ..models.seat_left_event import SeatLeftEvent  # noqa: PLC0415
        from ..models.seat_released_event import SeatReleasedEvent  # noqa: PLC0415
        from ..models.seat_replaced_event import SeatReplacedEvent  # noqa: PLC0415
        from ..models.seat_taken_event import SeatTakenEvent  # noqa: PLC0415
        from ..models.trick_taken_event import TrickTakenEvent  # noqa: PLC0415

        version = self.version

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, MatchCreatedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatTakenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HandDealtEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsPassedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsExchangedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardPlayedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TrickTakenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HandScoredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, MatchEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatLeftEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatReplacedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, MatchAbortedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatInvitedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatReleasedEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        view = self.view.to_dict()

        lesson: dict[str, Any] | None
        if isinstance(self.lesson, LessonVerdict):
            lesson = self.lesson.to_dict()
        else:
            lesson = self.lesson

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "events": events,
                "view": view,
                "lesson": lesson,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_played_event import CardPlayedEvent  # noqa: PLC0415
        from ..models.cards_exchanged_event import CardsExchangedEvent  # noqa: PLC0415
        from ..models.cards_passed_event import CardsPassedEvent  # noqa: PLC0415
        from ..models.hand_dealt_event import HandDealtEvent  # noqa: PLC0415
        from ..models.hand_scored_event import HandScoredEvent  # noqa: PLC0415
        from ..models.lesson_verdict import LessonVerdict  # noqa: PLC0415
        from ..models.match_aborted_event import MatchAbortedEvent  # noqa: PLC0415
        from ..models.match_created_event import MatchCreatedEvent  # noqa: PLC0415
        from ..models.match_ended_event import MatchEndedEvent  # noqa: PLC0415
        from ..models.seat_invited_event import SeatInvitedEvent  # noqa: PLC0415
        from ..models.seat_left_event import SeatLeftEvent  # noqa: PLC0415
        from ..models.seat_released_event import SeatReleasedEvent  # noqa: PLC0415
        from ..models.seat_replaced_event import SeatReplacedEvent  # noqa: PLC0415
        from ..models.seat_taken_event import SeatTakenEvent  # noqa: PLC0415
        from ..models.seat_view import SeatView  # noqa: PLC0415
        from ..models.trick_taken_event import TrickTakenEvent  # noqa: PLC0415
        from ..models.unknown_event import UnknownEvent  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                CardPlayedEvent
                | CardsExchangedEvent
                | CardsPassedEvent
                | HandDealtEvent
                | HandScoredEvent
                | MatchAbortedEvent
                | MatchCreatedEvent
                | MatchEndedEvent
                | SeatInvitedEvent
                | SeatLeftEvent
                | SeatReleasedEvent
                | SeatReplacedEvent
                | SeatTakenEvent
                | TrickTakenEvent
                | UnknownEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_0 = MatchCreatedEvent.from_dict(data)

                    return componentsschemas_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_1 = SeatTakenEvent.from_dict(data)

                    return componentsschemas_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_2 = HandDealtEvent.from_dict(data)

                    return componentsschemas_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_3 = CardsPassedEvent.from_dict(data)

                    return componentsschemas_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_4 = CardsExchangedEvent.from_dict(data)

                    return componentsschemas_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_5 = CardPlayedEvent.from_dict(data)

                    return componentsschemas_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_6 = TrickTakenEvent.from_dict(data)

                    return componentsschemas_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_7 = HandScoredEvent.from_dict(data)

                    return componentsschemas_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_8 = MatchEndedEvent.from_dict(data)

                    return componentsschemas_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_9 = SeatLeftEvent.from_dict(data)

                    return componentsschemas_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_10 = SeatReplacedEvent.from_dict(data)

                    return componentsschemas_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_11 = MatchAbortedEvent.from_dict(data)

                    return componentsschemas_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_12 = SeatInvitedEvent.from_dict(data)

                    return componentsschemas_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_13 = SeatReleasedEvent.from_dict(data)

                    return componentsschemas_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_14 = UnknownEvent.from_dict(data)

                return componentsschemas_event_type_14

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        view = SeatView.from_dict(d.pop("view"))

        def _parse_lesson(data: object) -> LessonVerdict | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lesson_type_0 = LessonVerdict.from_dict(data)

                return lesson_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LessonVerdict | None, data)

        lesson = _parse_lesson(d.pop("lesson"))

        command_result = cls(
            version=version,
            events=events,
            view=view,
            lesson=lesson,
        )

        command_result.additional_properties = d
        return command_result

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
