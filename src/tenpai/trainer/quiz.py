"""Questions on a dealt hand, answers typed naturally, grading part by part.

The parts a player may ask for: ``yaku`` (the list), ``han``, ``fu``, ``points`` (who pays
what) and ``waits`` (the tiles the hand waited on). Answers are read forgivingly: ``3900``,
``3 900``, ``1300-2600``, ``1300/2600``, ``2000 all``, ``2000 tout``; yaku by id, romaji,
French or English name, misspellings included. Every graded part names the concepts it
exercised (``yaku:pinfu``, ``fu:closed_ron``, ``cell:3han30fu``...) for the progress store.

>>> from tenpai.trainer.deal import deal
>>> d = deal(3)
>>> [q.part for q in questions(d, QuizOptions())]
['yaku', 'han', 'fu', 'points']
>>> parse_points("1 300-2 600"), parse_points("2000 tout")
(Points(values=(1300, 2600), all=False), Points(values=(2000,), all=True))
>>> sorted(parse_yaku("riichi, tout simples + pinfuu"))
['pinfu', 'riichi', 'tanyao']
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import unicodedata
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cache

from ..errors import NotationError, TenpaiError
from ..explain import fmt_points, yaku_name
from ..riichi import sanma
from ..riichi.names import EMA_NAMES, yaku_of_ema_name
from ..riichi.score import Score, score
from ..riichi.situation import Situation
from ..riichi.yaku import RENHOU_YAKU, STANDARD_YAKU
from ..tiles import format_tiles, kind, parse_tiles
from .deal import Deal, waits_of

__all__ = [
    "PARTS",
    "AnswerError",
    "Graded",
    "Points",
    "Question",
    "QuizOptions",
    "answer_error",
    "concept_focus",
    "grade",
    "parse_count",
    "parse_points",
    "parse_waits",
    "parse_yaku",
    "questions",
    "quiz_score",
]

PARTS = ("yaku", "han", "fu", "points", "waits")
"""The parts a player may be asked, in the card's order (then the waits)."""


class AnswerError(TenpaiError):
    """Raised when an answer cannot be read; the message says what to type, in English
    (``str``) and in French (*fr*, :meth:`text`)."""

    kind = "AnswerError"

    def __init__(self, message: str, fr: str | None = None) -> None:
        super().__init__(message)
        self.fr = fr if fr is not None else message

    def text(self, lang: str) -> str:
        """Gets the message in *lang* (``fr``, else English)."""
        return self.fr if lang == "fr" else str(self)


# fmt: off
_HINTS: dict[str, tuple[str, str]] = {
    # what to type when an answer cannot be read: key: (English, French)
    "no_yaku": ("no yaku called {names!r}: type yaku names separated by commas, e.g. riichi, "
                "pinfu, tanyao",
                "aucun yaku nommé {names!r} : tapez les noms des yaku séparés par des virgules, "
                "par exemple riichi, pinfu, tanyao"),
    "yaku": ("type the yaku separated by commas, e.g. riichi, pinfu, tanyao",
             "tapez les yaku séparés par des virgules, par exemple riichi, pinfu, tanyao"),
    "count": ("type a whole number of {unit}, e.g. {example}",
              "tapez un nombre entier de {unit}, par exemple {example}"),
    "points": ("cannot read points {given!r}: type 3900 (ron), 1300-2600 (non-dealer and dealer "
               "share of a tsumo) or 2000 all (a dealer's tsumo)",
               "points illisibles {given!r} : tapez 3900 (ron), 1300-2600 (parts du non-donneur "
               "et du donneur sur tsumo) ou 2000 all (tsumo du donneur)"),
    "points_count": ("cannot read points {given!r}: one amount (3900 or 2000 all) or two "
                     "(1300-2600)",
                     "points illisibles {given!r} : un montant (3900 ou 2000 all) ou deux "
                     "(1300-2600)"),
    "waits_notation": ("cannot read the waits: {problem}; type tiles like 47s or 3m6m",
                       "attentes illisibles : {problem} ; tapez des tuiles comme 47s ou 3m6m"),
    "waits": ("type the waiting tiles, e.g. 47s", "tapez les tuiles attendues, par exemple 47s"),
    "hk_no_item": ("no fan item called {names!r}: type the items separated by commas, e.g. no "
                   "flowers, self-drawn, all chows",
                   "aucun élément de fan nommé {names!r} : tapez les éléments séparés par des "
                   "virgules, par exemple sans fleurs, zimo, tous chows"),
    "hk_items": ("type the fan items separated by commas, e.g. no flowers, all chows",
                 "tapez les éléments de fan séparés par des virgules, par exemple sans fleurs, "
                 "tous chows"),
    "hk_no_amount": ("no amount after {word!r}: {help}", "pas de montant après {word!r} : {help}"),
    "hk_payments": ("cannot read payments {given!r}: {help}",
                    "paiements illisibles {given!r} : {help}"),
    "hk_twice": ("{seat} is given twice: {help}", "{seat} est donné deux fois : {help}"),
    "hk_both": ("one share each or the total, not both: {help}",
                "une part chacun ou le total, pas les deux : {help}"),
    "hk_help": ("type the payments per seat (E -8, W -8, N -8, S +24), one share each (8 each) or "
                "the winner's total (24 total)",
                "tapez les paiements par place (E -8, W -8, N -8, S +24), une part chacun "
                "(8 each) ou le total du gagnant (24 total)"),
}
# fmt: on


def answer_error(key: str, **values: object) -> AnswerError:
    """Makes the :class:`AnswerError` of hint *key* in English and French; a ``help`` value
    is the ``hk_help`` hint in each language.

    >>> e = answer_error("points", given="beaucoup")
    >>> e.text("fr")[:34]
    "points illisibles 'beaucoup' : tap"
    """
    en, fr = _HINTS[key]
    if "{help}" in en:
        help_en, help_fr = _HINTS["hk_help"]
        return AnswerError(en.format(help=help_en, **values), fr.format(help=help_fr, **values))
    return AnswerError(en.format(**values), fr.format(**values))


@dataclass(frozen=True, slots=True)
class QuizOptions:
    """What to ask and how: *ask* (parts), *fu_above_4* (also ask the fu of hands of 5 han and
    more, where fu no longer count), *kiriage* (None: as the rules say), *extras* (honba and
    riichi sticks in the points), *timer* (seconds per part; a late answer counts wrong)."""

    ask: tuple[str, ...] = ("yaku", "han", "fu", "points")
    fu_above_4: bool = False
    kiriage: bool | None = None
    extras: bool = True
    timer: float | None = None


@dataclass(frozen=True, slots=True)
class Points:
    """A points answer: one amount (a ron, or a total), two (non-dealer and dealer share of a
    tsumo, in any order), or one paid by *all* (a dealer's tsumo)."""

    values: tuple[int, ...]
    all: bool = False


@dataclass(frozen=True, slots=True)
class Question:
    """One part to answer: the *part*, its *expected* value, the text of the right answer,
    the *concepts* it exercises, the *accepted* alternatives (a total for points), and the
    prompt *words* (French and English, or a catalogue id) for a part of another variant
    (default: the riichi prompt of *part*)."""

    part: str
    expected: object
    answer_text: str
    concepts: tuple[str, ...]
    accepted: tuple[object, ...] = ()
    words: tuple[str, str] | str | None = None

    def prompt(self, lang: str = "en") -> str:
        """Gets the question's words in *lang* (*words* may be a catalogue id)."""
        if isinstance(self.words, str):
            from ..i18n import tr

            return tr(self.words, lang)
        fr, en = self.words or _PROMPTS[self.part]
        return fr if lang == "fr" else en


_PROMPTS = {
    "yaku": ("Yaku ?", "Yaku?"),
    "han": ("Han (dora compris) ?", "Han (dora included)?"),
    "fu": ("Fu ?", "Fu?"),
    "points": ("Points (qui paie quoi) ?", "Points (who pays what)?"),
    "waits": ("Attentes (tuiles) ?", "Waits (tiles)?"),
}


@dataclass(frozen=True, slots=True)
class Graded:
    """A graded part: was it *ok*, what was *given* and the right *answer*, a *note* (what was
    missing or extra), and each concept with its own verdict."""

    part: str
    ok: bool
    given: str
    answer: str
    note: str
    concepts: tuple[tuple[str, bool], ...]


# ---- the questions of a hand ---------------------------------------------------------------


def quiz_score(d: Deal, options: QuizOptions) -> Score:
    """Scores the dealt hand as the quiz asks it: kiriage as chosen, honba and sticks left out
    when *options.extras* is off."""
    rules = d.rules
    if options.kiriage is not None and options.kiriage != rules.kiriage:
        rules = rules.with_options(kiriage=options.kiriage)
    sit: Situation = d.situation
    if not options.extras and (sit.honba or sit.riichi_sticks):
        sit = dataclasses.replace(sit, honba=0, riichi_sticks=0)
    if rules is d.rules and sit is d.situation:
        return d.score
    return score(d.hand, sit, rules)


def _fu_concepts(s: Score) -> tuple[str, ...]:
    if s.fu == 25:
        return ("fu:chiitoitsu",)
    if s.fu == 20 and any(y.id == "pinfu" for y in s.yaku) and s.hand.tsumo:
        return ("fu:pinfu_tsumo",)
    out: list[str] = []
    for p in s.fu_parts:
        if p.id == "meld":
            shape, _, state = p.detail.partition(" ")
            k = kind(parse_tiles(shape[:1] + shape[-1])[0])
            family = "yaochuu" if (k >= 27 or k % 9 in (0, 8)) else "simple"
            size = "kan" if len(shape) == 5 else "triplet"
            closed = state in ("closed", "ankan")
            out.append(f"fu:{size}_{'closed' if closed else 'open'}_{family}")
        elif p.id == "wait":
            out.append(f"fu:wait_{p.detail}")
        elif p.id == "pair":
            out.append("fu:pair_double_wind" if p.fu == 4 else "fu:pair_value")
        elif p.id != "base":
            out.append(f"fu:{p.id}")
    return tuple(dict.fromkeys(out)) or ("fu:base",)


def _points(s: Score, extras: bool) -> tuple[Points, int, str]:
    """Gets the expected payments, the winner's total and the answer text."""
    pays = [p.amount + (p.honba if extras else 0) for p in s.payments]
    sticks = s.situation.riichi_sticks * s.rules.riichi_deposit if extras else 0
    total = sum(pays) + sticks
    if not s.hand.tsumo:
        expected = Points((pays[0],))
        text = fmt_points(pays[0])
    elif s.situation.is_dealer:
        expected = Points((pays[0],), all=True)
        text = f"{fmt_points(pays[0])} all"
    else:
        # the dealer's seat from the winner: around three seats at three players
        dealer_rel = (
            sanma.dealer_rel(s.situation) if s.rules.players == 3 else s.situation.dealer_rel
        )
        dealer_pay = next(
            p.amount + (p.honba if extras else 0) for p in s.payments if p.payer == dealer_rel
        )
        other = next(
            p.amount + (p.honba if extras else 0) for p in s.payments if p.payer != dealer_rel
        )
        expected = Points((other, dealer_pay))
        text = f"{fmt_points(other)}-{fmt_points(dealer_pay)}"
    if total != sum(pays) or (s.hand.tsumo and extras):
        text += f" (total {fmt_points(total)})"
    return expected, total, text


def _cell(s: Score) -> str:
    if s.limit is not None:
        return f"cell:{s.limit}"
    return f"cell:{s.han}han{s.fu}fu"


def questions(d: Deal, options: QuizOptions) -> tuple[Question, ...]:
    """Lists the questions on the hand *d* that *options* ask, in the card's order.

    The fu are not asked for a hand of 5 han or more unless *options.fu_above_4*.
    """
    s = quiz_score(d, options)
    assert s.han is not None and s.fu is not None
    out: list[Question] = []
    for part in PARTS:
        if part not in options.ask:
            continue
        if part == "yaku":
            ids = frozenset(y.id for y in s.yaku)
            text = ", ".join(yaku_name(y.id, "en") for y in s.yaku)
            out.append(Question("yaku", ids, text, tuple(f"yaku:{i}" for i in sorted(ids))))
        elif part == "han":
            dora = tuple(f"dora:{x.id}" for x in s.dora)
            out.append(Question("han", s.han, f"{s.han} han", ("han:count", *dora)))
        elif part == "fu":
            if s.han >= 5 and not options.fu_above_4:
                continue
            out.append(Question("fu", s.fu, f"{s.fu} fu", _fu_concepts(s)))
        elif part == "points":
            expected, total, text = _points(s, options.extras)
            who = "dealer" if s.situation.is_dealer else "non_dealer"
            how = "tsumo" if s.hand.tsumo else "ron"
            concepts = [_cell(s), f"pay:{who}_{how}"]
            if options.extras and s.situation.honba:
                concepts.append("extra:honba")
            if options.extras and s.situation.riichi_sticks:
                concepts.append("extra:sticks")
            out.append(Question("points", expected, text, tuple(concepts), (Points((total,)),)))
        else:
            waits = frozenset(waits_of(d.hand))
            n = len(waits)
            shape = "waits:one" if n == 1 else "waits:two" if n == 2 else "waits:many"
            out.append(
                Question(
                    "waits",
                    waits,
                    format_tiles(sorted(waits)),
                    (f"wait:{s.reading.wait}", shape),
                )
            )
    return tuple(out)


# ---- reading answers ---------------------------------------------------------------------


def _norm(text: str) -> str:
    t = unicodedata.normalize("NFKD", text.lower())
    t = "".join(ch for ch in t if not unicodedata.combining(ch))
    t = re.sub(r"[^a-z0-9]+", " ", t)
    return " ".join(t.split())


_ALIASES: dict[str, tuple[str, ...]] = {
    "tsumo": ("menzen_tsumo",),
    "menzen": ("menzen_tsumo",),
    "mentsumo": ("menzen_tsumo",),
    "self draw": ("menzen_tsumo",),
    "chiitoi": ("chiitoitsu",),
    "7 pairs": ("chiitoitsu",),
    "7 paires": ("chiitoitsu",),
    "ittsuu": ("ittsu",),
    "ikkitsuukan": ("ittsu",),
    "sanshoku": ("sanshoku_doujun",),
    "white": ("yakuhai_haku",),
    "green": ("yakuhai_hatsu",),
    "red": ("yakuhai_chun",),
    "white dragon": ("yakuhai_haku",),
    "green dragon": ("yakuhai_hatsu",),
    "red dragon": ("yakuhai_chun",),
    "seat wind": ("yakuhai_seat",),
    "round wind": ("yakuhai_round",),
    "prevalent wind": ("yakuhai_round",),
    "vent du joueur": ("yakuhai_seat",),
    "vent dominant": ("yakuhai_round",),
    "double east": ("yakuhai_seat", "yakuhai_round"),
    "double wind": ("yakuhai_seat", "yakuhai_round"),
    "double vent": ("yakuhai_seat", "yakuhai_round"),
    "daburu riichi": ("double_riichi",),
    "haitei raoyue": ("haitei",),
    "houtei raoyui": ("houtei",),
    "rinshan kaihou": ("rinshan",),
    "chantaiyao": ("chanta",),
    "junchan taiyao": ("junchan",),
    "toitoihou": ("toitoi",),
}
_IGNORED = {
    "dora",
    "aka",
    "aka dora",
    "ura",
    "ura dora",
    "red five",
    "red fives",
    "han",
    "et",
    "and",
}


@cache
def _yaku_names() -> dict[str, tuple[str, ...]]:
    """Maps every normalised name of every yaku to its id(s)."""
    names: dict[str, tuple[str, ...]] = {}
    for y in (*STANDARD_YAKU, RENHOU_YAKU):
        for n in (y.id, y.id.replace("_", " "), y.romaji, y.en, y.fr, y.fr_gloss):
            key = _norm(n)
            if key and key not in names:
                names[key] = (y.id,)
        short = y.id.removeprefix("yakuhai_")
        names.setdefault(_norm(short), (y.id,))
    for yaku_id, ema in EMA_NAMES.items():  # the EMA book's names (seed 000)
        for n in ema:
            if yaku_of_ema_name(n) == yaku_id:
                names.setdefault(_norm(n), (yaku_id,))
    for k, v in _ALIASES.items():
        names[_norm(k)] = v
    return names


def _match(phrase: str, cutoff: float) -> tuple[str, ...] | None:
    names = _yaku_names()
    if phrase in names:
        return names[phrase]
    close = difflib.get_close_matches(phrase, names.keys(), n=1, cutoff=cutoff)
    return names[close[0]] if close else None


def match_phrases(
    words: list[str],
    match: Callable[[str, float], tuple[str, ...] | None],
    ignored: Collection[str],
    *,
    longest: int,
    cutoffs: tuple[float, float],
) -> tuple[set[str], list[str]]:
    """Reads *words* greedily: at each place the longest phrase (up to *longest* words) that
    is *ignored* or that *match* names, with the difflib cutoff ``cutoffs[0]`` for several
    words and ``cutoffs[1]`` for one. Returns the ids named and the words left unknown.

    >>> match_phrases(["menzen", "tsumo", "zzz"], lambda p, c: ("t",) if p == "menzen tsumo"
    ...               else None, (), longest=3, cutoffs=(0.9, 0.9))
    ({'t'}, ['zzz'])
    """
    out: set[str] = set()
    unknown: list[str] = []
    i = 0
    while i < len(words):
        for n in range(min(longest, len(words) - i), 0, -1):
            phrase = " ".join(words[i : i + n])
            if phrase in ignored:
                i += n
                break
            got = match(phrase, cutoffs[0] if n > 1 else cutoffs[1])
            if got is not None:
                out.update(got)
                i += n
                break
        else:
            unknown.append(words[i])
            i += 1
    return out, unknown


def parse_yaku(text: str) -> frozenset[str]:
    """Reads a list of yaku: ids, romaji, French or English names, misspellings forgiven;
    separated by commas, ``+``, ``;`` or spaces. Dora words and numbers are ignored.

    :raises AnswerError: naming the words that are no yaku.

    >>> sorted(parse_yaku("Riichi Ippatsu Menzen tsumo"))
    ['ippatsu', 'menzen_tsumo', 'riichi']
    >>> sorted(parse_yaku("sept paires"))
    ['chiitoitsu']
    """
    out: set[str] = set()
    unknown: list[str] = []
    for chunk in re.split(r"[,;+/\n]|\bet\b|\band\b", text):
        words = [w for w in _norm(chunk).split() if not w.isdigit()]
        found, missed = match_phrases(words, _match, _IGNORED, longest=4, cutoffs=(0.86, 0.75))
        out |= found
        unknown += missed
    if unknown:
        raise answer_error("no_yaku", names=" ".join(unknown))
    if not out and text.strip() not in ("-", "0", "none", "aucun"):
        raise answer_error("yaku")
    return frozenset(out)


def parse_count(text: str, unit: str) -> int:
    """Reads a number of han or fu: ``3``, ``3 han``, ``30fu``.

    :raises AnswerError: if there is not exactly one number.

    >>> parse_count(" 30 fu", "fu")
    30
    """
    rest = _norm(text).replace(unit, " ").split()
    if len(rest) != 1 or not rest[0].isdigit():
        raise answer_error("count", unit=unit, example="3" if unit == "han" else "30")
    return int(rest[0])


_ALL_WORDS = ("all", "tout", "tous", "each", "chacun", "chaque", "apiece", "∀")


def parse_points(text: str) -> Points:
    """Reads a points answer: ``3900``, ``3 900``, ``1300-2600``, ``1300/2600``,
    ``2000 all`` (or ``tout``, ``each``, ``chacun``).

    :raises AnswerError: saying the three accepted forms.

    >>> parse_points("3,900"), parse_points("1300/2600")
    (Points(values=(3900,), all=False), Points(values=(1300, 2600), all=False))
    """
    t = text.strip().lower()
    is_all = any(w in t for w in _ALL_WORDS)
    for w in _ALL_WORDS:
        t = t.replace(w, " ")
    t = t.replace("points", " ").replace("pts", " ")
    # thousands separators: "3 900", "12 000", "3,900", "3.900" and the French narrow spaces
    prev = None
    while prev != t:
        prev = t
        t = re.sub(r"(?<!\d)(\d{1,3})[ \u00a0\u202f,.'](\d{3})(?!\d)", r"\1\2", t)
    if re.search(r"[^\d\s/\-–|:]", t):
        raise answer_error("points", given=text.strip())
    nums = tuple(int(x) for x in re.findall(r"\d+", t))
    if not nums or len(nums) > 2 or (is_all and len(nums) != 1):
        raise answer_error("points_count", given=text.strip())
    return Points(nums, is_all)


def parse_waits(text: str) -> frozenset[int]:
    """Reads the waits as MPSZ tiles (``47s``, ``4s 7s``, ``4s,7s``), as kinds.

    :raises AnswerError: carrying the notation error.

    >>> sorted(parse_waits("4s, 7s")) == sorted(parse_waits("47s"))
    True
    """
    try:
        tiles = parse_tiles(text.strip().replace(";", ","))
    except NotationError as e:
        raise answer_error("waits_notation", problem=e.problem) from None
    if not tiles:
        raise answer_error("waits")
    return frozenset(kind(t) for t in tiles)


# ---- grading -------------------------------------------------------------------------------


def _same_points(given: Points, expected: object) -> bool:
    if not isinstance(expected, Points):
        return False
    return given.all == expected.all and sorted(given.values) == sorted(expected.values)


_NOTES = {
    "passed": ("passé", "passed"),
    "missing": ("il manque", "missing"),
    "extra": ("en trop", "not here:"),
    "late": ("trop tard (plus de {s} s)", "too late (over {s} s)"),
}


def note_words(key: str, lang: str, **values: object) -> str:
    """Gets the words of a grading note (``passed``, ``missing``, ``extra``, ``late``) in
    *lang*.

    >>> note_words("late", "fr", s=30)
    'trop tard (plus de 30 s)'
    """
    fr, en = _NOTES[key]
    return (fr if lang == "fr" else en).format(**values)


def grade(
    q: Question,
    text: str,
    *,
    seconds: float | None = None,
    timer: float | None = None,
    lang: str = "en",
) -> Graded:
    """Grades the answer *text* to *q*. An empty answer is a pass (graded wrong); an answer
    later than *timer* seconds is graded wrong with a note (in *lang*).

    :raises AnswerError: when *text* cannot be read (the player should type it again).
    """
    given = text.strip()
    late = timer is not None and seconds is not None and seconds > timer
    note = ""
    verdicts: list[tuple[str, bool]]
    if not given:
        ok = False
        verdicts = [(c, False) for c in q.concepts]
        note = note_words("passed", lang)
    elif q.part == "yaku":
        got = parse_yaku(given)
        exp = q.expected
        assert isinstance(exp, frozenset)
        missing = sorted(exp - got)
        extra = sorted(got - exp)
        ok = not missing and not extra
        notes = []
        if missing:
            words = ", ".join(yaku_name(i, lang) for i in missing)
            notes.append(f"{note_words('missing', lang)} {words}")
        if extra:
            words = ", ".join(yaku_name(i, lang) for i in extra)
            notes.append(f"{note_words('extra', lang)} {words}")
        note = "; ".join(notes)
        verdicts = [(f"yaku:{i}", (i in exp) == (i in got)) for i in sorted(exp | got)]
    elif q.part in ("han", "fu"):
        ok = parse_count(given, q.part) == q.expected
        verdicts = [(c, ok) for c in q.concepts]
    elif q.part == "points":
        p = parse_points(given)
        ok = _same_points(p, q.expected) or any(_same_points(p, a) for a in q.accepted)
        verdicts = [(c, ok) for c in q.concepts]
    else:
        got_w = parse_waits(given)
        ok = got_w == q.expected
        verdicts = [(c, ok) for c in q.concepts]
    if late and ok:
        ok = False
        note = (note + "; " if note else "") + note_words("late", lang, s=f"{timer:g}")
        verdicts = [(c, False) for c, _ in verdicts]
    return Graded(q.part, ok, given, q.answer_text, note, tuple(verdicts))


def concept_focus(concept: str) -> str:
    """Gets the dealer focus that exercises *concept* (``yaku:pinfu`` -> ``pinfu``,
    ``fu:...`` and ``cell:...`` -> ``fu``, anything else -> ``any``)."""
    from .deal import FOCI

    head, _, rest = concept.partition(":")
    if head == "yaku" and rest in FOCI:
        return rest
    if head in ("fu", "cell"):
        return "fu"
    return "any"
