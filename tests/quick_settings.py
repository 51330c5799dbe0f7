"""The service's settings (config.settings) with passwords hashed by MD5 first: Django's
advice for tests, the service's own hasher being slow by design. The in-process tests take
``PASSWORD_HASHERS`` from here; the e2e fuzzer's server runs on the whole module."""

from django.conf import global_settings

import config.settings as service
from config.settings import *  # noqa: F403

QUICK_HASHER = "django.contrib.auth.hashers.MD5PasswordHasher"
PASSWORD_HASHERS = [QUICK_HASHER, *getattr(service, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)]
