"""What every route module of the web app shares (the pages, the API, the score sheet): the
worker threads, the page language, this browser's id, the progress store of a request, the
context of a page template. Below the routes and :mod:`tenpai.web.app`, which assembles them."""

from __future__ import annotations

import functools
import re
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar
from urllib.parse import urlencode

import anyio
import anyio.to_thread
from fastapi import Request

from ..i18n import LANGS, find_lang, negotiate, tr
from ..trainer.store import Store, probe
from .i18n import words

__all__ = [
    "MAX_BODY",
    "browser_id",
    "lang_of",
    "language_links",
    "open_store",
    "run_cpu",
    "store_state",
    "template_context",
]

T = TypeVar("T")

MAX_BODY = 64 << 10
"""The largest request body accepted (64 KiB: a form, one record), but on :data:`LIST_PATHS`."""


async def run_cpu(fn: Callable[..., T], *args: Any) -> T:
    """Runs *fn* on *args* (scoring, dealing, rendering) in one of the worker threads
    (``tenpai.web.app.WORKERS``), so that the event loop keeps answering; the scorer is
    thread-safe."""
    return await anyio.to_thread.run_sync(functools.partial(fn, *args))


def lang_of(request: Request) -> str:
    """Gets the page language: ``?lang=`` (kept in the session; a language Tenpai does not
    ship reads as English, with no error), else the session's, else the browser's
    ``Accept-Language`` (:func:`tenpai.i18n.negotiate`)."""
    asked = request.query_params.get("lang")
    if asked is not None:
        lang = find_lang(asked[:40])
        request.session["lang"] = lang
        return lang
    kept = request.session.get("lang")
    if kept in LANGS:
        return str(kept)
    return negotiate(request.headers.get("accept-language", ""))


def browser_id(request: Request) -> str:
    """Gets this browser's id: 32 random hex digits kept in its signed session, made on its
    first visit. It owns what the browser makes: its profiles (their owner in the store,
    :data:`tenpai.trainer.store.TERMINAL` being the command line's) and its score sheets. A
    session of before the id takes its drill token, which owned its score sheets then."""
    kept = request.session.get("owner")
    if isinstance(kept, str) and re.fullmatch(r"[0-9a-f]{32}", kept):
        return kept
    drill = request.session.get("drill")
    if isinstance(drill, str) and re.fullmatch(r"[0-9a-f]{32}", drill):
        made = drill
    else:
        made = secrets.token_hex(16)
    request.session["owner"] = made
    return made


@contextmanager
def open_store(request: Request) -> Iterator[Store]:
    """Opens the progress store for one request (one SQLite connection, WAL mode), in the
    thread that uses it, and closes it after."""
    store = Store(request.app.state.store_path, check=False)  # checked when the app started
    try:
        yield store
    finally:
        store.close()


RECENT_FAILURE = 60.0
"""Seconds a store error answered to a request is reported by :func:`store_state`."""


def store_state(app: Any) -> dict[str, Any]:
    """Gets the state of the app's store for ``/api/health``: ``{"state": "ok"}``, or the
    cause of the trouble (:func:`tenpai.trainer.store.probe`, else the last store error
    answered to a request within :data:`RECENT_FAILURE` seconds: a full disk a probe cannot
    see, another writer holding the store) with its ``detail``; and the number of
    ``damaged_rows`` found when the app started, if any."""
    state, detail = probe(app.state.store_path)
    failure = getattr(app.state, "store_failure", None)
    if state == "ok" and failure is not None and time.time() - failure[2] < RECENT_FAILURE:
        state, detail = failure[0], failure[1]
    out: dict[str, Any] = {"state": state}
    if detail:
        out["detail"] = detail
    damaged = getattr(app.state, "store_damaged", 0)
    if damaged:
        out["damaged_rows"] = damaged
    return out


def template_context(request: Request, page: str, **extra: Any) -> dict[str, Any]:
    """Gets what every page template needs: the words, the language, the page name."""
    lang = lang_of(request)
    return {
        "w": words(lang),
        "lang": lang,
        "page": page,
        "lang_links": language_links(request),
        **extra,
    }


def language_links(request: Request) -> list[tuple[str, str, str]]:
    """Gets the language switch: for each shipped language, its tag, its own name (from the
    ``core`` catalogue) and this page's address in it."""
    params = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    return [
        (
            code,
            tr(f"core.lang.self.{code}", code),
            f"{request.url.path}?{urlencode([*params, ('lang', code)])}",
        )
        for code in LANGS
    ]
