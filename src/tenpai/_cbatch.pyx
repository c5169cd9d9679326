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


cdef inline void _put_int(_Buf* b, int v) noexcept:
    cdef char tmp[12]
    cdef int i = 0
    if v < 0:
        b.data[b.size] = 45  # '-'
        b.size += 1
        v = -v
    while True:
        tmp[i] = 48 + v % 10
        i += 1
        v //= 10
        if v == 0:
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


def analysis_lines(stream, visible, int players, handle, error, write, summary, Py_ssize_t cap):
    """Runs the analysis batch over the byte *stream*: *visible* the 34 counts of the tiles
    seen, *handle* and *error* the command's handler and error writer (for the lines left to
    the pure code), *write* the output's, *summary* the batch's :class:`~tenpai.batch.Summary`,
    *cap* the longest line."""
    from tenpai.batch import read_line, run_line, too_long
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
                            write(run_line(too_long(number, cap), handle, error, summary))
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
                    write(run_line(too_long(number, cap), handle, error, summary))
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
                        line = read_line(number, buf[p:p + length + (q != NULL)], summary)
                        if line is not None:
                            _flush(&out, write)
                            write(run_line(line, handle, error, summary))
                    else:
                        _grow(&out, 40 + body + 34 * 20)
                        _put(&out, b'{"hand": "', 10)
                        _put(&out, data + p, body)
                        _put(&out, b'", "shanten": ', 14)
                        _put_int(&out, sh)
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
                                _put_int(&out, u if u > 0 else 0)
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
