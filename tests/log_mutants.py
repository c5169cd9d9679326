"""Mutants of small valid game logs, for the fuzz tests of the log readers
(tests/test_logs_fuzz.py): every format `tenpai.logs` reads, four and three players.

A mutant is ``(label, bytes)``: the label says what was changed (``cut 312``,
``del attr who="1"``, ``set ['log', 0, 1]=-1``) so that a failure names its input. The
mutations are those a log meets in the wild: a download cut short (at every byte), a tag or a
key removed, an element or a round twice, values of the wrong type or out of range (tile ids,
seats, counts), and the same log in other encodings and containers. :func:`outcome` runs one
mutant through the reader and the checks exactly as ``tenpai logs verify`` runs a file.
"""

from __future__ import annotations

import bz2
import gzip
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tenpai.logs import LogError, read_log
from tenpai.logs.source import said_in
from tenpai.logs.stats import Stats
from tenpai.logs.verify import Summary, check_game

DATA = Path(__file__).parent / "data"
# The same two hands in each format: a ron then an exhaustive draw (tests/test_logs.py), at
# four players and at three (a kita laid down before the ron; nobody tenpai at the draw).
FIXTURES = {
    "pinfu-ron.mjlog": DATA / "logs" / "pinfu-ron.mjlog",
    "pinfu-ron.json": DATA / "logs" / "pinfu-ron.json",
    "pinfu-ron.mjai.jsonl": DATA / "logs" / "pinfu-ron.mjai.jsonl",
    "sanma-ron.mjlog": DATA / "logs-sanma" / "sanma-ron.mjlog",
    "sanma-ron.json": DATA / "logs-sanma" / "sanma-ron.json",
    "sanma-ron.mjai.jsonl": DATA / "logs-sanma" / "sanma-ron.mjai.jsonl",
}
# Values of the wrong type or out of range, put in the place of any JSON value.
BAD_VALUES: tuple[Any, ...] = (None, "x", -1, 999, [], {}, 1.5, True, "", [1], 10**30, "9")
# The same, as an XML attribute's text.
BAD_TEXTS = ("x", "-1", "999", "", "1,2", "9999999", ",".join(["0"] * 20), "-5,-5", "1.5")
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_ELEMENT = re.compile(r"<[^>]+>")


def cuts(data: bytes) -> Iterator[tuple[str, bytes]]:
    """The log cut short after each of its bytes."""
    for i in range(len(data)):
        yield f"cut {i}", data[:i]


def _paths(node: Any, path: list[Any]) -> Iterator[list[Any]]:
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, [*path, k])
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, [*path, i])


def json_mutants(doc: Any, dump: Callable[[Any], bytes]) -> Iterator[tuple[str, bytes]]:
    """Every value of a JSON document removed, repeated (in a list) and replaced by each of
    :data:`BAD_VALUES`, written by *dump* (each change is made in place, written, undone)."""
    for path in list(_paths(doc, [])):
        if not path:
            continue
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        old = parent[key]
        del parent[key]
        yield f"del {path}", dump(doc)
        if isinstance(key, int):
            parent.insert(key, old)
            parent.insert(key, old)
            yield f"dup {path}", dump(doc)
            del parent[key]
        else:
            parent[key] = old
        for bad in BAD_VALUES:
            parent[key] = bad
            yield f"set {path}={bad!r}", dump(doc)
        parent[key] = old


def xml_mutants(text: str) -> Iterator[tuple[str, str]]:
    """Every attribute of an XML log removed and given each of :data:`BAD_TEXTS`; every
    element removed and repeated."""
    for m in _ATTR.finditer(text):
        a, b = m.span()
        yield f"del attr {m.group(0)[:40]}", text[:a] + text[b:]
        va, vb = m.span(2)
        for bad in BAD_TEXTS:
            yield f"set {m.group(1)}={bad!r} at {va}", text[:va] + bad + text[vb:]
    for m in _ELEMENT.finditer(text):
        a, b = m.span()
        yield f"del elem {m.group(0)[:40]}", text[:a] + text[b:]
        yield f"dup elem {m.group(0)[:40]}", text[:a] + m.group(0) + text[a:]


def structural(name: str, data: bytes) -> Iterator[tuple[str, bytes]]:
    """The mutants of the fixture *name* by its structure (XML or JSON)."""
    if name.endswith(".mjlog"):
        for label, text in xml_mutants(data.decode()):
            yield label, text.encode()
    elif name.endswith(".jsonl"):
        lines = [json.loads(x) for x in data.decode().splitlines()]
        yield from json_mutants(lines, lambda d: "".join(json.dumps(x) + "\n" for x in d).encode())
    else:
        doc = json.loads(data)
        yield from json_mutants(doc, lambda d: json.dumps(d, ensure_ascii=False).encode())


def containers(data: bytes) -> Iterator[tuple[str, bytes]]:
    """The log in other encodings and containers, and broken ones of them."""
    text = data.decode()
    gz = gzip.compress(data)
    yield "utf-8 bom", b"\xef\xbb\xbf" + data
    yield "utf-16", text.encode("utf-16")
    yield "utf-16-le no bom", text.encode("utf-16-le")
    yield "utf-16-be no bom", text.encode("utf-16-be")
    yield "utf-32", text.encode("utf-32")
    yield "gzip", gz
    yield "gzip twice", gzip.compress(gz)
    yield "bzip2", bz2.compress(data)
    yield "gzip cut", gz[: len(gz) // 2]
    yield "gzip corrupt", gz[:10] + bytes(b ^ 0xFF for b in gz[10:30]) + gz[30:]
    yield "gzip junk after", gz + b"junk"
    yield "gzip zero padding", gz + b"\0" * 16
    yield "bzip2 cut", bz2.compress(data)[:-8]
    yield "invalid utf-8", data.replace(b'"', b'"\xff', 1)
    yield "nul bytes", data.replace(b" ", b"\0", 3)
    yield "empty", b""
    yield "blank", b" \n\t\n"


def outcome(data: bytes, name: str) -> dict[str, Any]:
    """Reads and checks one log as ``tenpai logs verify`` does (its summary as a dict) and
    counts it as ``tenpai logs stats`` does; every reason must be sayable in each language.
    Anything but a :class:`LogError` escapes: the test fails with its input's label."""
    s = Summary()
    s.counts["files"] += 1
    st = Stats()
    try:
        for g in read_log(data, name):
            s.add_game(g, list(check_game(g)))
            st.add([g])
    except LogError as e:
        s.add_unreadable(e.text())
        for lang in ("fr", "ja", "zh-Hant"):
            assert e.message_in(lang)
    d = s.as_dict()
    st.as_dict()
    for key in ("unsupported_by_reason", "unreadable_by_reason", "round_errors_by_reason"):
        for reason in d[key]:
            for lang in ("fr", "ja"):
                assert "Traceback" not in said_in(reason, lang)
    return d


def counts_add_up(d: dict[str, Any]) -> None:
    """Asserts that the summary *d* of one file adds up: each win and draw has one outcome,
    each unreadable file one reason, the formats' counts make the totals."""
    assert d["files"] == 1
    assert d["agree"] + d["disagree"] + d["unsupported"] == d["wins"] + d["draws"], d
    assert d["unreadable"] == sum(d["unreadable_by_reason"].values()) <= 1, d
    assert d["games"] >= 1 or d["unreadable"] == 1, d  # a file is read, or says why not
    for key in ("games", "rounds", "wins", "draws", "agree", "disagree", "unsupported"):
        assert d[key] == sum(f[key] for f in d["by_format"].values()), (key, d)
    assert sum(d["disagree_by_field"].values()) >= d["disagree"]
    for kind in ("final_scores", "placement"):
        r = d[kind]
        assert r["agree"] + r["disagree"] + r["unsupported"] <= d["games"]
