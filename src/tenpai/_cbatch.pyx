# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The batch of ``tenpai shanten --file`` and ``tenpai waits --file`` in C: the compiled twin
of :func:`tenpai.batch.read_lines` and :func:`tenpai.batch.run_batch` over the command's
line handler (docs/benchmarks.md, "The compiled core").

The input is read in chunks and split on ``b"\\n"`` here, with :mod:`tenpai.batch`'s rules
(a line over the cap is an error record and is never held whole; a CR before the LF is
dropped).  A line made only of digits and ``m p s z`` that reads as a plain hand (no bonus
tile, at most 14 tiles, no kind more than four times, not a multiple of three) is analysed
here and its JSON result written straight into the output buffer.  Every other line (blank,
spaces, melds, not UTF-8, the first line's byte-order mark, a tile that does not exist, a
count that is no hand, a hand the rules refuse, a line over the cap...) goes to the pure
code, line by line:
:func:`tenpai.batch.read_line` then :func:`tenpai.batch.run_line` with the command's own
handler, so its result and its error are the pure batch's.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.unicode cimport PyUnicode_DecodeASCII
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memchr, memcpy

cdef Py_ssize_t _CHUNK = 1 << 16
cdef Py_ssize_t _FLUSH = 1 << 16
cdef const char* _NAMES[34]
_NAME_BYTES = [
    (f"{n}{s}").encode() for s in "mpsz" for n in range(1, 10) if not (s == "z" and n > 7)
]
for _i in range(34):
    _NAMES[_i] = PyBytes_AS_STRING(_NAME_BYTES[_i])


cdef struct _Buf:
    char* data
    Py_ssize_t size
    Py_ssize_t room


cdef int _grow(_Buf* b, Py_ssize_t more) except -1:
    cdef Py_ssize_t room = b.room
    cdef char* data
    if b.size + more <= room:
        return 0
    while room < b.size + more:
        room = room * 2 if room else 1 << 17
    data = <char*>realloc(b.data, room)
    if data == NULL:
        raise MemoryError()
    b.data = data
    b.room = room
    return 0


cdef inline void _put(_Buf* b, const char* s, Py_ssize_t n) noexcept:
    memcpy(b.data + b.size, s, n)
    b.size += n


cdef inline void _put_ll(_Buf* b, long long v) noexcept:
    cdef char tmp[24]
    cdef int i = 0
    cdef unsigned long long u
    if v < 0:
        b.data[b.size] = 45
        b.size += 1
        u = <unsigned long long>(-(v + 1)) + 1
    else:
        u = <unsigned long long>v
    while True:
        tmp[i] = 48 + u % 10
        i += 1
        u //= 10
        if u == 0:
            break
    while i:
        i -= 1
        b.data[b.size] = tmp[i]
        b.size += 1


cdef int _flush(_Buf* b, object write) except -1:
    if b.size:
        write(PyUnicode_DecodeASCII(b.data, b.size, NULL))
        b.size = 0
    return 0


cdef inline int _plain_hand(const unsigned char* s, Py_ssize_t n, int* c) noexcept:
    """Counts the tiles of *s* into *c* (34 kinds) when it is a plain hand the pure handler
    would analyse; gets their number, or -1 to leave the line to the pure code."""
    cdef Py_ssize_t i, start = 0
    cdef int k, d, base, total = 0, digits = 0
    cdef unsigned char ch
    for k in range(34):
        c[k] = 0
    for i in range(n):
        ch = s[i]
        if 48 <= ch <= 57:
            digits += 1
            if digits > 14:
                return -1
            continue
        if ch == 109:
            base = 0
        elif ch == 112:
            base = 9
        elif ch == 115:
            base = 18
        elif ch == 122:
            base = 27
        else:
            return -1
        if digits == 0:
            return -1  # a suit letter alone (a bonus tile, or an error): the pure code
        while start < i:
            d = s[start] - 48
            start += 1
            if base == 27:
                if d < 1 or d > 7:
                    return -1
            elif d == 0:
                d = 5  # a red five counts as a five
            c[base + d - 1] += 1
        start = i + 1
        total += digits
        digits = 0
    if digits or total > 14 or total % 3 == 0:
        return -1
    for k in range(34):
        if c[k] > 4:
            return -1
    return total


cdef object _pure_batch = None


cdef object _batch():
    """Gets :mod:`tenpai.batch`, for the lines left to the pure code: imported on the first
    of them (a batch of plain hands starts without it)."""
    global _pure_batch
    if _pure_batch is None:
        from tenpai import batch
        _pure_batch = batch
    return _pure_batch


cdef object _too_long(Py_ssize_t number, Py_ssize_t cap, handle, error, summary):
    b = _batch()
    return b.run_line(b.too_long(number, cap), handle, error, summary)


def analysis_lines(stream, visible, int players, handle, error, write, summary, Py_ssize_t cap):
    """Runs the analysis batch over the byte *stream*: *visible* the 34 counts of the tiles
    seen, *handle* and *error* the command's handler and error writer (for the lines left to
    the pure code), *write* the output's, *summary* the batch's :class:`~tenpai.batch.Summary`,
    *cap* the longest line."""
    try:  # not through tenpai.shanten: a batch of plain hands never imports the pure module
        from tenpai._cshanten import shanten, waits
    except ImportError:
        from tenpai.shanten import shanten, waits

    cdef int vis[34]
    cdef int c[34]
    cdef int k, n, sh, u
    cdef Py_ssize_t number = 0, p, size, length, body
    cdef const char* data
    cdef const char* q
    cdef bint skipping = False
    cdef _Buf out
    out.data = NULL
    out.size = 0
    out.room = 0
    for k in range(34):
        vis[k] = visible[k]
    pending = b""
    read = stream.read
    try:
        _grow(&out, _FLUSH + 4096)
        while True:
            chunk = read(_CHUNK)
            last = not chunk
            if last:
                if not pending or skipping:
                    break
                buf = pending  # the last line, with no line end
            else:
                buf = pending + chunk if pending else chunk
            pending = b""
            data = PyBytes_AS_STRING(buf)
            size = PyBytes_GET_SIZE(buf)
            p = 0
            if skipping:  # the rest of a line over the cap
                q = <const char*>memchr(data, 10, size)
                if q == NULL:
                    continue
                p = q - data + 1
                skipping = False
            while p < size:
                q = <const char*>memchr(data + p, 10, size - p)
                if q == NULL:
                    if not last:
                        if size - p > cap + 2:  # whatever its end, longer than the cap
                            number += 1
                            skipping = True
                            _flush(&out, write)
                            write(_too_long(number, cap, handle, error, summary))
                        else:
                            pending = buf[p:]
                        break
                    length = size - p
                else:
                    length = q - data - p
                number += 1
                body = length
                if q != NULL and body and data[p + body - 1] == 13:
                    body -= 1  # the CR of a CRLF
                if body > cap:
                    _flush(&out, write)
                    write(_too_long(number, cap, handle, error, summary))
                else:
                    n = _plain_hand(<const unsigned char*>data + p, body, c)
                    ws = ()
                    if n >= 0:
                        counts = [c[k] for k in range(34)]
                        try:
                            sh = shanten(counts, 0, players=players)
                            if sh == 0 and n % 3 == 1:
                                ws = waits(counts, 0, players=players)
                        except Exception:  # not a hand of these rules: the pure code says why
                            n = -1
                    if n < 0:  # the pure code reads, checks and answers this line
                        b = _batch()
                        line = b.read_line(number, buf[p:p + length + (q != NULL)], summary)
                        if line is not None:
                            _flush(&out, write)
                            write(b.run_line(line, handle, error, summary))
                    else:
                        _grow(&out, 40 + body + 34 * 20)
                        _put(&out, b'{"hand": "', 10)
                        _put(&out, data + p, body)
                        _put(&out, b'", "shanten": ', 14)
                        _put_ll(&out, sh)
                        if sh == 0 and n % 3 == 1:
                            _put(&out, b', "waits": [', 12)
                            for i, kk in enumerate(ws):
                                k = kk
                                if i:
                                    _put(&out, b", ", 2)
                                _put(&out, b'"', 1)
                                _put(&out, _NAMES[k], 2)
                                _put(&out, b'"', 1)
                            _put(&out, b'], "unseen": {', 14)
                            for i, kk in enumerate(ws):
                                k = kk
                                if i:
                                    _put(&out, b", ", 2)
                                _put(&out, b'"', 1)
                                _put(&out, _NAMES[k], 2)
                                _put(&out, b'": ', 3)
                                u = 4 - c[k] - vis[k]
                                _put_ll(&out, u if u > 0 else 0)
                            _put(&out, b"}}\n", 3)
                        else:
                            _put(&out, b', "waits": []}\n', 15)
                        if out.size >= _FLUSH:
                            _flush(&out, write)
                if q == NULL:
                    break
                p = q - data + 1
            if last:
                break
        _flush(&out, write)
    finally:
        summary.lines += number
        free(out.data)
    return summary


# ---- JSON records: the decoder and validator of score_many and tenpai score --jsonl ---------

cdef extern from "Python.h":
    const char* PyUnicode_AsUTF8AndSize(object, Py_ssize_t*) except NULL

from cpython.dict cimport PyDict_SetItem
from cpython.list cimport PyList_Append
from cpython.unicode cimport PyUnicode_DecodeUTF8

cdef int _MAX_DEPTH = 30  # below tenpai.batch.MAX_DEPTH: deeper goes to the pure reader
cdef int _MAX_DIGITS = 300  # longer numbers (1e400, 4300-digit ints) go to the pure reader

cdef enum:
    K_OTHER = 0
    K_BOOL
    K_COUNT
    K_TEXT
    K_TILES
    K_OBJECT
    K_OBJECTS
    K_ID
    K_NAME_OR_OBJECT
    K_ENUM


class _Decline(Exception):
    """A record this decoder leaves to the pure reader (which gives the result or error)."""


cdef object _DECLINE = _Decline()


cdef class _Node:
    """One field of the table (tenpai.fields.Schema's tree), as the decoder reads it."""
    cdef int kind
    cdef object field  # the tenpai.fields.Field, or None for a bare container
    cdef object most
    cdef tuple values
    cdef dict members
    cdef bint partial  # an object the reader reads only through the table: other keys skipped
    cdef _Node item  # the fields of each object of a list, or None


cdef _Node _node(object tree_node, bint partial):
    from tenpai import fields as F

    cdef _Node n = _Node()
    f = tree_node.field
    n.field = f
    n.kind = K_OTHER
    n.most = None
    n.values = ()
    if f is not None:
        k = f.kind
        n.most = f.most
        for code, known in ((K_BOOL, F.BOOL), (K_COUNT, F.COUNT), (K_TEXT, F.TEXT),
                            (K_TILES, F.TILES), (K_OBJECT, F.OBJECT), (K_OBJECTS, F.OBJECTS),
                            (K_ID, F.ID), (K_NAME_OR_OBJECT, F.NAME_OR_OBJECT)):
            if k is known:
                n.kind = code
        if n.kind == K_OTHER and k.values is not None:
            n.kind = K_ENUM
            n.values = tuple(k.values)
    n.partial = partial
    n.members = {key: _node(sub, False) for key, sub in tree_node.members.items()}
    n.item = None
    if tree_node.items:
        n.item = _Node()
        n.item.kind = K_OTHER
        n.item.partial = False
        n.item.members = {key: _node(sub, False) for key, sub in tree_node.items.items()}
        n.item.item = None
    return n


cdef _Node _ROOT = None
cdef object _CHECKED = None


cdef int _load_records() except -1:
    """Compiles tenpai.riichi.records.FIELDS (and the variant) for the decoder (once)."""
    global _ROOT, _CHECKED
    from tenpai.fields import Schema
    from tenpai.fields import _Node as TreeNode
    from tenpai.interchange import RECORD_FIELDS
    from tenpai.riichi import records

    # the riichi record's fields and the ones every record has (its variant: a line of
    # another variant is left to the pure reader)
    own = {f.path for f in records.FIELDS}
    table = Schema(*records.FIELDS, *(f for f in RECORD_FIELDS if f.path not in own))
    top = TreeNode()
    top.members = table.root
    _ROOT = _node(top, True)
    # the objects that the riichi reader (tenpai.riichi.records) reads only through their fields
    # in the table: their other keys (the Tenhou verdict, a round's seeds and scores...)
    # are checked as JSON and skipped; every other object is kept whole (flags: the local
    # yaku inputs; rules: the options)
    for key in ("ruleset", "round", "tenhou"):
        (<_Node>_ROOT.members[key]).partial = True
    (<_Node>_ROOT.members["melds"]).item.partial = True
    _CHECKED = records.CheckedRecord
    return 0


cdef struct _S:
    const unsigned char* s
    Py_ssize_t n
    Py_ssize_t i


cdef inline void _ws(_S* p) noexcept:
    cdef unsigned char c
    while p.i < p.n:
        c = p.s[p.i]
        if c == 32 or c == 10 or c == 13 or c == 9:
            p.i += 1
        else:
            return


cdef inline int _expect(_S* p, unsigned char c) except -1:
    _ws(p)
    if p.i >= p.n or p.s[p.i] != c:
        raise _DECLINE
    p.i += 1
    return 0


cdef inline bint _hex(unsigned char c) noexcept:
    return (48 <= c <= 57) or (65 <= c <= 70) or (97 <= c <= 102)


cdef Py_ssize_t _string_end(_S* p, bint* escaped) except -1:
    """Checks the JSON string at p.i (its opening quote) and moves past it; gets the index of
    its closing quote; *escaped* tells whether it holds an escape."""
    cdef Py_ssize_t i = p.i + 1
    cdef unsigned char c
    escaped[0] = False
    while i < p.n:
        c = p.s[i]
        if c == 34:
            p.i = i + 1
            return i
        if c == 92:
            escaped[0] = True
            i += 1
            if i >= p.n:
                raise _DECLINE
            c = p.s[i]
            if c == 117:
                if i + 4 >= p.n or not (_hex(p.s[i + 1]) and _hex(p.s[i + 2])
                                        and _hex(p.s[i + 3]) and _hex(p.s[i + 4])):
                    raise _DECLINE
                i += 4
            elif not (c == 34 or c == 92 or c == 47 or c == 98 or c == 102 or c == 110
                      or c == 114 or c == 116):
                raise _DECLINE
        elif c < 32:
            raise _DECLINE  # a control character: the standard reader's error
        i += 1
    raise _DECLINE


cdef object _string(_S* p):
    """Reads the string at p.i (no escapes: anything else goes to the pure reader)."""
    cdef bint escaped
    cdef Py_ssize_t start = p.i + 1
    cdef Py_ssize_t end = _string_end(p, &escaped)
    if escaped:
        raise _DECLINE
    return PyUnicode_DecodeUTF8(<const char*>p.s + start, end - start, NULL)


cdef object _number(_S* p, bint keep):
    """Checks the JSON number at p.i and moves past it; gets it as an int when *keep* (a
    fraction or an exponent goes to the pure reader, as does a number of many digits)."""
    cdef Py_ssize_t i = p.i, start = p.i
    cdef long long v = 0
    cdef int digits = 0
    cdef bint neg = False, frac = False
    if p.s[i] == 45:
        neg = True
        i += 1
    if i >= p.n or not (48 <= p.s[i] <= 57):
        raise _DECLINE
    if p.s[i] == 48:
        i += 1
        digits = 1
    else:
        while i < p.n and 48 <= p.s[i] <= 57:
            if digits < 18:
                v = v * 10 + (p.s[i] - 48)
            digits += 1
            i += 1
    if i < p.n and p.s[i] == 46:
        frac = True
        i += 1
        if i >= p.n or not (48 <= p.s[i] <= 57):
            raise _DECLINE
        while i < p.n and 48 <= p.s[i] <= 57:
            digits += 1
            i += 1
    if i < p.n and (p.s[i] == 101 or p.s[i] == 69):
        raise _DECLINE
    if digits > _MAX_DIGITS:
        raise _DECLINE
    p.i = i
    if not keep:
        return None
    if frac or digits > 18:
        raise _DECLINE
    return -v if neg else v


cdef inline int _literal(_S* p, const char* word, Py_ssize_t n) except -1:
    cdef Py_ssize_t k
    if p.i + n > p.n:
        raise _DECLINE
    for k in range(n):
        if p.s[p.i + k] != <unsigned char>word[k]:
            raise _DECLINE
    p.i += n
    return 0


cdef object _value(_S* p, int depth, bint keep, _Node members, bint partial, _Node items):
    """Reads the JSON value at p.i: built when *keep* (an object's keys read with *members*'
    fields, other keys kept unless *partial*; a list's objects read with *items*' fields),
    else only checked and skipped (None)."""
    cdef unsigned char c
    cdef bint escaped
    cdef Py_ssize_t start, end
    cdef _Node child
    cdef object out, key, v
    _ws(p)
    if p.i >= p.n:
        raise _DECLINE
    c = p.s[p.i]
    if c == 34:
        if keep:
            return _string(p)
        _string_end(p, &escaped)
        return None
    if c == 123:  # an object
        if depth >= _MAX_DEPTH:
            raise _DECLINE
        p.i += 1
        out = {} if keep else None
        _ws(p)
        if p.i < p.n and p.s[p.i] == 125:
            p.i += 1
            return out
        while True:
            _ws(p)
            if p.i >= p.n or p.s[p.i] != 34:
                raise _DECLINE
            if keep:
                start = p.i + 1
                end = _string_end(p, &escaped)
                if escaped:
                    raise _DECLINE
                key = PyUnicode_DecodeUTF8(<const char*>p.s + start, end - start, NULL)
                _expect(p, 58)
                child = members.members.get(key) if members is not None else None
                if child is not None:
                    v = _field(p, depth + 1, child)
                    PyDict_SetItem(out, key, v)
                elif partial:
                    _value(p, depth + 1, False, None, False, None)
                else:
                    PyDict_SetItem(out, key, _value(p, depth + 1, True, None, False, None))
            else:
                _string_end(p, &escaped)
                _expect(p, 58)
                _value(p, depth + 1, False, None, False, None)
            _ws(p)
            if p.i >= p.n:
                raise _DECLINE
            c = p.s[p.i]
            p.i += 1
            if c == 125:
                return out
            if c != 44:
                raise _DECLINE
    if c == 91:  # a list
        if depth >= _MAX_DEPTH:
            raise _DECLINE
        p.i += 1
        out = [] if keep else None
        _ws(p)
        if p.i < p.n and p.s[p.i] == 93:
            p.i += 1
            return out
        while True:
            if keep:
                PyList_Append(out, _value(p, depth + 1, True, items, items is not None and
                                          items.partial, None))
            else:
                _value(p, depth + 1, False, None, False, None)
            _ws(p)
            if p.i >= p.n:
                raise _DECLINE
            c = p.s[p.i]
            p.i += 1
            if c == 93:
                return out
            if c != 44:
                raise _DECLINE
    if c == 116:
        _literal(p, "true", 4)
        return True if keep else None
    if c == 102:
        _literal(p, "false", 5)
        return False if keep else None
    if c == 110:
        _literal(p, "null", 4)
        return None
    if c == 45 or 48 <= c <= 57:
        return _number(p, keep)
    raise _DECLINE  # NaN, Infinity or no JSON at all: the pure reader names it


cdef object _field(_S* p, int depth, _Node f):
    """Reads the value of the field *f* and checks it as tenpai.fields.check_fields does
    (null is "not given"); a value that does not fit goes to the pure reader."""
    v = _value(p, depth, True, f if f.members else None, f.partial, f.item)
    if v is not None and f.field is not None and not _fits(f, v):
        raise _DECLINE
    return v


cdef bint _fits(_Node f, object v) except -1:
    cdef int k = f.kind
    if k == K_BOOL:
        return type(v) is bool
    if k == K_TEXT:
        return type(v) is str
    if k == K_COUNT:
        return type(v) is int and (f.most is None or 0 <= v <= f.most)
    if k == K_TILES:
        if type(v) is str:
            return True
        if type(v) is not list:
            return False
        for x in v:
            if type(x) is not str:
                return False
        return True
    if k == K_OBJECT:
        return type(v) is dict
    if k == K_OBJECTS:
        if type(v) is not list:
            return False
        for x in v:
            if type(x) is not dict:
                return False
        return True
    if k == K_ID:
        return type(v) is str or type(v) is int
    if k == K_NAME_OR_OBJECT:
        return type(v) is str or type(v) is dict
    if k == K_ENUM:
        if f.most is not None:
            return f.field.check(v)
        for x in f.values:
            if type(v) is type(x) and v == x:
                return True
        return False
    return f.field.check(v)  # a kind this decoder does not know: the table's own test


def decode_record(line):
    """Reads one JSON line (str or bytes) of a riichi record into a
    :class:`tenpai.riichi.records.CheckedRecord` holding the fields the riichi reader reads, their
    types checked against ``FIELDS``; gets None when the line is anything else (not
    JSON, a field of the wrong type, Hong Kong, an escape in a field read...): the pure
    reader then answers it, with its result or its error."""
    cdef _S p
    cdef Py_ssize_t size
    cdef _Node child
    cdef bint escaped
    cdef Py_ssize_t start, end
    if _ROOT is None:
        _load_records()
    if type(line) is bytes:
        try:
            line = (<bytes>line).decode("utf-8")
        except UnicodeDecodeError:
            return None
    elif type(line) is not str:
        return None
    try:
        p.s = <const unsigned char*>PyUnicode_AsUTF8AndSize(line, &size)
    except UnicodeEncodeError:  # a lone surrogate
        return None
    p.n = size
    p.i = 0
    rec = _CHECKED()
    try:
        _expect(&p, 123)
        _ws(&p)
        if p.i < p.n and p.s[p.i] == 125:
            p.i += 1
        else:
            while True:
                _ws(&p)
                if p.i >= p.n or p.s[p.i] != 34:
                    return None
                start = p.i + 1
                end = _string_end(&p, &escaped)
                if escaped:
                    return None
                _expect(&p, 58)
                key = PyUnicode_DecodeUTF8(<const char*>p.s + start, end - start, NULL)
                child = _ROOT.members.get(key)
                if child is None:
                    _value(&p, 1, False, None, False, None)
                else:
                    PyDict_SetItem(rec, key, _field(&p, 1, child))
                _ws(&p)
                if p.i >= p.n:
                    return None
                c = p.s[p.i]
                p.i += 1
                if c == 125:
                    break
                if c != 44:
                    return None
        _ws(&p)
        if p.i != p.n:
            return None  # more after the object
    except _Decline:
        return None
    variant = rec.get("variant")
    if variant is not None and variant != "riichi":
        return None  # Hong Kong reads other fields
    return rec


# ---- JSON out: one result, one line ---------------------------------------------------------

from cpython.long cimport PyLong_AsLongLongAndOverflow

from _json import encode_basestring as _quote  # the standard encoder's, ensure_ascii off


class _Other(Exception):
    """A value this writer leaves to the standard encoder (a float, a subclass...)."""


cdef object _OTHER = _Other()


cdef int _put_str(_Buf* b, object s) except -1:
    cdef Py_ssize_t n, k
    cdef const unsigned char* u = <const unsigned char*>PyUnicode_AsUTF8AndSize(s, &n)
    cdef unsigned char c
    for k in range(n):
        c = u[k]
        if c < 32 or c == 34 or c == 92:  # to escape: the standard encoder writes it
            quoted = _quote(s)  # held while its bytes are copied
            u = <const unsigned char*>PyUnicode_AsUTF8AndSize(quoted, &n)
            _grow(b, n)
            _put(b, <const char*>u, n)
            return 0
    _grow(b, n + 2)
    b.data[b.size] = 34
    b.size += 1
    _put(b, <const char*>u, n)
    b.data[b.size] = 34
    b.size += 1
    return 0


cdef int _put_value(_Buf* b, object v, int depth) except -1:
    cdef int overflow = 0
    cdef long long x
    cdef bint first = True
    if depth > 64:
        raise _OTHER
    if v is None:
        _grow(b, 4)
        _put(b, b"null", 4)
    elif v is True:
        _grow(b, 4)
        _put(b, b"true", 4)
    elif v is False:
        _grow(b, 5)
        _put(b, b"false", 5)
    elif type(v) is str:
        _put_str(b, v)
    elif type(v) is int:
        x = PyLong_AsLongLongAndOverflow(v, &overflow)
        if overflow:
            raise _OTHER
        _grow(b, 24)
        _put_ll(b, x)
    elif type(v) is dict:
        _grow(b, 2)
        b.data[b.size] = 123
        b.size += 1
        for key, item in (<dict>v).items():
            if type(key) is not str:
                raise _OTHER
            if not first:
                _grow(b, 2)
                _put(b, b", ", 2)
            first = False
            _put_str(b, key)
            _grow(b, 2)
            _put(b, b": ", 2)
            _put_value(b, item, depth + 1)
        _grow(b, 1)
        b.data[b.size] = 125
        b.size += 1
    elif type(v) is list or type(v) is tuple:
        _grow(b, 2)
        b.data[b.size] = 91
        b.size += 1
        for item in v:
            if not first:
                _grow(b, 2)
                _put(b, b", ", 2)
            first = False
            _put_value(b, item, depth + 1)
        _grow(b, 1)
        b.data[b.size] = 93
        b.size += 1
    else:
        raise _OTHER
    return 0


def dumps(value):
    """Writes *value* as ``json.dumps(value, ensure_ascii=False)`` does, straight into one
    buffer: dicts with string keys, lists, tuples, strings, ints, booleans and None (any
    other value, a float, a subclass, is written by the standard encoder)."""
    import json

    cdef _Buf out
    out.data = NULL
    out.size = 0
    out.room = 0
    try:
        _grow(&out, 1024)
        _put_value(&out, value, 0)
        return PyUnicode_DecodeUTF8(out.data, out.size, NULL)
    except (_Other, UnicodeEncodeError):  # UnicodeEncodeError: a lone surrogate
        return json.dumps(value, ensure_ascii=False)
    finally:
        free(out.data)
