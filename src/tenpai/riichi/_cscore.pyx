# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The usual win scored in C: the compiled scorer of :func:`tenpai.riichi.usual.score_usual`.

The same steps as the pure fast core (``riichi/usual.py``), written for C: the tiles and the
indicators counted and checked in C arrays, the features of each suit's counts
(``yaku.suit_info``) and of the hand, the splits of each suit into sets and a pair and the
readings of the winning tile (``analysis.suit_parts`` and ``combine_parts``, in the same
order), the facts of each reading and the predicates of the plain han yaku
(``riichi/yaku.py``), the supersedings, the fu (``riichi/fu.py``) and the dora, as C
integers.  The rows played, their needs, han and hits come from the ruleset's own
:class:`~tenpai.riichi.table.Table` (``Table.eligible``), and the prices from its cache
(``Table.price``), so that a gate, a han or a price is never written twice.

Every value it returns is built by :func:`_objects`, the one place that makes Python
objects, through the constructors and caches of the pure modules (the reading, the yaku
hits of the table, the fu parts of ``riichi/fu.py``, the dora hits, the payments and the
:class:`~tenpai.riichi.result.Score`): the same ``Score``, every number with its reason.
The values a Score is made of are immutable, so equal ones are shared: the tuples of hits,
of fu parts and of dora hits and the payments are kept by their content, each in a bounded
cache of slots (docs/benchmarks.md, "The C scorer's cost per hand").

It mirrors pure sources that other changes may edit: :data:`MIRRORS` holds the SHA-256 of
each as this file was written against it, and ``tenpai._compiled.mirror`` uses this module
only while they all match (else the pure path runs, and tests/test_compiled_score.py fails,
naming the file to port).  Whatever it does not handle (a ruleset with local yaku, a value
of an unexpected type, a shape beyond its arrays) goes to the pure fast core (``decline``),
so the answers never differ; tests/test_compiled_score.py checks them against it.
"""

from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset

# The pure sources this module mirrors (paths under src/tenpai), with the SHA-256 of each
# version it was written or checked against (a version whose change touched nothing it
# mirrors, such as words, is listed beside the one before).  After a change to one of them:
# port the change here, then write its new hash (the failing test prints them).
MIRRORS = {
    "riichi/usual.py": (
        "49c73c5a67c029de60eee245a02c48aeed29526d87d505800659cd427af97a0e",
        "a4ef1e1c9465c59c91c78f3172c892e998d57d2cfbb99efd758a974630743dea",
    ),
    "riichi/yaku.py": (
        "c21cbec09a1b05f4daaaa7f196f1989d047f7968591800895a3b1231dfb73005",
        "4a5dcd8b47f0af5806bb3010019a93881fa8d34ac7e3ad53bd1f68ad66c91c5e",
        "e967d6f5430629b0c80a9c4960e2dea5bc789612475d5b08f2587a8440f3c4f3",
    ),
    "riichi/fu.py": (
        "961bd1c31e776dcdb02b070c36d6fe0b832c682bdc75ec862b76ccebede99185",
        "315aeacb076b98a866efd013556b45e476e013e7107f63ce6fbc05748947d915",
        "7aca244681a6ba4e3e2cc89f21a672032d978272a82fc23ba1b369809b866335",
        # FuPart.detail back as a deprecated property (no field, no slot: nothing mirrored)
        "f7256f9f99fa3430115726630e7a6097558fb2c42d1ca5fdf37d89510175fcda",
    ),
    "riichi/table.py": (
        "93cd0e469fe51224a2315bd82a6de1439b3738c4f6fb30dcd7ac788b23dd6dde",
        "e4d0b3ad7aaa8e3cf2772636c70219de5ff7da075fc88420e608a89c1be500d4",
    ),
    "riichi/result.py": (
        "91ebb947cdd34397b7cd7e17c69ad29f39de83d490455a5e1ee2877f3f757489",
        "072741fd7100c394f4fc6f252a42804e8e530513d25e345dae62e3a1413a8dc6",
    ),
    "analysis.py": "2b5cca75a8b14971a2e40eac1eb5441a5f0bac571b5779cdce1a3df8b269bca8",
    "riichi/situation.py": (
        "f99bb06d17d306a24e14ddedb57c137e4b1d800c45a4c9bc6f1036cc063a9b43",
        "84922679bf30a6e629a9c15ead4cd55b6f586603b43d86a00fa39c732827e6fc",
        "bb9fc417c8940f08ab0b62ee8464e324f49cb638f9d1451768cee214eb6335bd",
    ),
}

DEF MAXSPLIT = 24  # the most splits of one suit kept (more: the pure path)
DEF MAXIND = 16  # the most indicators (more: the pure path)

cdef struct Split:
    int nsets
    int sets[4]  # absolute set codes, sorted (sequences k, triplets 34 + k)
    int pair  # absolute kind, or -1
    int nwaits
    int wait[5]  # wait ids (W_*), in the winning tile's suit only
    int wset[5]  # the set the winning tile completed (-1: the pair)

cdef struct Reading:
    int form  # 0 standard, 1 chiitoitsu
    int nsets
    int sets[7]  # the concealed sets, sorted (chiitoitsu: the pairs' kinds)
    int pair
    int wait
    int win_set
    int nctrip
    int ctrip[4]  # the concealed triplets' kinds, sorted
    int nseq
    int seq[4]  # every sequence, melds included, sorted
    int ntrip
    int trip[4]  # every triplet or quad's kind, melds included, sorted
    int raw_fu  # the fu before rounding (and before open pinfu's 30)

# wait ids, in analysis.py's names
DEF W_RYANMEN = 0
DEF W_KANCHAN = 1
DEF W_PENCHAN = 2
DEF W_SHANPON = 3
DEF W_TANKI = 4

# predicate ids of the plain han yaku (by row id, see _PREDICATES)
DEF P_NONE = -1
DEF P_RIICHI = 0
DEF P_IPPATSU = 1
DEF P_MENZEN_TSUMO = 2
DEF P_HAITEI = 3
DEF P_HOUTEI = 4
DEF P_RINSHAN = 5
DEF P_CHANKAN = 6
DEF P_PINFU = 7
DEF P_TANYAO = 8
DEF P_IIPEIKOU = 9
DEF P_HAKU = 10
DEF P_HATSU = 11
DEF P_CHUN = 12
DEF P_SEAT = 13
DEF P_ROUND = 14
DEF P_DOUBLE_RIICHI = 15
DEF P_CHIITOITSU = 16
DEF P_TOITOI = 17
DEF P_SANANKOU = 18
DEF P_SANKANTSU = 19
DEF P_SANSHOKU = 20
DEF P_DOUKOU = 21
DEF P_ITTSU = 22
DEF P_CHANTA = 23
DEF P_HONROUTOU = 24
DEF P_SHOUSANGEN = 25
DEF P_RYANPEIKOU = 26
DEF P_JUNCHAN = 27
DEF P_HONITSU = 28
DEF P_CHINITSU = 29
DEF P_RENHOU = 30

_PREDICATES = {
    "riichi": P_RIICHI,
    "ippatsu": P_IPPATSU,
    "menzen_tsumo": P_MENZEN_TSUMO,
    "haitei": P_HAITEI,
    "houtei": P_HOUTEI,
    "rinshan": P_RINSHAN,
    "chankan": P_CHANKAN,
    "pinfu": P_PINFU,
    "tanyao": P_TANYAO,
    "iipeikou": P_IIPEIKOU,
    "yakuhai_haku": P_HAKU,
    "yakuhai_hatsu": P_HATSU,
    "yakuhai_chun": P_CHUN,
    "yakuhai_seat": P_SEAT,
    "yakuhai_round": P_ROUND,
    "double_riichi": P_DOUBLE_RIICHI,
    "chiitoitsu": P_CHIITOITSU,
    "toitoi": P_TOITOI,
    "sanankou": P_SANANKOU,
    "sankantsu": P_SANKANTSU,
    "sanshoku_doujun": P_SANSHOKU,
    "sanshoku_doukou": P_DOUKOU,
    "ittsu": P_ITTSU,
    "chanta": P_CHANTA,
    "honroutou": P_HONROUTOU,
    "shousangen": P_SHOUSANGEN,
    "ryanpeikou": P_RYANPEIKOU,
    "junchan": P_JUNCHAN,
    "honitsu": P_HONITSU,
    "chinitsu": P_CHINITSU,
    "renhou": P_RENHOU,
}

# ---- what the module reads of the pure ones, once -------------------------------------------

from ..analysis import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI, Decomposition
from ..analysis import Reading as PyReading
from .._fastnew import builder
from .. import tiles as _tiles
from . import fu as _fu
from . import result as _result
from . import usual as _usual
from .situation import LOCAL_FLAGS
cdef dict _LOCAL_FLAGS = LOCAL_FLAGS  # (typed: a dict's look-up, not a sequence's)
from .yaku import FEATURE_BITS

_WAITS = (RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI)
_WAIT_ID = {w: i for i, w in enumerate(_WAITS)}
_MELD_IDS = {"chi": 0, "pon": 1, "daiminkan": 2, "shouminkan": 3, "ankan": 4}
cdef dict _MELD_ID_OF = _MELD_IDS  # (typed: read as a dict, not through .get's look-up)
_DecompositionBuilder = builder(Decomposition)
_ReadingBuilder = builder(PyReading)
_ScoreBuilder = _result.ScoreBuilder
_Score = _result.Score
_STANDARD_NAME = "standard"
_CHIITOITSU_NAME = "chiitoitsu"


# ---- the fields of the frozen slotted values, read and written at their slots ------------------
#
# A frozen slotted dataclass keeps each field in a slot at a fixed offset of the object (its
# member descriptor tells which). The scorer reads the hand's, the situation's and the melds'
# fields there (only for objects of exactly those classes), and makes the reading and the
# Score as tenpai._fastnew's builders do, at C speed: a new object of the frozen class, each
# slot filled, which is exactly what its constructor would have made.

cdef extern from "Python.h":
    ctypedef struct PyMemberDef:
        int type
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member
    int T_OBJECT_EX

from cpython.ref cimport PyObject, Py_INCREF
from cpython.list cimport PyList_GET_ITEM
from cpython.type cimport PyType_GenericAlloc
from types import MemberDescriptorType
from dataclasses import fields as _fields


cdef Py_ssize_t _offset(object cls, str name) except -2:
    """The offset of the slot of field *name* of *cls*, or -1 when it is not a plain slot."""
    d = cls.__dict__.get(name)
    if type(d) is not MemberDescriptorType:
        return -1
    cdef PyMemberDef* m = (<PyMemberDescrObject*><PyObject*>d).d_member
    if m.type != T_OBJECT_EX:
        return -1
    return m.offset


def slot_offset(cls, name):
    """The offset of the slot of field *name* of the frozen slotted *cls*, or -1 when it is
    not a plain slot (the record path, tenpai._cbatch, fills values at the same offsets)."""
    return _offset(cls, name)


_true, _false, _none = True, False, None
cdef PyObject* Y_TRUE = <PyObject*>_true
cdef PyObject* Y_FALSE = <PyObject*>_false
cdef PyObject* Y_NONE = <PyObject*>_none
cdef PyObject* MELD_NAMES[5]  # _MELD_IDS's keys by id (borrowed: it keeps them), met by address
for _name, _id in _MELD_IDS.items():
    MELD_NAMES[_id] = <PyObject*>_name


cdef inline PyObject* _slot(object o, Py_ssize_t off) noexcept:
    """The field at *off* of *o* (borrowed; NULL when unset)."""
    return (<PyObject**>((<char*><PyObject*>o) + off))[0]


cdef inline void _fill(object o, Py_ssize_t off, object v) noexcept:
    """Sets the slot at *off* of the new object *o* to *v*."""
    Py_INCREF(v)
    (<PyObject**>((<char*><PyObject*>o) + off))[0] = <PyObject*>v


cdef list _offsets(object cls, tuple names):
    """The offsets of *names* in *cls*, or None when one is not a plain slot."""
    out = []
    for name in names:
        off = _offset(cls, name)
        if off < 0:
            return None
        out.append(off)
    return out


cdef bint _made_by_slots(object cls):
    """Whether *cls* is a frozen slotted dataclass that a new object with its slots filled
    makes exactly (no __new__, no __post_init__, fields in slot order)."""
    names = tuple(f.name for f in _fields(cls))
    return (
        cls.__new__ is object.__new__
        and not hasattr(cls, "__post_init__")
        and tuple(cls.__slots__) == names
        and _offsets(cls, names) is not None
    )

cdef int KIND_OF[37]
cdef int DORA_KIND[37]
cdef bint _TILES_AS_WRITTEN = False  # the tile numbering this module assumes holds

cdef uint64_t B_STANDARD, B_CHIITOITSU, B_CLOSED, B_NO_MELDS, B_TSUMO, B_THREE_KANS
cdef uint64_t B_NO_YAOCHUU, B_ALL_YAOCHUU, B_HONOURS, B_NO_HONOURS, B_ALL_HONOURS
cdef uint64_t B_ALL_TERMINALS, B_ALL_GREEN, B_NO_MIDDLE, B_ONE_SUIT, B_SEQUENCE, B_SANSHOKU
cdef uint64_t B_ITTSU, B_THREE_DRAGONS, B_FOUR_WINDS, B_HAKU, B_HATSU, B_CHUN, B_SEAT_WIND
cdef uint64_t B_ROUND_WIND, B_SANSHOKU_TRIPLETS, B_THREE_TRIPLETS, B_FOUR_TRIPLETS
cdef uint64_t B_NO_SINGLE
cdef uint64_t B_SIT[10]  # the bits of WIN_FLAGS, in its order (situation.WIN_FLAGS)
cdef bint _FEATURES_FIT = False


cdef int _load() except -1:
    global _TILES_AS_WRITTEN, _FEATURES_FIT
    global B_STANDARD, B_CHIITOITSU, B_CLOSED, B_NO_MELDS, B_TSUMO, B_THREE_KANS
    global B_NO_YAOCHUU, B_ALL_YAOCHUU, B_HONOURS, B_NO_HONOURS, B_ALL_HONOURS
    global B_ALL_TERMINALS, B_ALL_GREEN, B_NO_MIDDLE, B_ONE_SUIT, B_SEQUENCE, B_SANSHOKU
    global B_ITTSU, B_THREE_DRAGONS, B_FOUR_WINDS, B_HAKU, B_HATSU, B_CHUN, B_SEAT_WIND
    global B_ROUND_WIND, B_SANSHOKU_TRIPLETS, B_THREE_TRIPLETS, B_FOUR_TRIPLETS, B_NO_SINGLE
    cdef int i
    for i in range(37):
        KIND_OF[i] = _tiles.KIND_OF[i]
        DORA_KIND[i] = _tiles.DORA_KIND[i]
    _TILES_AS_WRITTEN = (
        tuple(_tiles.WINDS) == (27, 28, 29, 30)
        and tuple(_tiles.DRAGONS) == (31, 32, 33)
        and tuple(_tiles.TERMINALS) == (0, 8, 9, 17, 18, 26)
        and tuple(_tiles.KIND_OF[34:37]) == (4, 13, 22)
        and _tiles.GREEN == 32
    )
    from .situation import WIN_FLAGS
    b = FEATURE_BITS
    _FEATURES_FIT = max(b.values()) < (1 << 63) and len(WIN_FLAGS) == 10
    if not _FEATURES_FIT:
        return 0
    B_STANDARD, B_CHIITOITSU = b["standard"], b["chiitoitsu"]
    B_CLOSED, B_NO_MELDS, B_TSUMO, B_THREE_KANS = (
        b["closed"], b["no_melds"], b["tsumo"], b["three_kans"]
    )
    B_NO_YAOCHUU, B_ALL_YAOCHUU, B_HONOURS = b["no_yaochuu"], b["all_yaochuu"], b["honours"]
    B_NO_HONOURS, B_ALL_HONOURS, B_ALL_TERMINALS = (
        b["no_honours"], b["all_honours"], b["all_terminals"]
    )
    B_ALL_GREEN, B_NO_MIDDLE, B_ONE_SUIT = b["all_green"], b["no_middle"], b["one_suit"]
    B_SEQUENCE, B_SANSHOKU, B_ITTSU = b["sequence"], b["sanshoku"], b["ittsu"]
    B_THREE_DRAGONS, B_FOUR_WINDS = b["three_dragons"], b["four_winds"]
    B_HAKU, B_HATSU, B_CHUN = b["haku"], b["hatsu"], b["chun"]
    B_SEAT_WIND, B_ROUND_WIND = b["seat_wind"], b["round_wind"]
    B_SANSHOKU_TRIPLETS, B_NO_SINGLE = b["sanshoku_triplets"], b["no_single"]
    B_THREE_TRIPLETS = b["three_triplets"]
    B_FOUR_TRIPLETS = b["three_triplets"] | b["four_triplets"]
    for i, name in enumerate(WIN_FLAGS):
        B_SIT[i] = b[name]
    return 0


_load()


from ..hand import Hand as _Hand, Meld as _Meld
from .situation import Situation as _Situation

# the fields read, by class (offsets of their slots)
_SIT_FIELDS = (
    "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
    "chiihou", "renhou", "chankan_ankan", "pao", "dora_indicators", "ura_indicators",
    "seat_wind", "round_wind", "honba", "riichi_sticks", "discarder", "flags",
)
_HAND_FIELDS = ("concealed", "melds", "win_tile", "tsumo", "_counts")
_MELD_FIELDS = ("type", "tiles")
_SCORE_FIELDS = tuple(f.name for f in _fields(_Score))
_SCORE_ORDER = (  # the order _objects fills them in
    "hand", "situation", "rules", "reading", "yaku", "dora", "yakuman", "han", "fu",
    "fu_parts", "basic", "limit", "points", "payments", "base_payments", "deltas",
)
cdef Py_ssize_t SIT_OFF[20]
cdef Py_ssize_t HAND_OFF[5]
cdef Py_ssize_t MELD_OFF[2]
cdef Py_ssize_t DECOMPOSITION_OFF[3]
cdef Py_ssize_t READING_OFF[3]
cdef Py_ssize_t SCORE_OFF[16]
cdef bint _SLOTS_OK = False


cdef int _load_slots() except -1:
    global _SLOTS_OK
    sit_off = _offsets(_Situation, _SIT_FIELDS)
    hand_off = _offsets(_Hand, _HAND_FIELDS)
    meld_off = _offsets(_Meld, _MELD_FIELDS)
    # the counts of a hand are its _counts slot (Hand.counts gives it)
    probe = _Hand.parse("123m456p789s1122z tsumo 2z")
    if (
        sit_off is None or hand_off is None or meld_off is None
        or probe.counts is not probe._counts
        or not all(_made_by_slots(c) for c in (Decomposition, PyReading, _Score))
        or _SCORE_FIELDS != _SCORE_ORDER
    ):
        return 0
    cdef int i
    for i in range(20):
        SIT_OFF[i] = sit_off[i]
    for i in range(5):
        HAND_OFF[i] = hand_off[i]
    for i in range(2):
        MELD_OFF[i] = meld_off[i]
    for i, off in enumerate(_offsets(Decomposition, ("sets", "pair", "form"))):
        DECOMPOSITION_OFF[i] = off
    for i, off in enumerate(_offsets(PyReading, ("decomposition", "wait", "win_set"))):
        READING_OFF[i] = off
    for i, off in enumerate(_offsets(_Score, _SCORE_FIELDS)):
        SCORE_OFF[i] = off
    _SLOTS_OK = True
    return 0


_load_slots()


# the order of WIN_FLAGS this module reads the situation in
_SIT_NAMES = (
    "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
    "chiihou", "renhou",
)
from .situation import WIN_FLAGS as _WIN_FLAGS
_SIT_ORDER_OK = tuple(_WIN_FLAGS) == _SIT_NAMES


# ---- a ruleset, read once ---------------------------------------------------------------------

cdef class _Rows:
    """The rows that count on a reading of one shape, closed or open (Table.eligible)."""

    cdef int n
    cdef uint64_t needs[64]
    cdef char plain[64]
    cdef int pred[64]
    cdef int han[64]
    cdef uint64_t sup[64]  # the rows (bits) each one supersedes
    cdef uint64_t every  # a bit for each row
    cdef uint64_t used  # the features some row needs
    cdef uint64_t need_rows[64]  # by feature: the rows that need it
    cdef uint64_t not_plain  # the rows that are not plain han yaku
    cdef uint64_t pinfu  # the bits of the pinfu rows
    cdef list hits  # each row's YakuHit (the table's)
    cdef uint64_t hit_key[1024]  # the rows of each tuple of hits kept (_hits_of; 0: none)
    cdef list hit_tuples


cdef class _Rules:
    """What the scorer reads of one ruleset, and its table's rows."""

    cdef object rules
    cdef object table
    cdef object prices  # the table's price cache (a dict)
    cdef bint ok  # False: the pure path scores under these rules
    cdef bint aka, kan_dora, ura_dora, kan_ura_dora, ryanhan_shibari, open_pinfu_fu, kuitan
    cdef int max_m, max_p, max_s
    cdef long pinfu_tsumo_fu, rinshan_tsumo_fu, double_wind_pair_fu
    cdef long riichi_deposit, honba_tsumo, honba_ron
    cdef _Rows std_open, std_closed, chii_open, chii_closed  # by shape, open or closed
    cdef list cells  # the table's prices by (han, fu // 5, dealer, tsumo), as met
    cdef object best_price  # the price of the best reading of the hand being scored
    cdef uint64_t pay_key[4096]  # (price cell, payer, honba, sticks) of each slot (0: none)
    cdef list pay_vals  # each slot's (payments, deltas), as met


cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object, int*) noexcept


cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define TENPAI_POPCOUNT(x) __builtin_popcountll(x)
    #define TENPAI_CTZ(x) __builtin_ctzll(x)
    #define TENPAI_PREFETCH(p) __builtin_prefetch(p)
    #else  /* the same answers, by loops (x is never 0 for TENPAI_CTZ) */
    static int TENPAI_POPCOUNT(unsigned long long x) { int n = 0; for (; x; x &= x - 1) n++; return n; }
    static int TENPAI_CTZ(unsigned long long x) { int n = 0; for (; !(x & 1); x >>= 1) n++; return n; }
    #define TENPAI_PREFETCH(p) ((void)(p))
    #endif
    """
    int _popcount "TENPAI_POPCOUNT" (unsigned long long) noexcept  # the bits set
    int _ctz "TENPAI_CTZ" (unsigned long long) noexcept  # the lowest bit set
    void _prefetch "TENPAI_PREFETCH" (const void*) noexcept  # a hint: nothing is read


cdef extern from *:
    """
    #define TENPAI_NOT_INT (-1099511627776L)
    """
    # what _int gets for anything but a small int (a C constant: as a DEF, too large for
    # Cython to take it for a C long, it was compared as a Python int at every call)
    const long NOT_INT "TENPAI_NOT_INT"


cdef inline long _int(object x) noexcept:
    """The value of the int *x* if it is one and fits in 30 bits, else NOT_INT."""
    cdef int overflow = 0
    cdef long v
    if type(x) is not int:
        return NOT_INT
    v = PyLong_AsLongAndOverflow(x, &overflow)
    if overflow or v > (1 << 30) or v < -(1 << 30):
        return NOT_INT
    return v


# CPython keeps one object of each small int, in one array: a tile, a count, a seat, the
# honba or the sticks (0 to 256) is then read from its address (else through _int).  Objects
# do not overlap, so an object whose address lies in that array is one of its ints; the
# array's stride is a power of two here (else only 0 is read so, the rest through _int).
_small_refs = tuple(range(257))
cdef tuple _SMALL_T = _small_refs
cdef char* _SMALL0 = <char*><PyObject*>_small_refs[0]
cdef Py_ssize_t _STRIDE = <Py_ssize_t>(<char*><PyObject*>_small_refs[1] - _SMALL0)
cdef size_t _SMALL_SPAN = 0  # the bytes from 0's object to 256's, when they are so laid out
cdef int _SHIFT = 0  # log2 of the stride
cdef int _k0
while _STRIDE > 0 and (1 << _SHIFT) < _STRIDE:
    _SHIFT += 1
if _STRIDE > 0 and (1 << _SHIFT) == _STRIDE:
    _SMALL_SPAN = 256 * _STRIDE
    for _k0 in range(257):
        if <char*><PyObject*>_small_refs[_k0] != _SMALL0 + _k0 * _STRIDE:
            _SMALL_SPAN = 0  # not so here: read each through _int
            break
if _SMALL_SPAN == 0:
    _SHIFT = 0


cdef inline long _tile(PyObject* x) noexcept:
    """The value of *x*, a small int (0 to 256) read from its address, or as _int reads it."""
    cdef size_t d = <size_t>(<char*>x - _SMALL0)
    if d <= _SMALL_SPAN:
        return <long>(d >> _SHIFT)
    return _int(<object>x)


cdef inline void _prefetch_items(object t) noexcept:
    """Asks memory for the first items of *t*, if a tuple (a hint: nothing is read)."""
    cdef Py_ssize_t i
    if type(t) is tuple:
        for i in range(min(PyTuple_GET_SIZE(t), 4)):
            _prefetch(PyTuple_GET_ITEM(t, i))


cdef inline object _pyint(long v):
    """The int *v* (from the small ints' tuple for 0 to 256, as PyLong_FromLong would)."""
    if 0 <= v <= 256:
        return <object>PyTuple_GET_ITEM(_SMALL_T, v)
    return v


cdef inline bint _small_int(object x, long lo, long hi) noexcept:
    cdef long v = _tile(<PyObject*>x)
    return v != NOT_INT and lo <= v <= hi


cdef _Rows _read_rows(object eligible):
    """Reads the rows of Table.eligible, but those that need renhou (a renhou is always the
    full scorer's: no hand this module scores meets that need)."""
    cdef _Rows r = _Rows()
    cdef int i, j
    r.hits = []
    r.hit_tuples = [None] * 1024
    r.pinfu = 0
    kept = [e for e in eligible if not (e[0] & B_SIT[9])]
    r.n = len(kept)
    if r.n > 64:
        return None
    ids = []
    for i, (need, plain, row) in enumerate(kept):
        y, han, hit = row
        if type(need) is not int or need < 0 or need >= (1 << 63):
            return None
        r.needs[i] = need
        r.plain[i] = bool(plain)
        r.every |= (<uint64_t>1) << i
        r.used |= r.needs[i]
        if not plain:
            r.not_plain |= (<uint64_t>1) << i
        for j in range(63):
            if r.needs[i] >> j & 1:
                r.need_rows[j] |= (<uint64_t>1) << i
        r.han[i] = han if plain else 0
        r.pred[i] = _PREDICATES.get(y.id, P_NONE)
        if plain and (r.pred[i] == P_NONE or not _small_int(han, 1, 1000)):
            return None  # a plain row this module has no predicate for
        r.hits.append(hit)
        ids.append(y.id)
        if y.id == "pinfu":
            r.pinfu |= (<uint64_t>1) << i
    if len(set(ids)) != len(ids):
        return None  # variants of one id to sort out: not plain
    index = {y_id: j for j, y_id in enumerate(ids)}
    for i, (_, _, row) in enumerate(kept):
        r.sup[i] = 0
        for y_id in row[0].supersedes:
            j = index.get(y_id, -1)
            if j >= 0:
                r.sup[i] |= (<uint64_t>1) << j
    return r


cdef _Rules _read_rules(object rules, object table):
    cdef _Rules c = _Rules()
    cdef int f, closed
    c.rules = rules
    c.table = table
    c.prices = table.prices
    c.cells = [None] * (64 * 32 * 4)
    c.pay_vals = [None] * 4096
    c.ok = False
    if rules.local_yaku or rules.players != 4 or not (_TILES_AS_WRITTEN and _FEATURES_FIT):
        return c
    if not _SIT_ORDER_OK or type(c.prices) is not dict:
        return c
    max_red = rules.max_red
    if type(max_red) is not tuple or len(max_red) != 3:
        return c
    for x in max_red:
        if not _small_int(x, 0, 4):
            return c
    c.max_m, c.max_p, c.max_s = max_red
    for x in (rules.pinfu_tsumo_fu, rules.rinshan_tsumo_fu, rules.double_wind_pair_fu):
        if not _small_int(x, 0, 1000):
            return c
    for x in (rules.riichi_deposit, rules.honba_tsumo, rules.honba_ron):
        if not _small_int(x, 0, 1 << 20):
            return c
    c.riichi_deposit = rules.riichi_deposit
    c.honba_tsumo = rules.honba_tsumo
    c.honba_ron = rules.honba_ron
    c.pinfu_tsumo_fu = rules.pinfu_tsumo_fu
    c.rinshan_tsumo_fu = rules.rinshan_tsumo_fu
    c.double_wind_pair_fu = rules.double_wind_pair_fu
    c.aka = bool(rules.aka)
    c.kan_dora = bool(rules.kan_dora)
    c.ura_dora = bool(rules.ura_dora)
    c.kan_ura_dora = bool(rules.kan_ura_dora)
    c.ryanhan_shibari = bool(rules.ryanhan_shibari)
    c.open_pinfu_fu = bool(rules.open_pinfu_fu)
    c.kuitan = bool(rules.kuitan)
    for f, form in enumerate((_STANDARD_NAME, _CHIITOITSU_NAME)):
        for closed in range(2):
            rows = _read_rows(table.eligible(form, bool(closed)))
            if rows is None:
                return c
            if f == 0:
                if closed:
                    c.std_closed = rows
                else:
                    c.std_open = rows
            elif closed:
                c.chii_closed = rows
            else:
                c.chii_open = rows
    c.ok = True
    return c


cdef inline _Rows _rows_of(_Rules c, int form, bint closed):
    if form == 0:
        return c.std_closed if closed else c.std_open
    return c.chii_closed if closed else c.chii_open


_RULES = {}  # id(rules) -> _Rules (the ruleset kept in it), emptied when full


cdef _Rules _last = None  # the last ruleset met (a batch has mostly one)


cdef _Rules _rules_of(object rules, object table):
    global _last
    cdef _Rules c = _last
    if c is not None and c.rules is rules and c.table is table:
        return c
    c = _RULES.get(id(rules))
    if c is not None and c.rules is rules and c.table is table:
        _last = c
        return c
    c = _read_rules(rules, table)
    if len(_RULES) >= 64:
        _RULES.clear()
    _RULES[id(rules)] = c
    _last = c
    return c


# ---- the splits of a suit (analysis._suit_splits and suit_parts, in their order) ----------------


cdef void _sets_only(int* key, int n, bint honours, int lo, int* cur, int depth, int pair,
                     Split* out, int* nout) noexcept:
    cdef int i = 0, j, t, k
    cdef Split* s
    while i < n and key[i] == 0:
        i += 1
    if i == n:
        if nout[0] >= MAXSPLIT:
            nout[0] = MAXSPLIT + 1  # too many: the pure path
            return
        s = &out[nout[0]]
        nout[0] += 1
        s.nsets = depth
        for j in range(depth):
            s.sets[j] = cur[j]
        for j in range(1, depth):  # sorted (insertion: at most four)
            t = s.sets[j]
            k = j - 1
            while k >= 0 and s.sets[k] > t:
                s.sets[k + 1] = s.sets[k]
                k -= 1
            s.sets[k + 1] = t
        s.pair = pair
        s.nwaits = 0
        return
    if depth >= 4:
        return
    if key[i] >= 3:
        key[i] -= 3
        cur[depth] = 34 + lo + i
        _sets_only(key, n, honours, lo, cur, depth + 1, pair, out, nout)
        key[i] += 3
    if not honours and i + 2 < n and key[i + 1] and key[i + 2]:
        key[i] -= 1
        key[i + 1] -= 1
        key[i + 2] -= 1
        cur[depth] = lo + i
        _sets_only(key, n, honours, lo, cur, depth + 1, pair, out, nout)
        key[i] += 1
        key[i + 1] += 1
        key[i + 2] += 1


cdef int _wait_of(int code, int win) noexcept:
    if win == code + 1:
        return W_KANCHAN
    if (code % 9 == 0 and win == code + 2) or (code % 9 == 6 and win == code):
        return W_PENCHAN
    return W_RYANMEN


cdef int _splits(int* counts, int lo, int n, int win, Split* out) noexcept:
    """Fills *out* with the splits of the suit of *n* kinds from kind *lo* (its waits if *win*
    is of it, else -1); gets how many (more than MAXSPLIT: too many to keep)."""
    cdef int key[9]
    cdef int cur[4]
    cdef int total = 0, p, i, j, code, nout = 0
    cdef bint honours = lo == 27
    cdef Split* s
    for i in range(n):
        key[i] = counts[lo + i]
        total += key[i]
    if total % 3 == 1:
        return 0
    if total % 3 == 0:
        _sets_only(key, n, honours, lo, cur, 0, -1, out, &nout)
    else:
        for p in range(n):
            if key[p] >= 2:
                key[p] -= 2
                _sets_only(key, n, honours, lo, cur, 0, lo + p, out, &nout)
                key[p] += 2
                if nout > MAXSPLIT:
                    return nout
    if nout > MAXSPLIT or win < 0:
        return nout
    for i in range(nout):
        s = &out[i]
        if s.pair == win:
            s.wait[s.nwaits] = W_TANKI
            s.wset[s.nwaits] = -1
            s.nwaits += 1
        for j in range(s.nsets):
            code = s.sets[j]
            if j and code == s.sets[j - 1]:  # the same set twice reads the same
                continue
            if code >= 34:
                if code - 34 == win:
                    s.wait[s.nwaits] = W_SHANPON
                    s.wset[s.nwaits] = code
                    s.nwaits += 1
            elif code <= win <= code + 2:
                s.wait[s.nwaits] = _wait_of(code, win)
                s.wset[s.nwaits] = code
                s.nwaits += 1
    return nout


# ---- the facts and the yaku of a reading --------------------------------------------------------

cdef struct Hand:
    bint closed, tsumo, has_honor
    int n_suits, seat, round_wind, nkans, ankan
    int meld_fu  # the fu of the called triplets and quads, and of the ankan
    int nmelds
    int mtype[4]  # each meld's type (_MELD_IDS), kind (its lowest) and size, in order
    int mkind[4]
    int mlen[4]
    uint64_t kinds  # bit k: kind k held (melds included)
    char sit[11]  # the situation's WIN_FLAGS, then chankan_ankan
    int nmseq
    int mseq[4]  # the called sequences' kinds, sorted
    int nmtrip
    int mtrip[4]  # the called triplets' and quads' kinds, sorted

cdef uint64_t YAOCHUU_KINDS = 0
cdef int _k
for _k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
    YAOCHUU_KINDS |= (<uint64_t>1) << _k
cdef uint64_t HONOUR_KINDS = ((<uint64_t>1) << 34) - ((<uint64_t>1) << 27)
cdef uint64_t NUMBER_KINDS = ((<uint64_t>1) << 27) - 1


cdef inline bint _in(int* xs, int n, int x) noexcept:
    cdef int i
    for i in range(n):
        if xs[i] == x:
            return True
    return False


cdef inline bint _yaochuu_kind(int k) noexcept:
    return k >= 27 or k % 9 == 0 or k % 9 == 8


cdef bint _test(int pred, Reading* r, Hand* h, _Rules c, bint all_yaochuu,
                bint all_terminal) noexcept:
    cdef int i, n, dragons
    if pred == P_RIICHI:
        return h.sit[0] and not h.sit[1]
    if pred == P_DOUBLE_RIICHI:
        return h.sit[1]
    if pred == P_IPPATSU:
        return h.sit[2]
    if pred == P_RINSHAN:
        return h.sit[3]
    if pred == P_CHANKAN:
        return h.sit[4]
    if pred == P_HAITEI:
        return h.sit[5]
    if pred == P_HOUTEI:
        return h.sit[6]
    if pred == P_RENHOU:
        return h.sit[9]
    if pred == P_MENZEN_TSUMO:
        return h.closed and h.tsumo
    if pred == P_PINFU:
        return (
            h.closed and r.form == 0 and r.nseq == 4 and r.wait == W_RYANMEN
            and not (31 <= r.pair <= 33) and r.pair != h.seat and r.pair != h.round_wind
        )
    if pred == P_TANYAO:
        return not (h.kinds & YAOCHUU_KINDS) and (h.closed or c.kuitan)
    if pred == P_IIPEIKOU:
        if not (h.closed and r.form == 0):
            return False
        for i in range(1, r.nseq):  # sorted: a repeat is next to its twin
            if r.seq[i] == r.seq[i - 1]:
                return True
        return False
    if pred == P_HAKU:
        return _in(r.trip, r.ntrip, 31)
    if pred == P_HATSU:
        return _in(r.trip, r.ntrip, 32)
    if pred == P_CHUN:
        return _in(r.trip, r.ntrip, 33)
    if pred == P_SEAT:
        return _in(r.trip, r.ntrip, h.seat)
    if pred == P_ROUND:
        return _in(r.trip, r.ntrip, h.round_wind)
    if pred == P_CHIITOITSU:
        return r.form == 1
    if pred == P_TOITOI:
        return r.ntrip == 4
    if pred == P_SANANKOU:
        return _ankou(r, h) >= 3
    if pred == P_SANKANTSU:
        return h.nkans == 3
    if pred == P_SANSHOKU:
        for i in range(9):
            if _in(r.seq, r.nseq, i) and _in(r.seq, r.nseq, i + 9) and _in(r.seq, r.nseq, i + 18):
                return True
        return False
    if pred == P_DOUKOU:
        for i in range(9):
            if _in(r.trip, r.ntrip, i) and _in(r.trip, r.ntrip, i + 9) and _in(r.trip, r.ntrip, i + 18):
                return True
        return False
    if pred == P_ITTSU:
        for i in (0, 9, 18):
            if _in(r.seq, r.nseq, i) and _in(r.seq, r.nseq, i + 3) and _in(r.seq, r.nseq, i + 6):
                return True
        return False
    if pred == P_CHANTA:
        return all_yaochuu and r.nseq > 0 and h.has_honor
    if pred == P_JUNCHAN:
        return all_terminal and r.nseq > 0 and not h.has_honor
    if pred == P_HONROUTOU:
        return (
            not (h.kinds & ~YAOCHUU_KINDS) and (h.kinds & HONOUR_KINDS) != 0
            and (h.kinds & NUMBER_KINDS) != 0
        )
    if pred == P_SHOUSANGEN:
        if not (31 <= r.pair <= 33):
            return False
        dragons = 0
        for i in (31, 32, 33):
            if _in(r.trip, r.ntrip, i):
                dragons += 1
        return dragons == 2
    if pred == P_RYANPEIKOU:
        return h.closed and r.nseq == 4 and r.seq[0] == r.seq[1] and r.seq[2] == r.seq[3]
    if pred == P_HONITSU:
        return h.n_suits == 1 and h.has_honor
    if pred == P_CHINITSU:
        return h.n_suits == 1 and not h.has_honor
    return False


cdef bint _check_fails(Hand* h, bint tsumo, bint closed, bint has_kan, bint has_melds,
                       long honba, long sticks, bint discarder_ok) noexcept:
    """Whether Situation.check (riichi/situation.py: the EMA yaku's conditions) finds a
    contradiction, its rules in its order, for a situation whose renhou, chankan_ankan and
    liable player were left to the full scorer before (none here): the scorer calls it to
    raise its error only then (a Python call of about 8,000 instructions saved on every
    hand with ippatsu, haitei, houtei, rinshan, chankan, tenhou or chiihou)."""
    cdef bint riichi = h.sit[0], double = h.sit[1], ippatsu = h.sit[2], rinshan = h.sit[3]
    cdef bint chankan = h.sit[4], haitei = h.sit[5], houtei = h.sit[6], tenhou = h.sit[7]
    cdef bint chiihou = h.sit[8], dealer = h.seat == 27  # (is_dealer: the East seat)
    return (
        (ippatsu and not (riichi or double))
        or (double and not closed)
        or ((riichi or double) and not closed)
        or (haitei and not tsumo)
        or (haitei and rinshan)
        or (houtei and tsumo)
        or (houtei and chankan)
        or (rinshan and not tsumo)
        or (rinshan and not has_kan)
        or (chankan and tsumo)
        or (h.sit[10] and not chankan)
        or (tenhou and not (dealer and tsumo and not has_melds))
        or (chiihou and not (not dealer and tsumo and not has_melds))
        or (h.sit[9] and not (not dealer and not tsumo and not has_melds))
        or honba < 0
        or sticks < 0
        or not discarder_ok
    )


cdef inline int _ankou(Reading* r, Hand* h) noexcept:
    """The concealed triplets and quads, a triplet completed by ron not included."""
    cdef int n
    if r.form != 0:
        return 0
    n = r.nctrip + h.ankan
    if not h.tsumo and r.wait == W_SHANPON:
        n -= 1
    return n


cdef inline int _meld_fu(int k, bint quad, bint concealed) noexcept:
    """fu.meld_fu."""
    cdef int v = 2
    if _yaochuu_kind(k):
        v *= 2
    if concealed:
        v *= 2
    if quad:
        v *= 4
    return v


cdef void _merge(int* a, int na, int* b, int nb, int* out, int* nout) noexcept:
    """Merges two sorted runs into *out* (at most four)."""
    cdef int i = 0, j = 0, n = 0
    while (i < na or j < nb) and n < 4:
        if j >= nb or (i < na and a[i] <= b[j]):
            out[n] = a[i]
            i += 1
        else:
            out[n] = b[j]
            j += 1
        n += 1
    nout[0] = n


# ---- the scorer ---------------------------------------------------------------------------------

class _Decline:
    """The answer of score_usual_c when the pure fast core must score (see decline)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "decline"


decline = _Decline()
_fallback = _usual.score_usual  # the pure fast core (or its compiled twin: set_fallback)


def set_fallback(f):
    """Sets the function that scores what this module declines (the same answers)."""
    global _fallback
    _fallback = f


def score_usual(hand, sit, rules, table):
    """Scores the usual win *hand* in *sit* under *rules* (whose table is *table*) as
    :func:`tenpai.riichi.usual.score_usual` does: a ``Score``, None, or the same error."""
    got = _score(hand, sit, rules, table)
    if got is decline:
        return _fallback(hand, sit, rules, table)
    return got


from .rules import Ruleset as _Ruleset_c
_Ruleset = None
_table_of = None
_full_score = None


def score_win(hand, sit, rules):
    """Scores the win *hand* in the situation *sit* under the ruleset *rules* (a Ruleset, not
    a name) as :func:`tenpai.riichi.score.score` does, with its checks and errors: the
    single-hand entry for a batch that has already decoded its records. The usual win is
    scored here, any other by ``score``."""
    global _Ruleset, _table_of, _full_score
    if _full_score is None:
        import importlib

        from .rules import Ruleset
        from .table import table_of

        _Ruleset, _table_of = Ruleset, table_of
        _full_score = importlib.import_module("tenpai.riichi.score").score
    if (
        type(rules) is _Ruleset
        and type(hand) is _Hand
        and type(sit) is _Situation
        and rules.players == 4
        and not hand.kita
        and hand.win_tile is not None
    ):
        got = _score(hand, sit, rules, _table_of(rules))
        if got is not None and got is not decline:
            return got
    return _full_score(hand, sit, rules)


def score_first(hand, sit, rules):
    """The Score of the usual win *hand* in *sit* under *rules* (a Ruleset), as
    :func:`tenpai.riichi.score.score` would give it, or None when ``score`` must go its own
    way (any other hand, anything to refuse or to check first, anything this module
    declines): ``score`` asks it first, before its own checks."""
    cdef _Rules c = _last
    if type(rules) is not _Ruleset_c or type(hand) is not _Hand or type(sit) is not _Situation:
        return None
    if c is None or c.rules is not rules:
        c = _RULES.get(id(rules))
        if c is None or c.rules is not rules:
            return None  # (score's first call under these rules introduces them: _rules_of)
    if not c.ok or hand.win_tile is None or hand.kita:  # (c.ok: four players)
        return None
    got = _score(hand, sit, rules, c.table)
    return None if got is decline else got


def score_usual_c(hand, sit, rules, table):
    """Like :func:`score_usual`, but gets :data:`decline` where the pure fast core must
    score (for the tests to count what is scored here)."""
    return _score(hand, sit, rules, table)


cdef object _score(object hand, object sit, object rules, object table):
    cdef _Rules c = _rules_of(rules, table)
    cdef int counts[34]
    cdef int conc[34]  # the concealed tiles' counts (hand.counts)
    cdef int visible[MAXIND]
    cdef int tiles[18]
    cdef int ntiles, win_t, red_m, red_p, red_s
    cdef int vkind[MAXIND]
    cdef int nvis, ndora, nura, i, j, k, n, top, nmelds, nconc, reds, calls
    cdef long t
    cdef int mtype_ids[4]
    cdef int mkind[4]
    cdef int mlen[4]
    cdef bint reds_shown, tsumo, closed, ron, dealer, over
    cdef int pairs
    cdef Hand h
    cdef uint64_t mask, sit_mask, key_mask, bits, final, need
    cdef int win, seat, round_wind, min_han, dora_han
    cdef long honba, sticks
    cdef int dora_n, ura_n
    cdef Split sp[4][MAXSPLIT]
    cdef int nsp[4]
    cdef int sizes[4]
    cdef int lo[4]
    cdef Reading r, best
    cdef int best_points = -1, best_han = 0, best_fu = 0
    cdef uint64_t best_final = 0
    cdef int best_tsumo_fu = 0
    cdef bint found = False
    cdef int im, ip, is_, iz, w, npairs, form, han, fu, total, tsumo_fu, points, pair_fu
    cdef Split* parts[4]
    cdef Split* ws
    cdef _Rows rows
    cdef bint all_yaochuu, all_terminal
    cdef int every_m, every_p, every_s
    cdef PyObject* sf[20]  # the situation's fields (_SIT_FIELDS), borrowed
    cdef PyObject* hf[5]  # the hand's (_HAND_FIELDS)
    if not c.ok or type(hand) is not _Hand or type(sit) is not _Situation:
        return decline
    for i in range(20):
        sf[i] = _slot(sit, SIT_OFF[i])
        if sf[i] is NULL:
            return decline
    for i in range(5):
        hf[i] = _slot(hand, HAND_OFF[i])
        if hf[i] is NULL:
            return decline
    # the objects read below, asked of memory now (a batch's inputs are seldom in the cache)
    _prefetch(hf[0])  # the concealed tiles
    _prefetch(hf[1])  # the melds
    _prefetch(sf[12])  # the dora indicators
    _prefetch(sf[19])  # the flags
    for i in range(11):  # the flags and chankan_ankan: booleans (else the pure path)
        if sf[i] != Y_TRUE and sf[i] != Y_FALSE:
            return decline
        h.sit[i] = sf[i] == Y_TRUE
    # ---- as usual.py: what the full scorer takes
    if h.sit[9] or h.sit[10] or sf[11] != Y_NONE:  # renhou, chankan_ankan, pao
        return None
    win_tile = <object>hf[2]
    t = _int(win_tile)
    if t < 0:
        return decline  # None (an assertion in the pure code) or not a tile
    if t >= 37:
        return None  # a bonus tile
    win_t = t
    concealed = <object>hf[0]
    melds = <object>hf[1]
    htsumo = <object>hf[3]
    if type(concealed) is not tuple or type(melds) is not tuple:
        return decline
    if type(htsumo) is not bool:
        return decline
    tsumo = htsumo is True
    nconc = PyTuple_GET_SIZE(concealed)
    nmelds = PyTuple_GET_SIZE(melds)
    if nconc > 13:
        return None
    # every tile: the concealed ones, the winning tile, the melds'; the counts of the first
    # two by kind (hand.counts: the Hand's _counts, made from them by its constructor and
    # by the record path, counted here from the tiles read anyway, not read from its tuple
    # of 34: five cache lines fewer a hand, docs/benchmarks.md "The C scorer's cost per
    # hand"), and the kinds held twice (for chiitoitsu)
    memset(conc, 0, sizeof(conc))
    over = False  # a kind held more than four times (said below, in usual.py's order)
    pairs = 0
    ntiles = 0
    for i in range(nconc + 1):
        if i < nconc:
            t = _tile(PyTuple_GET_ITEM(concealed, i))
            if t < 0:
                return decline
        else:
            t = win_t
        tiles[ntiles] = t
        ntiles += 1
        if t < 37:  # (a bonus tile, counted nowhere, is refused below)
            k = KIND_OF[t]
            conc[k] += 1
            pairs += (conc[k] == 2) - (conc[k] == 3)
            over |= conc[k] > 4
    memcpy(counts, conc, sizeof(conc))
    _prefetch_items(<object>hf[1])  # each meld, and each flag (its name: below)
    _prefetch_items(<object>sf[19])
    # ---- the tiles, checked as usual.py does
    calls = 0
    h.ankan = 0
    h.nkans = 0
    h.nmseq = 0
    h.nmtrip = 0
    h.meld_fu = 0
    h.nmelds = nmelds
    if nmelds:
        if nconc + 3 * nmelds != 13 or nmelds > 4:
            return None
        for i in range(nmelds):
            m = <object>PyTuple_GET_ITEM(melds, i)
            if type(m) is not _Meld or _slot(m, MELD_OFF[0]) is NULL or _slot(m, MELD_OFF[1]) is NULL:
                return decline
            mtiles = <object>_slot(m, MELD_OFF[1])
            mid = -1
            for j in range(5):  # (the reader's types are these very strings)
                if _slot(m, MELD_OFF[0]) == MELD_NAMES[j]:
                    mid = j
                    break
            if mid < 0:
                mid = _MELD_ID_OF.get(<object>_slot(m, MELD_OFF[0]), -1)
            if mid < 0 or type(mtiles) is not tuple or not 3 <= PyTuple_GET_SIZE(mtiles) <= 4:
                return decline
            mtype_ids[i] = mid
            mlen[i] = PyTuple_GET_SIZE(mtiles)
            k = 99
            for j in range(mlen[i]):
                t = _tile(PyTuple_GET_ITEM(mtiles, j))
                if t < 0:
                    return decline
                if t >= 37:
                    return None  # a bonus tile
                tiles[ntiles] = t
                ntiles += 1
                counts[KIND_OF[t]] += 1
                over |= counts[KIND_OF[t]] > 4
                if KIND_OF[t] < k:
                    k = KIND_OF[t]
            mkind[i] = k
            h.mtype[i] = mid
            h.mkind[i] = k
            h.mlen[i] = mlen[i]
    elif nconc != 13:
        return None
    if type(<object>sf[19]) is tuple:  # each flag's name
        for i in range(min(PyTuple_GET_SIZE(<object>sf[19]), 4)):
            item = <object>PyTuple_GET_ITEM(<object>sf[19], i)
            if type(item) is tuple and PyTuple_GET_SIZE(item) == 2:
                _prefetch(PyTuple_GET_ITEM(item, 0))
    top = 0
    red_m = red_p = red_s = 0
    for i in range(ntiles):
        t = tiles[i]
        if t > top:
            top = t
        if t >= 34:
            red_m += t == 34
            red_p += t == 35
            red_s += t == 36
    if top >= 37:
        return None  # a bonus tile
    if over:
        return None  # a fifth copy
    dora_inds = <object>sf[12]
    ura_inds = <object>sf[13]
    if type(dora_inds) is not tuple or type(ura_inds) is not tuple:
        return decline
    ndora = PyTuple_GET_SIZE(dora_inds)
    nura = PyTuple_GET_SIZE(ura_inds)
    nvis = ndora + nura
    if nvis > MAXIND:
        return decline
    for i in range(nvis):
        t = _tile(PyTuple_GET_ITEM(dora_inds, i) if i < ndora
                  else PyTuple_GET_ITEM(ura_inds, i - ndora))
        if t < 0:
            return decline
        visible[i] = t
    reds_shown = False
    for i in range(nvis):  # indicators that leave room for themselves
        t = visible[i]
        if t >= 34:
            if t >= 37:
                return None  # a bonus tile
            reds_shown = True
        else:
            n = 0
            for j in range(nvis):
                n += visible[j] == t
            if counts[t] + n > 4:
                return None
    if reds_shown:  # a red five shown: count the indicators by kind
        for i in range(nvis):
            vkind[i] = KIND_OF[visible[i]]
        for i in range(nvis):
            n = 0
            for j in range(nvis):
                n += vkind[j] == vkind[i]
            if counts[vkind[i]] + n > 4:
                return None
    if c.aka:  # more plain fives of a suit than the set's plain ones
        every_m = every_p = every_s = 0
        for i in range(nvis):
            every_m += visible[i] == 4
            every_p += visible[i] == 13
            every_s += visible[i] == 22
        if (  # (the fives by kind first, red ones included: the plain ones only when too many)
            counts[4] + every_m > 4 - c.max_m
            or counts[13] + every_p > 4 - c.max_p
            or counts[22] + every_s > 4 - c.max_s
        ):
            for i in range(ntiles):
                every_m += tiles[i] == 4
                every_p += tiles[i] == 13
                every_s += tiles[i] == 22
            if every_m > 4 - c.max_m or every_p > 4 - c.max_p or every_s > 4 - c.max_s:
                return None
    reds = 0
    if top >= 34 or reds_shown:
        every_m, every_p, every_s = red_m, red_p, red_s
        if reds_shown:
            for i in range(nvis):
                every_m += visible[i] == 34
                every_p += visible[i] == 35
                every_s += visible[i] == 36
        if every_m > c.max_m or every_p > c.max_p or every_s > c.max_s:
            return None
        reds = red_m + red_p + red_s
    # the melds' facts (yaku.meld_facts)
    for i in range(nmelds):
        if mtype_ids[i] == 0:  # chi
            h.mseq[h.nmseq] = mkind[i]
            h.nmseq += 1
            calls += 1
            continue
        h.mtrip[h.nmtrip] = mkind[i]
        h.nmtrip += 1
        h.meld_fu += _meld_fu(mkind[i], mlen[i] == 4, mtype_ids[i] == 4)
        if mlen[i] == 4:
            h.nkans += 1
        if mtype_ids[i] == 4:
            h.ankan += 1
        else:
            calls += 1
    _sort4(h.mseq, h.nmseq)
    _sort4(h.mtrip, h.nmtrip)
    closed = calls == 0
    # ---- the situation, checked as usual.py does
    seat_o = <object>sf[14]
    round_o = <object>sf[15]
    if not (_small_int(seat_o, 27, 30) and _small_int(round_o, 27, 30)):
        return decline
    seat = seat_o
    round_wind = round_o
    h.seat = seat
    h.round_wind = round_wind
    honba_o = <object>sf[16]
    sticks_o = <object>sf[17]
    discarder = <object>sf[18]
    if not (_small_int(honba_o, -(1 << 20), 1 << 20) and _small_int(sticks_o, -(1 << 20), 1 << 20)):
        return decline
    if discarder is not None and not _small_int(discarder, -(1 << 20), 1 << 20):
        return decline
    honba = honba_o
    sticks = sticks_o
    sit_mask = 0
    if h.sit[1] or h.sit[2] or h.sit[3] or h.sit[4] or h.sit[5] or h.sit[6] or h.sit[7] or h.sit[8]:
        for i in range(10):
            if h.sit[i]:
                sit_mask |= B_SIT[i]
        if _check_fails(&h, tsumo, closed, h.nkans > 0, nmelds > 0, honba, sticks,
                        discarder is None or 1 <= <long>discarder <= 3):
            sit.check(tsumo=tsumo, closed=closed, has_kan=h.nkans > 0, has_melds=nmelds > 0)
    else:
        if h.sit[0]:
            sit_mask = B_SIT[0]
        if (
            (sit_mask and not closed)
            or honba < 0
            or sticks < 0
            or not (discarder is None or 1 <= <long>discarder <= 3)
        ):
            sit.check(tsumo=tsumo, closed=closed, has_kan=h.nkans > 0, has_melds=nmelds > 0)
    if discarder is not None and not 1 <= <long>discarder <= 3:
        return decline  # (the situation's check let it through: the pure path)
    flags = <object>sf[19]
    if type(flags) is not tuple:
        return decline
    for i in range(PyTuple_GET_SIZE(flags)):  # (records carry flags that are not local-yaku inputs)
        item = <object>PyTuple_GET_ITEM(flags, i)
        if type(item) is not tuple or PyTuple_GET_SIZE(item) != 2:
            return decline
        if <object>PyTuple_GET_ITEM(item, 0) in _LOCAL_FLAGS:
            sit.local_inputs(tsumo=tsumo, meld_types=tuple([m.type for m in melds]))
            break
    # ---- the features of the hand (yaku.hand_features, from yaku.suit_info's)
    mask = _features(counts, &h) | sit_mask
    if closed:
        mask |= B_CLOSED
    if tsumo:
        mask |= B_TSUMO
    if not nmelds:
        mask |= B_NO_MELDS
    elif h.nkans >= 3:
        mask |= B_THREE_KANS
    h.closed = closed
    h.tsumo = tsumo
    win = KIND_OF[win_t]
    # ---- the dora (result.count_dora)
    dora_n = 0
    for i in range(ndora if c.kan_dora else min(ndora, 1)):
        dora_n += counts[DORA_KIND[visible[i]]]
    dora_han = dora_n
    if reds and c.aka:
        dora_han += reds
    ura_n = 0
    if (sit_mask & (B_SIT[0] | B_SIT[1])) and c.ura_dora:
        for i in range(nura if c.kan_ura_dora else min(nura, 1)):
            ura_n += counts[DORA_KIND[visible[ndora + i]]]
        dora_han += ura_n
    # ---- each reading (analysis.combine_parts), its yaku, fu and price
    lo[0], lo[1], lo[2], lo[3] = 0, 9, 18, 27
    sizes[0], sizes[1], sizes[2], sizes[3] = 9, 9, 9, 7
    npairs = 0
    for i in range(4):
        nsp[i] = _splits(conc, lo[i], sizes[i], win if lo[i] <= win < lo[i] + sizes[i] else -1,
                         sp[i])
        if nsp[i] > MAXSPLIT:
            return decline
        if nsp[i] and sp[i][0].pair >= 0:
            npairs += 1
    min_han = 2 if c.ryanhan_shibari and honba >= 5 else 1
    dealer = seat == 27
    ron = not tsumo
    n = 0  # the readings met
    if nsp[0] and nsp[1] and nsp[2] and nsp[3] and npairs == 1:
        for im in range(nsp[0]):
            for ip in range(nsp[1]):
                for is_ in range(nsp[2]):
                    for iz in range(nsp[3]):
                        parts[0], parts[1], parts[2], parts[3] = (
                            &sp[0][im], &sp[1][ip], &sp[2][is_], &sp[3][iz]
                        )
                        ws = parts[win // 9]
                        _standard_reading(parts, &r, &h)
                        for w in range(ws.nwaits):
                            n += 1
                            r.wait = ws.wait[w]
                            r.win_set = ws.wset[w]
                            got = _weigh(&r, &h, c, mask, min_han, dora_han, dealer, tsumo,
                                         melds, &best, &best_points, &best_han, &best_fu,
                                         &best_final, &best_tsumo_fu)
                            if got == -3:
                                return decline
                            if got < 0:
                                return None
                            found = found or got > 0
    if not nmelds and (n == 0 or pairs == 7):
        if pairs == 7:
            r.form = 1
            r.nsets = 0
            for i in range(34):
                if conc[i] == 2:
                    r.sets[r.nsets] = i
                    r.nsets += 1
            r.pair = -1
            r.wait = W_TANKI
            r.win_set = -1
            r.nctrip = r.nseq = r.ntrip = 0
            n += 1
            got = _weigh(&r, &h, c, mask, min_han, dora_han, dealer, tsumo, melds, &best,
                         &best_points, &best_han, &best_fu, &best_final, &best_tsumo_fu)
            if got == -3:
                return decline
            if got < 0:
                return None
            found = found or got > 0
        elif n == 0 and _kokushi(conc):
            return None  # thirteen orphans: the full scorer
    if not found:
        return None  # not complete, or no yaku: the full scorer says which
    return _objects(hand, sit, rules, c, &best, &h, best_final, best_han, best_fu, best.raw_fu,
                    best_tsumo_fu, dora_n, reds if c.aka else 0, ura_n, honba, sticks,
                    -1 if discarder is None else <int>discarder)


cdef void _sort4(int* xs, int n) noexcept:
    cdef int i, j, t
    for i in range(1, n):
        t = xs[i]
        j = i - 1
        while j >= 0 and xs[j] > t:
            xs[j + 1] = xs[j]
            j -= 1
        xs[j + 1] = t


cdef bint _kokushi(int* conc) noexcept:
    """analysis._special's thirteen orphans (14 concealed tiles)."""
    cdef int k, total = 0
    for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
        if conc[k] < 1:
            return False
        total += conc[k]
    return total == 14


cdef uint64_t _features(int* counts, Hand* h) noexcept:
    """The features of the tiles (yaku.suit_info of each suit, then yaku._features), and the
    kinds held, the suits and whether an honour is held."""
    cdef uint64_t every = ~(<uint64_t>0), some = 0, e, mask
    cdef int held[4]
    cdef int trips[4]
    cdef int suit, i, c, n_trips = 0, in_all
    cdef bint single
    h.kinds = 0
    h.n_suits = 0
    for suit in range(4):
        held[suit] = trips[suit] = 0
        single = False
        for i in range(7 if suit == 3 else 9):
            c = counts[9 * suit + i]
            if c:
                held[suit] |= 1 << i
                h.kinds |= (<uint64_t>1) << (9 * suit + i)
            if c >= 3:
                trips[suit] |= 1 << i
                n_trips += 1
            if c == 1:
                single = True
        e = 0 if single else B_NO_SINGLE
        if suit == 3:
            e |= B_ALL_YAOCHUU | B_ALL_HONOURS | B_NO_MIDDLE
            if not held[3]:
                e |= B_NO_YAOCHUU | B_ALL_TERMINALS | B_NO_HONOURS
            else:
                some |= B_HONOURS
            if not (held[3] & ~(1 << 5)):
                e |= B_ALL_GREEN
            if trips[3] >> 4 & 1:
                some |= B_HAKU
            if trips[3] >> 5 & 1:
                some |= B_HATSU
            if trips[3] >> 6 & 1:
                some |= B_CHUN
            if held[3] & 0b1110000 == 0b1110000:
                some |= B_THREE_DRAGONS
            if held[3] & 0b0001111 == 0b0001111:
                some |= B_FOUR_WINDS
        else:
            e |= B_NO_HONOURS
            if not (held[suit] & 0b100000001):
                e |= B_NO_YAOCHUU
            if not (held[suit] & 0b011111110):
                e |= B_ALL_YAOCHUU | B_ALL_TERMINALS
            if not held[suit]:
                e |= B_ALL_HONOURS
            if not (held[suit] & ~(0b010101110 if suit == 2 else 0)):
                e |= B_ALL_GREEN
            if not (held[suit] & 0b000111000):
                e |= B_NO_MIDDLE
            if held[suit] & held[suit] >> 1 & held[suit] >> 2:
                some |= B_SEQUENCE
            if held[suit] == 0b111111111:
                some |= B_ITTSU
            if held[suit]:
                h.n_suits += 1
        every &= e
    mask = every | some
    if h.n_suits == 1:
        mask |= B_ONE_SUIT
    in_all = held[0] & held[1] & held[2]
    if in_all & in_all >> 1 & in_all >> 2:
        mask |= B_SANSHOKU
    if n_trips:
        if trips[0] & trips[1] & trips[2]:
            mask |= B_SANSHOKU_TRIPLETS
        if trips[3] >> (h.seat - 27) & 1:
            mask |= B_SEAT_WIND
        if trips[3] >> (h.round_wind - 27) & 1:
            mask |= B_ROUND_WIND
        if n_trips >= 3:
            mask |= B_FOUR_TRIPLETS if n_trips >= 4 else B_THREE_TRIPLETS
    h.has_honor = held[3] != 0
    return mask


cdef void _standard_reading(Split** parts, Reading* r, Hand* h) noexcept:
    """The sets of a standard reading from the parts of its four suits (the sequences first,
    each suit's sorted and the suits in order: the sets sorted), its triplets and pair."""
    cdef int i, j, code, nseq = 0, ntrip = 0
    cdef int seq[4]
    cdef int trip[4]
    r.form = 0
    r.pair = -1
    for i in range(4):
        if parts[i].pair >= 0:
            r.pair = parts[i].pair
        for j in range(parts[i].nsets):
            code = parts[i].sets[j]
            if code < 34:
                seq[nseq] = code
                nseq += 1
            else:
                trip[ntrip] = code
                ntrip += 1
    r.nsets = nseq + ntrip
    for i in range(nseq):
        r.sets[i] = seq[i]
    for i in range(ntrip):
        r.sets[nseq + i] = trip[i]
        r.ctrip[i] = trip[i] - 34
    r.nctrip = ntrip
    _merge(seq, nseq, h.mseq, h.nmseq, r.seq, &r.nseq)
    _merge(r.ctrip, ntrip, h.mtrip, h.nmtrip, r.trip, &r.ntrip)


cdef int _weigh(Reading* r, Hand* h, _Rules c, uint64_t mask, int min_han, int dora_han,
                bint dealer, bint tsumo, object melds, Reading* best, int* best_points,
                int* best_han, int* best_fu, uint64_t* best_final, int* best_tsumo_fu) except -9:
    """Weighs one reading as usual.py does: -1 when the full scorer must take the hand (a
    row that is not a plain han yaku), 0 when it does not count, 1 when it does (*best* kept
    when it pays more, then more han, then more fu)."""
    cdef _Rows rows = _rows_of(c, r.form, h.closed)
    cdef uint64_t key = mask | (B_STANDARD if r.form == 0 else B_CHIITOITSU)
    cdef uint64_t bits = 0, dropped = 0, final, rest, met
    cdef int i, han = 0, fu, total, tsumo_fu = 0, pair_fu, points, k, yao
    cdef bint all_yaochuu = False, all_terminal = False, pinfu
    if r.form == 0 and mask & B_NO_MIDDLE:
        yao = _groups_yaochuu(r)
        all_yaochuu, all_terminal = yao & 1, yao >> 1
    # the rows whose needs the reading meets: every row, but those that need a feature it
    # lacks (by the features' bits: a row's need met when need & key == need)
    rest = rows.used & ~key
    met = rows.every
    while rest:
        met &= ~rows.need_rows[_ctz(rest)]
        rest &= rest - 1
    if met & rows.not_plain:
        return -1
    while met:  # (each in the rows' order)
        i = _ctz(met)
        met &= met - 1
        if _test(rows.pred[i], r, h, c, all_yaochuu, all_terminal):
            bits |= (<uint64_t>1) << i
    if not bits:
        return 0
    rest = bits
    while rest:  # (each row met, by its bit)
        i = _ctz(rest)
        rest &= rest - 1
        dropped |= rows.sup[i]
    final = bits & ~dropped
    rest = final
    while rest:
        i = _ctz(rest)
        rest &= rest - 1
        han += rows.han[i]
    if han < min_han:
        return 0
    pinfu = (final & rows.pinfu) != 0
    han += dora_han
    # the fu (fu.fu_of)
    if r.form == 1:
        fu = 25
        r.raw_fu = 25
    else:
        total = 20
        if tsumo:
            if pinfu:
                tsumo_fu = c.pinfu_tsumo_fu
            else:
                tsumo_fu = c.rinshan_tsumo_fu if h.sit[3] else 2
            total += tsumo_fu
        elif h.closed:
            total += 10
        for i in range(r.nctrip):
            k = r.ctrip[i]
            total += _meld_fu(k, False, not (not tsumo and r.wait == W_SHANPON
                                             and 34 + k == r.win_set))
        total += h.meld_fu
        if r.pair >= 27:
            pair_fu = 0
            if 31 <= r.pair <= 33:
                pair_fu = 2
            elif r.pair == h.seat and r.pair == h.round_wind:
                pair_fu = c.double_wind_pair_fu
            elif r.pair == h.seat or r.pair == h.round_wind:
                pair_fu = 2
            total += pair_fu
        if r.wait == W_KANCHAN or r.wait == W_PENCHAN or r.wait == W_TANKI:
            total += 2
        r.raw_fu = total
        if total == 20 and not h.closed and c.open_pinfu_fu:
            total = 30
        fu = (total + 9) // 10 * 10
    price = _price(c, han, fu, dealer, tsumo)
    if type(price) is not tuple or PyTuple_GET_SIZE(price) != 5:
        return -3  # not the table's price: the pure path
    points = _int(<object>PyTuple_GET_ITEM(price, 3))
    if points < 0:
        return -3
    if (
        best_points[0] < 0
        or points > best_points[0]
        or (points == best_points[0] and (han > best_han[0]
                                          or (han == best_han[0] and fu > best_fu[0])))
    ):
        best[0] = r[0]
        best_points[0] = points
        best_han[0] = han
        best_fu[0] = fu
        best_final[0] = final
        best_tsumo_fu[0] = tsumo_fu
        c.best_price = price
    return 1


cdef int _groups_yaochuu(Reading* r) noexcept:
    """yaku.groups_yaochuu: every group and the pair hold a terminal or honour (bit 0); a
    terminal (bit 1)."""
    cdef int i, k
    cdef bint yao, term
    yao = _yaochuu_kind(r.pair)
    term = yao and r.pair < 27
    for i in range(r.nseq):
        k = r.seq[i] % 9
        if k != 0 and k != 6:
            return 0
    for i in range(r.ntrip):
        k = r.trip[i]
        if not _yaochuu_kind(k):
            return 0
        if k >= 27:
            term = False
    if not yao:
        return 0
    return 1 | (2 if term else 0)


cdef object _price(_Rules c, int han, int fu, bint dealer, bint tsumo):
    """The table's price of *han* and *fu* (Table.price, through its cache), kept by
    reference in the ruleset's cells (a price is an immutable value of the table)."""
    cdef int cell = -1
    cdef PyObject* got
    if 0 <= han < 64 and 0 <= fu < 160:
        cell = ((han * 32 + fu // 5) * 2 + dealer) * 2 + tsumo
        got = PyList_GET_ITEM(c.cells, cell)
        if got != Y_NONE:
            return <object>got
    price = c.prices.get((han, fu, dealer, tsumo))
    if price is None:
        price = c.table.price(han, fu, dealer, tsumo)
    if cell >= 0:
        c.cells[cell] = price
    return price


# ---- the one place that makes Python objects ----------------------------------------------------

_DORA_IDS = ("dora", "aka_dora", "ura_dora")
_DORA_HITS = ([None] * 40, [None] * 40, [None] * 40)  # result.dora_hit's, as met
# fu.py's parts, kept by reference as met (a part is an immutable value), by what they depend
# on: a concealed triplet's by kind and whether a ron completed it (set_part: rule
# triplet_closed_* or triplet_ron_*), a meld's by type, lowest kind and size (meld_part: its
# rule comes from the type and kind, its tiles from the kind and size; a red five changes
# neither), a pair's by kind, rule and fu (pair_part), tsumo's by rule and fu (tsumo_part),
# the waits' (WAIT_PARTS)
_SET_PARTS = [None] * (34 * 2)
_MELD_PARTS = [None] * (5 * 34 * 2)
_PAIR_PARTS = [None] * (7 * 4 * 256)
_TSUMO_RULES = ("tsumo", "tsumo_pinfu", "tsumo_rinshan")  # fu.fu_of's, by _tsumo_rule
_TSUMO_PARTS = [None] * (3 * 128)
_WAIT_PART_OF = tuple(_fu.WAIT_PARTS.get(w) for w in _WAITS)
# fu.py's constant parts, read once (usual.py imports them once too)
cdef object _BASE_PART = _fu.BASE_PART
cdef object _CLOSED_RON_PART = _fu.CLOSED_RON_PART
cdef object _OPEN_PINFU_PART = _fu.OPEN_PINFU_PART
cdef object _CHIITOITSU_PARTS = _fu.CHIITOITSU_PARTS


cdef object _dora_hit(int which, int n):
    """result.dora_hit(id, n), kept by reference (a hit is an immutable value)."""
    cdef list kept = _DORA_HITS[which]
    if n >= 40:
        return _result.dora_hit(_DORA_IDS[which], n)
    got = kept[n]
    if got is None:
        got = kept[n] = _result.dora_hit(_DORA_IDS[which], n)
    return got


cdef object _set_part(int k, bint ron):
    got = _SET_PARTS[2 * k + ron]
    if got is None:
        got = _SET_PARTS[2 * k + ron] = _fu.set_part(34 + k, ron)
    return got


cdef object _meld_part(int mtype, int kind, bint quad, object meld):
    cdef int i = (mtype * 34 + kind) * 2 + quad
    got = _MELD_PARTS[i]
    if got is None:
        got = _MELD_PARTS[i] = _fu.meld_part(<object>_slot(meld, MELD_OFF[0]),
                                             <object>_slot(meld, MELD_OFF[1]))
    return got


cdef inline int _pair_rule(int pair, int seat, int round_wind) noexcept:
    """The rule of a pair of honours as fu.pair_part chooses it: 0 a dragon, 1 the seat
    wind, 2 the round wind, 3 both; -1 a pair worth nothing."""
    if 31 <= pair <= 33:
        return 0
    if pair == seat and pair == round_wind:
        return 3
    if pair == seat:
        return 1
    if pair == round_wind:
        return 2
    return -1


cdef object _pair_part(int pair, int rule, int fu, int seat, int round_wind, long double_fu):
    cdef int i = ((pair - 27) * 4 + rule) * 256 + fu
    if not 0 < fu < 256:
        return _fu.pair_part(pair, seat, round_wind, double_fu)
    got = _PAIR_PARTS[i]
    if got is None:
        got = _PAIR_PARTS[i] = _fu.pair_part(pair, seat, round_wind, double_fu)
    return got


cdef inline int _tsumo_rule(bint pinfu, bint rinshan) noexcept:
    """The rule of a tsumo's part as fu.fu_of chooses it (an index of _TSUMO_RULES)."""
    return 1 if pinfu else (2 if rinshan else 0)


cdef object _tsumo_part(int fu, int rule):
    cdef int i = rule * 128 + fu
    if not 0 < fu < 128:
        return _fu.tsumo_part(fu, _TSUMO_RULES[rule])
    got = _TSUMO_PARTS[i]
    if got is None:
        got = _TSUMO_PARTS[i] = _fu.tsumo_part(fu, _TSUMO_RULES[rule])
    return got


# The values a Score is made of, kept by their content as met: each is an immutable value
# (a frozen dataclass, or a tuple of them), so that equal ones may be the same object, as the
# parts and hits above are.  Each cache is an array of slots chosen by a hash of its key,
# the key kept beside the value, a new value replacing the slot's old one: bounded, and a
# cache full (or a key whose slot another holds) only makes a value again, the same value.
# (Not the readings: nearly every win has its own, 6,298 readings in 6,350 real wins.)
DEF NFU = 2048  # the tuples of fu parts, by their parts (2,361 in the real wins)
DEF NDORA = 16  # the tuples of dora hits, by their three counts (each below NDORA)
cdef tuple _WAITS_T = _WAITS
cdef tuple _WAIT_PART_T = _WAIT_PART_OF
cdef uint64_t FU_HASH[NFU]
cdef list _FU_TUPLES = [None] * NFU
cdef list _DORA_TUPLES = [None] * (NDORA * NDORA * NDORA)


cdef inline size_t _slot_of(uint64_t key, int bits) noexcept:
    """The slot of *key* in a cache of 2 ** *bits* slots (Fibonacci hashing)."""
    return <size_t>((key * <uint64_t>0x9E3779B97F4A7C15) >> (64 - bits))


cdef object _new_reading(Reading* r):
    """The analysis.Reading of *r* (as analysis.combine_parts makes it), a new one."""
    cdef int i
    cdef tuple t = PyTuple_New(r.nsets)
    for i in range(r.nsets):
        v = _pyint(r.sets[i])
        Py_INCREF(v)
        PyTuple_SET_ITEM(t, i, v)
    d = PyType_GenericAlloc(Decomposition, 0)
    _fill(d, DECOMPOSITION_OFF[0], t)
    _fill(d, DECOMPOSITION_OFF[1], _pyint(r.pair))
    _fill(d, DECOMPOSITION_OFF[2], _STANDARD_NAME if r.form == 0 else _CHIITOITSU_NAME)
    reading = PyType_GenericAlloc(PyReading, 0)
    _fill(reading, READING_OFF[0], d)
    _fill(reading, READING_OFF[1], <object>PyTuple_GET_ITEM(_WAITS_T, r.wait))
    _fill(reading, READING_OFF[2], _pyint(r.win_set))
    return reading


cdef object _fu_tuple(PyObject** parts, int n):
    """The tuple of the fu parts *parts* (borrowed), kept by the parts it holds."""
    cdef uint64_t h = <uint64_t>n
    cdef size_t slot
    cdef int i
    cdef PyObject* kept
    for i in range(n):
        h = (h ^ <uint64_t><size_t>parts[i]) * <uint64_t>0x100000001B3
    h |= 1  # (0: an empty slot)
    slot = _slot_of(h, 11)
    if FU_HASH[slot] == h:
        kept = PyList_GET_ITEM(_FU_TUPLES, slot)
        if PyTuple_GET_SIZE(<object>kept) == n:
            for i in range(n):
                if PyTuple_GET_ITEM(<object>kept, i) != parts[i]:
                    break
            else:
                return <object>kept
    t = PyTuple_New(n)
    for i in range(n):
        Py_INCREF(<object>parts[i])
        PyTuple_SET_ITEM(t, i, <object>parts[i])
    _FU_TUPLES[slot] = t
    FU_HASH[slot] = h
    return t


cdef object _new_dora(int dora_n, int reds, int ura_n):
    """The dora hits (result.count_dora's, in its order)."""
    dora = ()
    if dora_n:
        dora = (_dora_hit(0, dora_n),)
    if reds:
        dora += (_dora_hit(1, reds),)
    if ura_n:
        dora += (_dora_hit(2, ura_n),)
    return dora


cdef object _dora_of(int dora_n, int reds, int ura_n):
    cdef int i
    if not (0 <= dora_n < NDORA and 0 <= reds < NDORA and 0 <= ura_n < NDORA):
        return _new_dora(dora_n, reds, ura_n)
    i = (dora_n * NDORA + reds) * NDORA + ura_n
    got = <object>PyList_GET_ITEM(_DORA_TUPLES, i)
    if got is None:
        got = _new_dora(dora_n, reds, ura_n)
        _DORA_TUPLES[i] = got
    return got


cdef object _hits_of(_Rows rows, uint64_t final):
    """The table's hits of the rows *final* (Candidates.plain_hits: the table's hits,
    superseded ones dropped), in the rows' order, kept by the rows they come from."""
    cdef size_t slot = _slot_of(final, 10)
    cdef int i, n
    if final and rows.hit_key[slot] == final:
        return <object>PyList_GET_ITEM(rows.hit_tuples, slot)
    hits = PyTuple_New(_popcount(final))
    n = 0
    for i in range(rows.n):
        if final >> i & 1:
            v = <object>PyList_GET_ITEM(rows.hits, i)
            Py_INCREF(v)
            PyTuple_SET_ITEM(hits, n, v)
            n += 1
    if final:
        rows.hit_tuples[slot] = hits
        rows.hit_key[slot] = final
    return hits


cdef object _objects(object hand, object sit, object rules, _Rules c, Reading* r, Hand* h,
                     uint64_t final, int han, int fu, int raw_fu, int tsumo_fu, int dora_n,
                     int reds, int ura_n, long honba, long sticks_n, int discarder):
    """Builds the Score of the best reading *r* of the hand *h* (its rows *final*, *han*,
    *fu* and the fu before rounding *raw_fu*) with the pure modules' constructors and
    caches: the reading (as analysis.combine_parts), the table's yaku hits, the fu parts (as
    usual.py lists them, from riichi/fu.py), the dora hits, the table's price, the payments
    and the Score (made at its slots, as tenpai._fastnew's builders do).  Each value but the
    Score is kept by its content (above)."""
    cdef int i, n, pair_rule, pair_fu, dealer_rel, d1, d2, d3
    cdef long sticks, each, points_c
    cdef bint tsumo = h.tsumo, closed = h.closed
    cdef int seat = h.seat, round_wind = h.round_wind
    cdef _Rows rows = _rows_of(c, r.form, closed)
    cdef uint64_t pkey
    cdef size_t pslot = 0
    cdef bint paid = False
    cdef PyObject* keep[12]  # the fu parts, in order (borrowed: base, tsumo or closed ron, 4 sets, 4 melds, pair, wait, pinfu)
    cdef object tsumo_part, pair_part  # (those two may be made here: kept alive while used)
    cdef PyObject* wait_part
    reading = _new_reading(r)
    hits = _hits_of(rows, final)
    # the fu (as usual.py lists the parts: base, tsumo or closed ron, the concealed
    # triplets, the melds, the pair, the wait, open pinfu)
    if r.form == 1:
        fu_parts = _CHIITOITSU_PARTS
    else:
        keep[0] = <PyObject*>_BASE_PART
        n = 1
        if tsumo:
            if tsumo_fu:
                tsumo_part = _tsumo_part(tsumo_fu, _tsumo_rule((final & rows.pinfu) != 0,
                                                              h.sit[3] != 0))
                keep[n] = <PyObject*>tsumo_part
                n += 1
        elif closed:
            keep[n] = <PyObject*>_CLOSED_RON_PART
            n += 1
        for i in range(r.nctrip):  # (the parts below are kept by their caches: borrowed)
            part = _set_part(r.ctrip[i], not tsumo and r.wait == W_SHANPON
                             and 34 + r.ctrip[i] == r.win_set)
            keep[n] = <PyObject*>part
            n += 1
        for i in range(h.nmelds):
            if h.mtype[i] != 0:  # (a chi has no part)
                part = _meld_part(h.mtype[i], h.mkind[i], h.mlen[i] == 4,
                                  <object>PyTuple_GET_ITEM(<object>_slot(hand, HAND_OFF[1]), i))
                keep[n] = <PyObject*>part
                n += 1
        if r.pair >= 27:
            pair_rule = _pair_rule(r.pair, seat, round_wind)
            pair_fu = 0 if pair_rule < 0 else (c.double_wind_pair_fu if pair_rule == 3 else 2)
            if pair_fu:
                pair_part = _pair_part(r.pair, pair_rule, pair_fu, seat, round_wind,
                                       c.double_wind_pair_fu)
                keep[n] = <PyObject*>pair_part
                n += 1
        wait_part = PyTuple_GET_ITEM(_WAIT_PART_T, r.wait)
        if wait_part != Y_NONE:
            keep[n] = wait_part
            n += 1
        if raw_fu == 20 and not closed and c.open_pinfu_fu:
            keep[n] = <PyObject*>_OPEN_PINFU_PART
            n += 1
        fu_parts = _fu_tuple(keep, n)
    dora = _dora_of(dora_n, reds, ura_n)
    price = c.best_price
    basic, limit, base, points, base_items = price
    # the payments (result.plain_payments's two constructors with its arguments, called
    # here: a call of plain_payments on each miss cost about 4 % of the cold round) and the
    # seats' deltas (usual.py), kept by what they depend on: the price (its cell), who pays
    # (the dealer's seat from the winner, or the discarder), the honba and the sticks (a key
    # of 0: too large to keep), in the ruleset's slots
    pkey = 0
    if 0 <= han < 64 and 0 <= fu < 160 and 0 <= honba < (1 << 14) and 0 <= sticks_n < (1 << 14):
        pkey = (
            ((((han * 32 + fu // 5) * 2 + (seat == 27)) * 2 + tsumo) + 1)
            | (<uint64_t>(seat - 27 if tsumo else discarder + 1)) << 13
            | (<uint64_t>honba) << 16
            | (<uint64_t>sticks_n) << 30
        )
        pslot = _slot_of(pkey, 12)
        if c.pay_key[pslot] == pkey:
            payments, deltas = <object>PyList_GET_ITEM(c.pay_vals, pslot)
            paid = True
    if not paid:
        sticks = c.riichi_deposit * sticks_n
        points_c = points
        if tsumo:
            dealer_rel = (31 - seat) % 4  # sit.dealer_rel: (27 - seat) % 4, non-negative in C
            each = c.honba_tsumo * honba
            payments = _result.tsumo_payments(base.get("dealer", 0), base["non_dealer"], each,
                                              dealer_rel)
            d1 = <long>(base["dealer"] if dealer_rel == 1 else base["non_dealer"]) + each
            d2 = <long>(base["dealer"] if dealer_rel == 2 else base["non_dealer"]) + each
            d3 = <long>(base["dealer"] if dealer_rel == 3 else base["non_dealer"]) + each
            deltas = (sticks + d1 + d2 + d3, -d1, -d2, -d3)
        else:
            each = c.honba_ron * honba
            payments = (_result.payment(None if discarder < 0 else discarder, base["ron"], each,
                                        "ron"),)
            deltas = None
            if discarder >= 0:  # (1 to 3: the others were declined)
                deltas = (
                    sticks + points_c + each,
                    -(points_c + each) if discarder == 1 else 0,
                    -(points_c + each) if discarder == 2 else 0,
                    -(points_c + each) if discarder == 3 else 0,
                )
        if pkey:
            c.pay_vals[pslot] = (payments, deltas)
            c.pay_key[pslot] = pkey
    # the Score, as result.make_score makes it (at its slots: hand, situation, rules,
    # reading, yaku, dora, yakuman, han, fu, fu_parts, basic, limit, points, payments,
    # base_payments, deltas: _SCORE_FIELDS)
    score = PyType_GenericAlloc(_Score, 0)
    _fill(score, SCORE_OFF[0], hand)
    _fill(score, SCORE_OFF[1], sit)
    _fill(score, SCORE_OFF[2], rules)
    _fill(score, SCORE_OFF[3], reading)
    _fill(score, SCORE_OFF[4], hits)
    _fill(score, SCORE_OFF[5], dora)
    _fill(score, SCORE_OFF[6], ())
    _fill(score, SCORE_OFF[7], _pyint(han))
    _fill(score, SCORE_OFF[8], _pyint(fu))
    _fill(score, SCORE_OFF[9], fu_parts)
    _fill(score, SCORE_OFF[10], basic)
    _fill(score, SCORE_OFF[11], limit)
    _fill(score, SCORE_OFF[12], points)
    _fill(score, SCORE_OFF[13], payments)
    _fill(score, SCORE_OFF[14], base_items)
    _fill(score, SCORE_OFF[15], deltas)
    return score
