"""Questions on a dealt hand, answers typed naturally, grading part by part.

The parts a player may ask for: ``yaku`` (the list), ``han``, ``fu``, ``points`` (who pays
what) and ``waits`` (the tiles the hand waited on). Answers are read forgivingly: ``3900``,
``3 900``, ``1300-2600``, ``1300/2600``, ``2000 all``, ``2000 tout``, ``8000点``,
``4000オール``; yaku by id, romaji, French or English name, misspellings included, or in kanji
and kana (``立直一発ツモ``). Every graded part names the concepts it
exercised (``yaku:pinfu``, ``fu:closed_ron``, ``cell:3han30fu``...) for the progress store.

>>> from tenpai.riichi.deal import deal
>>> d = deal(3)
>>> [q.part for q in questions(d, QuizOptions())]
['yaku', 'han', 'fu', 'points']
>>> parse_points("1 300-2 600"), parse_points("4000オール")
(Points(values=(1300, 2600), all=False, limit=None), Points(values=(4000,), all=True, limit=None))
>>> sorted(parse_yaku("riichi, tout simples + pinfuu"))
['pinfu', 'riichi', 'tanyao']
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache

from ..errors import NotationError
from ..i18n import LANGS, decimal, forms, tr
from ..tiles import format_tiles, kind, parse_tiles
from ..trainer.answers import (
    Graded,
    Question,
    QuizOptions,
    add_form,
    answer_error,
    join_notes,
    match_phrases,
    mismatch_note,
    note_words,
    parse_count,
    says_none,
)
from ..trainer.answers import normalise as _norm
from . import sanma
from .deal import Deal, waits_of
from .explain import fmt_points, yaku_name
from .fu import MELD_RULES
from .names import EMA_NAMES, yaku_of_ema_name
from .score import Score, score
from .situation import Situation
from .words import answer_forms, yaku_answers
from .yaku import RENHOU_YAKU, STANDARD_YAKU

__all__ = [
    "PARTS",
    "Points",
    "answer_words",
    "concept_focus",
    "grade",
    "parse_points",
    "parse_waits",
    "parse_yaku",
    "points_words",
    "questions",
    "quiz_score",
]

PARTS = ("yaku", "han", "fu", "points", "waits")
"""The parts a player may be asked, in the card's order (then the waits)."""


@dataclass(frozen=True, slots=True)
class Points:
    """A points answer: one amount (a ron, or a total), two (non-dealer and dealer share of a
    tsumo, in any order), or one paid by *all* (a dealer's tsumo); *limit* the limit it names
    (``mangan``... ``満貫 8000``), if any: expected, the hand's limit; and the winner's *total*
    the right answer shows (honba and sticks included), if it shows one."""

    values: tuple[int, ...]
    all: bool = False
    limit: str | None = None
    total: int | None = field(default=None, compare=False, repr=False)


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
            quad, concealed, yaochuu = MELD_RULES[p.rule]
            size = "kan" if quad else "triplet"
            family = "yaochuu" if yaochuu else "simple"
            out.append(f"fu:{size}_{'closed' if concealed else 'open'}_{family}")
        elif p.id == "wait":
            out.append(f"fu:{p.rule}")
        elif p.id == "pair":
            out.append("fu:pair_double_wind" if p.fu == 4 else "fu:pair_value")
        elif p.id != "base":
            out.append(f"fu:{p.id}")
    return tuple(dict.fromkeys(out)) or ("fu:base",)


def answer_words(q: Question, lang: str) -> str:
    """Writes the right answer to a riichi question *q* in *lang*: the yaku by their names in
    that language, ``3翻``, ``30符``, ``2000-4000点`` (English: its *answer_text*)."""
    exp = q.expected
    if q.words is not None:  # a part of another variant
        return q.answer_text
    if q.part == "yaku" and isinstance(exp, frozenset):
        ids = sorted(exp, key=_row_order)
        return tr("riichi.quiz.answer.list_sep", lang).join(yaku_name(i, lang) for i in ids)
    if q.part in ("han", "fu") and isinstance(exp, int):
        return tr(f"riichi.quiz.answer.{q.part}", lang, n=exp)
    if q.part == "points" and isinstance(exp, Points):
        return points_words(exp, lang)
    return q.answer_text


# The yaku rows' order: the order a score lists its yaku in.
_ROW_ORDER = {y.id: i for i, y in enumerate((*STANDARD_YAKU, RENHOU_YAKU))}


def _row_order(yaku: str) -> tuple[int, str]:
    return _ROW_ORDER.get(yaku, len(_ROW_ORDER)), yaku


def points_words(p: Points, lang: str) -> str:
    """Writes a points answer in *lang* (``1 300-2 600 (total 5 200)``, ``1300-2600点``,
    ``4000オール``), with the winner's total when it shows one.

    >>> points_words(Points((2000, 4000)), "ja")
    '2000-4000点'
    >>> points_words(Points((4000,), all=True, total=12300), "ja")
    '4000オール（合計12300点）'
    """
    amounts = [fmt_points(v, lang) for v in p.values]
    if p.all:
        text = tr("riichi.quiz.answer.all", lang, amount=amounts[0])
    elif len(amounts) == 2:
        text = tr("riichi.quiz.answer.tsumo", lang, non_dealer=amounts[0], dealer=amounts[1])
    else:
        text = tr("riichi.quiz.answer.ron", lang, amount=amounts[0])
    if p.total is not None:
        text += tr("riichi.quiz.answer.total", lang, amount=fmt_points(p.total, lang))
    return text


def _points(s: Score, extras: bool) -> tuple[Points, int, str]:
    """Gets the expected payments (with the total the answer shows), the winner's total and
    the answer text."""
    pays = [p.amount + (p.honba if extras else 0) for p in s.payments]
    sticks = s.situation.riichi_sticks * s.rules.riichi_deposit if extras else 0
    total = sum(pays) + sticks
    if not s.hand.tsumo:
        expected = Points((pays[0],), limit=s.limit)
        text = fmt_points(pays[0])
    elif s.situation.is_dealer:
        expected = Points((pays[0],), all=True, limit=s.limit)
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
        expected = Points((other, dealer_pay), limit=s.limit)
        text = f"{fmt_points(other)}-{fmt_points(dealer_pay)}"
    if total != sum(pays) or (s.hand.tsumo and extras):
        text += f" (total {fmt_points(total)})"
        expected = dataclasses.replace(expected, total=total)
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
            accepted = (Points((total,), limit=s.limit),)
            out.append(Question("points", expected, text, tuple(concepts), accepted))
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


# The words of the answers, from the catalogue (riichi.quiz.reads.*: every language's forms;
# a translator adds a language's there): the words that name no yaku (dora, han, ドラ),
# the joining words (et, and), the whole answers saying "no yaku" (none, aucun, なし).


@cache
def _ignored() -> frozenset[str]:
    """The normalised Latin words of a yaku answer that name no yaku (dora, et...)."""
    words = forms("riichi.quiz.reads.ignored") + _and_words()
    return frozenset(_norm(w) for w in words if not _CJK.search(w) and not _HANGUL.search(w))


@cache
def _and_words() -> tuple[str, ...]:
    return forms("riichi.quiz.reads.and")


@cache
def _split() -> re.Pattern[str]:
    """Splits a yaku answer at commas, ``+``, ``;``, ``/``, new lines and the joining words."""
    joins = "".join(rf"|\b{re.escape(w)}\b" for w in _and_words())
    return re.compile(rf"[,;+/\n]{joins}")


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
    for yaku_id, ema in EMA_NAMES.items():  # the EMA book's names (EMA Riichi Competition Rules)
        for n in ema:
            if yaku_of_ema_name(n) == yaku_id:
                names.setdefault(_norm(n), (yaku_id,))
    # the Latin forms of the yaku's answers (yaku.<id>.answers: short romaji, English and
    # French words) name their yaku before any other name does
    aliases: dict[str, tuple[str, ...]] = {}
    for y in (*STANDARD_YAKU, RENHOU_YAKU):
        for lang in LANGS:
            for form in answer_forms(y.id, lang):
                if not _CJK.search(form) and not _HANGUL.search(form):
                    add_form(aliases, _norm(form), y.id)
    names.update(aliases)
    return names


def _match(phrase: str, cutoff: float) -> tuple[str, ...] | None:
    names = _yaku_names()
    if phrase in names:
        return names[phrase]
    close = difflib.get_close_matches(phrase, names.keys(), n=1, cutoff=cutoff)
    return names[close[0]] if close else None


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff々〆]+")
# Korean writing: hangul syllables, and a run of them as a player writes a list of yaku, the
# spaces and digits inside it included (리치 핑후 탕야오, 국사무쌍 13면 대기), read without its
# spaces as a Japanese run is read (a yaku's Korean forms are matched without theirs too).
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_HANGUL_RUN = re.compile(r"[\uac00-\ud7a3](?:[\uac00-\ud7a30-9 :]*[\uac00-\ud7a3])?")
# What a Japanese or Chinese writing may hold between its characters and a run reads without:
# the space or colon of 役牌 白, 役牌:中 (a list of yaku reads alike with or without them).
_CJK_GAP = re.compile(
    r"(?<=[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff々〆])[ \u3000:：]+"
    r"(?=[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff々〆])"
)


def _joined(form: str) -> str:
    """A form as a run reads it: no space nor colon inside (역패:자풍패, 役牌 白)."""
    return re.sub(r"[ \u3000:：]", "", form)


def _katakana(text: str) -> str:
    """Reads hiragana as katakana (the same number of characters)."""
    return "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in text)


@cache
def _cjk_names() -> dict[str, tuple[str, ...]]:
    """Maps every Japanese or Chinese writing of every yaku to its id(s): the kanji names and
    their variants (発/發, 断幺九/断么九, 一通...), the katakana readings (hiragana reads as
    katakana) and the short forms of the table (メンツモ, ダブリー, チートイ), from the yaku
    catalogue (:func:`tenpai.riichi.words.yaku_answers`); a double wind (ダブ東) names both
    wind yakuhai."""
    names: dict[str, tuple[str, ...]] = {}
    for y in (*STANDARD_YAKU, RENHOU_YAKU):
        for form in yaku_answers(y.id):
            if _CJK.search(form) or _HANGUL.search(form):
                add_form(names, _katakana(_joined(form)), y.id)
    for word in forms("riichi.quiz.reads.ignored"):  # dora and han: ドラ, 翻, 도라, 판
        if _CJK.search(word) or _HANGUL.search(word):
            names[_katakana(_joined(word))] = ()
    for word in _and_words():  # the Korean one joins yaku as a comma does: 및
        if _HANGUL.search(word):
            names[word] = ()
    return names


def _read_cjk(run: str, written: str) -> tuple[set[str], list[str]]:
    """Reads a run of Japanese or Chinese writing (*run*, as :func:`_katakana` reads it;
    *written*, the same characters as the player wrote them): yaku one after the other, with
    or without separators, at each place the longest writing a yaku has. Returns the ids
    named and the runs of characters left unknown, as written."""
    names = _cjk_names()
    longest = max(map(len, names))
    out: set[str] = set()
    unknown: list[str] = []
    start = -1  # where the unknown characters began
    i = 0
    while i < len(run):
        for n in range(min(longest, len(run) - i), 0, -1):
            got = names.get(run[i : i + n])
            if got is not None:
                out.update(got)
                if start >= 0:
                    unknown.append(written[start:i])
                    start = -1
                i += n
                break
        else:
            start = i if start < 0 else start
            i += 1
    if start >= 0:
        unknown.append(written[start:])
    return out, unknown


def parse_yaku(text: str) -> frozenset[str]:
    """Reads a list of yaku: ids, romaji, French or English names, misspellings forgiven;
    separated by commas, ``+``, ``;`` or spaces; Japanese and Chinese writings (kanji, kana,
    one after the other or separated by ``、``); Korean ones (separated by spaces or not).
    Dora words and numbers are ignored.

    :raises AnswerError: naming the words that are no yaku.

    >>> sorted(parse_yaku("Riichi Ippatsu Menzen tsumo"))
    ['ippatsu', 'menzen_tsumo', 'riichi']
    >>> sorted(parse_yaku("sept paires"))
    ['chiitoitsu']
    >>> sorted(parse_yaku("立直、一発 めんぜんつも ドラ1"))
    ['ippatsu', 'menzen_tsumo', 'riichi']
    >>> sorted(parse_yaku("리치, 일발 멘젠쯔모 도라 1"))
    ['ippatsu', 'menzen_tsumo', 'riichi']
    """
    out: set[str] = set()
    unknown: list[str] = []
    written = unicodedata.normalize("NFKC", text)  # full-width letters, digits and commas
    if says_none(written, "riichi.quiz.reads.none"):
        return frozenset()
    written = _CJK_GAP.sub("", written)
    read = _katakana(written)
    for m in _CJK.finditer(read):
        found_cjk, missed_cjk = _read_cjk(m.group(0), written[m.start() : m.end()])
        out |= found_cjk
        unknown += missed_cjk
    for m in _HANGUL_RUN.finditer(written):
        run = _joined(m.group(0))
        found_ko, missed_ko = _read_cjk(run, run)
        out |= found_ko
        unknown += [w for w in missed_ko if not w.isdigit()]  # 도라 2, 2판: counts
    for chunk in _split().split(_HANGUL_RUN.sub(",", _CJK.sub(",", written))):
        words = [w for w in _norm(chunk).split() if not w.isdigit()]
        found, missed = match_phrases(words, _match, _ignored(), longest=4, cutoffs=(0.86, 0.75))
        out |= found
        unknown += missed
    if unknown:
        raise answer_error("no_yaku", names=" ".join(unknown))
    if not out:
        raise answer_error("yaku")
    return frozenset(out)


# The limits a points answer may name (満貫 8000, haneman 6000 all), in the order they are
# looked for (a longer name before the one it holds: sanbaiman before baiman), each with its
# words in the catalogue (riichi.quiz.reads.limit.<limit>).
_LIMITS = ("kazoe_yakuman", "sanbaiman", "haneman", "baiman", "mangan", "yakuman")


def _points_form(word: str) -> str:
    """Folds a word of a points answer as :func:`parse_points` folds the answer."""
    return _katakana(unicodedata.normalize("NFKC", word)).strip().lower()


@cache
def _points_words() -> tuple[tuple[tuple[str, str], ...], tuple[str, ...], tuple[str, ...]]:
    """The words of a points answer, from the catalogue: the limits' (word, limit), the
    words saying each pays that (all, tout, オール; and the sign ∀), the units (points, 点),
    each list longest first."""

    def longest_first(words: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(dict.fromkeys(map(_points_form, words)), key=len, reverse=True))

    limits = tuple(
        (w, _LIMIT_FAMILY[limit])
        for limit in _LIMITS
        for w in longest_first(forms(f"riichi.quiz.reads.limit.{limit}"))
    )
    each = longest_first((*forms("riichi.quiz.reads.each"), "∀"))
    return limits, each, longest_first(forms("riichi.quiz.reads.points"))


# A counted yakuman is a yakuman to the player who names it.
_LIMIT_FAMILY = {
    "mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman",
    "yakuman": "yakuman", "kazoe_yakuman": "yakuman",
}  # fmt: skip


def parse_points(text: str) -> Points:
    """Reads a points answer: ``3900``, ``3 900``, ``1300-2600``, ``1300/2600``,
    ``2000 all`` (or ``tout``, ``each``, ``chacun``); as Japanese and Chinese players write
    it too: ``8000点``, ``2000-4000点``, ``4000オール``, full-width digits; a limit named
    before it (``満貫 8000``, ``haneman 6000 all``) must be the hand's.

    :raises AnswerError: saying the three accepted forms.

    >>> parse_points("3,900")
    Points(values=(3900,), all=False, limit=None)
    >>> parse_points("1300/2600").values, parse_points("8000点").values
    ((1300, 2600), (8000,))
    >>> parse_points("満貫 ４０００オール")
    Points(values=(4000,), all=True, limit='mangan')
    """
    t = _points_form(text)
    limits, each, units = _points_words()
    limit = None
    for word, name in limits:
        if word in t:
            limit = limit or name
            t = t.replace(word, " ")
    is_all = any(w in t for w in each)
    for w in (*each, *units):
        t = t.replace(w, " ")
    # thousands separators: "3 900", "12 000", "3,900", "3.900" and the French narrow spaces
    prev = None
    while prev != t:
        prev = t
        t = re.sub(r"(?<!\d)(\d{1,3})[ \u00a0\u202f,.'](\d{3})(?!\d)", r"\1\2", t)
    if re.search(r"[^\d\s/\-–|:・]", t):
        raise answer_error("points", given=text.strip())
    nums = tuple(int(x) for x in re.findall(r"\d+", t))
    if not nums or len(nums) > 2 or (is_all and len(nums) != 1):
        raise answer_error("points_count", given=text.strip())
    return Points(nums, is_all, limit)


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
    if given.limit is not None and given.limit != _LIMIT_FAMILY.get(expected.limit or ""):
        return False  # "満貫 8000" for a haneman is wrong, whatever the amount
    return given.all == expected.all and sorted(given.values) == sorted(expected.values)


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
        missing = sorted(exp - got, key=_row_order)  # as a score lists them
        extra = sorted(got - exp, key=_row_order)
        ok = not missing and not extra
        sep = tr("riichi.quiz.answer.list_sep", lang)
        note = mismatch_note(
            sep.join(yaku_name(i, lang) for i in missing),
            sep.join(yaku_name(i, lang) for i in extra),
            lang,
        )
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
    if late and ok and timer is not None:
        ok = False
        note = join_notes([note, note_words("late", lang, s=decimal(timer, lang, None))], lang)
        verdicts = [(c, False) for c, _ in verdicts]
    return Graded(q.part, ok, given, answer_words(q, lang), note, tuple(verdicts))


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
