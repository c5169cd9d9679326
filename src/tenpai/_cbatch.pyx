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

The same loop runs ``tenpai score --jsonl`` (:func:`record_lines`), with the riichi record
path below: a record of the usual shape decoded, checked, read into the scorer's inputs,
scored by the scorer written for C and written as the pure batch's JSON text, every other line
by the pure code.  :func:`score_record` and :func:`score_line` are that path for
:func:`tenpai.interchange.score_many` (the result dict).
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.unicode cimport PyUnicode_DecodeUTF8
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc, realloc
from cpython.bytearray cimport PyByteArray_AS_STRING
from libc.string cimport memchr, memcmp, memcpy, memmove

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
        write(PyUnicode_DecodeUTF8(b.data, b.size, NULL))  # (a record's id may be any text)
        b.size = 0
    return 0


cdef inline int _suit_base(unsigned char c) noexcept:
    """The first kind of the suit letter *c* (``m p s z``: 0, 9, 18, 27), or -1."""
    if c == 109:
        return 0
    if c == 112:
        return 9
    if c == 115:
        return 18
    if c == 122:
        return 27
    return -1


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
        base = _suit_base(ch)
        if base < 0:
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


cdef class _Task:
    """What a batch does with one line (_run_lines): written into the output here, or left
    to the pure code."""

    cdef int line(self, const char* s, Py_ssize_t n, _Buf* out) except -2:
        """Writes the result of the line *s* (*n* bytes, no line end) into *out*: 1, or 0 to
        leave the line to the pure code (*out* untouched)."""
        return 0


cdef class _Analysis(_Task):
    """The line of ``shanten --file`` or ``waits --file``: a plain hand analysed here."""

    cdef int vis[34]
    cdef int players
    cdef object shanten, waits

    cdef int names(self, object ws, int* c, _Buf* out, bint unseen) except -1:
        """Writes the names of the waits *ws* (the room _grow made), each with the copies
        still unseen when *unseen* (a JSON object's members, else a list's items)."""
        cdef int k, u
        for i, kk in enumerate(ws):
            k = kk
            if i:
                _put(out, b", ", 2)
            _put(out, b'"', 1)
            _put(out, _NAMES[k], 2)
            _put(out, b'"', 1)
            if unseen:
                _put(out, b": ", 2)
                u = 4 - c[k] - self.vis[k]
                _put_ll(out, u if u > 0 else 0)
        return 0

    cdef int line(self, const char* s, Py_ssize_t body, _Buf* out) except -2:
        cdef int c[34]
        cdef int k, n, sh
        n = _plain_hand(<const unsigned char*>s, body, c)
        if n < 0:
            return 0
        ws = ()
        counts = [c[k] for k in range(34)]
        try:
            sh = self.shanten(counts, 0, players=self.players)
            if sh == 0 and n % 3 == 1:
                ws = self.waits(counts, 0, players=self.players)
        except Exception:  # not a hand of these rules: the pure code says why
            return 0
        _grow(out, 40 + body + 34 * 20)
        _put(out, b'{"hand": "', 10)
        _put(out, s, body)
        _put(out, b'", "shanten": ', 14)
        _put_ll(out, sh)
        if sh == 0 and n % 3 == 1:
            _put(out, b', "waits": [', 12)
            self.names(ws, c, out, False)
            _put(out, b'], "unseen": {', 14)
            self.names(ws, c, out, True)
            _put(out, b"}}\n", 3)
        else:
            _put(out, b', "waits": []}\n', 15)
        return 1


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

    cdef _Analysis task = _Analysis()
    cdef int k
    for k in range(34):
        task.vis[k] = visible[k]
    task.players = players
    task.shanten, task.waits = shanten, waits
    return _run_lines(task, stream, handle, error, write, summary, cap)


cdef object _run_lines(_Task task, stream, handle, error, write, summary, Py_ssize_t cap):
    """The loop of a batch over the byte *stream*: each line by *task*, or by the pure code
    (tenpai.batch.read_line and run_line with the command's *handle* and *error*).  The
    stream is read into one buffer (its readinto where it has one): the start of a line cut
    by a read moved to the front (at most the cap), no chunk copied."""
    cdef Py_ssize_t number = 0, p, size, length, body, mark, held = 0, got
    cdef char* data
    cdef const char* q
    cdef bint skipping = False, last
    cdef int done
    cdef _Buf out
    out.data = NULL
    out.size = 0
    out.room = 0
    area = bytearray(cap + 2 + _CHUNK)  # the start of a cut line (at most cap + 2), a read
    view = memoryview(area)
    readinto = getattr(stream, "readinto", None)
    read = stream.read
    try:
        _grow(&out, _FLUSH + 4096)
        while True:
            data = PyByteArray_AS_STRING(area)
            if readinto is not None:
                got = readinto(view[held:held + _CHUNK]) or 0
            else:
                chunk = read(_CHUNK)
                got = len(chunk) if chunk else 0
                if got > _CHUNK or (got and type(chunk) is not bytes):
                    raise TypeError("a batch reads bytes")
                if got:
                    memcpy(data + held, PyBytes_AS_STRING(chunk), got)
            last = got == 0
            if last and (not held or skipping):
                break
            size = held + got  # (the last line, with no line end, when last)
            held = 0
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
                            held = size - p
                            memmove(data, data + p, held)
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
                    mark = out.size
                    try:
                        done = task.line(data + p, body, &out)
                    except Exception:  # (a value this module does not write): the pure code
                        done = 0
                    if not done:  # the pure code reads, checks and answers this line
                        out.size = mark
                        b = _batch()
                        raw = PyBytes_FromStringAndSize(data + p, length + (q != NULL))
                        line = b.read_line(number, raw, summary)
                        if line is not None:
                            _flush(&out, write)
                            write(b.run_line(line, handle, error, summary))
                    elif out.size >= _FLUSH:
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
        view.release()
    return summary


# ---- JSON records: the decoder and validator of score_many and tenpai score --jsonl ---------

cdef extern from "Python.h":
    const char* PyUnicode_AsUTF8AndSize(object, Py_ssize_t*) except NULL

from cpython.dict cimport PyDict_SetItem
from cpython.list cimport PyList_Append
from cpython.unicode cimport PyUnicode_DecodeUTF8
from cpython.ref cimport PyObject, Py_DECREF

from _json import scanstring as _scanstring  # the standard decoder's, for escapes

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
    cdef tuple names  # the members' keys (str), their UTF-8 (bytes) and their nodes, in order:
    cdef tuple utf8  # a key is found by its bytes, with no str made (_member)
    cdef tuple nodes
    cdef bint partial  # an object the reader reads only through the table: other keys skipped
    cdef _Node item  # the fields of each object of a list, or None
    cdef signed char slots[64]  # the members' keys hashed (_key_hash): each index, or -1


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
    _index(n)
    n.item = None
    if tree_node.items:
        n.item = _Node()
        n.item.kind = K_OTHER
        n.item.partial = False
        n.item.members = {key: _node(sub, False) for key, sub in tree_node.items.items()}
        _index(n.item)
        n.item.item = None
    return n


cdef int _index(_Node n) except -1:
    cdef int h, i
    n.names = tuple(n.members)
    n.utf8 = tuple(k.encode("utf-8") for k in n.names)
    n.nodes = tuple(n.members.values())
    if len(n.names) > 48:
        raise ValueError("too many fields in one object of the table")
    for h in range(64):
        n.slots[h] = -1
    for i, k in enumerate(n.utf8):
        h = _key_hash(<const unsigned char*>PyBytes_AS_STRING(k), PyBytes_GET_SIZE(k))
        while n.slots[h] >= 0:
            h = (h + 1) & 63
        n.slots[h] = i
    return 0


cdef inline int _key_hash(const unsigned char* s, Py_ssize_t size) noexcept:
    """The slot of the key *s* (*size* bytes) in a _Node's table (its length, its first, middle
    and last bytes)."""
    if size == 0:
        return 0
    return <int>((size * 37 + s[0] * 7 + s[size >> 1] * 3 + s[size - 1]) & 63)


cdef Py_ssize_t _member(_Node n, const unsigned char* s, Py_ssize_t size) noexcept:
    """The index of the member of *n* whose key is the UTF-8 *s* (*size* bytes), or -1."""
    cdef int h, i
    cdef PyObject* b
    if n is None or n.utf8 is None:
        return -1
    h = _key_hash(s, size)
    while True:
        i = n.slots[h]
        if i < 0:
            return -1
        b = PyTuple_GET_ITEM(n.utf8, i)
        if (PyBytes_GET_SIZE(<object>b) == size
                and memcmp(PyBytes_AS_STRING(<object>b), s, size) == 0):
            return i
        h = (h + 1) & 63


cdef _Node _ROOT = None


cdef int _load_records() except -1:
    """Compiles tenpai.riichi.records.FIELDS (and the variant) for the decoder (once)."""
    global _ROOT
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
    return 0


cdef struct _S:
    const unsigned char* s
    Py_ssize_t n
    Py_ssize_t i


# the bytes a JSON string holds as they are (not '"', '\\', a control character or a byte of
# a multi-byte UTF-8 sequence): 1
cdef unsigned char _PLAIN[256]
cdef extern from *:
    int __builtin_ctzll(unsigned long long)
from sys import byteorder as _byteorder

cdef bint _LITTLE = _byteorder == "little"  # (a word's first byte is its lowest)
for _i in range(256):
    _PLAIN[_i] = 32 <= _i < 128 and _i != 34 and _i != 92


cdef inline uint64_t _special(uint64_t w) noexcept:
    """The high bit of each of the eight bytes of *w* (read little-endian) that is not
    _PLAIN, and maybe of bytes after the first such (the test of "has a zero byte", exact for
    the first one, on the word xor '"', xor '\\\\', minus 0x20, and the high bits)."""
    cdef uint64_t lo = 0x0101010101010101ULL
    cdef uint64_t q = w ^ 0x2222222222222222ULL
    cdef uint64_t b = w ^ 0x5C5C5C5C5C5C5C5CULL
    return ((((q - lo) & ~q) | ((b - lo) & ~b) | ((w - 0x2020202020202020ULL) & ~w) | w)
            & 0x8080808080808080ULL)


cdef inline bint _space(unsigned char c) noexcept:
    """Whether *c* is JSON whitespace (most bytes are not, which the first test tells)."""
    return c <= 32 and (c == 32 or c == 10 or c == 13 or c == 9)


cdef inline void _ws(_S* p) noexcept:
    cdef unsigned char c
    if p.i < p.n and p.s[p.i] > 32:  # (no space: the usual line)
        return
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


cdef inline Py_ssize_t _string_at(const unsigned char* s, Py_ssize_t i, Py_ssize_t n,
                                  bint* escaped) noexcept:
    """Checks the JSON string whose opening quote is s[i] (of the *n* bytes at *s*): its
    escapes, no control character, its UTF-8 as Python's strict decoder reads it
    (_utf8_at); gets the index of its closing quote, or -1 where json.loads would refuse it
    (or where it is cut short); *escaped* tells whether it holds an escape.  Eight bytes at
    a time while none needs a look (_special)."""
    cdef uint64_t w, m
    cdef unsigned char c
    cdef int k
    i += 1
    while True:
        while i + 8 <= n:
            memcpy(&w, s + i, 8)
            m = _special(w)
            if m:
                if _LITTLE:
                    i += __builtin_ctzll(m) >> 3  # the first byte to look at
                break
            i += 8
        while i < n and _PLAIN[s[i]]:
            i += 1
        if i >= n:
            return -1
        c = s[i]
        if c == 34:
            return i
        if c == 92:
            escaped[0] = True
            i += 1
            if i >= n:
                return -1
            c = s[i]
            if c == 117:
                if i + 4 >= n or not (_hex(s[i + 1]) and _hex(s[i + 2])
                                      and _hex(s[i + 3]) and _hex(s[i + 4])):
                    return -1
                i += 4
            elif not (c == 34 or c == 92 or c == 47 or c == 98 or c == 102 or c == 110
                      or c == 114 or c == 116):
                return -1
            i += 1
        elif c < 32:
            return -1  # a control character: the standard reader's error
        else:
            k = _utf8_at(s, i, n)
            if k == 0:
                return -1  # not UTF-8: the pure reader names the byte
            i += k


cdef Py_ssize_t _string_end(_S* p, bint* escaped) except -1:
    """Checks the JSON string at p.i (its opening quote, _string_at) and moves past it; gets
    the index of its closing quote; *escaped* tells whether it holds an escape."""
    escaped[0] = False
    cdef Py_ssize_t end = _string_at(p.s, p.i, p.n, escaped)
    if end < 0:
        raise _DECLINE
    p.i = end + 1
    return end


# a few short strings of the records (winds, tiles, meld types, keys), made once: each slot
# holds a str (one reference) or NULL
cdef PyObject* _SHORT[512]


cdef object _text(const unsigned char* s, Py_ssize_t n):
    """The str of the UTF-8 *s* (*n* bytes, checked), the same object for the same short text
    (at most 16 bytes) while it keeps its slot."""
    cdef unsigned int h = 2166136261u
    cdef Py_ssize_t k, size
    cdef PyObject* o
    cdef const char* u
    if n > 16:
        return PyUnicode_DecodeUTF8(<const char*>s, n, NULL)
    for k in range(n):
        h = (h ^ s[k]) * 16777619u
    h = (h ^ (h >> 15)) & 511
    o = _SHORT[h]
    if o != NULL:
        u = PyUnicode_AsUTF8AndSize(<object>o, &size)
        if size == n and memcmp(u, s, n) == 0:
            return <object>o
    v = PyUnicode_DecodeUTF8(<const char*>s, n, NULL)
    Py_INCREF(v)
    if o != NULL:
        Py_DECREF(<object>o)
    _SHORT[h] = <PyObject*>v
    return v


cdef object _string(_S* p):
    """Reads the string at p.i: the str json.loads makes of it (its escapes read by the
    standard decoder's own scanstring)."""
    cdef bint escaped
    cdef Py_ssize_t start = p.i
    cdef Py_ssize_t end = _string_end(p, &escaped)
    if escaped:
        return _scanstring(PyUnicode_DecodeUTF8(<const char*>p.s + start, end + 1 - start,
                                                NULL), 1, True)[0]
    return _text(p.s + start + 1, end - start - 1)


cdef inline Py_ssize_t _number_at(const unsigned char* s, Py_ssize_t i, Py_ssize_t n,
                                  bint* whole) noexcept:
    """Checks the JSON number at s[i] (of the *n* bytes at *s*); gets the index after it, or -1
    where json.loads would refuse it or read it as a number that is not finite, or where it
    has many digits (the pure reader's then; a number with an exponent is taken while it is
    surely finite: at most 200 digits before the point, an exponent of at most two digits);
    *whole* tells whether it is an int (no fraction, no exponent)."""
    cdef Py_ssize_t start
    cdef int digits, before
    whole[0] = True
    if s[i] == 45:
        i += 1
    if i >= n or not (48 <= s[i] <= 57):
        return -1
    start = i
    if s[i] == 48:
        i += 1
    else:
        while i < n and 48 <= s[i] <= 57:
            i += 1
    before = <int>(i - start)
    if i < n and s[i] == 46:
        whole[0] = False
        i += 1
        if i >= n or not (48 <= s[i] <= 57):
            return -1
        while i < n and 48 <= s[i] <= 57:
            i += 1
    digits = <int>(i - start) - (0 if whole[0] else 1)
    if i < n and (s[i] == 101 or s[i] == 69):
        whole[0] = False
        i += 1
        if i < n and (s[i] == 43 or s[i] == 45):
            i += 1
        if i >= n or not (48 <= s[i] <= 57):
            return -1
        while i < n and s[i] == 48:
            i += 1
        start = i
        while i < n and 48 <= s[i] <= 57:
            i += 1
        if i - start > 2 or before > 200:
            return -1
    if digits > _MAX_DIGITS:
        return -1
    return i


cdef object _number(_S* p, bint keep):
    """Checks the JSON number at p.i (_number_at) and moves past it; gets it as an int when
    *keep* (a fraction or an exponent goes to the pure reader, as does a number of more than
    18 digits)."""
    cdef bint whole
    cdef Py_ssize_t i = p.i, end = _number_at(p.s, p.i, p.n, &whole)
    cdef long long v = 0
    cdef bint neg
    if end < 0:
        raise _DECLINE
    p.i = end
    if not keep:
        return None
    neg = p.s[i] == 45
    if neg:
        i += 1
    if not whole or end - i > 18:
        raise _DECLINE
    while i < end:
        v = v * 10 + (p.s[i] - 48)
        i += 1
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


cdef int _skip(_S* p, int depth) except -1:
    """Checks the JSON value at p.i as the standard reader reads it and moves past it, making
    no object: one loop over its containers (nested from *depth*; bit k of *objects* tells
    whether the k-th open one is an object), its strings and numbers read in place."""
    cdef const unsigned char* s = p.s
    cdef Py_ssize_t n = p.n, i = p.i
    cdef uint64_t objects = 0
    cdef int level = 0
    cdef unsigned char c, close
    cdef bint escaped, whole, key = False
    while True:
        while i < n and _space(s[i]):
            i += 1
        if i >= n:
            raise _DECLINE
        c = s[i]
        if c == 34:  # a string, or an object's key and its colon
            i = _string_at(s, i, n, &escaped)
            if i < 0:
                raise _DECLINE
            i += 1
            if key:
                while i < n and _space(s[i]):
                    i += 1
                if i >= n or s[i] != 58:
                    raise _DECLINE
                i += 1
                key = False
                continue  # its value
        elif key:
            raise _DECLINE  # a key that is not a string
        elif c == 123 or c == 91:
            if depth + level >= _MAX_DEPTH:
                raise _DECLINE
            i += 1
            while i < n and _space(s[i]):
                i += 1
            if i < n and s[i] == c + 2:  # '}' or ']': an empty one
                i += 1
            else:
                if c == 123:
                    objects |= 1ULL << level
                    key = True
                else:
                    objects &= ~(1ULL << level)
                level += 1
                continue  # its first key or item
        elif c == 116:
            if i + 4 > n or memcmp(s + i, b"true", 4) != 0:
                raise _DECLINE
            i += 4
        elif c == 102:
            if i + 5 > n or memcmp(s + i, b"false", 5) != 0:
                raise _DECLINE
            i += 5
        elif c == 110:
            if i + 4 > n or memcmp(s + i, b"null", 4) != 0:
                raise _DECLINE
            i += 4
        elif c == 45 or 48 <= c <= 57:
            i = _number_at(s, i, n, &whole)
            if i < 0:
                raise _DECLINE
        else:
            raise _DECLINE  # NaN, Infinity or no JSON at all: the pure reader names it
        while True:  # after a value: the containers it ends, or the next value
            if level == 0:
                p.i = i
                return 0
            while i < n and _space(s[i]):
                i += 1
            if i >= n:
                raise _DECLINE
            c = s[i]
            i += 1
            close = 125 if (objects >> (level - 1)) & 1 else 93
            if c == 44:
                key = close == 125
                break
            if c != close:
                raise _DECLINE
            level -= 1


cdef object _value(_S* p, int depth, bint keep, _Node members, bint partial, _Node items):
    """Reads the JSON value at p.i: built when *keep* (an object's keys read with *members*'
    fields, other keys kept unless *partial*; a list's objects read with *items*' fields),
    else only checked and skipped (None)."""
    cdef unsigned char c
    cdef bint escaped
    cdef Py_ssize_t start, end
    cdef Py_ssize_t at
    cdef object out, key, v
    cdef const unsigned char* k
    cdef Py_ssize_t size
    if not keep:
        _skip(p, depth)
        return None
    _ws(p)
    if p.i >= p.n:
        raise _DECLINE
    c = p.s[p.i]
    if c == 34:
        return _string(p)
    if c == 123:  # an object
        if depth >= _MAX_DEPTH:
            raise _DECLINE
        p.i += 1
        out = {}
        _ws(p)
        if p.i < p.n and p.s[p.i] == 125:
            p.i += 1
            return out
        while True:
            _ws(p)
            if p.i >= p.n or p.s[p.i] != 34:
                raise _DECLINE
            start = p.i
            end = _string_end(p, &escaped)
            if escaped:  # the key json.loads reads, found by its UTF-8
                key = _scanstring(PyUnicode_DecodeUTF8(<const char*>p.s + start,
                                                       end + 1 - start, NULL), 1, True)[0]
                try:
                    k = <const unsigned char*>PyUnicode_AsUTF8AndSize(key, &size)
                except UnicodeEncodeError:  # a lone surrogate: no field of the table
                    raise _DECLINE
            else:
                key = None
                k = p.s + start + 1
                size = end - start - 1
            _expect(p, 58)
            at = _member(members, k, size)
            if at >= 0:
                v = _field(p, depth + 1, <_Node>PyTuple_GET_ITEM(members.nodes, at))
                PyDict_SetItem(out, <object>PyTuple_GET_ITEM(members.names, at), v)
            elif partial:
                _skip(p, depth + 1)
            else:
                if key is None:
                    key = _text(k, size)
                PyDict_SetItem(out, key, _value(p, depth + 1, True, None, False, None))
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
        out = []
        _ws(p)
        if p.i < p.n and p.s[p.i] == 93:
            p.i += 1
            return out
        while True:
            PyList_Append(out, _value(p, depth + 1, True, items, items is not None and
                                      items.partial, None))
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
        return True
    if c == 102:
        _literal(p, "false", 5)
        return False
    if c == 110:
        _literal(p, "null", 4)
        return None
    if c == 45 or 48 <= c <= 57:
        return _number(p, True)
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
    """Reads one JSON line (str or bytes) of a riichi record into a dict holding the fields
    the riichi reader reads, their types checked against ``FIELDS``; gets None when the line
    is anything else (not JSON, a field of the wrong type, Hong Kong, an escape in a field
    read...): the pure reader then answers it, with its result or its error.  (The pure
    reader checks a dict it is given again: only this module's record path relies on the
    checks made here.)"""
    return _decode(line)


cdef object _decode(object line):
    cdef const char* s
    cdef Py_ssize_t size
    if type(line) is bytes:
        s = PyBytes_AS_STRING(line)
        size = PyBytes_GET_SIZE(line)
    elif type(line) is str:
        try:
            s = PyUnicode_AsUTF8AndSize(line, &size)
        except UnicodeEncodeError:  # a lone surrogate
            return None
    else:
        return None
    return _decode_utf8(<const unsigned char*>s, size)


cdef inline int _utf8_at(const unsigned char* s, Py_ssize_t i, Py_ssize_t n) noexcept:
    """The length of the UTF-8 sequence at s[i] (a byte of 0x80 or more) of the *n* bytes at
    *s*, as Python's strict decoder reads it (no surrogates, no overlong forms, nothing above
    U+10FFFF), or 0 when it is not one."""
    cdef unsigned char c = s[i], lo = 0x80, hi = 0xBF
    cdef int more, k
    if 0xC2 <= c <= 0xDF:
        more = 1
    elif 0xE0 <= c <= 0xEF:
        more = 2
        if c == 0xE0:
            lo = 0xA0
        elif c == 0xED:
            hi = 0x9F
    elif 0xF0 <= c <= 0xF4:
        more = 3
        if c == 0xF0:
            lo = 0x90
        elif c == 0xF4:
            hi = 0x8F
    else:
        return 0
    if i + more >= n:
        return 0  # cut short
    if not (lo <= s[i + 1] <= hi):
        return 0
    for k in range(2, more + 1):
        if not (0x80 <= s[i + k] <= 0xBF):
            return 0
    return more + 1


cdef object _decode_utf8(const unsigned char* text, Py_ssize_t size):
    """decode_record of the *size* bytes at *text*: None where they are not a JSON object of
    a riichi record as json.loads reads it, UTF-8 included (a byte of 0x80 or more outside a
    string is no JSON; in one, _string_end checks it)."""
    cdef _S p
    if _ROOT is None:
        _load_records()
    p.s = text
    p.n = size
    p.i = 0
    try:
        _ws(&p)
        if p.i >= p.n or p.s[p.i] != 123:
            return None
        rec = _value(&p, 0, True, _ROOT, True, None)  # the record's other keys: skipped
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
    other value, a float, a subclass, is written by the standard encoder, imported then: a
    run of usual records needs no json module)."""
    cdef _Buf out
    out.data = NULL
    out.size = 0
    out.room = 0
    try:
        _grow(&out, 1024)
        _put_value(&out, value, 0)
        return PyUnicode_DecodeUTF8(out.data, out.size, NULL)
    except (_Other, UnicodeEncodeError):  # UnicodeEncodeError: a lone surrogate
        import json

        return json.dumps(value, ensure_ascii=False)
    finally:
        free(out.data)


# ---- riichi records scored in C: the fast path of score_many and tenpai score --jsonl ---------
#
# A record of the usual shape is read here, from its decoded fields, into the scorer's inputs
# (the hand and the situation made at their slots, as their constructors would make them,
# without the pure reader's intermediate steps), scored by the scorer written for C
# (riichi/_cscore.pyx, which declines what it does not take) and written as the result
# (records.result_dict's dict, or json.dumps's text of it).  Whatever it is not sure of (a
# field of an unusual shape, a value the pure reader would refuse or would read in a way of
# its own, a ruleset it does not keep, a hand the scorer declines) gives None: the pure path
# then answers that record, so errors and rare hands are the pure path's by construction.

from cpython.dict cimport PyDict_Copy, PyDict_GetItem
from cpython.ref cimport PyObject, Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.type cimport PyType_GenericAlloc

# The pure sources whose behaviour the record path mirrors (paths under src/tenpai), with the
# SHA-256 of each version it was written or checked against: the reader of records.py
# (read_record, rules_of_record, result_dict, score_record), the hand's constructors and meld
# check (hand.py), the tile notation (tiles.py), the situation's constructor and winds
# (situation.py), the variant's dispatch (interchange.py).  tenpai.interchange uses the path
# only while they all match (tests/test_compiled_records.py fails, naming the file, when one
# has changed: check the change against this file, then write its new hash).
MIRRORS = {
    # (the second versions: main's records.py with this branch's change, and main's
    # situation.py, as merged: their changes are the errors' words, which the path never gives)
    "riichi/records.py": (
        "be308a4e929fde00c086fb83cc5cad0267ce4944c4119e7c6e9f6ce059c90f78",
        "126f929113d7210749a6cb5695b3c6248505d35cd00299318b96acbf96308960",
        "32c2b855b65fc2f67fdddf40e5f11dfc5a2ebe1a66c4cd0c4fc1c9c3422df3f7",
        # the round's bounds named (rules.MOST_COUNTERS, the same 100): the field table is read
        "37ef3f9fd900cd85e86327be82913dc37309925dbab51b907e7d68fc93aef6e2",
        # its comments citing public sources instead of the team's files (alone; with the above)
        "5c39514309d729dd32911414997b339b524b4e60154ab90f086a1b7d208a9c49",
        "f3db858edede8efb1741c126090bd42fff883d4e53ff7adb733d4f2e4190c39c",
        # the hand's text as the record writes it (quoted by the errors, which the path
        # never gives: a record it takes is scored, never refused)
        "70775396efc048411b8ad86ed069305bcefec9c723c376cb8f673a08458a8a9a",
    ),
    "riichi/situation.py": (
        "fc57e9714837499a50730e27244766dbaff5408b5e2bc77479243940f1152959",
        "f99bb06d17d306a24e14ddedb57c137e4b1d800c45a4c9bc6f1036cc063a9b43",
        "84922679bf30a6e629a9c15ead4cd55b6f586603b43d86a00fa39c732827e6fc",
        "bb9fc417c8940f08ab0b62ee8464e324f49cb638f9d1451768cee214eb6335bd",
    ),
    "hand.py": (
        "15d1d3aaf231459d03a41a60d69a8d0b685b91613e21f2aef3f336446db61e68",
        "068a42db1f88d4df42f8879e47a004fb4e7894f35f1f92df121d92e3310c43e4",
    ),
    "tiles.py": (
        "dc37ce00e6836041ae5124dcb0fae71dcd0f01155b4170ba271eff8b20f6f616",
        "f53ee7a302c93fd36425cc034c1aafc723e917c176f0919ce420d2c15c8bca7b",
    ),
}

DEF MAXT = 18  # the most tiles of one field read here (more: the pure path)


cdef inline void _set_slot(object o, Py_ssize_t off, object v) noexcept:
    Py_INCREF(v)
    (<PyObject**>((<char*><PyObject*>o) + off))[0] = <PyObject*>v


cdef inline object _get_slot(object o, Py_ssize_t off):
    cdef PyObject* v = (<PyObject**>((<char*><PyObject*>o) + off))[0]
    if v is NULL:
        raise AttributeError("unset slot")
    return <object>v


# the fields of the values made or read here, in their classes' order
_HAND_NAMES = ("concealed", "melds", "win_tile", "tsumo", "kita", "_counts", "text")
_MELD_NAMES = ("type", "tiles", "from_rel")
_SIT_NAMES = (
    "seat_wind", "round_wind", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan",
    "haitei", "houtei", "tenhou", "chiihou", "renhou", "nagashi_mangan", "chankan_ankan",
    "dora_indicators", "ura_indicators", "honba", "riichi_sticks", "discarder", "pao", "flags",
)
_SCORE_NAMES = (
    "hand", "situation", "rules", "reading", "yaku", "dora", "yakuman", "han", "fu",
    "fu_parts", "basic", "limit", "points", "payments", "base_payments", "deltas",
)
_HIT_NAMES = ("id", "han", "yakuman", "limit", "fixed")
_PART_NAMES = ("id", "fu", "rule", "tiles")
_PAY_NAMES = ("payer", "amount", "honba", "reason")
_MELD_TYPES = {
    "chi": "chi", "pon": "pon", "daiminkan": "daiminkan", "minkan": "daiminkan",
    "shouminkan": "shouminkan", "kakan": "shouminkan", "ankan": "ankan",
}
_WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}

cdef Py_ssize_t HAND_AT[7]
cdef Py_ssize_t MELD_AT[3]
cdef Py_ssize_t SIT_AT[21]
cdef Py_ssize_t SCORE_AT[16]
cdef Py_ssize_t HIT_AT[5]
cdef Py_ssize_t PART_AT[4]
cdef Py_ssize_t PAY_AT[4]
cdef int _KIND[37]
cdef int _ORDER[37]  # tiles.sort_key, as one integer

cdef int _path_state = 0  # 0 not loaded, 1 in use, -1 off (the pure path answers)
cdef object _Hand_c, _Meld_c, _Sit_c, _Score_c, _Hit_c, _Part_c, _Pay_c
cdef object _score_c = None  # riichi._cscore.score_usual_c
cdef object _declined = None  # its decline
cdef object _table_of = None
cdef object _rules_of_record = None
cdef object _fu_detail = None
cdef tuple _TILE_OBJ
cdef tuple _FLAG_NAMES
cdef dict _FLAG_INDEX  # each flag of the situation -> its place in FLAG_NAMES
cdef object _LOCAL_FLAGS
cdef dict _NAMED_RULES = {}  # a record's "rules" name -> its ruleset
cdef list _TENHOU_RULES = [None] * 64  # a record's "ruleset" object's settings -> its ruleset


cdef bint _offsets_into(object cscore, object cls, tuple names, Py_ssize_t* out) except -1:
    """The offsets of the slots of *cls*'s fields *names* into *out*, as the C scorer
    (*cscore*) finds them: False when its fields are not those or one is no plain slot."""
    from dataclasses import fields

    if tuple(f.name for f in fields(cls)) != names:
        return False
    for i, name in enumerate(names):
        out[i] = cscore.slot_offset(cls, name)
        if out[i] < 0:
            return False
    return True


cdef int _load_path() except -1:
    """Loads what the record path reads (once); it stays off when the scorer written for C
    is not in use or a value is not laid out as this module reads it."""
    global _path_state, _Hand_c, _Meld_c, _Sit_c, _Score_c, _Hit_c, _Part_c, _Pay_c
    global _score_c, _declined, _table_of, _rules_of_record, _fu_detail, _TILE_OBJ
    global _FLAG_NAMES, _FLAG_INDEX, _LOCAL_FLAGS
    import importlib

    from tenpai import tiles
    from tenpai.hand import Hand, Meld
    from tenpai.riichi import records
    from tenpai.riichi.fu import FuPart, fu_detail
    from tenpai.riichi.payment import Payment
    from tenpai.riichi.result import Score, YakuHit
    from tenpai.riichi.situation import FLAG_NAMES, LOCAL_FLAGS, Situation
    from tenpai.riichi.table import table_of

    _path_state = -1
    if _ROOT is None:
        _load_records()
    score_module = importlib.import_module("tenpai.riichi.score")
    cscore = score_module._cscore
    if cscore is None or score_module.score_usual is not cscore.score_usual:
        return 0  # the scorer written for C is not in use
    if not (
        _offsets_into(cscore, Hand, _HAND_NAMES, HAND_AT)
        and _offsets_into(cscore, Meld, _MELD_NAMES, MELD_AT)
        and _offsets_into(cscore, Situation, _SIT_NAMES, SIT_AT)
        and _offsets_into(cscore, Score, _SCORE_NAMES, SCORE_AT)
        and _offsets_into(cscore, YakuHit, _HIT_NAMES, HIT_AT)
        and _offsets_into(cscore, FuPart, _PART_NAMES, PART_AT)
        and _offsets_into(cscore, Payment, _PAY_NAMES, PAY_AT)
    ):
        return 0
    if tuple(FLAG_NAMES[:12]) != _SIT_NAMES[2:14] or len(FLAG_NAMES) != 12:
        return 0
    if tuple(tiles.KIND_OF[34:37]) != (4, 13, 22) or tiles.NUM_KINDS != 34:
        return 0
    for i in range(37):
        _KIND[i] = tiles.KIND_OF[i]
        key = tiles.sort_key(i)
        _ORDER[i] = key[0] * 2 + key[1]
    _Hand_c, _Meld_c, _Sit_c, _Score_c = Hand, Meld, Situation, Score
    _Hit_c, _Part_c, _Pay_c = YakuHit, FuPart, Payment
    _score_c, _declined = cscore.score_usual_c, cscore.decline
    _table_of, _rules_of_record, _fu_detail = table_of, records.rules_of_record, fu_detail
    _TILE_OBJ = tuple(range(37))
    _FLAG_NAMES = tuple(FLAG_NAMES)
    _FLAG_INDEX = {name: i for i, name in enumerate(FLAG_NAMES)}
    _LOCAL_FLAGS = LOCAL_FLAGS
    if not _load_fields():
        return 0  # the field table is not the one the reader reads
    _path_state = 1
    return 0


# ---- the riichi record's field table in C: score_record's checks and the values it keeps ----
#
# tenpai.fields.check_fields over records.FIELDS (the decoder's _Node tree, compiled again
# into C arrays once a process): each level of the table a run of slots (its key, interned,
# with its hash; its test; where its value is kept), an object's fields found by look-ups
# with those keys (flags: by one walk over its items, which also finds the extras the
# situation keeps and the local-yaku inputs, left to the pure path), the exact JSON types
# tested in C and every value the reader needs kept in a _Got, so that _read looks nothing
# up again.  A key that is not an exact str among flags, a field of another type, an object
# that is a dict subclass: the pure path, which names what is wrong.

cdef extern from "Python.h":
    ctypedef struct PyASCIIObject:
        Py_hash_t hash
    PyObject* _get_item "PyDict_GetItemWithError"(PyObject*, PyObject*)
    int _dict_next "PyDict_Next"(PyObject*, Py_ssize_t*, PyObject**, PyObject**)
    PyObject* _err_occurred "PyErr_Occurred"()
    void _err_clear "PyErr_Clear"()
    int _is_str "PyUnicode_CheckExact"(PyObject*)
    int _is_int "PyLong_CheckExact"(PyObject*)
    int _is_dict "PyDict_CheckExact"(PyObject*)
    int _any_dict "PyDict_Check"(PyObject*)
    int _is_list "PyList_CheckExact"(PyObject*)
    int _is_tuple "PyTuple_CheckExact"(PyObject*)
    Py_ssize_t _list_size "PyList_GET_SIZE"(PyObject*)
    Py_ssize_t _dict_size "PyDict_GET_SIZE"(PyObject*)
    PyObject* _list_item "PyList_GET_ITEM"(PyObject*, Py_ssize_t)
    Py_ssize_t _str_len "PyUnicode_GET_LENGTH"(PyObject*)
    int _str_kind "PyUnicode_KIND"(PyObject*)
    void* _str_data "PyUnicode_DATA"(PyObject*)
    int _str_cmp "PyUnicode_Compare"(PyObject*, PyObject*)
    long _as_long "PyLong_AsLongAndOverflow"(PyObject*, int*)
    Py_hash_t _hash "PyObject_Hash"(PyObject*)
    object _new_list "PyList_New"(Py_ssize_t)
    void _set_list "PyList_SET_ITEM"(object, Py_ssize_t, PyObject*)
    void Py_XDECREF(PyObject*)
    void _incref "Py_INCREF"(PyObject*)
    void _tuple_set "PyTuple_SET_ITEM"(PyObject*, Py_ssize_t, PyObject*)
    PyObject* _c_none "Py_None"
    PyObject* _c_true "Py_True"
    PyObject* _c_false "Py_False"

from libc.string cimport memset

cdef enum:
    C_NONE = 0  # a bare container: no test of its own
    C_BOOL
    C_TEXT
    C_COUNT  # a whole number (from 0 to its most, when bounded)
    C_INTS  # an enum of consecutive whole numbers (lo to hi)
    C_TILES
    C_OBJECT
    C_OBJECTS
    C_ID
    C_NAME_OR_OBJECT
    C_OTHER  # the decoder's own test (_fits)
    C_LEAVE  # a key the path leaves to the pure path (flags: a local-yaku input)

# where the values the reader needs are kept (_Got.v), by their paths in the table
cdef enum:
    V_ID = 0
    V_VARIANT
    V_RULES
    V_RULESET
    V_AKA
    V_KUITAN
    V_PLAYERS
    V_STANDARD
    V_CLOSED
    V_WIN
    V_MELDS
    V_TSUMO
    V_SEAT
    V_ROUND_WIND
    V_DORA
    V_URA
    V_FLAGS
    V_ROUND
    V_HONBA
    V_STICKS
    V_ROUND_ROUND_WIND
    V_MULTI
    V_WINNER
    V_FROM_WHO
    V_TENHOU
    V_PAO_WHO
    V_PAO
    V_DISCARDER
    V_FLAG  # the situation's 12 flags, in FLAG_NAMES' order
    V_MELD = V_FLAG + 12  # each meld's type, tiles, called_tile, from_rel (4 melds at most)
    V_N = V_MELD + 16

DEF NV = 56  # V_N
DEF MAX_EXTRA = 8  # the most extra flags read here (more: the pure path)
DEF NSLOTS = 128
DEF NLEVELS = 16
DEF INDEX = 64  # a level's hash index (at most INDEX * 3 // 4 slots)

_V_PATHS = {
    "id": V_ID, "variant": V_VARIANT, "rules": V_RULES, "ruleset": V_RULESET,
    "ruleset.aka": V_AKA, "ruleset.kuitan": V_KUITAN, "ruleset.players": V_PLAYERS,
    "ruleset.standard_rules": V_STANDARD, "closed_tiles": V_CLOSED, "win_tile": V_WIN,
    "melds": V_MELDS, "tsumo": V_TSUMO, "seat_wind": V_SEAT, "round_wind": V_ROUND_WIND,
    "dora_indicators": V_DORA, "ura_dora_indicators": V_URA, "flags": V_FLAGS,
    "round": V_ROUND, "round.honba": V_HONBA, "round.riichi_sticks": V_STICKS,
    "round.round_wind": V_ROUND_ROUND_WIND, "multi_ron_index": V_MULTI, "winner": V_WINNER,
    "from_who": V_FROM_WHO, "tenhou": V_TENHOU, "tenhou.pao_who": V_PAO_WHO,
    "pao_from_rel": V_PAO, "discarder_from_rel": V_DISCARDER,
    "melds[].type": V_MELD, "melds[].tiles": V_MELD + 1, "melds[].called_tile": V_MELD + 2,
    "melds[].from_rel": V_MELD + 3,
}


cdef struct _Slot:
    PyObject* key  # interned (held by _KEEP), its hash below
    Py_hash_t hash
    int check  # C_*
    bint bounded
    long lo
    long hi
    int child  # the level of its members, or -1
    int items  # the level of the members of each object of its list, or -1
    int out  # where its value is kept (V_*), or -1
    PyObject* node  # its _Node (C_OTHER's test)


cdef struct _Level:
    int first  # its slots
    int n
    bint extras  # flags: the keys of no slot are the situation's extras (always walked)
    int cap  # a list's most objects whose values are kept (more: the pure path), or -1
    int stride  # the kept values of one of them
    short index[INDEX]  # its slots by their keys' hashes (open addressing; -1: none)


cdef struct _Got:
    PyObject* v[NV]  # borrowed from the record (NULL: absent; None: null)
    int nextra  # the flags not in FLAG_NAMES, in the record's order
    PyObject* extra_key[MAX_EXTRA]
    PyObject* extra_val[MAX_EXTRA]


cdef _Slot _SLOTS[NSLOTS]
cdef _Level _LEVELS[NLEVELS]
cdef int _nslots = 0
cdef int _nlevels = 0
cdef list _KEEP = []  # what the slots point at
cdef PyObject* _NONE = _c_none
cdef PyObject* _TRUE = _c_true
cdef PyObject* _FALSE = _c_false
cdef int _NAGASHI = -1  # nagashi_mangan's place in FLAG_NAMES
cdef int _WIND_OF[128]  # situation.parse_wind of a one-letter wind (_WINDS), or -1
cdef dict _MELD_TYPE_OF = _MELD_TYPES


cdef int _check_of(_Node sub, _Slot* s) except -1:
    """The C test of the field of *sub* (as _fits tests it), its bounds into *s*."""
    cdef int k = sub.kind
    s.bounded = False
    s.lo = s.hi = 0
    if sub.field is None:
        return C_NONE
    if k == K_BOOL:
        return C_BOOL
    if k == K_TEXT:
        return C_TEXT
    if k == K_COUNT:
        if sub.most is not None:
            s.bounded = True
            s.hi = sub.most
        return C_COUNT
    if k == K_ENUM and sub.most is None:
        vals = sub.values
        if vals and all(type(x) is int for x in vals) and list(vals) == list(
            range(vals[0], vals[0] + len(vals))
        ) and -1000 < vals[0] and vals[len(vals) - 1] < 1000:
            s.bounded = True
            s.lo = vals[0]
            s.hi = vals[len(vals) - 1]
            return C_INTS
        return C_OTHER
    for code, kind in ((C_TILES, K_TILES), (C_OBJECT, K_OBJECT), (C_OBJECTS, K_OBJECTS),
                       (C_ID, K_ID), (C_NAME_OR_OBJECT, K_NAME_OR_OBJECT)):
        if k == kind:
            return code
    return C_OTHER


cdef int _add_level(_Node n, str prefix, dict paths, dict seen, object leave) except -2:
    """Compiles the members of *n* (their paths start with *prefix*) into a level: its index,
    or -1 (a table this path does not read)."""
    global _nslots, _nlevels
    from sys import intern

    cdef int lv, first, i, at
    cdef _Slot* s
    cdef _Node sub
    walk = prefix == "flags."
    names = tuple(n.names)
    if walk:
        names += tuple(k for k in leave if k not in n.members)
    if _nlevels >= NLEVELS or _nslots + len(names) > NSLOTS or len(names) > INDEX * 3 // 4:
        return -1
    lv = _nlevels
    _nlevels += 1
    first = _nslots
    _nslots += len(names)
    _LEVELS[lv].first = first
    _LEVELS[lv].n = len(names)
    _LEVELS[lv].extras = walk
    for i in range(INDEX):
        _LEVELS[lv].index[i] = -1
    _LEVELS[lv].cap = 4 if prefix == "melds[]." else -1
    _LEVELS[lv].stride = 4
    for i, key in enumerate(names):
        s = &_SLOTS[first + i]
        k = intern(key)
        _KEEP.append(k)
        s.key = <PyObject*>k
        s.hash = hash(k)
        s.child = s.items = s.out = -1
        s.node = NULL
        at = s.hash & (INDEX - 1)
        while _LEVELS[lv].index[at] >= 0:
            at = (at + 1) & (INDEX - 1)
        _LEVELS[lv].index[at] = first + i
        if i >= len(n.names):
            s.check = C_LEAVE
            s.bounded = False
            continue
        sub = <_Node>n.nodes[i]
        _KEEP.append(sub)
        s.node = <PyObject*>sub
        s.check = _check_of(sub, s)
        path = prefix + key
        if path in paths:
            if path in seen:
                return -1
            seen[path] = True
            s.out = paths[path]
        if sub.members:
            s.child = _add_level(sub, path + ".", paths, seen, leave)
            if s.child < 0:
                return -1
        if sub.item is not None and sub.item.members:
            s.items = _add_level(sub.item, path + "[].", paths, seen, leave)
            if s.items < 0:
                return -1
    return lv


cdef bint _load_fields() except -1:
    """Compiles the decoder's field table (_ROOT) for score_record (once); False: the table is
    not the one _read reads."""
    global _nslots, _nlevels, _NAGASHI
    from tenpai.riichi.situation import FLAG_NAMES, LOCAL_FLAGS

    _nslots = _nlevels = 0
    del _KEEP[:]
    paths = dict(_V_PATHS)
    for i, name in enumerate(FLAG_NAMES):
        paths[f"flags.{name}"] = V_FLAG + i
    seen = {}
    if len(FLAG_NAMES) != 12 or "nagashi_mangan" not in FLAG_NAMES:
        return False
    _NAGASHI = list(FLAG_NAMES).index("nagashi_mangan")
    if _add_level(_ROOT, "", paths, seen, LOCAL_FLAGS) != 0 or len(seen) != len(paths):
        return False
    for i in range(128):
        _WIND_OF[i] = -1
    for w, t in _WINDS.items():
        if type(w) is not str or len(w) != 1 or ord(w) >= 128:
            return False
        _WIND_OF[ord(w)] = t
    return True


cdef inline bint _same_key(PyObject* a, PyObject* b) noexcept:
    """Whether the exact str *a* and *b* (with equal hashes) are equal."""
    cdef Py_ssize_t n = _str_len(a)
    cdef int kind = _str_kind(a)
    return a == b or (
        n == _str_len(b) and kind == _str_kind(b)
        and memcmp(_str_data(a), _str_data(b), n * kind) == 0
    )


cdef inline bint _given(PyObject* v) noexcept:
    return v != NULL and v != _NONE


cdef inline object _obj(PyObject* v):
    return None if v == NULL else <object>v


cdef int _slot_fits(_Slot* s, PyObject* v, _Got* g, int base) except -1:
    """Checks the value *v* (not absent) of the slot *s* as _fits does, keeps it, and checks
    its members: 1 when they fit, 0 (the pure path) when not."""
    cdef int c = s.check, ovf = 0
    cdef Py_ssize_t i, n
    cdef PyObject* x
    cdef long got
    cdef _Level* items
    if c == C_LEAVE:
        return 0  # (whatever its value, null too)
    if s.out >= 0:
        g.v[s.out + base] = v
    if v == _NONE:
        return 1
    if c == C_BOOL:
        if v != _TRUE and v != _FALSE:
            return 0
    elif c == C_TEXT:
        if not _is_str(v):
            return 0
    elif c == C_COUNT or c == C_INTS:
        if not _is_int(v):
            return 0
        if s.bounded:
            got = _as_long(v, &ovf)
            if ovf or got < s.lo or got > s.hi:
                return 0
    elif c == C_TILES:
        if not _is_str(v):
            if not _is_list(v):
                return 0
            for i in range(_list_size(v)):
                if not _is_str(_list_item(v, i)):
                    return 0
    elif c == C_OBJECT:
        if not _is_dict(v):
            return 0
    elif c == C_OBJECTS:
        if not _is_list(v):
            return 0
        for i in range(_list_size(v)):
            if not _is_dict(_list_item(v, i)):
                return 0
    elif c == C_ID:
        if not (_is_str(v) or _is_int(v)):
            return 0
    elif c == C_NAME_OR_OBJECT:
        if not (_is_str(v) or _is_dict(v)):
            return 0
    elif c == C_OTHER:
        if not _fits(<_Node>s.node, <object>v):
            return 0
    if s.child >= 0:
        if _is_dict(v):
            if not _level_fits(v, s.child, g, base):
                return 0
        elif _any_dict(v):
            return 0
    if s.items >= 0 and _is_list(v):
        items = &_LEVELS[s.items]
        n = _list_size(v)
        if items.cap >= 0 and n > items.cap:
            return 0
        for i in range(n):
            x = _list_item(v, i)
            if _is_dict(x):
                if not _level_fits(x, s.items, g, base + <int>i * items.stride):
                    return 0
            elif _any_dict(x):
                return 0
    return 1


cdef int _level_fits(PyObject* obj, int lv, _Got* g, int base) except -1:
    """Checks and keeps the fields of the level *lv* that the exact dict *obj* gives."""
    cdef _Level* level = &_LEVELS[lv]
    cdef _Slot* s
    cdef PyObject* k
    cdef PyObject* v
    cdef Py_ssize_t pos = 0
    cdef Py_hash_t h
    cdef int i, at, end = level.first + level.n
    # an object of few keys beyond the level's is walked (a key found by its hash, no
    # look-up); one of many keys (tenhou: the verdict) is looked up, slot by slot
    if level.extras or _dict_size(obj) <= 2 * level.n:
        while _dict_next(obj, &pos, &k, &v):
            if not _is_str(k):
                return 0  # (a key no JSON object has: the pure path)
            h = (<PyASCIIObject*>k).hash
            if h == -1:
                h = _hash(k)
            at = h & (INDEX - 1)
            s = NULL
            while level.index[at] >= 0:
                s = &_SLOTS[level.index[at]]
                if s.hash == h and _same_key(k, s.key):
                    break
                s = NULL
                at = (at + 1) & (INDEX - 1)
            if s != NULL:
                if s.check == C_BOOL and s.child < 0 and s.items < 0:  # (the flags)
                    if v != _TRUE and v != _FALSE and v != _NONE:
                        return 0
                    if s.out >= 0:
                        g.v[s.out + base] = v
                elif not _slot_fits(s, v, g, base):
                    return 0
            elif level.extras:
                if g.nextra == MAX_EXTRA:
                    return 0
                g.extra_key[g.nextra] = k
                g.extra_val[g.nextra] = v
                g.nextra += 1
        return 1
    for i in range(level.first, end):
        s = &_SLOTS[i]
        v = _get_item(obj, s.key)
        if v == NULL:
            if _err_occurred() != NULL:  # a key whose == raised: the pure path
                _err_clear()
                return 0
            continue
        if not _slot_fits(s, v, g, base):
            return 0
    return 1


cdef int _tiles(object s, int* out, int at, int cap) except -2:
    """Reads the tile string *s* as tiles.parse_tiles does, for the plain notation only
    (digits then their suit letter ``m p s``, ``1``-``7`` then ``z``, nothing else), into
    *out* from *at*; gets the new count, or -1 (not that notation, or more than *cap* tiles:
    the pure path)."""
    cdef Py_ssize_t n
    cdef const unsigned char* u
    if type(s) is not str:
        return -1
    try:
        u = <const unsigned char*>PyUnicode_AsUTF8AndSize(s, &n)
    except UnicodeEncodeError:
        return -1
    return _tile_text(u, n, out, at, cap)


cdef int _tile_field(object v, int* out, int cap) except -2:
    """records._tiles: a string or a list of strings of tiles (None: no tiles)."""
    cdef int n = 0
    if v is None:
        return 0
    if type(v) is str:
        return _tiles(v, out, 0, cap)
    if type(v) is not list or len(<list>v) > cap:
        return -1  # (a list of more strings than tiles: the pure path says how many)
    for x in <list>v:
        n = _tiles(x, out, n, cap)
        if n < 0:
            return -1
    return n


cdef tuple _tuple_of(int* t, int n):
    cdef tuple out = PyTuple_New(n)
    cdef PyObject* v
    cdef int i
    for i in range(n):
        v = PyTuple_GET_ITEM(_TILE_OBJ, t[i])
        _incref(v)
        _tuple_set(<PyObject*>out, i, v)
    return out


cdef object _rules(_Got* g):
    """records.rules_of_record for the records it reads the same way every time: a preset
    name, a Tenhou "ruleset" object, or neither, with its table (_with_table); None: the
    pure path."""
    cdef int key = 0, ovf = 0, i
    cdef PyObject* r = g.v[V_RULES]
    cdef PyObject* tr = g.v[V_RULESET]
    cdef PyObject* p
    if _given(r):
        if not _is_str(r):
            return None
        got = _NAMED_RULES.get(<object>r)
        if got is None:
            try:
                got = _with_table(_rules_of_record({"rules": <object>r}))
            except Exception:  # an unknown name: the pure path says so
                return None
            if len(_NAMED_RULES) < 256:
                _NAMED_RULES[<object>r] = got
        return got
    if _given(tr):
        # what rules_of_record reads of it: aka and kuitan (absent, true or false: null
        # counts as false), whether standard_rules is false, whether players is 3 (the
        # table checked their types, and that the object is a dict)
        for i in range(V_AKA, V_KUITAN + 1):
            p = g.v[i]
            key = key * 3 + (0 if p == NULL else 1 if p == _TRUE else 2)
        key = key * 2 + (g.v[V_STANDARD] == _FALSE)
        p = g.v[V_PLAYERS]
        key = key * 2 + (p != NULL and _is_int(p) and _as_long(p, &ovf) == 3 and not ovf)
        key += 1
    got = _TENHOU_RULES[key]
    if got is None:
        try:
            got = _with_table(_rules_of_record({"ruleset": <object>tr} if _given(tr) else {}))
        except Exception:
            return None
        _TENHOU_RULES[key] = got
    return got


cdef tuple _with_table(object rules):
    """A ruleset as the record path keeps it: (rules, its table, whether it is scored here:
    four players)."""
    return rules, _table_of(rules), rules.players == 4


cdef object _meld(PyObject** m, int* kinds_out):
    """records._meld and hand.check_meld for a meld of the usual shape (its type, tiles,
    called_tile and from_rel kept at *m*): the Meld made at its slots, or None (the pure
    path)."""
    cdef int t[MAXT]
    cdef int n, i, j, ct, k0, size, ovf = 0
    cdef int ordered[4]
    cdef long rel_n
    cdef PyObject* got = NULL
    if _given(m[0]):
        got = _get_item(<PyObject*>_MELD_TYPE_OF, m[0])  # (a str: the table checked it)
    if got == NULL:
        return None  # kita, a type written otherwise, or an unknown one
    mtype = <object>got
    n = _tiles(<object>m[1] if _given(m[1]) and _str_len(m[1]) else "", t, 0, 4)
    if n < 0:
        return None
    size = 3 if mtype == "chi" or mtype == "pon" else 4
    if n != size:
        return None
    if _given(m[2]) and _str_len(m[2]) and mtype != "ankan":
        if _tiles(<object>m[2], &ct, 0, 1) != 1:
            return None
        for i in range(n):
            if t[i] == ct:
                for j in range(i, 0, -1):
                    t[j] = t[j - 1]
                t[0] = ct
                break
    rel = _obj(m[3])
    if mtype == "ankan":
        rel = 0
    elif rel is None:
        rel = 3
    if type(rel) is not int:
        return None
    rel_n = _as_long(<PyObject*>rel, &ovf)
    if ovf or rel_n < 0 or rel_n > 3 or (rel_n == 0 and mtype != "ankan"):
        return None  # (a from_rel of 0 for a called meld: the pure path says so)
    # check_meld: a chi of three consecutive kinds of one suit, from the left; else one kind
    for i in range(n):
        ordered[i] = _KIND[t[i]]
    for i in range(1, n):
        k0 = ordered[i]
        j = i - 1
        while j >= 0 and ordered[j] > k0:
            ordered[j + 1] = ordered[j]
            j -= 1
        ordered[j + 1] = k0
    if mtype == "chi":
        if (ordered[0] >= 27 or ordered[0] // 9 != ordered[2] // 9
                or ordered[1] != ordered[0] + 1 or ordered[2] != ordered[0] + 2 or rel_n != 3):
            return None
    elif ordered[0] != ordered[n - 1]:
        return None
    for i in range(n):
        kinds_out[i] = _KIND[t[i]]
    meld = PyType_GenericAlloc(_Meld_c, 0)
    _set_slot(meld, MELD_AT[0], mtype)
    _set_slot(meld, MELD_AT[1], _tuple_of(t, n))
    _set_slot(meld, MELD_AT[2], rel)
    return meld


cdef int _wind(PyObject* v) noexcept:
    """situation.parse_wind for E, S, W, N (_WINDS; absent, null or "": E) (-1: anything else,
    the pure path)."""
    cdef Py_UCS4 c
    if v == NULL or v == _NONE:
        return 27
    if not _is_str(v):
        return -1
    if _str_len(v) == 0:
        return 27
    if _str_len(v) != 1 or _str_kind(v) != 1:
        return -1
    c = (<unsigned char*>_str_data(v))[0]
    return _WIND_OF[c] if c < 128 else -1


cdef int _take_win(int* closed, int nclosed, int* win) noexcept:
    """records.read_record's winning tile taken out of the *nclosed* concealed tiles: the same
    tile first, else one of its kind (a red five for a plain one: *win* becomes it); gets the
    new count, or -1 when no tile of that kind is there (the pure path)."""
    cdef int i, at = -1
    for i in range(nclosed):
        if closed[i] == win[0]:
            at = i
            break
    if at < 0:
        for i in range(nclosed):
            if _KIND[closed[i]] == _KIND[win[0]]:
                at = i
                win[0] = closed[i]
                break
    if at < 0:
        return -1
    for i in range(at, nclosed - 1):
        closed[i] = closed[i + 1]
    return nclosed - 1


cdef object _new_hand(int* closed, int nclosed, object melds, int win, bint tsumo):
    """The Hand made at its slots as its constructor makes it (Hand.__post_init__: the
    concealed tiles sorted, the counts of them and the winning tile); *closed* is sorted in
    place."""
    cdef int i, j, t
    cdef int counts[34]
    for i in range(1, nclosed):
        t = closed[i]
        j = i - 1
        while j >= 0 and _ORDER[closed[j]] > _ORDER[t]:
            closed[j + 1] = closed[j]
            j -= 1
        closed[j + 1] = t
    for i in range(34):
        counts[i] = 0
    for i in range(nclosed):
        counts[_KIND[closed[i]]] += 1
    counts[_KIND[win]] += 1
    hand = PyType_GenericAlloc(_Hand_c, 0)
    _set_slot(hand, HAND_AT[0], _tuple_of(closed, nclosed))
    _set_slot(hand, HAND_AT[1], melds)
    _set_slot(hand, HAND_AT[2], _TILE_OBJ[win])
    _set_slot(hand, HAND_AT[3], tsumo)
    _set_slot(hand, HAND_AT[4], 0)
    _set_slot(hand, HAND_AT[5], _tuple_of(counts, 34))
    _set_slot(hand, HAND_AT[6], "")
    return hand


cdef object _read(dict rec):
    """records.read_record of a riichi record: its fields checked against the table and kept
    (_fields_fit), then read (_read_got); None: the pure path reads it."""
    cdef _Got g
    if not _fields_fit(rec, &g):
        return None
    return _read_got(&g)


cdef inline bint _truthy(PyObject* v) except -1:
    return v != NULL and v != _NONE and bool(<object>v)


cdef object _read_got(_Got* g):
    """The read of the fields kept in *g* (checked): (hand, situation, rules, table), the
    hand and situation made at their slots, or None (the pure path reads the record)."""
    cdef int closed[MAXT]
    cdef int dora[MAXT]
    cdef int ura[MAXT]
    cdef int win_t[1]
    cdef int kinds[4]
    cdef int nclosed, ndora, nura, i, j, win, seat, round_wind, nmelds, ovf = 0
    cdef long w, d, pao
    cdef bint on[12]
    cdef PyObject* p
    cdef PyObject* q
    cdef tuple extra
    p = g.v[V_VARIANT]
    if _given(p) and <object>p != "riichi":
        return None
    if g.v[V_FLAG + _NAGASHI] == _TRUE:
        return None  # nagashi_result
    kept = _rules(g)
    if kept is None or not kept[2]:
        return None
    nclosed = _tile_field(_obj(g.v[V_CLOSED]), closed, MAXT)
    if nclosed < 0:
        return None
    p = g.v[V_WIN]
    if not _given(p) or _tiles(<object>p, win_t, 0, 1) != 1:  # ("": no tile read)
        return None
    win = win_t[0]
    nclosed = _take_win(closed, nclosed, &win)
    if nclosed < 0:
        return None
    p = g.v[V_MELDS]  # a list of at most 4 dicts (the table's checks)
    nmelds = _list_size(p) if _given(p) else 0
    melds = PyTuple_New(nmelds)
    for i in range(nmelds):
        meld = _meld(&g.v[V_MELD + 4 * i], kinds)
        if meld is None:
            return None
        Py_INCREF(meld)
        PyTuple_SET_ITEM(melds, i, meld)
    tsumo = g.v[V_TSUMO] == _TRUE
    hand = _new_hand(closed, nclosed, melds, win, tsumo)
    # the situation (round: a dict or absent, its counts checked)
    honba = <object>g.v[V_HONBA] if _truthy(g.v[V_HONBA]) else 0
    sticks = <object>g.v[V_STICKS] if _truthy(g.v[V_STICKS]) else 0
    if _truthy(g.v[V_MULTI]):
        honba = sticks = 0
    discarder = None
    pao = 0
    p = g.v[V_WINNER]
    q = g.v[V_FROM_WHO]
    if _given(g.v[V_PAO]):
        return None  # liability (pao_from_rel: 1 to 3): the full scorer
    if _given(p) and _given(q):  # (seats 0 to 3: the table's checks)
        w = _as_long(p, &ovf)
        if not tsumo:
            d = ((_as_long(q, &ovf) - w) % 4 + 4) % 4
            if d == 0:
                return None
            discarder = d
        if _given(g.v[V_PAO_WHO]):
            pao = ((_as_long(g.v[V_PAO_WHO], &ovf) - w) % 4 + 4) % 4
    elif _given(g.v[V_DISCARDER]):
        discarder = <object>g.v[V_DISCARDER]
    if pao or ovf:
        return None  # liability: the full scorer
    if discarder is not None and not (type(discarder) is int and 1 <= discarder <= 3):
        return None
    seat = _wind(g.v[V_SEAT])
    p = g.v[V_ROUND_WIND]
    round_wind = _wind(p if _given(p) and _str_len(p) else g.v[V_ROUND_ROUND_WIND])
    if seat < 0 or round_wind < 0:
        return None
    ndora = _tile_field(_obj(g.v[V_DORA]), dora, MAXT)
    nura = _tile_field(_obj(g.v[V_URA]), ura, MAXT)
    if ndora < 0 or nura < 0:
        return None
    # the flags (the table's ones checked as booleans; the others, kept in the record's
    # order, sorted by their keys as records.read_record sorts them)
    for i in range(12):
        on[i] = g.v[V_FLAG + i] == _TRUE
    on[0] = on[0] or on[1]  # double riichi is a riichi
    for i in range(1, g.nextra):
        p = g.extra_key[i]
        q = g.extra_val[i]
        j = i - 1
        while j >= 0 and _str_cmp(g.extra_key[j], p) > 0:
            g.extra_key[j + 1] = g.extra_key[j]
            g.extra_val[j + 1] = g.extra_val[j]
            j -= 1
        g.extra_key[j + 1] = p
        g.extra_val[j + 1] = q
    extra = PyTuple_New(g.nextra)
    for i in range(g.nextra):
        pair = (<object>g.extra_key[i], <object>g.extra_val[i])
        Py_INCREF(pair)
        PyTuple_SET_ITEM(extra, i, pair)
    sit = PyType_GenericAlloc(_Sit_c, 0)
    _set_slot(sit, SIT_AT[0], seat)
    _set_slot(sit, SIT_AT[1], round_wind)
    for i in range(12):
        _set_slot(sit, SIT_AT[2 + i], True if on[i] else False)
    _set_slot(sit, SIT_AT[14], _tuple_of(dora, ndora))
    _set_slot(sit, SIT_AT[15], _tuple_of(ura, nura))
    _set_slot(sit, SIT_AT[16], honba)
    _set_slot(sit, SIT_AT[17], sticks)
    _set_slot(sit, SIT_AT[18], discarder)
    _set_slot(sit, SIT_AT[19], None)
    _set_slot(sit, SIT_AT[20], extra)
    return hand, sit, kept[0], kept[1]


cdef object _scored(dict rec):
    """The Score of the record *rec*, or None (the pure path)."""
    cdef _Got g
    if not _fields_fit(rec, &g):
        return None
    return _score_got(&g)


cdef object _score_got(_Got* g):
    """The Score of the record whose fields are kept in *g*, or None (the pure path)."""
    got = _read_got(g)
    if got is None:
        return None
    hand, sit, rules, table = <tuple>got
    try:
        s = _score_c(hand, sit, rules, table)
    except Exception:  # a situation the pure path refuses: it says why
        return None
    if s is None or s is _declined or type(s) is not _Score_c:
        return None
    return s


cdef bint _fields_fit(dict obj, _Got* g) except -1:
    """tenpai.fields.check_fields over the riichi record's table for exact JSON types, in C
    (_level_fits), the values the reader needs kept in *g*: True when every field *obj*
    gives fits (False: the pure path, which names the wrong one)."""
    memset(g.v, 0, sizeof(g.v))
    g.nextra = 0
    return _level_fits(<PyObject*>obj, 0, g, 0)


# the pieces of a result, kept by the value they write (the scorer keeps its hits, parts and
# payments by reference): a table of 8,192 places, two for each value, found by its address,
# each holding (value, its result dict, that dict's JSON text); when both are taken, the
# first is replaced (the real mix has about 700 pieces)
DEF NPIECES = 8192
cdef PyObject* _PIECE_AT[NPIECES]


cdef tuple _piece(object v, int what):
    """The result piece of the value *v*: a yaku hit (0), a dora hit (1), a fu part (2), a
    payment (3) or the base payments' items (4), as records.result_dict writes it."""
    cdef size_t at = <size_t><PyObject*>v
    cdef PyObject* hit
    at = ((at >> 4) ^ (at >> 17)) & (NPIECES - 2)
    hit = _PIECE_AT[at]
    if hit != NULL and PyTuple_GET_ITEM(<tuple>hit, 0) == <PyObject*>v:
        return <tuple>hit
    hit = _PIECE_AT[at + 1]
    if hit != NULL and PyTuple_GET_ITEM(<tuple>hit, 0) == <PyObject*>v:
        return <tuple>hit
    if what == 0:
        d = {"id": _get_slot(v, HIT_AT[0]), "han": _get_slot(v, HIT_AT[1])}
        if _get_slot(v, HIT_AT[3]) is not None:
            d["limit"] = _get_slot(v, HIT_AT[3])
            d["fixed"] = _get_slot(v, HIT_AT[4])
    elif what == 1:
        d = {"id": v.id, "han": v.han}
    elif what == 2:
        d = {
            "id": _get_slot(v, PART_AT[0]), "fu": _get_slot(v, PART_AT[1]),
            "rule": _get_slot(v, PART_AT[2]), "tiles": _get_slot(v, PART_AT[3]),
            "detail": _fu_detail(v),
        }
    elif what == 3:
        d = {
            "from_rel": _get_slot(v, PAY_AT[0]), "amount": _get_slot(v, PAY_AT[1]),
            "honba": _get_slot(v, PAY_AT[2]), "reason": _get_slot(v, PAY_AT[3]),
        }
    else:
        d = dict(v)
    got = (v, d, dumps(d).encode("utf-8"))
    Py_INCREF(got)
    if _PIECE_AT[at] != NULL and _PIECE_AT[at + 1] == NULL:
        at += 1
    hit = _PIECE_AT[at]
    _PIECE_AT[at] = <PyObject*>got
    Py_XDECREF(hit)
    return got


cdef inline dict _copy(tuple piece):
    return PyDict_Copy(<dict>piece[1])


cdef list _copies(tuple values, int what, list into, Py_ssize_t start):
    """The copies of the pieces of *values* put into *into* (made at its length) from
    *start*."""
    cdef Py_ssize_t i
    for i in range(PyTuple_GET_SIZE(values)):
        d = _copy(_piece(<object>PyTuple_GET_ITEM(values, i), what))
        Py_INCREF(d)
        _set_list(into, start + i, <PyObject*>d)
    return into


cdef object _rules_seen = None  # the last Score's rules, and its name
cdef object _rules_name = None


cdef dict _result_of(object s, object rec_id):
    """records.result_dict(s, rec_id) for a Score of the scorer written for C (no yakuman:
    it declines them)."""
    global _rules_seen, _rules_name
    cdef tuple yaku = <tuple>_get_slot(s, SCORE_AT[4])
    cdef tuple dora = <tuple>_get_slot(s, SCORE_AT[5])
    cdef tuple parts = <tuple>_get_slot(s, SCORE_AT[9])
    cdef tuple pays = <tuple>_get_slot(s, SCORE_AT[13])
    cdef Py_ssize_t ny = PyTuple_GET_SIZE(yaku), i, n
    rules = _get_slot(s, SCORE_AT[2])
    if rules is not _rules_seen:  # (a Ruleset is frozen: its name stays)
        _rules_name = rules.name
        _rules_seen = rules
    deltas = _get_slot(s, SCORE_AT[15])
    if type(deltas) is tuple:
        n = min(PyTuple_GET_SIZE(deltas), 4)
        out = _new_list(n)
        for i in range(n):
            x = <object>PyTuple_GET_ITEM(deltas, i)
            Py_INCREF(x)
            _set_list(out, i, <PyObject*>x)
        deltas = out
    elif deltas is not None:
        deltas = list(deltas[:4])
    # a copy of the result's keys in their order (a dict of str keys, as the pure path's
    # literal makes it), its values then set
    res = PyDict_Copy(_RESULT_KEYS)
    PyDict_SetItem(res, "id", rec_id)
    PyDict_SetItem(res, "rules", _rules_name)
    PyDict_SetItem(res, "han", _get_slot(s, SCORE_AT[7]))
    PyDict_SetItem(res, "fu", _get_slot(s, SCORE_AT[8]))
    PyDict_SetItem(res, "points", _get_slot(s, SCORE_AT[12]))
    PyDict_SetItem(res, "limit", _get_slot(s, SCORE_AT[11]))
    PyDict_SetItem(
        res, "yaku",
        _copies(dora, 1, _copies(yaku, 0, _new_list(ny + PyTuple_GET_SIZE(dora)), 0), ny),
    )
    PyDict_SetItem(res, "yakuman", _new_list(0))
    PyDict_SetItem(res, "fu_parts", _copies(parts, 2, _new_list(PyTuple_GET_SIZE(parts)), 0))
    PyDict_SetItem(res, "payments", _copy(_piece(_get_slot(s, SCORE_AT[14]), 4)))
    PyDict_SetItem(res, "paid_by", _copies(pays, 3, _new_list(PyTuple_GET_SIZE(pays)), 0))
    PyDict_SetItem(res, "deltas", deltas)
    return res


# records.result_dict's keys, in its order (variant and error as it writes them here)
cdef dict _RESULT_KEYS = dict.fromkeys((
    "id", "variant", "rules", "han", "fu", "points", "limit", "yaku", "yakuman", "fu_parts",
    "payments", "paid_by", "deltas", "error",
))
_RESULT_KEYS["variant"] = "riichi"


cdef int _put_text(_Buf* b, const char* s, Py_ssize_t n) except -1:
    _grow(b, n)
    _put(b, s, n)
    return 0


cdef struct _Kept:
    PyObject* value  # (a reference: the address stays this value's)
    PyObject* text  # the JSON text of its piece (bytes, a reference)
    int what


cdef _Kept _KEPT[1024]  # the pieces' texts by their values' addresses (_put_kept)


cdef int _put_kept(_Buf* b, object v, int what) except -1:
    """Writes the piece of the value *v* (_piece's text), kept by its address: a look in
    _KEPT, with no int made for its id and no dict looked up while it keeps its slot."""
    cdef size_t a = <size_t><PyObject*>v
    cdef _Kept* k = &_KEPT[((a >> 4) ^ (a >> 14) ^ <size_t>what) & 1023]
    cdef Py_ssize_t n
    if k.value != <PyObject*>v or k.what != what:
        text = (<tuple>_piece(v, what))[2]
        Py_INCREF(v)
        Py_INCREF(text)
        if k.value != NULL:
            Py_DECREF(<object>k.value)
            Py_DECREF(<object>k.text)
        k.value = <PyObject*>v
        k.text = <PyObject*>text
        k.what = what
    n = PyBytes_GET_SIZE(<object>k.text)
    _grow(b, n)
    _put(b, PyBytes_AS_STRING(<object>k.text), n)
    return 0


cdef int _put_list(_Buf* b, object items, int what, bint more) except -1:
    """Writes the pieces of *items* as a JSON list's items (after others when *more*)."""
    for v in <tuple>items:
        if more:
            _put_text(b, b", ", 2)
        more = True
        _put_kept(b, v, what)
    return 0


cdef int _write_result(_Buf* b, object s, object rec_id) except -1:
    """Writes json.dumps(records.result_dict(s, rec_id), ensure_ascii=False) into *b*."""
    cdef tuple yaku = <tuple>_get_slot(s, SCORE_AT[4])
    _put_text(b, b'{"id": ', 7)
    _put_value(b, rec_id, 0)
    _put_text(b, b', "variant": "riichi", "rules": ', 32)
    _put_str(b, _get_slot(s, SCORE_AT[2]).name)
    _put_text(b, b', "han": ', 9)
    _put_value(b, _get_slot(s, SCORE_AT[7]), 0)
    _put_text(b, b', "fu": ', 8)
    _put_value(b, _get_slot(s, SCORE_AT[8]), 0)
    _put_text(b, b', "points": ', 12)
    _put_value(b, _get_slot(s, SCORE_AT[12]), 0)
    _put_text(b, b', "limit": ', 11)
    _put_value(b, _get_slot(s, SCORE_AT[11]), 0)
    _put_text(b, b', "yaku": [', 11)
    _put_list(b, yaku, 0, False)
    _put_list(b, _get_slot(s, SCORE_AT[5]), 1, len(yaku) > 0)
    _put_text(b, b'], "yakuman": [], "fu_parts": [', 31)
    _put_list(b, _get_slot(s, SCORE_AT[9]), 2, False)
    _put_text(b, b'], "payments": ', 15)
    _put_kept(b, _get_slot(s, SCORE_AT[14]), 4)
    _put_text(b, b', "paid_by": [', 14)
    _put_list(b, _get_slot(s, SCORE_AT[13]), 3, False)
    _put_text(b, b'], "deltas": ', 13)
    deltas = _get_slot(s, SCORE_AT[15])
    _put_value(b, deltas[:4] if deltas is not None else None, 0)  # (a tuple: written as a list)
    _put_text(b, b', "error": null}', 16)
    return 0


cdef bint _in_use() except -1:
    if _path_state == 0:
        _load_path()
    return _path_state > 0


cdef bint _plain(object s) except -1:
    """Whether the Score *s* is one this module writes (the scorer written for C's: no
    yakuman, the four seats' deltas or none)."""
    return type(s) is _Score_c and not _get_slot(s, SCORE_AT[6])


def score_record(rec):
    """Scores the decoded riichi record *rec* (a dict) into its result, as
    :func:`tenpai.interchange.score_record` does, when the record is of the usual shape and
    the scorer written for C takes its hand: every field checked as the riichi record's field
    table (``records.FIELDS``) checks it, read, scored and written in C; gets None for any
    other record (the pure path then answers it, with its result or its error)."""
    cdef _Got g
    if type(rec) is not dict or not _in_use():
        return None
    if not _fields_fit(<dict>rec, &g):
        return None
    s = _score_got(&g)
    if s is None or not _plain(s):
        return None
    return _result_of(s, _obj(g.v[V_ID]))


def score_line(line):
    """Scores one JSON line (str or bytes) of a riichi record as :func:`score_record` does
    (read by :func:`decode_record`); gets None for any line it does not take."""
    cdef const char* u
    cdef Py_ssize_t size
    if not _in_use():
        return None
    u = NULL
    if type(line) is bytes:
        u = PyBytes_AS_STRING(line)
        size = PyBytes_GET_SIZE(line)
    elif type(line) is str:
        try:
            u = PyUnicode_AsUTF8AndSize(line, &size)
        except UnicodeEncodeError:
            u = NULL
    if u != NULL:  # the usual line, read in place (_raw_inputs)
        got = _raw_inputs(<const unsigned char*>u, size)
        if got is not None:
            s = _score_raw(<tuple>got)
            return None if s is None else _result_of(s, (<tuple>got)[4])
    rec = _decode(line)
    if rec is None:
        return None
    s = _scored(<dict>rec)
    if s is None or not _plain(s):
        return None
    return _result_of(s, (<dict>rec).get("id"))


# ---- the usual record read straight from its line (tenpai score --jsonl, score_line) -----------
#
# A line of the usual shape (the fields of records.FIELDS each of its usual JSON type, a Tenhou
# "ruleset" or none, the concealed tiles and indicators in the plain notation, flags that are
# booleans...) is read here into a _Raw, with no dict and no str for its fields, then into the
# scorer's inputs by _read_raw, as _read reads the dict the decoder makes of the same line.
# Whatever is not of that shape gives None: the line then goes through the decoder and _read
# (which give the pure path's answer), so this reader only ever takes what _read would read the
# same way.  (_read_raw mirrors _read line for line; _tile_text is _tiles' notation on bytes.)

DEF MAXX = 4  # the most flags other than the situation's read here

cdef struct _Raw:
    Py_ssize_t id_at, id_size  # the id: a string (its text), or an int
    long long id_int
    int id_kind  # 0 none, 1 a string, 2 an int
    int aka, kuitan  # the "ruleset" object's: 0 not there, 1 true, 2 false or null
    bint ruleset, standard_false, three  # standard_rules false, players 3
    int nclosed, nwin, ndora, nura  # -1: not there (null)
    int closed[MAXT]
    int win[1]
    int dora[MAXT]
    int ura[MAXT]
    int nmelds
    Py_ssize_t meld_text[4][6]  # each meld's type, tiles and called tile: their text's
    int meld_rel[4]  # start and size (-1: none), and its from_rel (-1: none)
    int tsumo  # 1: true
    int seat, round_wind, round_round_wind  # the winds (-1: none, null or "")
    bint on[12]
    bint flags  # a "flags" object was given
    int nextra
    Py_ssize_t extra_at[MAXX]  # the other flags' keys (their text), their values
    Py_ssize_t extra_size[MAXX]
    int extra_value[MAXX]  # 0 null, 1 true, 2 false
    int honba, sticks, multi_ron, winner, from_who, pao_who, pao_rel, discarder_rel  # -1: none


cdef int _TOP_CODE[64]  # _ROOT's members, by index: what _scan_raw reads of each
cdef int _SUB_CODE[3][16]  # the same for the members of ruleset, round and tenhou
cdef int _FLAG_OF[16]  # the flags' members, by index: their place in FLAG_NAMES
cdef int _MELD_CODE[16]  # a meld's members, by index: type, tiles, called_tile, from_rel
cdef bint _codes_ready = False

_TOP_NAMES = (
    "id", "rules", "ruleset", "closed_tiles", "win_tile", "melds", "tsumo", "seat_wind",
    "round_wind", "dora_indicators", "ura_dora_indicators", "flags", "round",
    "multi_ron_index", "winner", "from_who", "tenhou", "pao_from_rel", "discarder_from_rel",
    "variant",
)
_SUB_NAMES = ("aka", "kuitan", "players", "standard_rules", "honba", "riichi_sticks",
              "round_wind", "pao_who")


cdef int _load_codes() except -1:
    """The codes of _ROOT's members and of their members (once; after _load_path)."""
    global _codes_ready
    cdef int i
    for i in range(64):
        _TOP_CODE[i] = -1
    for i in range(16):
        _SUB_CODE[0][i] = _SUB_CODE[1][i] = _SUB_CODE[2][i] = -1
    for i in range(16):
        _FLAG_OF[i] = -1
        _MELD_CODE[i] = -1
    if len(_ROOT.names) > 64:
        return 0
    for i, name in enumerate(_ROOT.names):
        if name in _TOP_NAMES:
            _TOP_CODE[i] = _TOP_NAMES.index(name)
    for which, key in enumerate(("ruleset", "round", "tenhou")):
        node = <_Node>_ROOT.members[key]
        if len(node.names) > 16:
            return 0
        for i, name in enumerate(node.names):
            if name in _SUB_NAMES:
                _SUB_CODE[which][i] = _SUB_NAMES.index(name)
    node = (<_Node>_ROOT.members["melds"]).item
    if len(node.names) > 16:
        return 0
    for i, name in enumerate(node.names):
        if name in ("type", "tiles", "called_tile", "from_rel"):
            _MELD_CODE[i] = ("type", "tiles", "called_tile", "from_rel").index(name)
    node = <_Node>_ROOT.members["flags"]
    if len(node.names) > 16:
        return 0
    for i, name in enumerate(node.names):
        _FLAG_OF[i] = _FLAG_INDEX.get(name, -1)
    _codes_ready = True
    return 0


cdef int _member_key(_S* p, bint* first, Py_ssize_t* start, Py_ssize_t* size) except -1:
    """Reads the next key of the object being read (after its '{' or one of its values) and
    its colon: 1, the key's text at *start* (*size* bytes; an escaped key: _DECLINE), or 0
    past the object's end."""
    cdef bint escaped
    cdef Py_ssize_t end
    if not _next_of(p, first, 125):
        return 0
    if p.i >= p.n or p.s[p.i] != 34:
        raise _DECLINE
    escaped = False
    end = _string_at(p.s, p.i, p.n, &escaped)
    if end < 0 or escaped:
        raise _DECLINE
    start[0] = p.i + 1
    size[0] = end - start[0]
    p.i = end + 1
    if p.i < p.n and p.s[p.i] == 58:  # (the usual line: the colon right after the key)
        p.i += 1
    else:
        _expect(p, 58)
    return 1


cdef int _next_item(_S* p, bint* first) except -1:
    """Moves to the next item of the list being read: 1, or 0 past the list's end."""
    return _next_of(p, first, 93)


cdef int _next_of(_S* p, bint* first, unsigned char close) except -1:
    """Moves past the comma before the next member or item of the object or list being read
    (none before the *first*), and the spaces after it: 1, or 0 past its end (the '}' or ']'
    *close*); _DECLINE for anything else."""
    _ws(p)
    if p.i >= p.n:
        raise _DECLINE
    if p.s[p.i] == close:
        p.i += 1
        return 0
    if not first[0]:
        if p.s[p.i] != 44:
            raise _DECLINE
        p.i += 1
        _ws(p)
    first[0] = False
    return 1


cdef inline int _open(_S* p, unsigned char c) except -1:
    """Moves past the '{' or '[' *c* at p.i: 1, or 0 for null; _DECLINE for anything else."""
    _ws(p)
    if p.i < p.n and p.s[p.i] == c:
        p.i += 1
        return 1
    _literal(p, "null", 4)
    return 0


cdef int _small_int(_S* p, int lo, int hi) except -2:
    """A JSON int from *lo* to *hi* at p.i (no bool, no fraction, no exponent), or -1 for
    null; _DECLINE for anything else."""
    cdef bint whole
    cdef Py_ssize_t end
    cdef int v = 0
    _ws(p)
    if p.i < p.n and p.s[p.i] == 110:
        _literal(p, "null", 4)
        return -1
    if p.i >= p.n or not (48 <= p.s[p.i] <= 57):
        raise _DECLINE  # (a sign: none of these counts is below zero as the line writes it)
    end = _number_at(p.s, p.i, p.n, &whole)
    if end < 0 or not whole or end - p.i > 4:
        raise _DECLINE
    while p.i < end:
        v = v * 10 + (p.s[p.i] - 48)
        p.i += 1
    if not (lo <= v <= hi):
        raise _DECLINE
    return v


cdef int _truth(_S* p) except -2:
    """A JSON boolean at p.i: 1 true, 2 false, 0 null; _DECLINE for anything else."""
    _ws(p)
    if p.i < p.n:
        if p.s[p.i] == 116:
            _literal(p, "true", 4)
            return 1
        if p.s[p.i] == 102:
            _literal(p, "false", 5)
            return 2
    _literal(p, "null", 4)
    return 0


cdef int _tile_text(const unsigned char* u, Py_ssize_t n, int* out, int at, int cap) noexcept:
    """_tiles on the UTF-8 *u* (*n* bytes): the plain notation only, into *out* from *at*; the
    new count, or -1."""
    cdef Py_ssize_t i, j, start = 0
    cdef unsigned char c
    cdef int base, d, t
    for i in range(n):
        c = u[i]
        if 48 <= c <= 57:
            continue
        base = _suit_base(c)
        if base < 0:
            return -1
        if start == i:
            return -1  # a suit letter alone: a bonus tile, or an error
        for j in range(start, i):
            d = u[j] - 48
            if base == 27:
                if d < 1 or d > 7:
                    return -1
                t = 26 + d
            elif d == 0:
                t = 34 + base // 9
            else:
                t = base + d - 1
            if at >= cap:
                return -1
            out[at] = t
            at += 1
        start = i + 1
    if start != n:
        return -1  # digits with no suit
    return at


cdef int _tile_value(_S* p, int* out, int cap, bint many) except -2:
    """The tiles of the field at p.i (_tile_field: a string, or a list of strings when
    *many*): their count, -1 for null; _DECLINE for anything else."""
    cdef bint escaped, first = True
    cdef Py_ssize_t start, end
    cdef int n = 0, items = 0
    _ws(p)
    if p.i >= p.n:
        raise _DECLINE
    if p.s[p.i] == 34:
        start = p.i + 1
        end = _string_end(p, &escaped)
        n = -2 if escaped else _tile_text(p.s + start, end - start, out, 0, cap)
        if n < 0:
            raise _DECLINE
        return n
    if many and p.s[p.i] == 91:
        p.i += 1
        while _next_item(p, &first):
            _ws(p)
            items += 1
            if p.i >= p.n or p.s[p.i] != 34 or items > cap:
                raise _DECLINE
            start = p.i + 1
            end = _string_end(p, &escaped)
            n = -1 if escaped else _tile_text(p.s + start, end - start, out, n, cap)
            if n < 0:
                raise _DECLINE
        return n
    _literal(p, "null", 4)
    return -1


cdef int _wind_value(_S* p) except -2:
    """A wind of the record at p.i (_wind): 27-30 for E S W N, -1 for null or ""; _DECLINE
    for anything else."""
    cdef bint escaped
    cdef Py_ssize_t start, end
    cdef unsigned char c
    _ws(p)
    if p.i < p.n and p.s[p.i] == 34:
        start = p.i + 1
        end = _string_end(p, &escaped)
        if escaped or end - start > 1:
            raise _DECLINE
        if end == start:
            return -1
        c = p.s[start]
        if c == 69:
            return 27
        if c == 83:
            return 28
        if c == 87:
            return 29
        if c == 78:
            return 30
        raise _DECLINE
    _literal(p, "null", 4)
    return -1


cdef int _scan_sub(_S* p, _Raw* r, int which) except -1:
    """Reads the "ruleset" (0), "round" (1) or "tenhou" (2) object at p.i (null: none): the
    members the reader reads, the others checked and skipped."""
    cdef bint first = True
    cdef Py_ssize_t start, size, at
    cdef int code, v
    cdef _Node node = <_Node>_ROOT.members[("ruleset", "round", "tenhou")[which]]
    if which == 0:
        r.aka = r.kuitan = 0
        r.standard_false = r.three = False
    elif which == 1:
        r.honba = r.sticks = r.round_round_wind = -1
    else:
        r.pao_who = -1
    if not _open(p, 123):
        if which == 0:
            r.ruleset = False
        return 0
    if which == 0:
        r.ruleset = True
    while _member_key(p, &first, &start, &size):
        at = _member(node, p.s + start, size)
        code = _SUB_CODE[which][at] if at >= 0 else -1
        if code < 0:
            if at >= 0:
                raise _DECLINE  # a member of the table not read here
            _skip(p, 2)
        elif which == 0 and code <= 1:  # aka, kuitan: there, and true or not
            v = _truth(p)
            if code == 0:
                r.aka = 1 if v == 1 else 2
            else:
                r.kuitan = 1 if v == 1 else 2
        elif which == 0 and code == 2:  # players
            _ws(p)
            v = _small_int(p, 3, 4)
            r.three = v == 3
        elif which == 0 and code == 3:  # standard_rules
            r.standard_false = _truth(p) == 2  # false, not null
        elif which == 1 and code == 4:
            r.honba = _small_int(p, 0, 100)
        elif which == 1 and code == 5:
            r.sticks = _small_int(p, 0, 100)
        elif which == 1 and code == 6:
            r.round_round_wind = _wind_value(p)
        elif which == 2 and code == 7:
            r.pao_who = _small_int(p, 0, 3)
        else:
            raise _DECLINE
    return 0


cdef int _scan_flags(_S* p, _Raw* r) except -1:
    """Reads the "flags" object at p.i (null: none): the situation's flags, and at most MAXX
    others, each a boolean or null."""
    cdef bint first = True
    cdef Py_ssize_t start, size, at
    cdef int i, v
    cdef _Node node = <_Node>_ROOT.members["flags"]
    for i in range(12):
        r.on[i] = False
    r.nextra = 0
    r.flags = _open(p, 123)
    if not r.flags:
        return 0
    while _member_key(p, &first, &start, &size):
        v = _truth(p)
        at = _member(node, p.s + start, size)
        if at >= 0:
            if _FLAG_OF[at] < 0:
                raise _DECLINE
            r.on[_FLAG_OF[at]] = v == 1
            continue
        for i in range(r.nextra):  # the same key twice: the dict path
            if r.extra_size[i] == size and memcmp(p.s + r.extra_at[i], p.s + start, size) == 0:
                raise _DECLINE
        if r.nextra >= MAXX:
            raise _DECLINE
        r.extra_at[r.nextra] = start
        r.extra_size[r.nextra] = size
        r.extra_value[r.nextra] = v
        r.nextra += 1
    return 0


cdef int _scan_raw(_S* p, _Raw* r) except -1:
    """Reads the record line at p.s into *r*; _DECLINE where it is not of the usual shape."""
    cdef bint first = True, whole, escaped, mfirst
    cdef Py_ssize_t start, size, at, end
    cdef int code, k
    r.id_kind = 0
    r.ruleset = False
    r.aka = r.kuitan = 0
    r.standard_false = r.three = False
    r.nclosed = r.nwin = r.ndora = r.nura = -1
    r.nmelds = 0
    r.tsumo = 0
    r.seat = r.round_wind = r.round_round_wind = -1
    r.flags = False
    r.nextra = 0
    for k in range(12):
        r.on[k] = False
    r.honba = r.sticks = r.multi_ron = r.winner = r.from_who = -1
    r.pao_who = r.pao_rel = r.discarder_rel = -1
    _ws(p)
    if p.i >= p.n or p.s[p.i] != 123:
        raise _DECLINE
    p.i += 1
    while _member_key(p, &first, &start, &size):
        at = _member(_ROOT, p.s + start, size)
        if at < 0:
            _skip(p, 1)
            continue
        code = _TOP_CODE[at]
        if code == 0:  # id
            _ws(p)
            r.id_kind = 0
            if p.i < p.n and p.s[p.i] == 34:
                r.id_at = p.i + 1
                end = _string_end(p, &escaped)
                if escaped:
                    raise _DECLINE
                r.id_size = end - r.id_at
                r.id_kind = 1
            elif p.i < p.n and (p.s[p.i] == 45 or 48 <= p.s[p.i] <= 57):
                end = _number_at(p.s, p.i, p.n, &whole)
                if end < 0 or not whole or end - p.i > 18:
                    raise _DECLINE
                r.id_int = _number(p, True)
                r.id_kind = 2
            else:
                _literal(p, "null", 4)
        elif code == 1:  # rules: the dict path
            _literal(p, "null", 4)
        elif code == 2:
            _scan_sub(p, r, 0)
        elif code == 3:
            r.nclosed = _tile_value(p, r.closed, MAXT, True)
        elif code == 4:
            r.nwin = _tile_value(p, r.win, 1, False)
        elif code == 5:  # melds (each read by _meld from a dict of its fields)
            r.nmelds = 0
            if _open(p, 91):
                mfirst = True
                while _next_item(p, &mfirst):
                    if r.nmelds >= 4:
                        raise _DECLINE
                    _scan_meld(p, r, r.nmelds)
                    r.nmelds += 1
        elif code == 6:
            r.tsumo = _truth(p)
        elif code == 7:
            r.seat = _wind_value(p)
        elif code == 8:
            r.round_wind = _wind_value(p)
        elif code == 9:
            r.ndora = _tile_value(p, r.dora, MAXT, True)
        elif code == 10:
            r.nura = _tile_value(p, r.ura, MAXT, True)
        elif code == 11:
            _scan_flags(p, r)
        elif code == 12:
            _scan_sub(p, r, 1)
        elif code == 13:
            r.multi_ron = _small_int(p, 0, 2)
        elif code == 14:
            r.winner = _small_int(p, 0, 3)
        elif code == 15:
            r.from_who = _small_int(p, 0, 3)
        elif code == 16:
            _scan_sub(p, r, 2)
        elif code == 17:
            r.pao_rel = _small_int(p, 1, 3)
        elif code == 18:
            r.discarder_rel = _small_int(p, 1, 3)
        elif code == 19:  # variant: riichi, or none
            _ws(p)
            if p.i < p.n and p.s[p.i] == 34:
                start = p.i + 1
                end = _string_end(p, &escaped)
                if escaped or end - start != 6 or memcmp(p.s + start, b"riichi", 6) != 0:
                    raise _DECLINE
            else:
                _literal(p, "null", 4)
        else:
            raise _DECLINE  # a field this reader does not know
    _ws(p)
    if p.i != p.n:
        raise _DECLINE
    return 0


cdef int _scan_meld(_S* p, _Raw* r, int k) except -1:
    """Reads the k-th meld object at p.i: its type, tiles and called tile (strings with no
    escape) and from_rel, its other members checked and skipped."""
    cdef bint first = True, escaped
    cdef Py_ssize_t start, size, at, end
    cdef int code, f
    cdef _Node item = (<_Node>_ROOT.members["melds"]).item
    for f in range(3):
        r.meld_text[k][2 * f] = -1
    r.meld_rel[k] = -1
    _ws(p)
    if p.i >= p.n or p.s[p.i] != 123:
        raise _DECLINE
    p.i += 1
    while _member_key(p, &first, &start, &size):
        at = _member(item, p.s + start, size)
        code = _MELD_CODE[at] if at >= 0 else -1
        if code < 0:
            if at >= 0:
                raise _DECLINE  # a member of the table not read here
            _skip(p, 3)
        elif code == 3:
            r.meld_rel[k] = _small_int(p, 0, 3)
        else:
            _ws(p)
            if p.i < p.n and p.s[p.i] == 34:
                start = p.i + 1
                end = _string_end(p, &escaped)
                if escaped:
                    raise _DECLINE
                r.meld_text[k][2 * code] = start
                r.meld_text[k][2 * code + 1] = end - start
            else:
                _literal(p, "null", 4)
                r.meld_text[k][2 * code] = -1
    return 0


cdef object _raw_meld(_Raw* r, int k, const unsigned char* s, int* kinds_out):
    """_meld of the k-th meld of *r* (its type, tiles, called_tile and from_rel read from the
    line *s*; a null field absent, as _meld reads it)."""
    cdef PyObject* m[4]
    cdef int f
    kept = [None, None, None, None]  # the values m points at, alive while _meld reads them
    for f in range(3):
        if r.meld_text[k][2 * f] >= 0:
            kept[f] = _text(s + r.meld_text[k][2 * f], r.meld_text[k][2 * f + 1])
    if r.meld_rel[k] >= 0:
        kept[3] = r.meld_rel[k]
    for f in range(4):
        m[f] = <PyObject*>kept[f]
    return _meld(m, kinds_out)


cdef object _read_raw(_Raw* r, const unsigned char* s):
    """_read of the record read into *r* from the line *s*: (hand, situation, rules, table,
    id), or None (the dict path then reads the line)."""
    cdef int closed[MAXT]
    cdef int kinds[4]
    cdef int nclosed, i, win, key, honba, sticks, seat, round_wind, discarder, pao
    cdef bint on[12]
    cdef int order[MAXX]
    if r.flags and r.on[10]:
        return None  # nagashi_result
    # _rules, for a Tenhou "ruleset" object or none (no "rules": the dict path)
    key = 0
    if r.ruleset:
        key = ((r.aka * 3 + r.kuitan) * 2 + r.standard_false) * 2 + r.three
        key += 1
    kept = _TENHOU_RULES[key]
    if kept is None or not kept[2]:
        return None  # (the dict path makes it, once)
    nclosed = r.nclosed if r.nclosed > 0 else 0
    for i in range(nclosed):
        closed[i] = r.closed[i]
    if r.nwin != 1:
        return None
    win = r.win[0]
    nclosed = _take_win(closed, nclosed, &win)
    if nclosed < 0:
        return None
    if r.nmelds:
        out = []
        for i in range(r.nmelds):
            meld = _raw_meld(r, i, s, kinds)
            if meld is None:
                return None
            out.append(meld)
        melds = tuple(out)
    else:
        melds = ()
    tsumo = r.tsumo == 1
    hand = _new_hand(closed, nclosed, melds, win, tsumo)
    # the situation
    honba = r.honba if r.honba > 0 else 0
    sticks = r.sticks if r.sticks > 0 else 0
    if r.multi_ron > 0:
        honba = sticks = 0
    discarder = -1
    pao = r.pao_rel
    if r.winner >= 0 and r.from_who >= 0:
        if not tsumo:
            discarder = (r.from_who - r.winner + 4) % 4
            if discarder == 0:
                return None
        if pao < 0 and r.pao_who >= 0:
            pao = (r.pao_who - r.winner + 4) % 4
    elif r.discarder_rel >= 0:
        discarder = r.discarder_rel
    if pao > 0:
        return None  # liability: the full scorer
    seat = r.seat if r.seat >= 0 else 27
    round_wind = r.round_wind if r.round_wind >= 0 else r.round_round_wind
    if round_wind < 0:
        round_wind = 27
    extra = []
    for i in range(12):
        on[i] = r.on[i]
    if r.flags:
        for i in range(r.nextra):
            k = _text(s + r.extra_at[i], r.extra_size[i])
            if k in _LOCAL_FLAGS:
                return None  # the local-yaku inputs: the pure path
            v = None if r.extra_value[i] == 0 else r.extra_value[i] == 1
            extra.append((k, v))
        if len(extra) > 1:
            extra.sort()
        on[0] = on[0] or on[1]  # double riichi is a riichi
    sit = PyType_GenericAlloc(_Sit_c, 0)
    _set_slot(sit, SIT_AT[0], seat)
    _set_slot(sit, SIT_AT[1], round_wind)
    for i in range(12):
        _set_slot(sit, SIT_AT[2 + i], True if on[i] else False)
    _set_slot(sit, SIT_AT[14], _tuple_of(r.dora, r.ndora if r.ndora > 0 else 0))
    _set_slot(sit, SIT_AT[15], _tuple_of(r.ura, r.nura if r.nura > 0 else 0))
    _set_slot(sit, SIT_AT[16], honba)
    _set_slot(sit, SIT_AT[17], sticks)
    _set_slot(sit, SIT_AT[18], discarder if discarder >= 0 else None)
    _set_slot(sit, SIT_AT[19], None)
    _set_slot(sit, SIT_AT[20], tuple(extra))
    if r.id_kind == 1:
        rec_id = PyUnicode_DecodeUTF8(<const char*>s + r.id_at, r.id_size, NULL)
    elif r.id_kind == 2:
        rec_id = r.id_int
    else:
        rec_id = None
    return hand, sit, kept[0], kept[1], rec_id


cdef object _raw_inputs(const unsigned char* s, Py_ssize_t n):
    """The scorer's inputs and the id of the record line *s* (*n* bytes) read by _scan_raw
    and _read_raw, or None (the dict path)."""
    cdef _Raw r
    cdef _S p
    if not _codes_ready:
        _load_codes()
        if not _codes_ready:
            return None
    p.s = s
    p.n = n
    p.i = 0
    try:
        _scan_raw(&p, &r)
    except _Decline:
        return None
    return _read_raw(&r, s)


cdef object _score_raw(tuple got):
    """The Score of the inputs *got* of _raw_inputs, as _scored scores them, or None."""
    try:
        s = _score_c(got[0], got[1], got[2], got[3])
    except Exception:  # a situation the pure path refuses: it says why
        return None
    if s is None or s is _declined or type(s) is not _Score_c or not _plain(s):
        return None
    return s



cdef class _Records(_Task):
    """The line of ``score --jsonl``: a riichi record of the usual shape read, scored and
    written here (score_line's path)."""

    cdef int line(self, const char* s, Py_ssize_t n, _Buf* out) except -2:
        if n == 0 or s[0] != 123:  # not an object (blank, a byte-order mark...): the pure code
            return 0
        got = _raw_inputs(<const unsigned char*>s, n)  # the usual line, read in place
        if got is not None:
            sc = _score_raw(<tuple>got)
            if sc is None:
                return 0  # (the dict path would read the same inputs)
            _write_result(out, sc, (<tuple>got)[4])
            _put_text(out, b"\n", 1)
            return 1
        rec = _decode_utf8(<const unsigned char*>s, n)
        if rec is None:
            return 0
        sc = _scored(<dict>rec)
        if sc is None or not _plain(sc):
            return 0
        _write_result(out, sc, (<dict>rec).get("id"))
        _put_text(out, b"\n", 1)
        return 1


def record_lines(stream, handle, error, write, summary, Py_ssize_t cap):
    """Runs ``tenpai score --jsonl`` over the byte *stream* as :func:`analysis_lines` runs
    its batch: each riichi record of the usual shape read, scored and written here as
    :func:`score_line` does (the same JSON text as the pure batch), every other line by the
    pure code (*handle* and *error*, the command's)."""
    cdef _Task task = _Records() if _in_use() else _Task()
    return _run_lines(task, stream, handle, error, write, summary, cap)


def record_inputs(rec):
    """The first steps of :func:`score_record` alone (for the benchmarks' split of its cost):
    the decoded riichi record *rec* checked and read into the scorer's inputs, ``(hand,
    situation, rules, table)``, or None where score_record leaves the record to the pure
    path before scoring it."""
    if type(rec) is not dict or not _in_use():
        return None
    return _read(<dict>rec)


def record_result(s, rec_id):
    """The last step of :func:`score_record` alone (for the benchmarks): the result dict of
    the Score *s* of the scorer written for C, as records.result_dict writes it (None for a
    Score it does not write)."""
    if not _in_use() or not _plain(s):
        return None
    return _result_of(s, rec_id)

