"""Serving the app with uvicorn, with limits for slow or greedy clients (``tenpai serve``).

uvicorn closes a connection idle between requests (``timeout_keep_alive``) and bounds a
request head's size (``h11_max_incomplete_event_size``), but waits for ever for a head sent
one byte at a time: :class:`TimedH11Protocol` gives each request head *client_timeout*
seconds and closes the connection after. The body has the same time in the app
(:class:`tenpai.web.app.Guard`, 408), and at most *max_connections* are served at once
(more get 503 at once rather than queueing).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn import Config, Server
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["CLIENT_TIMEOUT", "MAX_CONNECTIONS", "TimedH11Protocol", "make_server"]

CLIENT_TIMEOUT = 15.0
"""Seconds a client has to send a request head (and, in the app, its body)."""
MAX_CONNECTIONS = 200
"""Connections served at once; the next ones are answered 503."""
KEEP_ALIVE = 5
"""Seconds an idle kept-alive connection stays open."""
MAX_HEAD = 16 << 10
"""The largest request head (request line and headers), in bytes."""


class TimedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for every request head: a client that
    has not sent a whole head within :attr:`head_seconds` of its first byte (or of the
    connection) is disconnected."""

    head_seconds: float = CLIENT_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        self._arm()

    def _arm(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _waiting_for_head(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._waiting_for_head():
            self._arm()  # a new request's head has begun
        else:
            self._disarm()  # the head is read: the app (and its body deadline) takes over

    def _too_slow(self) -> None:
        self._head_timer = None
        if self._waiting_for_head() and not self.transport.is_closing():
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def make_server(
    app: Any,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    log_level: str = "info",
    client_timeout: float = CLIENT_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
) -> Server:
    """Builds the uvicorn server of *app* with the limits above (*client_timeout* seconds
    per request head)."""
    protocol = type("TimedH11", (TimedH11Protocol,), {"head_seconds": client_timeout})
    config = Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=protocol,
        timeout_keep_alive=KEEP_ALIVE,
        limit_concurrency=max_connections,
        h11_max_incomplete_event_size=MAX_HEAD,
        server_header=False,
    )
    return Server(config)
