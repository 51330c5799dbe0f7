API_PREFIX = "/api/v1/"  # every path of the API (hearts_api.urls) starts with it
