from django.apps import AppConfig


class HeartsApiConfig(AppConfig):
    name = "hearts_api"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.signals import match_advanced

        from . import notifier, schema  # noqa: F401  (schema registers drf-spectacular extensions)

        match_advanced.connect(notifier.announce, dispatch_uid="hearts_api.announce")
