"""Request and response shapes of docs/api.md, one module per resource. Class names (less
"Serializer") become the OpenAPI components and so the SDKs' type names: name them for SDK
users."""
