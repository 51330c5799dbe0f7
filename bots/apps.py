from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"

    def ready(self) -> None:
        from games.signals import match_advanced

        from .tasks import on_match_advanced

        match_advanced.connect(on_match_advanced, dispatch_uid="bots.wake")
