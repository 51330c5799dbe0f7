"""The Celery app; configuration comes from Django settings (``CELERY_*``)."""

import os

from celery import Celery

from .broker import keep_closing_after_a_lost_poll

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

keep_closing_after_a_lost_poll()  # else a Redis restart ends the worker (config/broker.py)
app = Celery("hearts")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
