from django.apps import AppConfig


class HeartsApiConfig(AppConfig):
    name = "hearts_api"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import schema  # noqa: F401  (registers the drf-spectacular extensions)
