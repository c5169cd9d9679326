"""The glossary pages of the languages added last (docs/glossary.zh-Hans.md, docs/glossary.ko.md)
name every yaku and fan item as the catalogues do, each with its source."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tenpai.hk.fan import FAN_ROWS
from tenpai.i18n import tr
from tenpai.riichi.local import LOCAL_IDS
from tenpai.riichi.yaku import STANDARD_YAKU

DOCS = Path(__file__).resolve().parent.parent / "docs"
YAKU_IDS = (*(y.id for y in STANDARD_YAKU), "nagashi_mangan", *LOCAL_IDS)


def _rows(page: str) -> dict[str, list[str]]:
    """The table rows of a page keyed by their first cell's id (`riichi`): the cells."""
    out = {}
    for line in page.splitlines():
        m = re.match(r"\| `([a-z0-9_]+)` \|(.*)\|$", line)
        if m:
            out[m[1]] = [c.strip() for c in m[2].split("|")]
    return out


@pytest.mark.parametrize("lang", ["zh-Hans", "ko"])
def test_the_glossary_names_every_yaku_and_fan_item(lang: str) -> None:
    page = (DOCS / f"glossary.{lang}.md").read_text(encoding="utf-8")
    rows = _rows(page)
    sources = set(re.findall(r"^(\d+)\. ", page, re.M))
    for key in YAKU_IDS:
        cells = rows[key]
        assert tr(f"yaku.{key}.name", lang) in cells, key
        assert re.fullmatch(r"\[(\d+)\]", cells[-1]) and cells[-1][1:-1] in sources, key
    for item in FAN_ROWS:
        cells = rows[item.id]
        assert item.name(lang) in cells, item.id
        assert cells[-1][1:-1] in sources, item.id
