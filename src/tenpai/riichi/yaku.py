"""The standard yaku and yakuman as data (riichi.md §5), and the facts they read.

A yaku is a :class:`Yaku` row: its id, names, closed/open han (``None`` open = closed only),
what it supersedes, the option that gates it, and a one-line predicate over the
:class:`Facts` of one reading. The scorer is a generic loop over :data:`STANDARD_YAKU`.
Rows are in the card's order (seed 001), which the card and explanations reuse.
The local yaku (:mod:`tenpai.riichi.local`) are rows of the same form; the fields they
need beyond han (a limit floor, a fixed limit, irregular shapes, liability...) default to
the standard behaviour.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..analysis import RYANMEN, SHANPON, TANKI, Reading, is_seq, set_kind
from ..hand import Hand
from ..tiles import DRAGONS, GREEN, GREEN_KINDS, WINDS, YAOCHUU, is_red, kind
from .rules import Ruleset
from .situation import NO_INPUTS, LocalInputs, Situation

__all__ = ["REGULAR_FORMS", "STANDARD_YAKU", "YAKU_BY_ID", "Facts", "Yaku", "facts_of"]

REGULAR_FORMS = frozenset({"standard", "chiitoitsu", "kokushi"})
"""The winning shapes of riichi.md §3.1; a local yaku may accept an irregular one."""

_YAOCHUU = frozenset(YAOCHUU)
_GREEN = frozenset(GREEN_KINDS)
_TERMINALS = frozenset((0, 8, 9, 17, 18, 26))


@dataclass(frozen=True, slots=True)
class Facts:
    """What the yaku predicates read about one reading, computed once.

    *seqs* and *trips* include the called melds (kinds: first of a sequence, kind of a
    triplet or quad); *ankou* counts concealed triplets and quads, a triplet completed by
    ron not included (riichi.md §3.4). *counts* cover every tile, melds included (a quad
    counts 4). For the local yaku: *inputs* (the checked local flags), *reds* (red fives),
    *calls* (melds other than ankan), *ittsu_suit* (first kind of the suit holding
    123-456-789, -1 if none), *bare_groups* / *inner_groups* (first kinds of the groups and
    the pair holding no terminal-or-honour / no terminal), *pip_sum* (the sum of the numbers
    of every numbered tile).
    """

    hand: Hand
    reading: Reading
    sit: Situation
    rules: Ruleset
    form: str
    closed: bool
    tsumo: bool
    win: int
    wait: str
    pair: int
    seqs: tuple[int, ...]
    trips: tuple[int, ...]
    kans: tuple[int, ...]
    ankou: int
    counts: tuple[int, ...]
    kinds: frozenset[int]
    groups_all_yaochuu: bool
    groups_all_terminal: bool
    inputs: LocalInputs = NO_INPUTS
    reds: int = 0
    calls: int = 0
    ittsu_suit: int = -1
    bare_groups: tuple[int, ...] = ()
    inner_groups: tuple[int, ...] = ()
    pip_sum: int = 0

    @property
    def n_suits(self) -> int:
        """Gets how many of the three suits appear."""
        return sum(1 for s in range(3) if any(self.counts[9 * s : 9 * s + 9]))

    @property
    def has_honor(self) -> bool:
        """Tells whether any honour tile appears."""
        return any(self.counts[27:])


def facts_of(
    hand: Hand,
    reading: Reading,
    sit: Situation,
    rules: Ruleset,
    inputs: LocalInputs = NO_INPUTS,
) -> Facts:
    """Computes the facts of one *reading* of *hand* in *sit* under *rules*.

    *inputs* are the checked local-yaku flags of *sit* (:meth:`Situation.local_inputs`).
    """
    d = reading.decomposition
    assert hand.win_tile is not None
    win = kind(hand.win_tile)
    counts = [0] * 34
    for t in hand.all_tiles():
        counts[kind(t)] += 1
    seqs: list[int] = []
    trips: list[int] = []
    kans: list[int] = []
    ankou = 0
    groups: list[tuple[int, ...]] = []
    if d.form == "standard":
        for code in d.sets:
            k = set_kind(code)
            if is_seq(code):
                seqs.append(k)
                groups.append((k, k + 1, k + 2))
            else:
                trips.append(k)
                groups.append((k,))
                if not (code == reading.win_set and not hand.tsumo and reading.wait == SHANPON):
                    ankou += 1
        for m in hand.melds:
            k = m.kind
            if m.is_chi:
                seqs.append(k)
                groups.append((k, k + 1, k + 2))
            else:
                trips.append(k)
                groups.append((k,))
                if m.is_kan:
                    kans.append(k)
                if m.type == "ankan":
                    ankou += 1
        groups.append((d.pair,))
    bare = tuple(sorted(g[0] for g in groups if not any(k in _YAOCHUU for k in g)))
    inner = tuple(sorted(g[0] for g in groups if not any(k in _TERMINALS for k in g)))
    have = set(seqs)
    ittsu = [s for s in (0, 9, 18) if s in have and s + 3 in have and s + 6 in have]
    return Facts(
        hand=hand,
        reading=reading,
        sit=sit,
        rules=rules,
        form=d.form,
        closed=hand.is_closed,
        tsumo=hand.tsumo,
        win=win,
        wait=reading.wait,
        pair=d.pair,
        seqs=tuple(sorted(seqs)),
        trips=tuple(sorted(trips)),
        kans=tuple(kans),
        ankou=ankou,
        counts=tuple(counts),
        kinds=frozenset(k for k in range(34) if counts[k]),
        groups_all_yaochuu=bool(groups) and not bare,
        groups_all_terminal=bool(groups) and not inner,
        inputs=inputs,
        reds=sum(1 for t in hand.all_tiles() if is_red(t)),
        calls=sum(1 for m in hand.melds if m.is_open),
        ittsu_suit=ittsu[0] if ittsu else -1,
        bare_groups=bare,
        inner_groups=inner,
        pip_sum=sum((k % 9 + 1) * counts[k] for k in range(27)),
    )


@dataclass(frozen=True, slots=True)
class Yaku:
    """One yaku row: values (han, or the yakuman multiple), names, relations, predicate.

    *open* is None for a closed-only yaku (*closed* None: open only); for a yakuman,
    *closed*/*open* are its multiple (a double variant of riichi.md §5.5 counts 2 when the
    ruleset's ``double_yakuman`` holds its id). *gate* is a boolean ruleset option that must be on.

    Local yaku (local-yaku.md §0.2) also use: *limit*, a limit floor (``mangan``...): the
    hand is a valid win with it alone and its basic points are ``max(limit, value of the
    hand)``, the row's han (often 0) included in that value; *fixed*: the hand is worth
    exactly *limit*, other yaku and dora ignored; *forms*, the shapes the row reads (an
    irregular shape is scored by its own rows only); *needs_han*, han of other yaku the
    row needs to count (a yakuman among them is enough); *pao*, a yakuman with liability
    (riichi.md §9); *liable*, the player who pays the whole hand (maneman); *collects_stick*,
    the winner also takes the discarder's riichi stick (tsubame gaeshi).
    """

    id: str
    closed: int | None
    open: int | None
    test: Callable[[Facts], bool]
    romaji: str
    kanji: str
    en: str
    fr: str
    fr_gloss: str
    fr_desc: str
    en_desc: str
    yakuman: bool = False
    supersedes: tuple[str, ...] = ()
    gate: str | None = None
    card: bool = True
    limit: str | None = None
    fixed: bool = False
    forms: frozenset[str] = REGULAR_FORMS
    needs_han: int = 0
    pao: bool = False
    liable: Callable[[Facts], int | None] | None = None
    collects_stick: bool = False


def _yakuhai(k: int) -> Callable[[Facts], bool]:
    return lambda f: k in f.trips


def _is_pinfu(f: Facts) -> bool:
    return (
        f.closed
        and f.form == "standard"
        and len(f.seqs) == 4
        and f.wait == RYANMEN
        and f.pair not in DRAGONS
        and f.pair not in (f.sit.seat_wind, f.sit.round_wind)
    )


def _iipeikou(f: Facts) -> bool:
    s = f.seqs
    return f.closed and f.form == "standard" and len(set(s)) < len(s)


def _ryanpeikou(f: Facts) -> bool:
    s = f.seqs
    return f.closed and len(s) == 4 and s[0] == s[1] and s[2] == s[3]


def _sanshoku(xs: tuple[int, ...]) -> bool:
    have = set(xs)
    return any(n in have and n + 9 in have and n + 18 in have for n in range(9))


def _ittsu(f: Facts) -> bool:
    have = set(f.seqs)
    return any(s in have and s + 3 in have and s + 6 in have for s in (0, 9, 18))


def _one_suit(f: Facts) -> bool:
    return f.n_suits == 1


def _chuuren_counts(f: Facts) -> bool:
    if not f.closed or f.hand.melds or f.n_suits != 1 or f.has_honor:
        return False
    base = 9 * (min(f.kinds) // 9)
    c = f.counts[base : base + 9]
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(c[i] >= need[i] for i in range(9))


def _junsei_chuuren(f: Facts) -> bool:
    if not _chuuren_counts(f):
        return False
    base = 9 * (f.win // 9)
    c = list(f.counts[base : base + 9])
    c[f.win - base] -= 1
    return c == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _suuankou(f: Facts) -> bool:
    return f.form == "standard" and f.ankou == 4


def _tsuuiisou(f: Facts) -> bool:
    return all(k >= 27 for k in f.kinds)


def _chinroutou(f: Facts) -> bool:
    return all(k in _TERMINALS for k in f.kinds)


def _ryuuiisou(f: Facts) -> bool:
    return all(k in _GREEN for k in f.kinds) and (
        GREEN in f.kinds or not f.rules.ryuuiisou_requires_hatsu
    )


def _honroutou(f: Facts) -> bool:
    return (
        all(k in _YAOCHUU for k in f.kinds)
        and any(k >= 27 for k in f.kinds)
        and any(k < 27 for k in f.kinds)
    )


def _chanta(f: Facts) -> bool:
    return f.groups_all_yaochuu and bool(f.seqs) and f.has_honor


def _junchan(f: Facts) -> bool:
    return f.groups_all_terminal and bool(f.seqs) and not f.has_honor


def _shousangen(f: Facts) -> bool:
    return f.pair in DRAGONS and sum(1 for k in DRAGONS if k in f.trips) == 2


def _daisangen(f: Facts) -> bool:
    return all(k in f.trips for k in DRAGONS)


def _winds_trips(f: Facts) -> int:
    return sum(1 for k in WINDS if k in f.trips)


def _y(
    id: str,
    closed: int | None,
    open: int | None,
    test: Callable[[Facts], bool],
    romaji: str,
    kanji: str,
    en: str,
    fr: str,
    fr_gloss: str,
    fr_desc: str,
    en_desc: str,
    **kw: object,
) -> Yaku:
    return Yaku(id, closed, open, test, romaji, kanji, en, fr, fr_gloss, fr_desc, en_desc, **kw)  # type: ignore[arg-type]


# Rows in the order of the card (seed 001): by closed han, then the yakuman.
# fmt: off
STANDARD_YAKU: tuple[Yaku, ...] = (
    _y(
        "riichi",
        1,
        None,
        lambda f: f.sit.riichi and not f.sit.double_riichi,
        "Riichi",
        "立直",
        "Riichi",
        "Riichi",
        "déclaration",
        "Main fermée et riichi déclaré.",
        "Closed hand and riichi declared.",
    ),
    _y(
        "ippatsu",
        1,
        None,
        lambda f: f.sit.ippatsu,
        "Ippatsu",
        "一発",
        "One-shot",
        "Ippatsu",
        "coup immédiat",
        "Victoire avant votre prochaine défausse après le riichi, sans appel entre-temps.",
        "Win before your next discard after riichi, with no call in between.",
        gate="ippatsu",
    ),
    _y(
        "menzen_tsumo",
        1,
        None,
        lambda f: f.closed and f.tsumo,
        "Menzen tsumo",
        "門前清自摸和",
        "Fully concealed self-draw",
        "Menzen tsumo",
        "pioche main fermée",
        "Victoire sur votre propre pioche avec une main fermée (les kan fermés ne l’ouvrent pas).",
        "Win on your own draw with a closed hand (closed kans keep it closed).",
    ),
    _y(
        "haitei",
        1,
        1,
        lambda f: f.sit.haitei,
        "Haitei raoyue",
        "海底摸月",
        "Under the sea",
        "Haitei",
        "dernière pioche",
        "Tsumo sur la dernière tuile du mur.",
        "Tsumo on the last tile of the wall.",
    ),
    _y(
        "houtei",
        1,
        1,
        lambda f: f.sit.houtei,
        "Houtei raoyui",
        "河底撈魚",
        "Under the river",
        "Houtei",
        "dernière défausse",
        "Ron sur la toute dernière défausse.",
        "Ron on the very last discard.",
    ),
    _y(
        "rinshan",
        1,
        1,
        lambda f: f.sit.rinshan,
        "Rinshan kaihou",
        "嶺上開花",
        "After a kan",
        "Rinshan kaihou",
        "tuile de remplacement",
        "Victoire sur la tuile piochée après un kan.",
        "Win on the tile drawn after a kan.",
    ),
    _y(
        "chankan",
        1,
        1,
        lambda f: f.sit.chankan,
        "Chankan",
        "槍槓",
        "Robbing a kan",
        "Chankan",
        "vol du kan",
        "Ron sur la tuile qu’un adversaire ajoute à son pon pour en faire un kan.",
        "Ron on the tile an opponent adds to his pon to make a kan.",
    ),
    _y(
        "pinfu",
        1,
        None,
        _is_pinfu,
        "Pinfu",
        "平和",
        "All sequences, no fu",
        "Pinfu",
        "main sans points",
        "Main fermée, quatre suites, paire sans valeur et attente ryanmen.",
        "Closed hand, four sequences, a pair of no value and a two-sided wait.",
    ),
    _y(
        "tanyao",
        1,
        1,
        lambda f: not (f.kinds & _YAOCHUU) and (f.closed or f.rules.kuitan),
        "Tanyao",
        "断么九",
        "All simples",
        "Tanyao",
        "tout simples",
        "Uniquement des tuiles de 2 à 8, aucun honneur ni terminale.",
        "Only tiles 2 to 8, no honour and no terminal.",
    ),
    _y(
        "iipeikou",
        1,
        None,
        _iipeikou,
        "Iipeikou",
        "一盃口",
        "Pure double sequence",
        "Iipeikou",
        "double suite",
        "Deux suites identiques dans la même famille, main fermée.",
        "Two identical sequences in one suit, closed hand.",
    ),
    _y(
        "yakuhai_haku",
        1,
        1,
        _yakuhai(31),
        "Haku",
        "白",
        "White dragon",
        "Haku",
        "dragon blanc",
        "Brelan ou carré de dragons blancs.",
        "Triplet or quad of white dragons.",
    ),
    _y(
        "yakuhai_hatsu",
        1,
        1,
        _yakuhai(32),
        "Hatsu",
        "發",
        "Green dragon",
        "Hatsu",
        "dragon vert",
        "Brelan ou carré de dragons verts.",
        "Triplet or quad of green dragons.",
    ),
    _y(
        "yakuhai_chun",
        1,
        1,
        _yakuhai(33),
        "Chun",
        "中",
        "Red dragon",
        "Chun",
        "dragon rouge",
        "Brelan ou carré de dragons rouges.",
        "Triplet or quad of red dragons.",
    ),
    _y(
        "yakuhai_seat",
        1,
        1,
        lambda f: f.sit.seat_wind in f.trips,
        "Jikaze",
        "自風",
        "Seat wind",
        "Vent du siège",
        "jikaze",
        "Brelan ou carré de votre propre vent.",
        "Triplet or quad of your own wind.",
    ),
    _y(
        "yakuhai_round",
        1,
        1,
        lambda f: f.sit.round_wind in f.trips,
        "Bakaze",
        "場風",
        "Round wind",
        "Vent de la manche",
        "bakaze",
        "Brelan ou carré du vent de la manche.",
        "Triplet or quad of the round wind.",
    ),
    _y(
        "double_riichi",
        2,
        None,
        lambda f: f.sit.double_riichi,
        "Double riichi",
        "両立直",
        "Double riichi",
        "Double riichi",
        "riichi au premier tour",
        "Riichi déclaré dès votre première défausse, sans aucun appel avant. Remplace riichi.",
        "Riichi declared with your first discard, no call before. Replaces riichi.",
        supersedes=("riichi",),
        gate="double_riichi",
    ),
    _y(
        "chiitoitsu",
        2,
        None,
        lambda f: f.form == "chiitoitsu",
        "Chiitoitsu",
        "七対子",
        "Seven pairs",
        "Chiitoitsu",
        "sept paires",
        "Sept paires toutes différentes. Toujours 25 fu.",
        "Seven different pairs. Always 25 fu.",
    ),
    _y(
        "toitoi",
        2,
        2,
        lambda f: len(f.trips) == 4,
        "Toitoi",
        "対々和",
        "All triplets",
        "Toitoi",
        "tout brelans",
        "Quatre brelans ou carrés.",
        "Four triplets or quads.",
    ),
    _y(
        "sanankou",
        2,
        2,
        lambda f: f.ankou >= 3,
        "Sanankou",
        "三暗刻",
        "Three concealed triplets",
        "Sanankou",
        "trois brelans cachés",
        "Trois brelans ou carrés fermés. Un brelan complété par ron ne compte pas comme caché.",
        "Three closed triplets or quads. A triplet completed by ron is not concealed.",
    ),
    _y(
        "sankantsu",
        2,
        2,
        lambda f: len(f.kans) == 3,
        "Sankantsu",
        "三槓子",
        "Three quads",
        "Sankantsu",
        "trois carrés",
        "Trois kan, ouverts ou fermés.",
        "Three kans, open or closed.",
    ),
    _y(
        "sanshoku_doujun",
        2,
        1,
        lambda f: _sanshoku(f.seqs),
        "Sanshoku doujun",
        "三色同順",
        "Mixed triple sequence",
        "Sanshoku doujun",
        "suite tricolore",
        "La même suite dans les trois familles.",
        "The same sequence in all three suits.",
    ),
    _y(
        "sanshoku_doukou",
        2,
        2,
        lambda f: _sanshoku(tuple(k for k in f.trips if k < 27)),
        "Sanshoku doukou",
        "三色同刻",
        "Triple triplets",
        "Sanshoku doukou",
        "brelan tricolore",
        "Le même brelan dans les trois familles.",
        "The same triplet in all three suits.",
    ),
    _y(
        "ittsu",
        2,
        1,
        _ittsu,
        "Ittsu",
        "一気通貫",
        "Pure straight",
        "Ittsu",
        "grande suite",
        "1-2-3, 4-5-6 et 7-8-9 dans la même famille.",
        "1-2-3, 4-5-6 and 7-8-9 in one suit.",
    ),
    _y(
        "chanta",
        2,
        1,
        _chanta,
        "Chanta",
        "混全帯么九",
        "Half outside hand",
        "Chanta",
        "terminales et honneurs partout",
        "Chaque groupe et la paire contiennent une terminale ou un honneur, avec au moins une "
        "suite.",
        "Every set and the pair hold a terminal or an honour, with at least one sequence.",
    ),
    _y(
        "honroutou",
        2,
        2,
        _honroutou,
        "Honroutou",
        "混老頭",
        "All terminals and honours",
        "Honroutou",
        "terminales et honneurs",
        "Uniquement des terminales et des honneurs.",
        "Only terminals and honours.",
    ),
    _y(
        "shousangen",
        2,
        2,
        _shousangen,
        "Shousangen",
        "小三元",
        "Little three dragons",
        "Shousangen",
        "petits trois dragons",
        "Deux brelans de dragons et une paire du troisième. Les deux yakuhai s’ajoutent.",
        "Two dragon triplets and a pair of the third. Both dragon yakuhai add.",
    ),
    _y(
        "ryanpeikou",
        3,
        None,
        _ryanpeikou,
        "Ryanpeikou",
        "二盃口",
        "Twice pure double sequence",
        "Ryanpeikou",
        "deux doubles suites",
        "Deux fois deux suites identiques, main fermée. Remplace iipeikou.",
        "Two pairs of identical sequences, closed hand. Replaces iipeikou.",
        supersedes=("iipeikou",),
    ),
    _y(
        "junchan",
        3,
        2,
        _junchan,
        "Junchan",
        "純全帯么九",
        "Fully outside hand",
        "Junchan",
        "terminales partout",
        "Chaque groupe et la paire contiennent un 1 ou un 9, sans honneur, avec au moins une "
        "suite.",
        "Every set and the pair hold a 1 or a 9, no honour, with at least one sequence.",
        supersedes=("chanta",),
    ),
    _y(
        "honitsu",
        3,
        2,
        lambda f: _one_suit(f) and f.has_honor,
        "Honitsu",
        "混一色",
        "Half flush",
        "Honitsu",
        "semi-pur",
        "Une seule famille plus des honneurs.",
        "One suit plus honours.",
    ),
    _y(
        "chinitsu",
        6,
        5,
        lambda f: _one_suit(f) and not f.has_honor,
        "Chinitsu",
        "清一色",
        "Full flush",
        "Chinitsu",
        "pur",
        "Une seule famille, aucun honneur.",
        "One suit, no honour.",
        supersedes=("honitsu",),
    ),
    # ---- yakuman (value = multiple) ----
    _y(
        "kokushi",
        1,
        None,
        lambda f: f.form == "kokushi",
        "Kokushi musou",
        "国士無双",
        "Thirteen orphans",
        "Kokushi musou",
        "treize orphelins",
        "Un de chacun des treize terminales et honneurs, plus un double.",
        "One of each of the thirteen terminals and honours, plus a pair.",
        yakuman=True,
    ),
    _y(
        "kokushi_13",
        1,
        None,
        lambda f: f.form == "kokushi" and f.pair == f.win,
        "Kokushi musou juusanmen",
        "国士無双十三面",
        "Thirteen orphans, 13-sided wait",
        "Kokushi musou 13 attentes",
        "treize orphelins, 13 attentes",
        "Les treize terminales et honneurs en main, gagné sur l’un d’eux.",
        "The thirteen terminals and honours in hand, won on any of them.",
        yakuman=True,
        supersedes=("kokushi",),
        card=False,
    ),
    _y(
        "suuankou",
        1,
        None,
        _suuankou,
        "Suuankou",
        "四暗刻",
        "Four concealed triplets",
        "Suuankou",
        "quatre brelans cachés",
        "Quatre brelans ou carrés fermés (sur ron, seulement en attente sur la paire).",
        "Four closed triplets or quads (on ron, only when waiting on the pair).",
        yakuman=True,
    ),
    _y(
        "suuankou_tanki",
        1,
        None,
        lambda f: _suuankou(f) and f.wait == TANKI,
        "Suuankou tanki",
        "四暗刻単騎",
        "Four concealed triplets, single wait",
        "Suuankou tanki",
        "quatre brelans cachés, attente sur la paire",
        "Les quatre brelans étaient faits ; la victoire complète la paire.",
        "The four triplets were made; the win completes the pair.",
        yakuman=True,
        supersedes=("suuankou",),
        card=False,
    ),
    _y(
        "daisangen",
        1,
        1,
        _daisangen,
        "Daisangen",
        "大三元",
        "Big three dragons",
        "Daisangen",
        "grands trois dragons",
        "Brelans ou carrés des trois dragons.",
        "Triplets or quads of all three dragons.",
        yakuman=True,
    ),
    _y(
        "shousuushii",
        1,
        1,
        lambda f: _winds_trips(f) == 3 and f.pair in WINDS,
        "Shousuushii",
        "小四喜",
        "Little four winds",
        "Shousuushii",
        "petits quatre vents",
        "Trois brelans de vents et une paire du quatrième.",
        "Three wind triplets and a pair of the fourth.",
        yakuman=True,
    ),
    _y(
        "daisuushii",
        1,
        1,
        lambda f: _winds_trips(f) == 4,
        "Daisuushii",
        "大四喜",
        "Big four winds",
        "Daisuushii",
        "grands quatre vents",
        "Brelans ou carrés des quatre vents.",
        "Triplets or quads of all four winds.",
        yakuman=True,
        supersedes=("shousuushii",),
    ),
    _y(
        "tsuuiisou",
        1,
        1,
        _tsuuiisou,
        "Tsuuiisou",
        "字一色",
        "All honours",
        "Tsuuiisou",
        "tout honneurs",
        "Uniquement des honneurs.",
        "Only honours.",
        yakuman=True,
    ),
    _y(
        "chinroutou",
        1,
        1,
        _chinroutou,
        "Chinroutou",
        "清老頭",
        "All terminals",
        "Chinroutou",
        "tout terminales",
        "Uniquement des 1 et des 9.",
        "Only 1s and 9s.",
        yakuman=True,
    ),
    _y(
        "ryuuiisou",
        1,
        1,
        _ryuuiisou,
        "Ryuuiisou",
        "緑一色",
        "All green",
        "Ryuuiisou",
        "tout vert",
        "Uniquement 2, 3, 4, 6, 8 de bambou et dragon vert.",
        "Only 2, 3, 4, 6, 8 of bamboo and green dragons.",
        yakuman=True,
    ),
    _y(
        "chuuren",
        1,
        None,
        _chuuren_counts,
        "Chuuren poutou",
        "九蓮宝燈",
        "Nine gates",
        "Chuuren poutou",
        "neuf portes",
        "1112345678999 d’une famille plus une tuile de la même famille, main fermée.",
        "1112345678999 of one suit plus any tile of that suit, closed hand.",
        yakuman=True,
    ),
    _y(
        "junsei_chuuren",
        1,
        None,
        _junsei_chuuren,
        "Junsei chuuren poutou",
        "純正九蓮宝燈",
        "True nine gates",
        "Chuuren poutou pur",
        "neuf portes, 9 attentes",
        "1112345678999 en main, gagné sur n’importe quelle tuile de la famille.",
        "1112345678999 in hand, won on any tile of the suit.",
        yakuman=True,
        supersedes=("chuuren",),
        card=False,
    ),
    _y(
        "suukantsu",
        1,
        1,
        lambda f: len(f.kans) == 4,
        "Suukantsu",
        "四槓子",
        "Four quads",
        "Suukantsu",
        "quatre carrés",
        "Quatre kan.",
        "Four kans.",
        yakuman=True,
    ),
    _y(
        "tenhou",
        1,
        None,
        lambda f: f.sit.tenhou,
        "Tenhou",
        "天和",
        "Blessing of heaven",
        "Tenhou",
        "main du ciel",
        "Le donneur gagne sur sa main de départ.",
        "The dealer wins on his starting hand.",
        yakuman=True,
    ),
    _y(
        "chiihou",
        1,
        None,
        lambda f: f.sit.chiihou,
        "Chiihou",
        "地和",
        "Blessing of earth",
        "Chiihou",
        "main de la terre",
        "Un non-donneur gagne sur sa première pioche, sans appel avant.",
        "A non-dealer wins on his first draw, with no call before.",
        yakuman=True,
    ),
    _y(
        "renhou",
        1,
        None,
        lambda f: f.sit.renhou and f.rules.renhou == "yakuman",
        "Renhou",
        "人和",
        "Blessing of man",
        "Renhou",
        "main de l’homme",
        "Ron avant votre première pioche, sans appel avant.",
        "Ron before your first draw, with no call before.",
        yakuman=True,
        card=False,
    ),
)
"""Every standard yaku and yakuman, in the card's order."""
# fmt: on

YAKU_BY_ID: dict[str, Yaku] = {y.id: y for y in STANDARD_YAKU}

# Renhou valued below yakuman (riichi.md §5.4): a 5-han yaku or a limit floor.
# fmt: off
RENHOU_YAKU = Yaku(
    "renhou",
    5,
    None,
    lambda f: f.sit.renhou,
    "Renhou",
    "人和",
    "Blessing of man",
    "Renhou",
    "main de l’homme",
    "Ron avant votre première pioche, sans appel avant.",
    "Ron before your first draw, with no call before.",
    card=False,
)
# fmt: on
