"""The pages: Calculer (the calculator), S'entraîner (the drill) and Progrès, Barème and the
Hong Kong pages, Règles, and the API's documentation. Server-rendered; htmx swaps parts.

Each route reads its form or query, calls the library (:mod:`tenpai.calculator`,
:mod:`tenpai.trainer.session`, :mod:`tenpai.render.documents`...) and fills a template.
What the session cookie keeps: the language, the rules choice, the drill's settings and
current hand (a token: the hand is in the store), this browser's id (the owner of its
profiles and score sheets), the profile in use and the claims on profiles shared with it.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from markupsafe import Markup

from ..calculator import (
    CalcQuery,
    calculate,
    edit,
    query_pairs,
    query_string,
    read_query,
)
from ..errors import TenpaiError, error_text
from ..hand import Hand
from ..i18n import LANGS, decimal, ntr, tr
from ..render.svg import hand_svg, meld_layout, tile_svg, tiles_svg
from ..tiles import NORTH, parse_tiles, tile_name
from ..trainer.store import TERMINAL
from ..variants import find_variant, variant_names
from .common import browser_id, open_store, run_cpu, template_context
from .i18n import points_text

__all__ = ["PDF_RENDERS", "RenderBusy", "Renders", "router"]

router = APIRouter()
log = logging.getLogger("tenpai.web")

_PROFILE_NAME = re.compile(r"^[\w .-]{1,40}$")
_EDIT_KEYS = ("add", "to", "src", "drop")
_DEFAULT_TRAIN = {"variant": "riichi", "level": "intermediaire", "focus": "any", "ask": []}


def _render(request: Request, template: str, ctx: dict[str, Any], status: int = 200) -> Response:
    templates = request.app.state.templates
    return templates.TemplateResponse(request, template, ctx, status_code=status)  # type: ignore[no-any-return]


def _is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


# ---- rules kept in the session ---------------------------------------------------------------


def _rules_choice(request: Request) -> dict[str, Any]:
    choice = request.session.get(find_variant("riichi").rules_key)
    if not isinstance(choice, dict):
        return {"preset": "bareme", "options": {}, "local": []}
    return choice


def _chosen_rules(request: Request, variant: str) -> Any:
    """Gets the rules of *variant* chosen on the Règles page, kept in the session under the
    registry's key (its default rules if the choice no longer reads)."""
    v = find_variant(variant)
    name, options, local = v.stored_rules(request.session.get(v.rules_key))
    try:
        return v.read_rules(name, dict(options), local)
    except TenpaiError:
        return v.find_rules(v.default_rules)


def _stored_rules_name(request: Request, variant: str) -> str:
    """Gets the name of the rules of *variant* kept by the rules page (as it was stored)."""
    v = find_variant(variant)
    return v.stored_rules(request.session.get(v.rules_key))[0]


def _session_rules(request: Request) -> Any:
    """Gets the riichi ruleset chosen on the Règles page (the preset if it no longer reads)."""
    return _chosen_rules(request, "riichi")


# ---- the calculator ------------------------------------------------------------------------


def _palette(variant: str, lang: str) -> list[list[tuple[str, Markup]]]:
    rows = ["123456789m", "123456789p", "123456789s", "1234567z", "0m0p0s"]
    if find_variant(variant).bonus_tiles:
        rows = [*rows[:4], "f1f2f3f4s1s2s3s4"]
    return [[(tile_name(t), _palette_svg(t, lang)) for t in parse_tiles(r)] for r in rows]


@lru_cache(maxsize=256)
def _palette_svg(t: int, lang: str) -> Markup:
    return Markup(tile_svg(t, lang=lang, height=None))  # drawn by our own code


def _hand_view(q: CalcQuery, lang: str) -> dict[str, Any]:
    """Draws the hand being entered as clickable parts (a click removes the part)."""
    view: dict[str, Any] = {"parts": [], "error": None, "size": 0}
    if not q.hand:
        return view
    try:
        h = Hand.parse(q.hand, validate=False)
    except TenpaiError as e:
        view["error"] = error_text(e, lang)
        return view
    parts = view["parts"]
    for i, t in enumerate(h.concealed):
        parts.append(("c", f"c{i}", tile_name(t), Markup(tile_svg(t, lang=lang, height=None))))
    for j, m in enumerate(h.melds):
        tiles, side = meld_layout(m)
        svg = tiles_svg(tiles, sideways=side, lang=lang, height=None)
        parts.append(("m", f"m{j}", m.format(), Markup(svg)))
    if h.win_tile is not None:
        svg = tile_svg(h.win_tile, lang=lang, height=None)
        parts.append(("w", "w", tile_name(h.win_tile), Markup(svg)))
    view["size"] = h.size
    view["win"] = h.win_tile is not None
    return view


def _indicators(text: str, prefix: str, lang: str) -> list[tuple[str, str, Markup]]:
    try:
        tiles = parse_tiles(text)
    except TenpaiError:
        return []
    return [
        (f"{prefix}{i}", tile_name(t), Markup(tile_svg(t, lang=lang, height=None)))
        for i, t in enumerate(tiles)
    ]


@router.get("/", response_class=HTMLResponse, summary="Calculer: the calculator page")
@router.get("/calc", response_class=HTMLResponse, include_in_schema=False)
def calc_page(request: Request) -> Response:
    """Shows the calculator; ``add``/``drop`` edit the hand, the rest is the permalink."""
    ctx = template_context(request, "calc")
    lang = ctx["lang"]
    params = [(k, v) for k, v in request.query_params.multi_items() if k not in ("lang",)]
    fields = [(k, v) for k, v in params if k not in _EDIT_KEYS]
    edits = dict((k, v) for k, v in params if k in _EDIT_KEYS)
    status = 200
    query_error = edit_error = calc_error = None
    q, wrong, bad = _read_kept(fields)
    if wrong is not None:
        query_error, status = error_text(wrong, lang), 400
    opts_of = dict(fields).get("opts_of")
    if opts_of is not None and opts_of != q.rules:  # another preset chosen in the form: the
        q = dataclasses.replace(q, options=(), local=())  # options were the one before's
    if not any(k in ("rules", "opt", "local") for k, _ in fields):
        v = find_variant(q.variant)  # the rules page's choice
        name, options, local = v.stored_rules(request.session.get(v.rules_key))
        q = dataclasses.replace(q, rules=name, options=options, local=local)
    mode = edits.get("to", "hand")
    if edits.get("add") or edits.get("drop"):
        try:
            q = edit(
                q,
                add=edits.get("add") or None,
                to=mode,
                source=edits.get("src", "left"),
                drop=edits.get("drop") or None,
            )
        except TenpaiError as e:
            edit_error, status = error_text(e, lang), 422
        if edit_error is None and not _is_htmx(request):
            kept = urlencode([*query_pairs(q), *bad.items()])  # a wrong field stays wrong
            return RedirectResponse(f"/?{kept}", status_code=303)
    calc = None
    if q.hand and query_error is None:
        try:
            calc = calculate(q, lang)
        except TenpaiError as e:
            calc_error = error_text(e, lang)
    permalink = f"/?{query_string(q)}"
    view = _hand_view(q, lang)
    if calc_error is not None and calc_error == view["error"]:
        calc_error = None  # said once, beside the hand drawn
    ctx.update(
        q=q,
        mode=mode,
        src=edits.get("src", "left"),
        calc=calc,
        view=view,
        dora_view=_indicators(q.dora, "d", lang),
        ura_view=_indicators(q.ura, "u", lang),
        flower_view=_indicators(q.flowers, "f", lang),
        result_svg=_result_hand(calc, lang),
        dora_shown=_dora_shown(calc, lang),
        names=_headline_names(calc, lang),
        wait_text=_wait_text(calc, lang),
        palette=_palette(q.variant, lang),
        flags=find_variant(q.variant).flags,
        presets=find_variant(q.variant).presets(),
        entry=find_variant(q.variant),
        variant_names=list(variant_names()),
        permalink=permalink,
        query_error=query_error,
        bad=bad,
        edit_error=edit_error,
        calc_error=calc_error,
    )
    response = _render(request, "calc.html", ctx, status)
    if _is_htmx(request):
        response.headers["HX-Push-Url"] = permalink
    return response


def _reads(fields: list[tuple[str, str]]) -> bool:
    try:
        read_query(fields)
    except TenpaiError:
        return False
    return True


def _read_kept(
    fields: list[tuple[str, str]],
) -> tuple[CalcQuery, TenpaiError | None, dict[str, str]]:
    """Reads the calculator's *fields*; when one is wrong, keeps the others (the hand
    typed, the situation) and gives the error and the wrong fields as typed, so that the
    page shows them to be corrected rather than an empty form. Each field is read alone
    (with the variant), so this costs one reading per field."""
    try:
        return read_query(fields), None, {}
    except TenpaiError as e:
        wrong = e
    variant = [p for p in fields if p[0] == "variant"][-1:]
    if not _reads(variant):
        variant = []
    kept = [p for p in fields if p[0] != "variant" and _reads([*variant, p])]
    bad = {k: v for k, v in fields if (k, v) not in kept and (k, v) not in variant}
    try:
        return read_query([*variant, *kept]), wrong, bad
    except TenpaiError:  # wrong together only (too many of a repeated field)
        return CalcQuery(), wrong, bad


def _result_hand(calc: Any, lang: str) -> Markup | None:
    """Draws the hand of a result: for riichi as the score's reading reads it (each set and
    the pair apart, the part the winning tile completed marked, the winning tile outlined,
    melds with their called tile sideways); for Hong Kong as it lies."""
    if calc is None:
        return None
    if calc.score is None:
        return Markup(hand_svg(calc.hand, lang=lang, height=None, split=True))
    from ..riichi.explain import reading_groups

    out: list[str] = []
    for g in reading_groups(calc.score):
        if g.meld is not None:
            tiles, side = meld_layout(g.meld)
            down = (0, 3) if g.meld.type == "ankan" else ()
            body = tiles_svg(tiles, sideways=side, face_down=down, lang=lang, height=None)
        else:
            body = "".join(
                f'<span class="win-tile">{tile_svg(x, lang=lang, height=None)}</span>'
                if i == g.win
                else tile_svg(x, lang=lang, height=None)
                for i, x in enumerate(g.tiles)
            )
        out.append(f'<span class="tile-group role-{g.role}">{body}</span>')
    kita = calc.score.hand.kita
    if kita:  # the norths set aside (three players), sideways as they lie
        body = tiles_svg((NORTH,) * kita, sideways=tuple(range(kita)), lang=lang, height=None)
        out.append(f'<span class="tile-group role-kita">{body}</span>')
    return Markup("".join(out))  # drawn by our own code


def _headline_names(calc: Any, lang: str) -> dict[str, Any]:
    """Names the result's limit and yakuman in *lang* (the result's ``limit`` and
    ``yakuman`` are ids: ``mangan``, ``kokushi_13``, ``thirteen_orphans``): for riichi the
    explanation's words, for Hong Kong the limit hand's fan row."""
    if calc is None:
        return {"limit": None, "yakuman": []}
    limit = calc.result.get("limit")
    if calc.score is None:
        from ..hk.fan import row

        return {"limit": limit and row(limit).name(lang), "yakuman": []}
    from ..riichi.explain import t, yaku_name

    yakuman = [yaku_name(y["id"], lang) for y in calc.result.get("yakuman") or ()]
    return {"limit": limit and t(limit, lang), "yakuman": yakuman}


def _dora_shown(calc: Any, lang: str) -> list[tuple[str, Markup | None, Markup, int]]:
    """Lists the dora of a riichi result as tiles: (kind, indicator, the dora tile, count)."""
    if calc is None or calc.score is None or calc.score.yakuman:
        return []
    from ..riichi.explain import dora_shown, t

    return [
        (
            t(d.id, lang),
            None if d.indicator is None else Markup(tile_svg(d.indicator, lang=lang, height=None)),
            Markup(tile_svg(d.tile, lang=lang, height=None)),
            d.count,
        )
        for d in dora_shown(calc.score)
    ]


def _wait_text(calc: Any, lang: str) -> str | None:
    if calc is None or calc.score is None:
        return None
    from ..riichi.explain import wait_words

    return wait_words(calc.score, lang)


# ---- profiles ------------------------------------------------------------------------------
#
# A profile has an owner (docs/web.md, "Profiles"): the terminal (``tenpai train --profile
# NAME``, owner ``TERMINAL``) or the browser that made it here (its id, kept in the signed
# session: :func:`browser_id`). A browser uses its own profiles, its "default" first, and
# the profiles it claimed: a profile its owner shares with a passphrase (``tenpai stats
# --profile NAME --share`` at the terminal, the share form in a browser), claimed once by
# giving it. The session keeps each claim's key; a new passphrase, or none, changes the key
# and ends the claims made with the old one. A passphrase never locks a profile's owner out,
# and no one but its owner reaches a profile that is not shared. Wrong guesses are counted
# and slowed down (:mod:`tenpai.web.guesses`) and logged.

_MAX_KEPT = 20
_DEFAULT_PROFILE = "default"


def _claims(request: Request) -> list[tuple[str, str, str]]:
    """Gets the profiles this browser claimed: (owner, name, key), the latest first. A
    session of before the owners kept the key of each protected profile it had unlocked
    (``keys``): the store's schema 3 made those profiles the terminal's, each with its key."""
    kept = request.session.get("claims")
    claims = [
        (c[0], c[1], c[2])
        for c in (kept if isinstance(kept, list) else [])
        if isinstance(c, list) and len(c) == 3 and all(isinstance(x, str) for x in c)
    ]
    old = request.session.get("keys")
    if isinstance(old, dict):
        claims += [(TERMINAL, n, k) for n, k in old.items() if isinstance(k, str)]
    return claims


def _claimed(store: Any, request: Request, owner: str, name: str) -> bool:
    """Tells whether this browser holds a claim on *owner*'s *name* that its passphrase
    still gives (the owner has not changed or removed it since)."""
    key = store.lock_key(name, owner)
    if not key:
        return False
    return any(
        (o, n) == (owner, name) and secrets.compare_digest(k.encode(), key.encode())
        for o, n, k in _claims(request)
    )


def _profile(request: Request, store: Any) -> tuple[str, str]:
    """Gets the profile this browser uses, as (owner, name): its own "default" at first; a
    claimed profile while its claim holds."""
    me = browser_id(request)
    kept = request.session.get("profile")
    if isinstance(kept, list) and len(kept) == 2 and all(isinstance(x, str) for x in kept):
        owner, name = kept
    elif isinstance(kept, str):  # a session of before the owners: a profile it had unlocked,
        owner, name = me, kept  # now the terminal's, or else its own of that name
        if any((o, n) == (TERMINAL, kept) for o, n, _ in _claims(request)):
            owner = TERMINAL
    else:
        owner, name = me, _DEFAULT_PROFILE
    if owner == me:
        return (me, name) if _PROFILE_NAME.fullmatch(name) else (me, _DEFAULT_PROFILE)
    if _claimed(store, request, owner, name):
        return owner, name
    request.session.pop("profile", None)  # no longer shared with this passphrase
    request.session.pop("drill", None)
    return me, _DEFAULT_PROFILE


def _use(request: Request, owner: str, name: str, key: str | None = None) -> None:
    """Makes *owner*'s *name* this browser's profile (a claim's *key* kept)."""
    request.session["profile"] = [owner, name]
    request.session.pop("drill", None)
    if key is not None:
        others = [[o, n, k] for o, n, k in _claims(request) if (o, n) != (owner, name)]
        request.session["claims"] = [[owner, name, key], *others][:_MAX_KEPT]


def _profiles_of(request: Request, store: Any) -> list[str]:
    """Lists the names this browser may switch to: its own profiles and its claims."""
    own = store.profiles(browser_id(request))
    return sorted({_DEFAULT_PROFILE, *own, *(n for _, n, _ in _claims(request))})


def _client(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


# ---- the drill -----------------------------------------------------------------------------
#
# The drill's state lives in the store (:meth:`tenpai.trainer.store.Store.start_drill`): the
# cookie holds a random token, never the hand; each dealt question takes one answer, recorded
# once, whatever cookie or form is sent again.


def _variant(request: Request) -> Any:
    from ..variants import find_trainer

    return find_trainer(str(_train_settings(request).get("variant", "riichi")))


def _train_settings(request: Request) -> dict[str, Any]:
    s = request.session.get("train")
    return s if isinstance(s, dict) else dict(_DEFAULT_TRAIN)


def _drill_rules(request: Request, variant: str) -> str:
    """Gets the rules *variant* deals under: the choice of the rules page, as the line the
    hand id carries (preset, options, local yaku)."""
    return str(find_variant(variant).rules_line(_chosen_rules(request, variant)))


def _config(
    request: Request, v: Any, profile: tuple[str, str], ask: tuple[str, ...] | None = None
) -> Any:
    from ..trainer.answers import QuizOptions
    from ..trainer.session import SessionConfig

    s = _train_settings(request)
    asked = ask or tuple(p for p in s.get("ask", ()) if p in v.parts) or v.default_ask
    return SessionConfig(
        rules=_drill_rules(request, v.name),
        level=str(s.get("level", "intermediaire")),
        focus=str(s.get("focus", "any")) if s.get("focus", "any") in v.foci else "any",
        owner=profile[0],
        profile=profile[1],
        lang=lang_code(request),
        options=QuizOptions(ask=asked),
        variant=v.name,
    )


def lang_code(request: Request) -> str:
    """Gets the page language (see :func:`tenpai.web.common.lang_of`)."""
    from .common import lang_of

    return lang_of(request)


def _token(request: Request) -> str:
    token = request.session.get("drill")
    if not isinstance(token, str) or not re.fullmatch(r"[0-9a-f]{32}", token):
        token = secrets.token_hex(16)
        request.session["drill"] = token
    return token


def _new_hand(request: Request, store: Any) -> Any:
    """Deals the next hand to this browser's drill (the trainer's own dealer and review)."""
    from ..trainer.session import next_deal

    cfg = _config(request, _variant(request), _profile(request, store))
    now = datetime.now(UTC)
    d, why = next_deal(cfg, store, secrets.randbelow(10**9), now)
    return store.start_drill(
        _token(request),
        cfg.profile,
        cfg.variant,
        d.id,
        cfg.options.ask,
        why=why,
        now=now,
        owner=cfg.owner,
    )


def _current(request: Request, store: Any) -> Any:
    """Gets this browser's drill, dealing a hand when there is none, or when its variant,
    rules (the hand id's second field) or profile are no longer the chosen ones."""
    drill = store.drill(_token(request))
    v = _variant(request)
    if (
        drill is None
        or drill.variant != v.name
        or drill.hand_id.split(":")[1:2] != [_drill_rules(request, v.name)]
        or (drill.owner, drill.profile) != _profile(request, store)
    ):
        return _new_hand(request, store)
    return drill


def _train_ctx(
    request: Request, store: Any, drill: Any, error: str | None = None, typed: str = ""
) -> dict[str, Any]:
    from ..trainer.dealing import LEVELS
    from ..trainer.progress import concept_label, focus_label
    from ..variants import VARIANTS, find_trainer

    ctx = template_context(request, "train")
    v = find_trainer(drill.variant)
    cfg = _config(request, v, (drill.owner, drill.profile), drill.ask)
    lang = cfg.lang
    d = v.replay(drill.hand_id)
    qs = v.questions(d, cfg.options)
    i = drill.step
    done = i >= len(qs)
    ctx.update(
        deal=d,
        step=i,
        hand_svg=Markup(hand_svg(d.hand, lang=lang, height=None, split=True)),
        hand_text=v.describe(d, lang)[1],
        situation=v.describe(d, lang)[-1],
        dora_svg=Markup(tiles_svg(v.side_tiles(d), lang=lang, height=None)),
        graded=_graded_in(v, qs, drill.graded, lang),
        question=None if done else qs[i],
        prompt=None if done else qs[i].prompt(lang),
        part=None if done else qs[i].part,
        explanation=v.explain(d, cfg.options, lang) if done else [],
        why=concept_label(drill.why, lang) if drill.why else None,
        answer_error=error,
        typed=typed,
        profile=drill.profile,
        own=drill.owner == browser_id(request),
        protected=store.lock_key(drill.profile, drill.owner) is not None,
        profiles=_profiles_of(request, store),
        settings={**_train_settings(request), "ask": list(cfg.options.ask)},
        variant=v.name,
        variants=list(VARIANTS),
        rules_line=cfg.rules,
        levels=LEVELS,
        foci=[(f, focus_label(f, ctx["lang"])) for f in v.foci],
        parts=v.parts,
    )
    return ctx


def _graded_in(v: Any, qs: Any, graded: Any, lang: str) -> list[list[Any]]:
    """Says the drill's graded answers in *lang*: the store keeps them in the words of the
    language they were answered in, so each is graded again (the same answer text, the
    same verdict: the web drill has no timer) for its expected answer and note."""
    from ..trainer.answers import AnswerError

    out = []
    for i, g in enumerate(graded):
        part, ok, given, answer, note = g
        try:
            again = v.grade(qs[i], given, lang=lang)
        except (AnswerError, IndexError):
            again = None
        if again is not None and again.ok == ok:
            answer, note = again.answer, again.note
        out.append([part, ok, given, answer, note])
    return out


def _train_page(
    request: Request,
    store: Any,
    drill: Any,
    error: str | None = None,
    status: int = 200,
    typed: str = "",
    form: str = "answer",
) -> Response:
    """Shows the drill; an *error* is said beside its *form* (``answer``, or ``settings``,
    ``profile``, ``protect``: those open the settings, the values *typed* kept)."""
    if form == "answer":
        ctx = _train_ctx(request, store, drill, error, typed)
    else:
        ctx = _train_ctx(request, store, drill)
        ctx.update(settings_error=error, error_form=form, settings_typed=typed)
    return _render(request, "train.html", ctx, status)


@router.get("/train", response_class=HTMLResponse, summary="S'entraîner: the drill")
def train_page(request: Request) -> Response:
    """Shows the current hand of the drill and its next question (dealing one if needed);
    ``?variant=hk`` drills Hong Kong hands (``riichi`` again: riichi)."""
    from ..variants import VARIANTS

    asked = request.query_params.get("variant")
    if asked is not None:
        if asked not in VARIANTS:
            from fastapi import HTTPException

            names = ", ".join(VARIANTS)
            raise HTTPException(400, tr("ui.web.drill_variants", lang_code(request), names=names))
        s = _train_settings(request)
        if s.get("variant", "riichi") != asked:
            request.session["train"] = {**s, "variant": asked, "focus": "any", "ask": []}
    with open_store(request) as store:
        drill = _current(request, store)
        try:
            return _train_page(request, store, drill)
        except TenpaiError:  # a hand id that no longer replays: deal another
            return _train_page(request, store, _new_hand(request, store))


@router.post("/train/answer", response_class=HTMLResponse)
async def train_answer(request: Request) -> Response:
    """Grades the answer to the current question and records it, once; shows the next step."""
    form = await request.form()
    return await run_cpu(
        _answer,
        request,
        str(form.get("answer", ""))[:300],
        str(form.get("hand", "")),
        str(form.get("step", "")),
    )


def _answer(request: Request, text: str, hand: str, step: str) -> Response:
    from ..trainer.answers import AnswerError
    from ..trainer.session import answer_part
    from ..variants import find_trainer

    with open_store(request) as store:
        drill = store.drill(_token(request))
        if drill is None or (drill.owner, drill.profile) != _profile(request, store):
            return RedirectResponse("/train", status_code=303)
        if (hand or drill.hand_id) != drill.hand_id or (step or str(drill.step)) != str(
            drill.step
        ):  # an old tab, a form sent again: that question was answered, show the current one
            ctx = _train_ctx(request, store, drill)
            if text.strip():  # and say that this answer was not recorded
                ctx["notice"] = tr("ui.web.answered_elsewhere", lang_code(request), given=text)
            return _render(request, "train.html", ctx)
        v = find_trainer(drill.variant)
        cfg = _config(request, v, (drill.owner, drill.profile), drill.ask)
        now = datetime.now(UTC)
        seconds = max(0.0, now.timestamp() - drill.asked_at)
        d = v.replay(drill.hand_id)
        try:  # graded by the terminal's code; recorded below, once
            g = answer_part(cfg, None, d, drill.step, text, seconds=seconds, now=now)
        except AnswerError as e:
            return _train_page(request, store, drill, e.text(cfg.lang), 422, typed=text)
        except IndexError:  # every question answered
            return _train_page(request, store, drill)
        store.answer_drill(drill, g, seconds=seconds, now=now)
        return _train_page(request, store, store.drill(drill.token))


@router.post("/train/next", response_class=HTMLResponse)
def train_next(request: Request) -> Response:
    """Deals the next hand (spaced repetition picks its focus) and asks its first question."""
    with open_store(request) as store:
        drill = _new_hand(request, store)
        if not _is_htmx(request):
            return RedirectResponse("/train", status_code=303)
        return _train_page(request, store, drill)


@router.post("/train/settings", response_class=HTMLResponse)
async def train_settings(request: Request) -> Response:
    """Keeps the drill's variant, level, focus and questions, checked by dealing one hand."""
    from ..variants import VARIANTS, find_trainer

    form = await request.form()
    name = str(form.get("variant", _train_settings(request).get("variant", "riichi")))
    if name not in VARIANTS:
        name = "riichi"
    v = find_trainer(name)
    ask = [p for p in v.parts if p in form.getlist("ask")] or list(v.default_ask)
    level = str(form.get("level", "intermediaire"))[:40]
    focus = str(form.get("focus", "any"))[:40]
    if focus not in v.foci:
        focus = "any"
    with open_store(request) as store:
        try:
            v.deal(0, level, focus, _drill_rules(request, v.name))
        except TenpaiError as e:
            message = error_text(e, lang_code(request))
            return _train_page(
                request, store, _current(request, store), message, 422, form="settings"
            )
        request.session["train"] = {"variant": v.name, "level": level, "focus": focus, "ask": ask}
        _new_hand(request, store)
    return RedirectResponse("/train", status_code=303)


@router.post("/train/profile", response_class=HTMLResponse)
async def train_profile(request: Request) -> Response:
    """Switches to (or makes) one of this browser's profiles; with a passphrase, claims the
    profile of that name its owner shares."""
    form = await request.form()
    name = " ".join(str(form.get("profile", "")).split())
    passphrase = str(form.get("passphrase", ""))[:200]
    return await run_cpu(_switch_profile, request, name, passphrase)


def _switch_profile(request: Request, name: str, passphrase: str) -> Response:
    with open_store(request) as store:
        lang, me = lang_code(request), browser_id(request)

        def refuse(message: str, status: int, headers: dict[str, str] | None = None) -> Response:
            current = _current(request, store)
            page = _train_page(request, store, current, message, status, name, form="profile")
            page.headers.update(headers or {})
            return page

        if not _PROFILE_NAME.fullmatch(name):
            return refuse(tr("ui.web.bad_profile_name", lang, name=repr(name[:60])), 422)
        if not passphrase:  # one of this browser's own, or one it claimed before
            claims = [(o, n) for o, n, _ in _claims(request) if n == name and o != me]
            if name not in store.profiles(me) and claims and _claimed(store, request, *claims[0]):
                _use(request, *claims[0])
            else:
                _use(request, me, name)
            return RedirectResponse("/train", status_code=303)
        return _claim(request, store, name, passphrase, refuse)


def _claim(
    request: Request, store: Any, name: str, passphrase: str, refuse: Callable[..., Response]
) -> Response:
    """Claims the profile *name* shared with *passphrase*, once no guess is due to wait."""
    lang, client = lang_code(request), _client(request)
    guesses = request.app.state.guesses
    keys = (("profile", name), ("client", client))
    wait = guesses.wait(*keys)
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        log.warning("passphrase of %r from %s refused: %d s early", name, client, seconds)
        message = ntr("ui.web.guesses_wait", seconds, lang, name=repr(name), n=seconds)
        return refuse(message, 429, {"retry-after": str(seconds)})
    owner = store.shared_owner(name)
    key = None if owner is None else store.unlock(name, passphrase, owner)
    if owner is None or key is None:
        count = guesses.failed(*keys)
        log.warning(
            "wrong passphrase for the profile %r from %s (%d in a row)", name, client, count
        )
        return refuse(tr("ui.web.wrong_passphrase", lang, name=repr(name)), 403)
    guesses.succeeded(*keys)
    log.info("the profile %r was claimed from %s", name, client)
    _use(request, owner, name, key)
    return RedirectResponse("/train", status_code=303)


@router.post("/train/protect", response_class=HTMLResponse)
async def train_protect(request: Request) -> Response:
    """Shares the current profile, one of this browser's own, with whoever gives the
    passphrase (empty: shared no more)."""
    form = await request.form()
    passphrase = str(form.get("passphrase", ""))[:200]
    return await run_cpu(_protect, request, passphrase)


def _protect(request: Request, passphrase: str) -> Response:
    from ..trainer.store import StoreError

    with open_store(request) as store:
        owner, name = _profile(request, store)
        lang = lang_code(request)

        def refuse(message: str, status: int) -> Response:
            current = _current(request, store)
            return _train_page(request, store, current, message, status, form="protect")

        if owner != browser_id(request):  # claimed: its owner alone shares it
            return refuse(tr("ui.web.not_owner", lang, name=repr(name)), 403)
        if passphrase and len(passphrase) < 8:
            return refuse(tr("ui.web.short_passphrase", lang), 422)
        try:
            store.set_passphrase(name, passphrase or None, owner)
        except StoreError as e:
            if e.cause:  # the store cannot be written: the app's answer (503, 507)
                raise
            return refuse(e.message_in(lang), 409)
    return RedirectResponse("/train", status_code=303)


@router.get("/progress", response_class=HTMLResponse, summary="Progrès: charts of a profile")
def progress_page(request: Request) -> Response:
    """Shows the current profile's accuracy and speed over time and its weakest concepts."""
    from ..render.charts import bar_chart, line_chart
    from ..trainer.progress import axis_labels, concept_label, progress_points

    ctx = template_context(request, "progress")
    lang, w = ctx["lang"], ctx["w"]
    with open_store(request) as store:
        owner, shown = _profile(request, store)
        answers = store.answers(shown, owner)
        stats = store.concept_stats(shown, owner)
    # at most 20 points: one per answer at first, then groups of consecutive answers
    points = progress_points(answers, size=max(1, -(-len(answers) // 20)))

    labels = axis_labels([p.at for p in points])
    weak = stats[:10]
    now = time.time()
    ctx.update(
        profile=shown,
        answered=len(answers),
        right=sum(a.ok for a in answers),
        mean=decimal(
            sum(a.seconds for a in answers if a.seconds is not None)
            / max(1, sum(1 for a in answers if a.seconds is not None)),
            lang,
        ),
        accuracy_svg=Markup(  # the renderer escapes labels
            line_chart(
                [p.accuracy for p in points], labels, title=w["chart_accuracy"], percent=True
            )
        ),
        speed_svg=Markup(
            line_chart(
                [p.seconds for p in points], labels, title=w["chart_speed"], unit=" s", lang=lang
            )
        ),
        weak_svg=Markup(
            bar_chart(
                [
                    (concept_label(s.concept, lang), s.accuracy, f"{round(100 * s.accuracy)}%")
                    for s in weak
                ],
                title=w["chart_weak"],
                lang=lang,
            )
        ),
        stats=[
            (
                concept_label(s.concept, lang),
                s.answered,
                round(100 * s.accuracy),
                None if s.mean_seconds is None else decimal(s.mean_seconds, lang),
                s.due is not None and s.due <= now,
                None if s.due is None else datetime.fromtimestamp(s.due, UTC),
            )
            for s in stats
        ],
    )
    return _render(request, "progress.html", ctx)


@router.get("/progress/export", summary="A profile's answers and schedule as JSON")
def progress_export(request: Request) -> Response:
    """Writes the current profile as the export of ``tenpai stats --export``."""
    with open_store(request) as store:
        owner, shown = _profile(request, store)
        if shown not in store.profiles(owner):
            return JSONResponse({"detail": "no answers yet"}, status_code=404)
        data = store.export_profile(shown, owner)
    return JSONResponse(
        data, headers={"Content-Disposition": f'attachment; filename="tenpai-{shown}.json"'}
    )


# ---- the generated documents ------------------------------------------------------------------


@lru_cache(maxsize=32)
def _document_html(variant: str, page: str | None, rules: Any, lang: str) -> str:
    from ..render import render
    from ..render.documents import card_document

    doc = card_document(variant=variant, page=page, rules=rules, lang=lang)
    return render(doc, "html", standalone=False, tile_height=None)


class RenderBusy(Exception):
    """Raised when too many PDF renders are running or waiting (the answer is 503)."""


class Renders:
    """PDF renders (3 to 4 s of CPU each): cached by (variant, page, ruleset, language), the
    *size* last ones kept; at most *at_once* run at a time and *queue* more wait, each at
    most *wait* seconds, so that a flood of new rulesets cannot take the CPU (the others
    get :class:`RenderBusy`)."""

    def __init__(self, *, size: int = 16, at_once: int = 1, queue: int = 2, wait: float = 30.0):
        self.size = size
        self.wait = wait
        self.queue = queue
        self._done: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(at_once)
        self._waiting = 0
        self.renders = 0
        """How many renders ran (the others came from the cache)."""

    def _cached(self, key: Hashable) -> bytes | None:
        with self._lock:
            data = self._done.get(key)
            if data is not None:
                self._done.move_to_end(key)
            return data

    def get(self, key: Hashable, make: Callable[[], bytes]) -> bytes:
        """Gets the render of *key*, made by *make* when not cached.

        :raises RenderBusy: when *queue* renders already wait, or the wait is over.
        """
        data = self._cached(key)
        if data is not None:
            return data
        with self._lock:
            if self._waiting >= self.queue:
                raise RenderBusy
            self._waiting += 1
        try:
            got = self._slots.acquire(timeout=self.wait)
        finally:
            with self._lock:
                self._waiting -= 1
        if not got:
            raise RenderBusy
        try:
            data = self._cached(key)  # made while this one waited
            if data is None:
                data = make()
                with self._lock:
                    self.renders += 1
                    self._done[key] = data
                    while len(self._done) > self.size:
                        self._done.popitem(last=False)
            return data
        finally:
            self._slots.release()


PDF_RENDERS = Renders()
"""The app's PDF renders (one process: one cache, one render at a time)."""


def _document_pdf(variant: str, page: str | None, rules: Any, lang: str) -> bytes:
    from ..render.documents import card_document
    from ..render.pdf import render_pdf

    return PDF_RENDERS.get(
        (variant, page, rules, lang),
        lambda: render_pdf(card_document(variant=variant, page=page, rules=rules, lang=lang)),
    )


def _busy(request: Request) -> Response:
    ctx = template_context(request, "", status=503)
    ctx["message"] = ctx["w"]["busy"]
    response = _render(request, "error.html", ctx, 503)
    response.headers["Retry-After"] = "10"
    return response


def _pdf_response(data: bytes, name: str) -> Response:
    return Response(
        data,
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/card", response_class=HTMLResponse, summary="Barème: the riichi scoring card")
def card_page(request: Request) -> Response:
    """Shows the riichi card computed from the chosen rules."""
    ctx = template_context(request, "card")
    rules = _session_rules(request)
    html = _document_html("riichi", None, rules, ctx["lang"])
    ctx.update(doc=Markup(html), rules_name=rules.name, pdf="/card.pdf")
    return _render(request, "document.html", ctx)


@router.get("/card.pdf", summary="The riichi scoring card as PDF")
def card_pdf(request: Request) -> Response:
    """Downloads the card of the chosen rules as an A4 PDF."""
    lang = lang_code(request)
    try:
        data = _document_pdf("riichi", None, _session_rules(request), lang)
    except RenderBusy:
        return _busy(request)
    except TenpaiError as e:
        return _render(
            request, "error.html", template_context(request, "", status=503, message=str(e)), 503
        )
    return _pdf_response(data, f"tenpai-bareme.{lang}.pdf")


@router.get("/hk", response_class=HTMLResponse, include_in_schema=False)
def hk_index() -> Response:
    """Goes to the Hong Kong fan table."""
    return RedirectResponse("/hk/fan", status_code=307)


@router.get("/hk/hk-{page}.{lang}.html", include_in_schema=False)
def hk_link(page: str, lang: str) -> Response:
    """Follows the links between the generated pages (written for their file names)."""
    if page not in ("fan", "payments") or lang not in LANGS:
        from fastapi import HTTPException

        raise HTTPException(404, "no such page")
    return RedirectResponse(f"/hk/{page}?lang={lang}", status_code=307)


def _session_hk_rules(request: Request) -> Any:
    """Gets the Hong Kong rules chosen on the rules page (the seed's table by default)."""
    return _chosen_rules(request, "hk")


@router.get("/hk/{page}.pdf", summary="A Hong Kong page as PDF")
def hk_pdf(request: Request, page: str) -> Response:
    """Downloads a Hong Kong page as an A4 PDF."""
    if page not in ("fan", "payments"):
        from fastapi import HTTPException

        raise HTTPException(404, "no such page")
    lang = lang_code(request)
    try:
        data = _document_pdf("hk", page, _session_hk_rules(request), lang)
    except RenderBusy:
        return _busy(request)
    return _pdf_response(data, f"tenpai-hk-{page}.{lang}.pdf")


@router.get("/hk/{page}", response_class=HTMLResponse, summary="The Hong Kong pages")
def hk_page(request: Request, page: str) -> Response:
    """Shows the Hong Kong fan table (``fan``) or points and payments (``payments``)."""
    if page not in ("fan", "payments"):
        from fastapi import HTTPException

        raise HTTPException(404, "no such page")
    ctx = template_context(request, "hk")
    html = _document_html("hk", page, _session_hk_rules(request), ctx["lang"])
    ctx.update(doc=Markup(html), hk_page=page, pdf=f"/hk/{page}.pdf")
    return _render(request, "document.html", ctx)


@router.get("/card.css", include_in_schema=False)
def card_css() -> Response:
    """Serves the style sheet of the generated documents."""
    from ..render.html import CSS

    return Response(CSS, media_type="text/css", headers={"Cache-Control": "max-age=3600"})


# ---- rules -------------------------------------------------------------------------------------


def _rules_ctx(
    request: Request,
    error: str | None = None,
    saved: bool = False,
    typed: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Gets the rules page's context: the session's choice, or when the form was refused
    the choice as *typed* (``preset``, each option's value, ``local``, ``hk_rules``, the
    names of the ``wrong`` options), so that one wrong value loses none of the others."""
    from ..hk.rules import hk_profile_names
    from ..riichi.catalogue import local_yaku_label, value_words, yaku_catalogue
    from ..riichi.rules import (
        OPTIONS,
        PRESETS,
        choice_label,
        option_description,
        option_label,
        option_text,
        preset_note,
    )

    ctx = template_context(request, "rules")
    rules = _session_rules(request)
    lang = ctx["lang"]
    shown = [o for o in OPTIONS if o.name != "local_yaku"]
    typed = typed or {}
    values = typed.get("options", {})

    def value_of(o: Any) -> str:
        if o.name in values:
            v = values[o.name]
            return ",".join(v) if isinstance(v, list) else str(v)
        return str(option_text(getattr(rules, o.name)))

    choice = _rules_choice(request)
    if "preset" in typed:
        choice = {**choice, "preset": typed["preset"]}
    ctx.update(
        choice=choice,
        rules=rules,
        presets=[(n, preset_note(n, lang)) for n in PRESETS],
        options=[
            (
                o,
                value_of(o),
                option_label(o.name, lang),
                option_text(
                    getattr(PRESETS[_rules_choice(request).get("preset", "bareme")], o.name)
                )
                if _rules_choice(request).get("preset", "bareme") in PRESETS
                else "",
                option_description(o.name, lang),
                [(c, choice_label(o.name, c, lang)) for c in o.choices],
            )
            for o in shown
        ],
        local=[
            (
                e["id"],
                local_yaku_label(e, lang),
                e["description"][lang],
                value_words(e["value"], lang),
            )
            for e in yaku_catalogue(local_only=True)
        ],
        enabled=set(typed.get("local", rules.local_yaku)),
        hk_profiles=hk_profile_names(),
        hk_rules=typed.get("hk_rules", _stored_rules_name(request, "hk")),
        wrong=set(typed.get("wrong", ())),
        error=error,
        saved=saved,
    )
    return ctx


@router.get("/rules", response_class=HTMLResponse, summary="Règles: choose the rules")
def rules_page(request: Request) -> Response:
    """Shows the rules choice: preset, options, local yaku, Hong Kong rules."""
    return _render(
        request, "rules.html", _rules_ctx(request, saved="saved" in request.query_params)
    )


@router.post("/rules", response_class=HTMLResponse)
async def rules_save(request: Request) -> Response:
    """Checks and keeps the rules choice in the session (only what differs from the preset)."""
    from ..hk.rules import find_rules as find_hk_rules
    from ..riichi.rules import OPTIONS, find_rules, option_changes, rules_from_mapping

    form = await request.form()
    preset = str(form.get("preset", "bareme"))[:40]
    changed_preset = preset != _rules_choice(request).get("preset", "bareme")
    data: dict[str, Any] = {"preset": preset}
    if not changed_preset:  # the options shown were the old preset's: keep them
        for o in OPTIONS:
            if o.name == "local_yaku":
                continue
            if o.kind == "set":
                data[o.name] = [str(x)[:40] for x in form.getlist(o.name)]
            elif o.name in form:
                data[o.name] = str(form.get(o.name, ""))[:40]
    local = [str(x)[:40] for x in form.getlist("local")][:200]
    hk = str(form.get("hk_rules", "hk"))[:40]
    try:
        base = find_rules(preset)
        rules = rules_from_mapping({**data, "local_yaku": local})
        hk_rules = find_hk_rules(hk).name
    except TenpaiError as e:
        msg = error_text(e, lang_code(request))
        options = {k: v for k, v in data.items() if k != "preset"}
        wrong = [k for k, v in options.items() if not _rules_read({"preset": preset, k: v})]
        if not _rules_read({"preset": preset, "local_yaku": local}):
            wrong.append("local")
        typed = {"preset": preset, "options": options, "local": local, "hk_rules": hk}
        ctx = _rules_ctx(request, error=msg, typed={**typed, "wrong": wrong})
        return _render(request, "rules.html", ctx, 422)
    request.session[find_variant("riichi").rules_key] = {
        "preset": base.name,
        "options": option_changes(rules, base),
        "local": sorted(rules.local_yaku),
    }
    request.session[find_variant("hk").rules_key] = hk_rules
    return RedirectResponse("/rules?saved=1", status_code=303)


def _rules_read(data: dict[str, Any]) -> bool:
    from ..riichi.rules import rules_from_mapping

    try:
        rules_from_mapping(data)
    except TenpaiError:
        return False
    return True


@router.post("/rules/reset", response_class=HTMLResponse)
def rules_reset(request: Request) -> Response:
    """Goes back to the preset's own options (keeps the preset)."""
    c = _rules_choice(request)
    request.session[find_variant("riichi").rules_key] = {
        "preset": c.get("preset", "bareme"),
        "options": {},
        "local": [],
    }
    return RedirectResponse("/rules?saved=1", status_code=303)


# ---- the API's page -----------------------------------------------------------------------------


@router.get("/api", response_class=HTMLResponse, summary="The API's documentation")
def api_page(request: Request) -> Response:
    """Documents the JSON API from its OpenAPI description, with examples."""
    from .i18n import api_text, code_text

    ctx = template_context(request, "api")
    spec = request.app.openapi()
    ops = []
    for path, item in spec["paths"].items():
        if not path.startswith("/api/"):
            continue
        for method, op in item.items():
            summary, description = api_text(
                f"{method.upper()} {path}",
                ctx["lang"],
                op.get("summary", ""),
                op.get("description", ""),
            )
            ops.append((method.upper(), path, summary, Markup(code_text(description))))
    # the examples call the server the page was read from (its address and port, as the
    # browser asked for it: a name the server answers to, tenpai.web.app.Hosts)
    ctx.update(ops=ops, intro=Markup(code_text(ctx["w"]["api_intro"])), base=_origin(request))
    return _render(request, "api.html", ctx)


def _origin(request: Request) -> str:
    """Gets the address of this server as the browser wrote it (``http://host:port``)."""
    return f"{request.url.scheme}://{request.url.netloc}"


# ---- verifying a game log ---------------------------------------------------------------------


def _claim_text(claim: dict[str, Any], lang: str) -> str:
    """Writes a log's claim in *lang*: han, fu and points as the result's headline writes
    them, the yaku by their names (the log's own names, Tenhou's numbers, only for a yaku
    Tenpai does not know)."""
    from ..riichi.explain import yaku_name

    parts = [
        tr(f"ui.web.result_{k}", lang, n=claim[k])
        for k in ("han", "fu")
        if claim.get(k) is not None
    ]
    if claim.get("points") is not None:
        points = points_text(claim["points"], lang)
        parts.append(tr("ui.web.points_headline", lang, points=points))
    ids = [y["id"] for y in claim.get("yaku") or ()] + list(claim.get("yakuman") or ())
    names = [yaku_name(str(i), lang) for i in ids] or claim.get("names") or []
    return ", ".join(parts) + (f" — {', '.join(map(str, names))}" if names else "")


def _summary_text(summary: dict[str, Any], lang: str) -> str:
    """Writes a verified log's counts in *lang*, each noun in its plural form."""
    counts = {
        k: ntr(f"ui.web.log_{k}_n", int(summary[key]), lang, n=int(summary[key]))
        for k, key in (
            ("rounds", "rounds"),
            ("wins", "wins"),
            ("agree", "agree"),
            ("disagree", "disagree"),
            ("unsupported", "unsupported"),
        )
    }
    return tr("ui.web.log_summary_line", lang, **counts)


def _explained(rec: dict[str, Any], lang: str) -> list[str]:
    from ..riichi.explain import explain
    from ..riichi.records import read_record
    from ..riichi.score import score

    try:
        hand, sit, rules = read_record(rec)
        return [ln.text for ln in explain(score(hand, sit, rules), lang)]
    except TenpaiError as e:
        return [error_text(e, lang)]


def _logs_ctx(request: Request, **extra: Any) -> dict[str, Any]:
    ctx = template_context(request, "logs")
    ctx.update(games=[], text="", error=None)
    ctx.update(extra)
    return ctx


@router.get("/logs", response_class=HTMLResponse, summary="Vérifier une partie: check a game log")
def logs_page(request: Request) -> Response:
    """Shows the form that takes one game log, pasted or sent as a file."""
    return _render(request, "logs.html", _logs_ctx(request))


@router.post("/logs", response_class=HTMLResponse)
async def logs_verify(request: Request) -> Response:
    """Verifies the log of the form: each round's results, each win with Tenpai's
    explanation beside the log's claim, the disagreements marked."""
    from ..logs import LogError, read_log
    from ..logs.source import said_in
    from ..logs.text import field_word, values_text
    from ..logs.verify import game_report

    form = await request.form()
    text = str(form.get("log", "") or "")
    upload = form.get("file")
    data = b""
    lang = lang_code(request)
    name = tr("ui.web.logs_pasted", lang)  # where an error is, in the reader's words
    if upload is not None and hasattr(upload, "read"):
        data = await upload.read()
        if data:
            name = str(getattr(upload, "filename", "") or tr("ui.web.logs_file", lang))
    if not data:
        data = text.strip().encode("utf-8")
    if not data:
        ctx = _logs_ctx(request)
        ctx["error"] = ctx["w"]["no_log"]
        return _render(request, "logs.html", ctx, 422)

    def run() -> list[dict[str, Any]]:
        return [game_report(g) for g in read_log(data, name)]

    try:
        games = await run_cpu(run)  # the reading and scoring off the event loop
    except LogError as e:
        error = e.message_in(lang)
        return _render(request, "logs.html", _logs_ctx(request, text=text, error=error), 422)
    for g in games:
        g["summary_text"] = _summary_text(g["summary"], lang)
        for c in g["result"]:
            c["reason"] = c["reason"] and said_in(c["reason"], lang)
            c["log"], c["tenpai"] = values_text(c["log"], lang), values_text(c["tenpai"], lang)
        for r in g["rounds"]:
            r["error"] = r["error"] and said_in(r["error"], lang)
            if r["draw"]:
                d = r["draw"]
                d["log"], d["tenpai"] = values_text(d["log"], lang), values_text(d["tenpai"], lang)
                d["reason"] = d["reason"] and said_in(d["reason"], lang)
            for win in r["wins"]:
                win["reason"] = win["reason"] and said_in(win["reason"], lang)
                win["fields"] = [field_word(f, lang) for f in win["fields"]]
                rec = win["record"]
                melds = " ".join(m["tiles"] for m in rec["melds"])
                how = "tsumo" if rec["tsumo"] else "ron"
                win["hand"] = f"{rec['closed_tiles']} {melds} {how} {rec['win_tile']}".replace(
                    "  ", " "
                )
                win["claim"] = _claim_text(win["log"], lang)
                win["explanation"] = _explained(rec, lang)
    return _render(request, "logs.html", _logs_ctx(request, text=text[:20000], games=games))
