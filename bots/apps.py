from collections.abc import Mapping

from django.apps import AppConfig
from django.core.exceptions import ImproperlyConfigured

# Plain data, no models: safe to import before the app registry is ready.
from games.bot_levels import BOT_LEVELS, SEARCHING_LEVELS


def check_strategies(strategies: Mapping[str, object], searching: frozenset[str]) -> None:
    """Raises ``ImproperlyConfigured`` unless ``strategies`` (level -> strategy) covers exactly
    ``games.bot_levels.BOT_LEVELS`` and ``searching`` is its ``SEARCHING_LEVELS``."""
    missing, extra = set(BOT_LEVELS) - set(strategies), set(strategies) - set(BOT_LEVELS)
    if missing or extra:
        raise ImproperlyConfigured(
            f"bots.strategies.LEVELS does not match games.bot_levels.BOT_LEVELS: no strategy "
            f"for {sorted(missing)}, a strategy for no level {sorted(extra)}")
    if searching != SEARCHING_LEVELS:
        raise ImproperlyConfigured(
            f"bots.strategies.SEARCHING_LEVELS ({sorted(searching)}) is not "
            f"games.bot_levels.SEARCHING_LEVELS ({sorted(SEARCHING_LEVELS)})")


class BotsConfig(AppConfig):
    name = "bots"

    def ready(self) -> None:
        from celery.signals import worker_process_init

        from games.signals import (
            analysis_requested,
            bots_wake_requested,
            hint_requested,
            match_advanced,
        )

        from .dispatcher import on_bots_wake_requested, on_match_advanced
        from .review import on_analysis_requested, on_hint_requested
        from .strategies import LEVELS
        from .strategies import SEARCHING_LEVELS as SEARCHING
        from .tasks import set_pace

        check_strategies(LEVELS, SEARCHING)
        match_advanced.connect(on_match_advanced, dispatch_uid="bots.submit")
        bots_wake_requested.connect(on_bots_wake_requested, dispatch_uid="bots.wake_requested")
        hint_requested.connect(on_hint_requested, dispatch_uid="bots.hint")
        analysis_requested.connect(on_analysis_requested, dispatch_uid="bots.analysis")
        # Each pool process measures its own pace (or pins the configured one) as it starts.
        worker_process_init.connect(set_pace, dispatch_uid="bots.pace")
