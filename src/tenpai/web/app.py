"""The web application: :func:`create_app` builds it (FastAPI, Jinja2 templates, htmx served
from ``static/``), with its guards: the names it answers to (the ``Host`` header), a
Content-Security-Policy without inline script, request size limits, same-origin form posts,
a signed session cookie whose secret is generated once and kept beside the progress store,
the store's own message when it cannot be used (503, 507 when the disk is full), and error
pages that never show a stack trace.

>>> import tempfile, pathlib
>>> from fastapi.testclient import TestClient
>>> with tempfile.TemporaryDirectory() as d:
...     app = create_app(store_path=pathlib.Path(d) / "t.sqlite3")
...     r = TestClient(app).get("/api/health")
...     (pathlib.Path(d) / SECRET_FILE).exists()
True
>>> r.json(), "script-src 'self'" in r.headers["content-security-policy"]
({'status': 'ok', 'store': {'state': 'ok'}}, True)
"""

from __future__ import annotations

import html
import ipaddress
import json
import logging
import os
import re
import secrets
import sqlite3
import stat
import tempfile
import time
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import anyio
import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..errors import msg
from ..i18n import find_lang, negotiate, tr
from ..trainer.store import Store, StoreError, default_store_path
from .common import MAX_BODY, lang_of, language_links
from .guesses import Guesses
from .i18n import counted, points_text, words

__all__ = [
    "LOOPBACK_NAMES",
    "MAX_LIST_BODY",
    "MAX_QUERY",
    "SECRET_FILE",
    "Hosts",
    "SecretError",
    "allowed_hosts",
    "create_app",
    "host_allowed",
]

log = logging.getLogger("tenpai.web")
T = TypeVar("T")

HERE = Path(__file__).parent
SECRET_FILE = "web-session.key"
"""The session secret's file, beside the progress store (made once, mode 0600)."""
MAX_LIST_BODY = 1 << 20
"""The largest body of a list endpoint (1 MiB: about 2,000 records for ``/api/score``)."""
LIST_PATHS = frozenset({"/api/score", "/api/logs/verify", "/logs"})
"""The endpoints that take a larger body: a list of records (each record still at most
:data:`MAX_BODY`), or one game log (sent or pasted)."""
MAX_QUERY = 4096
"""The longest query string accepted."""
BODY_SECONDS = 15.0
"""The time a client has to send its whole body (a slow client is answered 408)."""
WORKERS = 2
"""The worker threads that score and render (the CPU work): the event loop only reads,
routes and writes, so that ``/api/health`` and every other request keep answering. Two:
under the interpreter lock more threads compute no faster and slow the loop down."""

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]


SECRET_BYTES = 32
"""The session secret's size in random bytes (written as 64 hex digits)."""


class SecretError(RuntimeError):
    """Raised when the session secret cannot be made or kept safely (the server does not
    start with a secret it cannot trust)."""


def _secret_ok(path: Path) -> str | None:
    """Gets the secret of *path* when it can be trusted: a plain file of the user running the
    server, theirs alone (no group or other permission), at least :data:`SECRET_BYTES`
    random bytes in hex; None when it must be replaced (empty, short, not hex, a link,
    readable by others)."""
    try:
        st = path.lstat()  # a symbolic link is not followed: it is replaced
        if not stat.S_ISREG(st.st_mode) or st.st_mode & 0o077 or st.st_uid != os.getuid():
            return None
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if len(text) < 2 * SECRET_BYTES or not re.fullmatch(r"[0-9a-f]+", text):
        return None
    return text


def _write_secret(path: Path) -> str:
    """Writes a new secret to *path* atomically: a temporary file of mode 0600 in the same
    folder, flushed to disk (fsync), renamed over *path*, then the folder synced."""
    secret = secrets.token_hex(SECRET_BYTES)
    fd, tmp = tempfile.mkstemp(prefix=".web-session.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(secret + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    with suppress(OSError):  # make the rename itself durable
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    return secret


def _checked(secret: str) -> str:
    if len(secret) < 2 * SECRET_BYTES:
        raise SecretError(
            f"a session secret has at least {2 * SECRET_BYTES} characters (secrets.token_hex"
            f"({SECRET_BYTES})), not {len(secret)}"
        )
    return secret


def _secret_for(store_path: Path) -> str:
    """Gets the session secret kept beside *store_path*: the file's when it can be trusted
    (see :func:`_secret_ok`), else a new one (:func:`secrets.token_hex`, 32 bytes) written
    atomically with mode 0600 over the old file, which is logged and never used: a key that
    is empty (a first start killed mid-way), short or readable by others could be guessed
    or read, and a cookie signed with it would open another player's profile.

    :raises SecretError: when the folder cannot hold a new secret (the server must not
        start).
    """
    path = store_path.parent / SECRET_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        kept = _secret_ok(path)
        if kept is not None:
            return kept
        if path.exists() or path.is_symlink():
            log.warning(
                "the session secret %s was empty, short or readable by others: replaced "
                "(the sessions signed with it end)",
                path,
            )
        written = _write_secret(path)
        return _secret_ok(path) or written  # two first starts at once: the last one's key
    except OSError as e:
        raise SecretError(
            f"cannot keep the session secret in {str(path)!r}: {e.strerror or e}; give the "
            "folder to the user running the server, or choose another --store"
        ) from None


# ---- the names the server answers to ---------------------------------------------------------
#
# A page of another site can reach a server on this machine by a name of its own that its DNS
# points at 127.0.0.1 ("DNS rebinding"): the browser then sends that name in ``Host``. The
# server answers only to the names it is known by: the loopback names, the address it is bound
# to, and those ``--allow-host`` adds. An IP address is never such a name (a rebinding needs a
# name the attacker's DNS answers for): a server bound to every address (0.0.0.0, ::) answers
# to each of its addresses.

LOOPBACK_NAMES = ("localhost",)
"""The names of the machine itself, with every name under ``.localhost`` (RFC 6761, section
6.3, "Domain Name Reservation Considerations for localhost.")."""
_WILDCARDS = frozenset({"", "0.0.0.0", "::"})


@dataclass(frozen=True, slots=True)
class Hosts:
    """The names the server answers to: exact *names* (host names and addresses, lower case),
    *domains* (``.example.org``: its subdomains and itself), any IP address
    (*any_address*), or anything (``*``)."""

    names: frozenset[str]
    domains: tuple[str, ...] = ()
    any_address: bool = False
    anything: bool = False

    def allow(self, host: str) -> bool:
        """Tells whether a request whose ``Host`` header is *host* (``name[:port]``,
        ``[v6]:port``) may be answered."""
        if self.anything:
            return True
        name = _host_name(host)
        if not name:
            return False
        address = _address(name)
        if address is not None:
            return address.is_loopback or self.any_address or str(address) in self.names
        if name in LOOPBACK_NAMES or name.endswith(".localhost") or name in self.names:
            return True
        return any(name == d[1:] or name.endswith(d) for d in self.domains)


def _host_name(host: str) -> str:
    """Gets the name of a ``Host`` header, without its port, lower case, without a final
    dot (empty when it is none)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else ""
    name, colon, port = host.rpartition(":")
    if colon and port.isdigit() and ":" not in name:
        host = name
    return host.rstrip(".")


def _address(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped if mapped is not None else address


def allowed_hosts(bound: str, extra: Iterable[str] = ()) -> Hosts:
    """Gets the names a server bound to the address *bound* answers to: the loopback names,
    *bound* (every address when it is 0.0.0.0 or ::), and *extra* (``--allow-host``: a
    name or an address, ``.example.org`` for a domain, ``*`` for any).

    :raises ValueError: naming a value of *extra* that is none of those.

    >>> hosts = allowed_hosts("127.0.0.1", ["tenpai.example.org"])
    >>> [hosts.allow(h) for h in ("localhost:8000", "tenpai.example.org", "evil.example")]
    [True, True, False]
    """
    names, domains, anything = set(), [], False
    bound = _host_name(bound) if bound not in _WILDCARDS else bound
    if bound not in _WILDCARDS:
        address = _address(bound)
        names.add(str(address) if address is not None else bound)
    for value in extra:
        v = value.strip().lower().rstrip(".")
        if v == "*":
            anything = True
        elif v.startswith(".") and _valid_name(v[1:]):
            domains.append(v)
        elif _address(v) is not None:
            names.add(str(_address(v)))
        elif _valid_name(v):
            names.add(v)
        else:
            raise ValueError(value)
    return Hosts(frozenset(names), tuple(domains), bound in _WILDCARDS, anything)


def _valid_name(name: str) -> bool:
    """Tells whether *name* is a host name (RFC 1123 labels: letters, digits, hyphens)."""
    labels = name.split(".")
    return 0 < len(name) <= 253 and all(
        re.fullmatch(r"[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?", label) for label in labels
    )


def host_allowed(hosts: Hosts | None, host: str | None) -> bool:
    """Tells whether a request with the ``Host`` header *host* (None: sent none, as an
    HTTP/1.0 client may; a browser always sends one) may be answered under *hosts* (None:
    every name)."""
    return hosts is None or host is None or hosts.allow(host)


class Guard:
    """ASGI middleware: refuses unknown ``Host`` names (400), long query strings (414),
    large bodies (413) and form posts from another origin (403); adds the security headers
    to every response."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        max_body: int = MAX_BODY,
        max_list_body: int = MAX_LIST_BODY,
        max_query: int = MAX_QUERY,
        body_seconds: float = BODY_SECONDS,
        workers: int = WORKERS,
        hosts: Hosts | None = None,
    ):
        self.app = app
        self.hosts = hosts
        self.max_body = max_body
        self.max_list_body = max_list_body
        self.max_query = max_query
        self.body_seconds = body_seconds
        self.workers = workers
        self._pool_set = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self._pool_set:  # the worker threads of every sync route and of run_cpu
            anyio.to_thread.current_default_thread_limiter().total_tokens = self.workers
            self._pool_set = True
        if scope.get("method") == "HEAD":  # answered as GET, without the body
            scope = {**scope, "method": "GET"}
            send = _headers_only(send)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in _HEADERS if k not in have
                ]
            await send(message)

        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        host = headers.get(b"host")
        shown = None if host is None else host.decode("latin-1")
        if not host_allowed(self.hosts, shown):
            assert shown is not None
            quoted = repr(shown[:80])
            why = f"this server does not answer to the name {quoted} (tenpai serve --allow-host)"
            await self._refuse(scope, send_with_headers, 400, why, "host", host=quoted)
            return
        path: str = scope.get("path", "")
        if len(path) > 1 and path.endswith("/") and not path.startswith("/static/"):
            # built relative (never from the Host header), one leading slash (never //host)
            target = "/" + quote(path.strip("/"))
            if scope.get("query_string"):
                target += "?" + scope["query_string"].decode("latin-1")
            await send_with_headers(
                {
                    "type": "http.response.start",
                    "status": 308,
                    "headers": [(b"location", target.encode("latin-1")), (b"content-length", b"0")],
                }
            )
            await send_with_headers({"type": "http.response.body", "body": b""})
            return
        if len(scope.get("query_string", b"")) > self.max_query:
            why = "the query string is too long"
            await self._refuse(scope, send_with_headers, 414, why, "query", most=self.max_query)
            return
        method = scope.get("method", "GET")
        if method not in ("GET", "HEAD", "OPTIONS") and not path.startswith("/api/"):
            origin = headers.get(b"origin")
            host = headers.get(b"host", b"")
            if origin is not None and origin.split(b"://", 1)[-1] != host:
                await self._refuse(
                    scope, send_with_headers, 403, "cross-origin form post", "origin"
                )
                return
        cap = self.max_list_body if path in LIST_PATHS else self.max_body
        too_big = f"the body is over {cap} bytes"
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > cap):
            await self._refuse(scope, send_with_headers, 413, too_big, "size", most=cap)
            return
        if method in ("GET", "HEAD"):
            await self.app(scope, receive, send_with_headers)
            return
        # read the body first (bounded in size and time), then hand it on
        chunks: list[bytes] = []
        size = 0
        more = True
        try:
            with anyio.fail_after(self.body_seconds):
                while more:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return
                    body = message.get("body", b"")
                    size += len(body)
                    if size > cap:
                        await self._refuse(scope, send_with_headers, 413, too_big, "size", most=cap)
                        return
                    chunks.append(body)
                    more = message.get("more_body", False)
        except TimeoutError:
            why = f"the body did not arrive within {self.body_seconds:g} s"
            seconds = f"{self.body_seconds:g}"
            await self._refuse(scope, send_with_headers, 408, why, "slow", seconds=seconds)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send_with_headers)

    @staticmethod
    async def _refuse(
        scope: Scope, send: Send, status: int, why: str, key: str, **params: object
    ) -> None:
        """Answers *status*: the API with *why* (JSON, English as all its messages), a page
        with ``ui.web.refused_KEY`` in the reader's language (``?lang=``, else the browser's:
        the session is read after this guard)."""
        if scope.get("path", "").startswith("/api/"):
            body = json.dumps({"detail": why}).encode()
            ctype = b"application/json"
        else:
            body = _refusal_page(scope, status, key, params).encode()
            ctype = b"text/html; charset=utf-8"
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [(b"content-type", ctype), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _refusal_page(scope: Scope, status: int, key: str, params: dict[str, object]) -> str:
    """Writes the page of a refused request in the reader's language."""
    from urllib.parse import parse_qs

    query = scope.get("query_string", b"")[:MAX_QUERY].decode("latin-1")
    asked = parse_qs(query).get("lang")
    headers = {k.lower(): v for k, v in scope.get("headers", [])}
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    lang = find_lang(asked[-1][:40]) if asked else negotiate(accept)
    w = words(lang)
    shown = {k: points_text(v, lang) if isinstance(v, int) else v for k, v in params.items()}
    why = html.escape(tr(f"ui.web.refused_{key}", lang, **shown))
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(w['error'])} {status} · {html.escape(w['app'])}</title>"
        '<link rel="stylesheet" href="/static/app.css"></head><body><main id="main">'
        f'<h1>{html.escape(w["error"])} {status}</h1><p class="error" role="alert">{why}</p>'
        f'<p><a href="/">{html.escape(w["back_home"])}</a></p></main></body></html>'
    )


def _headers_only(send: Send) -> Send:
    """Wraps *send* to answer a HEAD request: the GET answer's status and headers (its
    length included), no body."""

    async def headers_only(message: Message) -> None:
        if message["type"] == "http.response.body":
            if message.get("more_body", False):
                return
            message = {"type": "http.response.body", "body": b"", "more_body": False}
        await send(message)

    return headers_only


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def _error_page(request: Request, status: int, message: str) -> Response:
    templates: Jinja2Templates = request.app.state.templates
    lang = negotiate(request.headers.get("accept-language", ""))
    if "session" in request.scope:  # no session when the error came before it
        lang = lang_of(request)
    return templates.TemplateResponse(
        request,
        "error.html",
        {
            "w": words(lang),
            "lang": lang,
            "status": status,
            "message": message,
            "page": "",
            "lang_links": language_links(request),
        },
        status_code=status,
    )


def _validation_message(exc: RequestValidationError, content_type: str = "") -> str:
    """Says what is wrong with a request's body or fields: each field's path and pydantic's
    reason; a body that is not JSON, missing, or not an object (or not sent as JSON) as
    such, as ``POST /api/score`` says it (the position of a JSON error is a character's)."""
    parts = []
    for err in exc.errors()[:5]:
        loc = tuple(err.get("loc", ()))
        kind = err.get("type", "")
        if kind == "json_invalid":
            at = loc[1] + 1 if len(loc) > 1 and isinstance(loc[1], int) else "?"  # from 1
            why = (err.get("ctx") or {}).get("error", "invalid")
            parts.append(f"the body cannot be read: not JSON ({why} at character {at})")
            continue
        if loc == ("body",) and kind == "missing":
            parts.append("the body is empty: send a JSON object")
            continue
        if loc == ("body",) and isinstance(err.get("input"), bytes | str):
            sent = content_type.split(";", maxsplit=1)[0].strip() or "no Content-Type"
            parts.append(f"the body is read as JSON when sent as application/json, not {sent}")
            continue
        if loc == ("body",):
            parts.append("the body is a JSON object (its fields by name), not " + _kind(err))
            continue
        where = ".".join(str(x) for x in loc if x != "body")
        parts.append(f"{where or 'body'}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"


def _kind(err: Any) -> str:
    value = err.get("input")
    names = {list: "a list", str: "a string", int: "a number", float: "a number"}
    names |= {bool: "true or false", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def create_app(
    *,
    store_path: str | Path | None = None,
    secret: str | None = None,
    session_days: int = 400,
    client_timeout: float = BODY_SECONDS,
    hosts: Hosts | None = None,
) -> FastAPI:
    """Builds the web app over the progress store at *store_path* (default: the trainer's
    store). The session cookie is signed with *secret*, by default one generated once and
    kept beside the store (so that sessions, and the profiles they hold, survive restarts).
    A request body must arrive within *client_timeout* seconds. A request whose ``Host``
    is not one of *hosts* (:func:`allowed_hosts`) is refused; None answers every name, for
    the app built inside a test or behind a proxy that checks it (``tenpai serve`` always
    gives its names).

    :raises SecretError: when no trustworthy secret can be kept;
    :raises StoreError: when the store is damaged or not a Tenpai store.
    """
    path = Path(store_path) if store_path is not None else default_store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with Store(path) as store:  # creates the database (WAL mode) and fails early if it cannot
        damaged = len(store.damaged)
    if damaged:
        log.warning(
            "the progress store %s holds %d damaged rows (text that is not UTF-8), left out "
            "of what is read: `tenpai stats --store %s` names them",
            path,
            damaged,
            path,
        )
    app = FastAPI(
        title="Tenpai",
        version=__version__,
        description="Mahjong scoring (riichi and Hong Kong) and dealt hands, as JSON records "
        "(the interchange format of the project).",
        docs_url=None,  # the stock pages load scripts from another host: /api documents it
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.store_path = str(path)
    app.state.store_damaged = damaged
    app.state.store_failure = None  # (cause, message, time) of the last store error answered
    app.state.guesses = Guesses()
    app.router.redirect_slashes = False  # Starlette's are built from the Host header: Guard's
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.filters["points"] = points_text  # {{ n|points(lang) }}
    templates.env.filters["counted"] = counted  # {{ n|counted("sheet_games_count", lang) }}
    app.state.templates = templates
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    from .api import router as api_router
    from .pages import router as pages_router
    from .sheet import router as sheet_router

    app.include_router(api_router)
    app.include_router(pages_router)
    app.include_router(sheet_router)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if _wants_json(request):
            return JSONResponse({"detail": exc.detail}, status_code=exc.status_code)
        if exc.status_code == 405 and request.method == "GET":
            # the address of a form's answer (reloaded, bookmarked, shared): its page
            return RedirectResponse(request.url.path.rsplit("/", 1)[0] or "/", status_code=303)
        lang = negotiate(request.headers.get("accept-language", ""))
        if "session" in request.scope:  # ?lang=, then the session's, then the browser's
            lang = lang_of(request)
        w = words(lang)
        said = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code)
        message = w[said] if said else str(exc.detail)
        return _error_page(request, exc.status_code, message)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        message = _validation_message(exc, request.headers.get("content-type", ""))
        if _wants_json(request):
            return JSONResponse({"detail": message}, status_code=422)
        return _error_page(request, 422, message)

    @app.exception_handler(StoreError)
    async def store_failed(request: Request, exc: StoreError) -> Response:
        return _store_unusable(request, exc)

    @app.exception_handler(sqlite3.Error)
    async def store_read_failed(request: Request, exc: sqlite3.Error) -> Response:
        # a read outside the store's writes (they raise StoreError): said as they are
        error = StoreError.of(msg("errors.trainer.store.io", path=str(path), error=exc))
        return _store_unusable(request, error.because(exc))

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path)
        if _wants_json(request):
            return JSONResponse({"detail": "internal error"}, status_code=500)
        return HTMLResponse(
            "<!DOCTYPE html><title>500</title><p>Internal error / Erreur interne / 内部エラー"
            " / 內部錯誤</p>",
            status_code=500,
        )

    app.add_middleware(
        SessionMiddleware,
        secret_key=_checked(secret) if secret is not None else _secret_for(path),
        session_cookie="tenpai_session",
        max_age=session_days * 24 * 3600,
        same_site="lax",
    )
    app.add_middleware(Guard, body_seconds=client_timeout, hosts=hosts)
    return app


STORE_STATUS = {"full": 507}
"""The status of an answer the store could not give, by its cause (:class:`StoreError`):
507 Insufficient Storage for a full disk (RFC 4918, section 11.5), else 503 Service
Unavailable (read-only, held by another writer, unreadable: the server cannot serve it now)."""
BUSY_RETRY = 5
"""The seconds a client is told to wait (``Retry-After``) when the store is held by another
writer."""


def _store_unusable(request: Request, exc: StoreError) -> Response:
    """Answers a request that the store could not serve: its own message (in the page's
    language; English for the API), 507 when the disk is full, else 503. Kept for
    ``/api/health``."""
    status = STORE_STATUS.get(exc.cause, 503)
    log.error("the progress store failed on %s (%s): %s", request.url.path, exc.cause, exc)
    request.app.state.store_failure = (exc.cause or "unavailable", str(exc), time.time())
    headers = {"retry-after": str(BUSY_RETRY)} if exc.cause == "busy" else {}
    if _wants_json(request):
        return JSONResponse({"detail": str(exc)}, status_code=status, headers=headers)
    lang = (
        lang_of(request)
        if "session" in request.scope
        else negotiate(request.headers.get("accept-language", ""))
    )
    page = _error_page(request, status, exc.message_in(lang))
    page.headers.update(headers)
    return page
