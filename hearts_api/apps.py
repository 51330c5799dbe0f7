from django.apps import AppConfig


class HeartsApiConfig(AppConfig):
    name = "hearts_api"
    default_auto_field = "django.db.models.BigAutoField"
