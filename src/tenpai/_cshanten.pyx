# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Shanten and waits in C: the compiled twin of :func:`tenpai.shanten.shanten` and
:func:`tenpai.shanten.waits` (the same tables, read in place).

A suit's class is looked up by the base-5 number of its counts straight in the class maps
of ``shanten_tables.bin`` (no per-suit cache), the min-plus merge tables give the standard
distance, and chiitoitsu and kokushi come from the counts of pairs, kinds and terminal or
honour kinds, as in the pure module.  Anything that is not 34 plain counts of a hand (a
count outside 0..4, a length other than 34, a tile count that is no hand, a non-int) goes
to the pure function, which raises the error in the user's terms.
"""

from cpython.long cimport PyLong_CheckExact
from cpython.ref cimport PyObject

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object, int*) noexcept
    Py_ssize_t PySequence_Fast_GET_SIZE(object) noexcept
    PyObject** PySequence_Fast_ITEMS(object) noexcept

cdef const unsigned char* _suit_map = NULL
cdef const unsigned char* _honor_map = NULL
cdef const unsigned char* _t2 = NULL
cdef const unsigned char* _t3 = NULL
cdef const unsigned char* _f = NULL
cdef int _ns = 0
cdef int _nh = 0
cdef object _keep = None  # the table bytes, kept alive while the pointers point into them
cdef object _shanten_py = None
cdef object _waits_py = None
cdef int _YAO[13]
cdef char _IS_YAO[34]
cdef int _POW5[9]  # base-5 weight of each place of a suit, first count highest
cdef PyObject* _SMALL[5]  # the int objects 0..4 (CPython keeps one of each)
cdef object _small_refs = None
cdef Py_ssize_t _STRIDE = 0  # the distance between the int objects n and n + 1, if constant

cdef int _load() except -1:
    global _suit_map, _honor_map, _t2, _t3, _f, _ns, _nh, _keep, _STRIDE
    # the tables' own module: a batch of plain hands never imports the pure tenpai.shanten
    from tenpai._shanten_tables import tables
    t = tables()
    _keep = t
    _suit_map = t.suit_map
    _honor_map = t.honor_map
    _t2 = t.t2
    _t3 = t.t3
    _ns = t.ns
    _nh = t.nh
    _f = t.final
    global _small_refs
    cdef int i, p = 1
    for i in range(34):
        _IS_YAO[i] = 0
    for i, k in enumerate((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)):
        _YAO[i] = k
        _IS_YAO[k] = 1
    for i in range(8, -1, -1):
        _POW5[i] = p
        p *= 5
    _small_refs = tuple(range(5))
    for i in range(5):
        _SMALL[i] = <PyObject*>_small_refs[i]
    # CPython keeps its small ints in one array: a count is then read from its address
    _STRIDE = <Py_ssize_t>(<char*>_SMALL[1] - <char*>_SMALL[0])
    for i in range(5):
        if <char*>_SMALL[i] != <char*>_SMALL[0] + i * _STRIDE:
            _STRIDE = 0  # not so here: compare with each
    return 0


cdef object _pure(bint waits):
    """Gets the pure function (:func:`tenpai.shanten.shanten`, or ``waits``), the fallback:
    its module is imported on the first hand this one hands over."""
    global _shanten_py, _waits_py
    if _shanten_py is None:
        from tenpai import shanten as S
        _shanten_py = S._shanten_py
        _waits_py = S._waits_py
    return _waits_py if waits else _shanten_py


cdef inline int _count(PyObject* x) noexcept:
    """Reads one count: 0..4, or -1 for anything the pure function must see."""
    cdef long v
    cdef int overflow = 0
    cdef Py_ssize_t d
    if _STRIDE > 0:
        d = <char*>x - <char*>_SMALL[0]
        if 0 <= d <= 4 * _STRIDE and d % _STRIDE == 0:
            return <int>(d // _STRIDE)
    if x == _SMALL[0]:
        return 0
    if x == _SMALL[1]:
        return 1
    if x == _SMALL[2]:
        return 2
    if x == _SMALL[3]:
        return 3
    if x == _SMALL[4]:
        return 4
    if not PyLong_CheckExact(<object>x):
        return -1
    v = PyLong_AsLongAndOverflow(<object>x, &overflow)
    return <int>v if not overflow and 0 <= v <= 4 else -1


cdef inline int _read(object counts, int* c) except -1:
    """Reads 34 plain counts (0..4) of a list or tuple into *c*: 0 when they are, 1 when
    the pure function must take them (it raises the error)."""
    cdef Py_ssize_t i
    cdef int v
    cdef PyObject** items
    if type(counts) is not list and type(counts) is not tuple:
        return 1
    if PySequence_Fast_GET_SIZE(counts) != 34:
        return 1
    items = PySequence_Fast_ITEMS(counts)
    for i in range(34):
        v = _count(items[i])
        if v < 0:
            return 1
        c[i] = v
    return 0


cdef inline int _suit_class(const int* c, int lo) noexcept nogil:
    cdef int i, idx = 0
    for i in range(9):
        idx = idx * 5 + c[lo + i]
    return _suit_map[idx]


cdef inline int _honor_class(const int* c) noexcept nogil:
    cdef int i, idx = 0
    for i in range(27, 34):
        idx = idx * 5 + c[i]
    return _honor_map[idx]


cdef inline int _special(const int* c) noexcept nogil:
    """Gets min(chiitoitsu, kokushi) distance + 1 of 13 or 14 concealed tiles."""
    cdef int i, pairs = 0, kinds = 0, yao = 0, yao_pair = 0, chiitoi, kokushi
    for i in range(34):  # (no branch on the counts: they are random)
        kinds += c[i] != 0
        pairs += c[i] >= 2
    for i in range(13):
        yao += c[_YAO[i]] != 0
        yao_pair |= c[_YAO[i]] >= 2
    chiitoi = 7 - pairs + (7 - kinds if kinds < 7 else 0)
    kokushi = 14 - yao - yao_pair
    return chiitoi if chiitoi < kokushi else kokushi


cdef inline int _melds(object melds) noexcept:
    """Reads an exact int number of melds (-1 when out of range: the pure path raises)."""
    cdef int overflow = 0
    cdef long v = PyLong_AsLongAndOverflow(melds, &overflow)
    return -1 if overflow or v < 0 or v > 4 else <int>v


cdef inline int _sets_of(int n) noexcept nogil:
    return n // 3 if n % 3 and n <= 14 else -1


def shanten(counts, melds=0, *, players=4):
    """Computes the shanten of the concealed tiles *counts* (34 counts): compiled
    :func:`tenpai.shanten.shanten`, whose documentation holds (three players: the pure
    function)."""
    cdef int c[34]
    cdef int n
    if players != 4:
        if _f == NULL:
            _load()
        return _pure(False)(counts, melds, players=players)
    n = _hand(counts, melds, c)
    if n < 0:
        return _pure(False)(counts, melds)
    return _shanten_c(c, _sets_of(n))


cdef int _hand(object counts, object melds, int* c) except -2:
    """Reads the 34 counts of a hand and its number of melds: gets its number of concealed
    tiles, or -1 for anything but a plain hand (the pure function then raises the error)."""
    cdef int i, n = 0, m
    if _f == NULL:
        _load()
    if _read(counts, c) or not PyLong_CheckExact(melds):
        return -1
    for i in range(34):
        n += c[i]
    m = _melds(melds)
    if _sets_of(n) < 0 or m < 0 or n + 3 * m > 14:
        return -1
    return n


cdef inline int _shanten_c(const int* c, int sets) noexcept:
    """Gets the shanten of checked counts *c* that need *sets* sets."""
    cdef int best = _f[(_t3[_t2[_suit_class(c, 0) * _ns + _suit_class(c, 9)] * _ns
                            + _suit_class(c, 18)] * _nh + _honor_class(c)) * 5 + sets]
    cdef int other
    if sets == 4:
        other = _special(c)
        if other < best:
            best = other
    return best - 1


def waits(counts, melds=0, *, players=4):
    """Finds the kinds that complete the ``3n+1`` concealed tiles *counts*: compiled
    :func:`tenpai.shanten.waits`, whose documentation holds (three players: the pure
    function).

    Only the kinds that can complete a form are tried: a kind within two places of a held
    tile of its suit (a held kind, for the honours), and the terminals and honours when
    thirteen orphans is possible; chiitoitsu and kokushi are counted incrementally.
    """
    cdef int c[34]
    cdef int found[34]
    cdef int i, count, n
    if players != 4:
        if _f == NULL:
            _load()
        return _pure(True)(counts, melds, players=players)
    n = _hand(counts, melds, c)
    if n < 0 or n % 3 != 1:
        return _pure(True)(counts, melds)
    count = _waits_c(c, n, found)
    return tuple([found[i] for i in range(count)])


cdef int _waits_c(int* c, int n, int* found) noexcept:
    """Puts the waits of checked ``3n+1`` counts *c* (*n* tiles) in *found*; gets how many."""
    cdef int idx[4]
    cdef int i, t, sets, best, other, suit, pos, u2, u3, cm, cp, cs, ch, k, count = 0
    cdef int pairs = 0, kinds = 0, yao = 0, yao_pair = 0, p2, k2, y2, yp2, chiitoi, kokushi
    cdef bint special, near
    cdef bint open_suit[4]
    sets = (n + 1) // 3
    special = _sets_of(n) == 4
    for suit in range(3):
        k = 0
        for i in range(9):
            k = k * 5 + c[9 * suit + i]
        idx[suit] = k
    k = 0
    for i in range(27, 34):
        k = k * 5 + c[i]
    idx[3] = k
    cm = _suit_map[idx[0]]
    cp = _suit_map[idx[1]]
    cs = _suit_map[idx[2]]
    ch = _honor_map[idx[3]]
    # not tenpai (overall shanten above 0): no wait
    best = _f[(_t3[_t2[cm * _ns + cp] * _ns + cs] * _nh + ch) * 5 + _sets_of(n)]
    if special:
        for i in range(34):
            if c[i]:
                kinds += 1
                pairs += c[i] >= 2
                if _IS_YAO[i]:
                    yao += 1
                    yao_pair |= c[i] >= 2
        chiitoi = 7 - pairs + (7 - kinds if kinds < 7 else 0)
        kokushi = 14 - yao - yao_pair
        other = chiitoi if chiitoi < kokushi else kokushi
        if other < best:
            best = other
    if best != 1:
        return 0
    u2 = _t2[cm * _ns + cp]
    u3 = _t3[u2 * _ns + cs]
    # a complete standard hand has one suit of 3n+2 tiles and the others of 3n: the winning
    # tile of a standard form goes to a suit of 3n+1 or 3n+2 tiles, never to one of 3n
    for suit in range(4):
        k = 0
        for i in range(9 * suit, 9 * suit + (7 if suit == 3 else 9)):
            k += c[i]
        open_suit[suit] = k % 3 != 0
    for t in range(34):
        if c[t] >= 4:
            continue
        suit = t // 9
        pos = t - 9 * suit
        near = open_suit[suit] and (
            c[t]
            or (suit < 3 and (
                (pos >= 1 and c[t - 1]) or (pos >= 2 and c[t - 2])
                or (pos <= 7 and c[t + 1]) or (pos <= 6 and c[t + 2])))
        )
        if not near and not (special and (c[t] or _IS_YAO[t])):
            continue  # no set nor pair can take it
        if not near:
            best = 9  # the special forms only
        elif suit == 0:
            k = _suit_map[idx[0] + _POW5[pos]]
            best = _f[(_t3[_t2[k * _ns + cp] * _ns + cs] * _nh + ch) * 5 + sets]
        elif suit == 1:
            k = _suit_map[idx[1] + _POW5[pos]]
            best = _f[(_t3[_t2[cm * _ns + k] * _ns + cs] * _nh + ch) * 5 + sets]
        elif suit == 2:
            k = _suit_map[idx[2] + _POW5[pos]]
            best = _f[(_t3[u2 * _ns + k] * _nh + ch) * 5 + sets]
        else:
            k = _honor_map[idx[3] + _POW5[pos + 2]]
            best = _f[(u3 * _nh + k) * 5 + sets]
        if special and best > 0:
            k2 = kinds + (c[t] == 0)
            p2 = pairs + (c[t] == 1)
            y2 = yao + (_IS_YAO[t] and c[t] == 0)
            yp2 = yao_pair | (_IS_YAO[t] and c[t] == 1)
            chiitoi = 7 - p2 + (7 - k2 if k2 < 7 else 0)
            kokushi = 14 - y2 - yp2
            if chiitoi < best:
                best = chiitoi
            if kokushi < best:
                best = kokushi
        if best == 0:
            found[count] = t
            count += 1
    return count
