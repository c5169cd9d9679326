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

It mirrors pure sources that other changes may edit: :data:`MIRRORS` holds the SHA-256 of
each as this file was written against it, and ``tenpai._compiled.mirror`` uses this module
only while they all match (else the pure path runs, and tests/test_compiled_score.py fails,
naming the file to port).  Whatever it does not handle (a ruleset with local yaku, a value
of an unexpected type, a shape beyond its arrays) goes to the pure fast core (``decline``),
so the answers never differ; tests/test_compiled_score.py checks them against it.
"""

from libc.stdint cimport uint64_t

# The pure sources this module mirrors (paths under src/tenpai), with the SHA-256 of the
# version it was written against.  After a change to one of them: port the change here,
# then write its new hash (the failing test prints them).
MIRRORS = {
    "riichi/usual.py": "3d4763067c38f84b4fc6b10553193e168f5c7a8d92919cf44fbb7e8419ed6256",
    "riichi/yaku.py": "830228d900a98424553b903b519aa532224b31e401c8d985d50d4597efc6beac",
    "riichi/fu.py": "1a85a838284b62852272a5a9bfc33fd5974b1490eb8f726441785440002cd8aa",
    "riichi/table.py": "699d7104f489be3bbb058328f8b61c24c032eab8302b83c9ece1e1fd53a5c811",
    "riichi/result.py": "9e1d2708af1902e42a03fb9dc480b42ea1ac50a6c98691dbd9d6c41f425351d6",
    "analysis.py": "2b5cca75a8b14971a2e40eac1eb5441a5f0bac571b5779cdce1a3df8b269bca8",
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
from .yaku import FEATURE_BITS

_WAITS = (RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI)
_WAIT_ID = {w: i for i, w in enumerate(_WAITS)}
_MELD_IDS = {"chi": 0, "pon": 1, "daiminkan": 2, "shouminkan": 3, "ankan": 4}
_DecompositionBuilder = builder(Decomposition)
_ReadingBuilder = builder(PyReading)
_ScoreBuilder = _result.ScoreBuilder
_Score = _result.Score
_STANDARD_NAME = "standard"
_CHIITOITSU_NAME = "chiitoitsu"

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
    cdef uint64_t pinfu  # the bits of the pinfu rows
    cdef list hits  # each row's YakuHit (the table's)


cdef class _Rules:
    """What the scorer reads of one ruleset, and its table's rows."""

    cdef object rules
    cdef object table
    cdef object prices  # the table's price cache (a dict)
    cdef bint ok  # False: the pure path scores under these rules
    cdef bint aka, kan_dora, ura_dora, kan_ura_dora, ryanhan_shibari, open_pinfu_fu, kuitan
    cdef int max_m, max_p, max_s
    cdef long pinfu_tsumo_fu, rinshan_tsumo_fu, double_wind_pair_fu
    cdef _Rows std_open, std_closed, chii_open, chii_closed  # by shape, open or closed
    cdef object price_cells  # dict (han, fu, dealer, tsumo) -> the table's price


cdef bint _small_int(object x, long lo, long hi):
    return type(x) is int and lo <= x <= hi


cdef _Rows _read_rows(object eligible):
    """Reads the rows of Table.eligible, but those that need renhou (a renhou is always the
    full scorer's: no hand this module scores meets that need)."""
    cdef _Rows r = _Rows()
    cdef int i, j
    r.hits = []
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
    for i, (_, _, row) in enumerate(kept):
        r.sup[i] = 0
        for j in range(r.n):
            if ids[j] in row[0].supersedes:
                r.sup[i] |= (<uint64_t>1) << j
    return r


cdef _Rules _read_rules(object rules, object table):
    cdef _Rules c = _Rules()
    cdef int f, closed
    c.rules = rules
    c.table = table
    c.prices = table.prices
    c.price_cells = {}
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


cdef _Rules _rules_of(object rules, object table):
    cdef _Rules c = _RULES.get(id(rules))
    if c is not None and c.rules is rules and c.table is table:
        return c
    c = _read_rules(rules, table)
    if len(_RULES) >= 64:
        _RULES.clear()
    _RULES[id(rules)] = c
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
    uint64_t kinds  # bit k: kind k held (melds included)
    char sit[10]  # the situation's WIN_FLAGS
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


def score_usual_c(hand, sit, rules, table):
    """Like :func:`score_usual`, but gets :data:`decline` where the pure fast core must
    score (for the tests to count what is scored here)."""
    return _score(hand, sit, rules, table)


cdef object _score(object hand, object sit, object rules, object table):
    cdef _Rules c = _rules_of(rules, table)
    cdef int counts[34]
    cdef int conc[34]  # the concealed tiles' counts (hand.counts)
    cdef int visible[MAXIND]
    cdef int vkind[MAXIND]
    cdef int nvis, ndora, nura, i, j, t, k, n, top, nmelds, nconc, reds, calls
    cdef int mtype_ids[4]
    cdef int mkind[4]
    cdef int mlen[4]
    cdef bint reds_shown, tsumo, closed, ron, dealer
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
    if not c.ok:
        return decline
    # ---- as usual.py: what the full scorer takes
    if sit.renhou or sit.chankan_ankan or sit.pao is not None:
        return None
    win_tile = hand.win_tile
    if not _small_int(win_tile, 0, 36):
        return None if win_tile is not None and _small_int(win_tile, 37, 1 << 20) else decline
    concealed = hand.concealed
    melds = hand.melds
    htsumo = hand.tsumo
    hcounts = hand.counts
    if type(concealed) is not tuple or type(melds) is not tuple or type(hcounts) is not tuple:
        return decline
    if type(htsumo) is not bool or len(hcounts) != 34:
        return decline
    tsumo = htsumo
    nconc = len(concealed)
    nmelds = len(melds)
    for i in range(34):
        x = hcounts[i]
        if not _small_int(x, 0, 1 << 20):
            return decline
        counts[i] = x
        conc[i] = x
    top = win_tile
    for x in concealed:
        if not _small_int(x, 0, 1 << 20):
            return decline
        if <int>x > top:
            top = x
    # ---- the tiles, checked as usual.py does
    reds = 0
    calls = 0
    h.ankan = 0
    h.nkans = 0
    h.nmseq = 0
    h.nmtrip = 0
    h.meld_fu = 0
    if nmelds:
        if nconc + 3 * nmelds != 13 or nmelds > 4:
            return None
        for i in range(nmelds):
            m = melds[i]
            mtiles = m.tiles
            mid = _MELD_IDS.get(m.type, -1)
            if mid < 0 or type(mtiles) is not tuple or not 3 <= len(mtiles) <= 4:
                return decline
            mtype_ids[i] = mid
            mlen[i] = len(mtiles)
            k = 99
            for x in mtiles:
                if not _small_int(x, 0, 1 << 20):
                    return decline
                t = x
                if t >= 37:
                    return None
                counts[KIND_OF[t]] += 1
                if t > top:
                    top = t
                if t >= 34:
                    reds += 1
                if KIND_OF[t] < k:
                    k = KIND_OF[t]
            mkind[i] = k
    elif nconc != 13:
        return None
    if top >= 37:
        return None
    for i in range(34):
        if counts[i] > 4:
            return None
    dora_inds = sit.dora_indicators
    ura_inds = sit.ura_indicators
    if type(dora_inds) is not tuple or type(ura_inds) is not tuple:
        return decline
    ndora = len(dora_inds)
    nura = len(ura_inds)
    nvis = ndora + nura
    if nvis > MAXIND:
        return decline
    for i in range(nvis):
        x = dora_inds[i] if i < ndora else ura_inds[i - ndora]
        if not _small_int(x, 0, 1 << 20):
            return decline
        visible[i] = x
    reds_shown = False
    for i in range(nvis):
        t = visible[i]
        if t >= 34:
            if t >= 37:
                return None
            reds_shown = True
        else:
            n = 0
            for j in range(nvis):
                n += visible[j] == t
            if counts[t] + n > 4:
                return None
    if reds_shown:
        for i in range(nvis):
            vkind[i] = KIND_OF[visible[i]]
        for i in range(nvis):
            n = 0
            for j in range(nvis):
                n += vkind[j] == vkind[i]
            if counts[vkind[i]] + n > 4:
                return None
    if c.aka:
        every_m = every_p = every_s = 0
        for i in range(nvis):
            every_m += visible[i] == 4
            every_p += visible[i] == 13
            every_s += visible[i] == 22
        if (
            counts[4] + every_m > 4 - c.max_m
            or counts[13] + every_p > 4 - c.max_p
            or counts[22] + every_s > 4 - c.max_s
        ):
            return None
    # the red fives among the concealed tiles and the winning tile (the melds' counted above)
    for x in concealed:
        if <int>x >= 34:
            reds += 1
    if win_tile >= 34:
        reds += 1
    if top >= 34 or reds_shown:
        every_m = every_p = every_s = 0
        for x in concealed:
            every_m += x == 34
            every_p += x == 35
            every_s += x == 36
        every_m += win_tile == 34
        every_p += win_tile == 35
        every_s += win_tile == 36
        for i in range(nmelds):
            for x in melds[i].tiles:
                every_m += x == 34
                every_p += x == 35
                every_s += x == 36
        if reds_shown:
            for i in range(nvis):
                every_m += visible[i] == 34
                every_p += visible[i] == 35
                every_s += visible[i] == 36
        if every_m > c.max_m or every_p > c.max_p or every_s > c.max_s:
            return None
    else:
        reds = 0
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
    seat_o = sit.seat_wind
    round_o = sit.round_wind
    if not (_small_int(seat_o, 27, 30) and _small_int(round_o, 27, 30)):
        return decline
    seat = seat_o
    round_wind = round_o
    h.seat = seat
    h.round_wind = round_wind
    h.sit[0] = bool(sit.riichi)
    h.sit[1] = bool(sit.double_riichi)
    h.sit[2] = bool(sit.ippatsu)
    h.sit[3] = bool(sit.rinshan)
    h.sit[4] = bool(sit.chankan)
    h.sit[5] = bool(sit.haitei)
    h.sit[6] = bool(sit.houtei)
    h.sit[7] = bool(sit.tenhou)
    h.sit[8] = bool(sit.chiihou)
    h.sit[9] = False  # renhou: taken by the full scorer above
    honba_o = sit.honba
    sticks_o = sit.riichi_sticks
    discarder = sit.discarder
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
    flags = sit.flags
    if type(flags) is not tuple:
        return decline
    for item in flags:  # (records carry flags that are not local-yaku inputs)
        if type(item) is not tuple or len(item) != 2:
            return decline
        if item[0] in LOCAL_FLAGS:
            sit.local_inputs(tsumo=tsumo, meld_types=tuple([m.type for m in melds]))
            break
    # ---- the features of the hand (yaku.suit_info and usual.py)
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
    win = KIND_OF[win_tile]
    # ---- the dora (usual.py)
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
                            if got < 0:
                                return None
                            found = found or got > 0
    if not nmelds and (n == 0 or _count_pairs(conc) == 7):
        if _count_pairs(conc) == 7:
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
            if got < 0:
                return None
            found = found or got > 0
        elif n == 0 and _kokushi(conc):
            return None  # thirteen orphans: the full scorer
    if not found:
        return None  # not complete, or no yaku: the full scorer says which
    return _objects(hand, sit, rules, c, &best, best_final, best_han, best_fu, best_tsumo_fu,
                    dora_n, reds if c.aka else 0, ura_n, tsumo, closed, seat, round_wind)


cdef void _sort4(int* xs, int n) noexcept:
    cdef int i, j, t
    for i in range(1, n):
        t = xs[i]
        j = i - 1
        while j >= 0 and xs[j] > t:
            xs[j + 1] = xs[j]
            j -= 1
        xs[j + 1] = t


cdef int _count_pairs(int* conc) noexcept:
    cdef int i, n = 0
    for i in range(34):
        n += conc[i] == 2
    return n


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
                int* best_han, int* best_fu, uint64_t* best_final, int* best_tsumo_fu) except -2:
    """Weighs one reading as usual.py does: -1 when the full scorer must take the hand (a
    row that is not a plain han yaku), 0 when it does not count, 1 when it does (*best* kept
    when it pays more, then more han, then more fu)."""
    cdef _Rows rows = _rows_of(c, r.form, h.closed)
    cdef uint64_t key = mask | (B_STANDARD if r.form == 0 else B_CHIITOITSU)
    cdef uint64_t bits = 0, dropped = 0, final, need
    cdef int i, han = 0, fu, total, tsumo_fu = 0, pair_fu, points, k
    cdef bint all_yaochuu = False, all_terminal = False, pinfu
    if r.form == 0 and mask & B_NO_MIDDLE:
        all_yaochuu, all_terminal = _groups_yaochuu(r)
    for i in range(rows.n):
        need = rows.needs[i]
        if need & key != need:
            continue
        if not rows.plain[i]:
            return -1
        if _test(rows.pred[i], r, h, c, all_yaochuu, all_terminal):
            bits |= (<uint64_t>1) << i
    if not bits:
        return 0
    for i in range(rows.n):
        if bits >> i & 1:
            dropped |= rows.sup[i]
    final = bits & ~dropped
    for i in range(rows.n):
        if final >> i & 1:
            han += rows.han[i]
    if han < min_han:
        return 0
    pinfu = (final & rows.pinfu) != 0
    han += dora_han
    # the fu (fu.fu_of)
    if r.form == 1:
        fu = 25
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
        if total == 20 and not h.closed and c.open_pinfu_fu:
            total = 30
        fu = (total + 9) // 10 * 10
    price = _price(c, han, fu, dealer, tsumo)
    points = price[3]
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
    return 1


cdef tuple _groups_yaochuu(Reading* r):
    """yaku.groups_yaochuu: every group and the pair hold a terminal or honour; a terminal."""
    cdef int i, k
    cdef bint yao, term
    yao = _yaochuu_kind(r.pair)
    term = yao and r.pair < 27
    for i in range(r.nseq):
        k = r.seq[i] % 9
        if k != 0 and k != 6:
            return False, False
    for i in range(r.ntrip):
        k = r.trip[i]
        if not _yaochuu_kind(k):
            return False, False
        if k >= 27:
            term = False
    if not yao:
        return False, False
    return True, term


cdef object _price(_Rules c, int han, int fu, bint dealer, bint tsumo):
    """The table's price of *han* and *fu* (Table.price, through its cache)."""
    key = (han, fu, dealer, tsumo)
    got = c.prices.get(key)
    if got is None:
        got = c.table.price(han, fu, dealer, tsumo)
    return got


# ---- the one place that makes Python objects ----------------------------------------------------


cdef object _objects(object hand, object sit, object rules, _Rules c, Reading* r,
                     uint64_t final, int han, int fu, int tsumo_fu, int dora_n, int reds,
                     int ura_n, bint tsumo, bint closed, int seat, int round_wind):
    """Builds the Score of the best reading *r* (its rows *final*, *han* and *fu*) with the
    pure modules' constructors and caches: the reading, the table's yaku hits, the fu parts
    (as usual.py lists them), the dora hits, the price, the payments and the Score."""
    cdef int i
    cdef _Rows rows = _rows_of(c, r.form, closed)
    # the reading (analysis.combine_parts)
    d = _DecompositionBuilder()
    d.sets = tuple([r.sets[i] for i in range(r.nsets)])
    d.pair = r.pair
    d.form = _STANDARD_NAME if r.form == 0 else _CHIITOITSU_NAME
    d.__class__ = Decomposition
    reading = _ReadingBuilder()
    reading.decomposition = d
    reading.wait = _WAITS[r.wait]
    reading.win_set = r.win_set
    reading.__class__ = PyReading
    # the yaku (Candidates.plain_hits)
    hits = tuple([rows.hits[i] for i in range(rows.n) if final >> i & 1])
    # the fu (as usual.py lists the parts)
    if r.form == 1:
        fu_parts = _fu.CHIITOITSU_PARTS
    else:
        fu_list = [_fu.BASE_PART]
        if tsumo:
            if tsumo_fu:
                pinfu = (final & rows.pinfu) != 0
                fu_list.append(_fu.tsumo_part(tsumo_fu, "pinfu" if pinfu else ""))
        elif closed:
            fu_list.append(_fu.CLOSED_RON_PART)
        if r.nctrip:
            if not tsumo and r.wait == W_SHANPON:
                for i in range(r.nctrip):
                    fu_list.append(_fu.set_part(34 + r.ctrip[i], 34 + r.ctrip[i] == r.win_set))
            else:
                fu_list += _fu.closed_triplets_parts(tuple([r.ctrip[i] for i in range(r.nctrip)]))[0]
        for m in hand.melds:
            if m.type != "chi":
                fu_list.append(_fu.meld_part(m.type, m.tiles))
        if r.pair >= 27:
            pair_fu = 0
            if 31 <= r.pair <= 33:
                pair_fu = 2
            elif r.pair == seat and r.pair == round_wind:
                pair_fu = c.double_wind_pair_fu
            elif r.pair == seat or r.pair == round_wind:
                pair_fu = 2
            if pair_fu:
                fu_list.append(_fu.pair_part(r.pair, pair_fu))
        wait_part = _fu.WAIT_PARTS.get(reading.wait)
        if wait_part is not None:
            fu_list.append(wait_part)
        if sum([p.fu for p in fu_list]) == 20 and not closed and c.open_pinfu_fu:
            fu_list.append(_fu.OPEN_PINFU_PART)
        fu_parts = tuple(fu_list)
    # the dora (usual.py)
    dora = ()
    if dora_n:
        dora = (_result.dora_hit("dora", dora_n),)
    if reds:
        dora += (_result.dora_hit("aka_dora", reds),)
    if ura_n:
        dora += (_result.dora_hit("ura_dora", ura_n),)
    basic, limit, base, points, base_items = _price(c, han, fu, seat == 27, tsumo)
    # the payments (usual.py)
    sticks = rules.riichi_deposit * sit.riichi_sticks
    if tsumo:
        payments = _result.tsumo_payments(
            base.get("dealer", 0), base["non_dealer"], rules.honba_tsumo * sit.honba,
            (31 - seat) % 4,  # sit.dealer_rel (27 - seat) % 4, kept non-negative in C
        )
        right, across, left = payments
        d1 = right.amount + right.honba
        d2 = across.amount + across.honba
        d3 = left.amount + left.honba
        deltas = (sticks + d1 + d2 + d3, -d1, -d2, -d3)
    else:
        discarder = sit.discarder
        honba = rules.honba_ron * sit.honba
        payments = (_result.payment(discarder, base["ron"], honba, "ron"),)
        deltas = None
        if discarder is not None:
            dl = [sticks + points + honba, 0, 0, 0]
            dl[discarder] = -(points + honba)
            deltas = (dl[0], dl[1], dl[2], dl[3])
    score = _ScoreBuilder()
    score.hand = hand
    score.situation = sit
    score.rules = rules
    score.reading = reading
    score.yaku = hits
    score.dora = dora
    score.yakuman = ()
    score.han = han
    score.fu = fu
    score.fu_parts = fu_parts
    score.basic = basic
    score.limit = limit
    score.points = points
    score.payments = payments
    score.base_payments = base_items
    score.deltas = deltas
    score.__class__ = _Score
    return score
