from django.contrib import admin
from django.urls import include, path

from hearts_api import API_PREFIX, problem_pages, table_page
from hearts_api import admin as hearts_admin
from hearts_api.docs import RedocView, SchemaView, SwaggerView
from hearts_api.views import HealthView

urlpatterns = [
    path(API_PREFIX.removeprefix("/"), include("hearts_api.urls")),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/docs/", SwaggerView.as_view(url_name="schema"), name="docs"),
    path("api/redoc/", RedocView.as_view(url_name="schema", template_name="hearts_api/redoc.html"),
         name="redoc"),
    path("play/", table_page.index, name="play"),
    path("play", table_page.to_index),
    path("healthz", HealthView.as_view(), name="healthz"),
    # Where the problem bodies' "type" URIs point; outside /api/v1, like those URIs.
    path("problems", problem_pages.problem_list, name="problem-list"),
    path("problems/<str:code>", problem_pages.problem_detail, name="problem-detail"),
    # Its password attempts are counted per address (hearts_api.admin.login).
    path("admin/login/", hearts_admin.login, name="admin-login"),
    path("admin/", admin.site.urls),
]

handler400 = "hearts_api.problems.bad_request_view"
handler404 = "hearts_api.problems.not_found_view"
handler500 = "hearts_api.problems.server_error_view"
