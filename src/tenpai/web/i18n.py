"""The web app's words, from the ``ui`` catalogue (:mod:`tenpai.i18n`): ``ui.web.KEY`` is the
word a template writes as ``w.KEY``; the API page's texts are ``ui.api.OPERATION.*``.

>>> words("fr")["nav_calc"], words("ja")["nav_calc"], words("zh-Hant")["nav_calc"]
('Calculer', '点数計算', '計番')
>>> words("fr")["no_such_word"]
'ui.web.no_such_word'
>>> points_text(48000, "fr"), points_text(48000, "ja"), points_text(-1300, "zh-Hant")
('48 000', '48000', '-1300')
"""

from __future__ import annotations

from functools import cache

from ..i18n import LANGS, find_lang, grouped, ntr, tr

__all__ = [
    "API_OPERATIONS",
    "LANGS",
    "Words",
    "api_text",
    "code_text",
    "counted",
    "points_text",
    "words",
]

#: The API's operations ("METHOD /path") and the name of their words in the catalogue
#: (``ui.api.NAME.summary``, ``ui.api.NAME.description``); an operation not listed here shows
#: its OpenAPI description.
API_OPERATIONS = {
    "GET /api/health": "health",
    "POST /api/score": "score",
    "POST /api/logs/verify": "logs_verify",
    "POST /api/deal": "deal",
    "POST /api/maneman": "maneman",
    "GET /api/schema": "schema",
    "GET /api/rules": "rules",
}


class Words(dict[str, str]):
    """The words of the pages in one language, looked up on first use: ``w["nav_calc"]`` (or
    ``w.nav_calc`` in a template) is ``ui.web.nav_calc``; a word no catalogue has shows as
    its id, so that a page test sees it."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def __missing__(self, key: str) -> str:
        text = tr(f"ui.web.{key}", self.lang)
        self[key] = text
        return text


@cache
def words(lang: str) -> Words:
    """Gets the words of the app in *lang* (one of :data:`tenpai.i18n.LANGS`, else English)."""
    return Words(find_lang(lang))


def points_text(n: int, lang: str) -> str:
    """Writes the whole number *n* (points) as players of *lang* write it, its thousands
    separated as the catalogue says (:func:`tenpai.i18n.grouped`)."""
    return grouped(n, lang)


def counted(n: int, key: str, lang: str) -> str:
    """Writes a count *n* with its word, in the plural form *lang* gives it (the plural
    entry ``ui.web.KEY`` of the catalogue: « 1 bâton », "2 sticks"), the number written as
    :func:`points_text` writes it: ``{{ n|counted("sheet_sticks_count", lang) }}``.

    >>> counted(1, "sheet_games_count", "en"), counted(2, "sheet_games_count", "fr")
    ('1 game', '2 parties')
    """
    return ntr(f"ui.web.{key}", n, lang, n=points_text(n, lang))


def api_text(operation: str, lang: str, summary: str, description: str) -> tuple[str, str]:
    """Gets the summary and description of an API *operation* (``"POST /api/score"``) in
    *lang*, the OpenAPI ones when the catalogue does not name the operation."""
    name = API_OPERATIONS.get(operation)
    if name is None:
        return summary, description
    return tr(f"ui.api.{name}.summary", lang), tr(f"ui.api.{name}.description", lang)


def code_text(text: str) -> str:
    """Writes *text* as HTML, its code (between single or double backticks, as Markdown and
    reStructuredText write it) in ``<code>``, an API path as its link, everything else escaped.

    >>> code_text('Answers ``{"status": "ok"}`` & `detail`')
    'Answers <code>{&quot;status&quot;: &quot;ok&quot;}</code> &amp; <code>detail</code>'
    """
    import html
    import re

    out = []
    for i, part in enumerate(re.split(r"``(.+?)``|`([^`]+)`", text)):
        if i % 3 == 0:
            out.append(html.escape(part or ""))
        elif part is not None and re.fullmatch(r"/api/[\w/.]+", part):  # a page to open
            out.append(f'<a href="{part}"><code>{part}</code></a>')
        elif part is not None:
            out.append(f"<code>{html.escape(part)}</code>")
    return "".join(out)
