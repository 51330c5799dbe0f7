"""Players and their tokens."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import accounts
from ..auth import BasicCredentialsAuthentication, BearerTokenAuthentication
from ..idempotency import IdempotentMixin
from ..serializers.accounts import (
    ApiTokenCreatedSerializer,
    ApiTokenSerializer,
    PlayerCreatedSerializer,
    PlayerCreateSerializer,
    TokenCreateSerializer,
)
from ..serializers.fields import PageQuerySerializer
from ..throttling import PasswordRegistrationThrottle, RegistrationThrottle
from .common import MatchPagination, valid_data
from .openapi import BODY_PROBLEMS, idempotent, problem_responses, quota_note

TOKEN_KEY_PATTERN = "^[0-9a-f]{1,64}$"  # a token's first hex characters
_PASSWORD_REGISTRATIONS = quota_note("password_registrations",
                                 "registrations with a password, per address")


class PlayerCreateView(APIView):
    permission_classes = [AllowAny]
    authentication_classes = [BearerTokenAuthentication]  # a bot account's owner, if sent
    throttle_classes = [RegistrationThrottle]

    @extend_schema(operation_id="players_create", request=PlayerCreateSerializer,
                   responses={201: PlayerCreatedSerializer,
                              **problem_responses(*BODY_PROBLEMS, 403, 409,
                                          quotas=[_PASSWORD_REGISTRATIONS])},
                   auth=[],
                   summary="Register a player (or a bot account) and get its first bearer token",
                   description="A registration with a password counts against the quota "
                               f"{_PASSWORD_REGISTRATIONS}, before the password is checked: "
                               "beyond it 429 quota_exceeded. One without a password has only "
                               "the rate of requests without a token. No token is needed; a bot "
                               "account registered with one (bot: true) names that token's "
                               "player as its owner, and a token that is not valid is 401 (an "
                               "AuthenticatedClient of the SDKs sends it).")
    def post(self, request: Request) -> Response:
        accounts.registration_check()  # before the body is read: closed is closed
        if isinstance(request.data, dict) and "password" in request.data:
            PasswordRegistrationThrottle().check(request, self)  # before it is hashed
        data = valid_data(PlayerCreateSerializer, request.data)
        owner = request.user if request.user.is_authenticated else None
        issued = accounts.player_create(username=data["username"], password=data.get("password"),
                                        bot=data["bot"], owner=owner if data["bot"] else None)
        return Response(PlayerCreatedSerializer.body(issued.row.user.get_username(), issued.token),
                        status=status.HTTP_201_CREATED)


class TokenListView(IdempotentMixin, generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = ApiTokenSerializer

    def get_authenticators(self) -> list[Any]:
        """A bearer token for every method, and for POST (minting a token) HTTP Basic
        credentials too: a player who registered with a password and lost every token is not
        locked out. A password mints tokens and does nothing else; the token does the rest."""
        # No request yet (None) while drf-spectacular builds its mock one: the bearer's.
        if getattr(self.request, "method", None) == "POST":
            return [*super().get_authenticators(), BasicCredentialsAuthentication()]
        return super().get_authenticators()  # type: ignore[no-any-return]

    @extend_schema(operation_id="tokens_list", parameters=[PageQuerySerializer],
                   responses={200: ApiTokenSerializer(many=True), **problem_responses(400)},
                   summary="Your tokens, oldest first (their first characters, never the "
                           "whole token)")
    def get(self, request: Request) -> Response:
        valid_data(PageQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(accounts.token_list(user=request.user)) or []
        return self.get_paginated_response(ApiTokenSerializer(page, many=True).data)

    @extend_schema(operation_id="tokens_create", request=TokenCreateSerializer,
                   **idempotent(201, ApiTokenCreatedSerializer, *BODY_PROBLEMS,
                                 quotas=[f"tokens (you hold {settings.QUOTAS['tokens']}, the "
                                         "most a player may: revoke one first)"]),
                   summary="Create another token (one per app), with a bearer token or a "
                           "password; it is shown once",
                   description="Authenticated by a bearer token, or by HTTP Basic credentials "
                               "(username and password) of a player who registered with a "
                               "password: the way back in for a player who lost every token. "
                               "Credentials malformed or wrong, of a player registered "
                               "without a password, or of a staff account (staff are not "
                               "players), are 401 not_authenticated; Basic attempts are "
                               "limited per address (429 throttled).")
    def post(self, request: Request) -> Response:
        data = valid_data(TokenCreateSerializer, request.data)
        issued = accounts.token_create(user=request.user, name=data.get("name", ""))
        row = issued.row
        body = ApiTokenCreatedSerializer({"token_key": row.token_key, "name": row.name,
                                          "created": row.created, "token": issued.token}).data
        return Response(body, status=status.HTTP_201_CREATED)


class TokenDetailView(APIView):
    @extend_schema(operation_id="tokens_revoke", responses={204: None, **problem_responses(404)},
                   parameters=[OpenApiParameter(
                       "token_key", OpenApiTypes.STR, OpenApiParameter.PATH,
                       pattern=TOKEN_KEY_PATTERN,
                       description="the token_key of GET /tokens; another form is 404")],
                   summary="Revoke one of your tokens by its token_key")
    def delete(self, request: Request, token_key: str) -> Response:
        accounts.token_revoke(user=request.user, token_key=token_key)
        return Response(status=status.HTTP_204_NO_CONTENT)
