"""svc_resolve: brings svc's newest hand-off into the open DaVinci Resolve project (placeholder)."""
