"""Questions on a dealt Hong Kong hand, answers typed naturally, grading part by part.

The parts: ``items`` (the fan items that count), ``fan`` (the total, after the cap) and
``payments`` (who pays what). Answers are read forgivingly: items by id, French, English or
Chinese name, misspellings included (``tous chows, 自摸, half flush``); payments per seat
(``E -8, W -8, N -8, S +24``, ``Est 8 Ouest 8 Nord 8``), as one share each (``8 each``,
``8 chacun``), as the winner's total (``24 total``) or as a bare number, which the prompt
explains: on a self-drawn hand (three equal shares, the card's self-draw column) what each
opponent pays, otherwise the winner's total. Every graded part names the concepts it
exercised for the progress store: ``fan:all_chows`` per item, ``hk_fan:count`` (and
``hk_fan:cap``) for the total, ``hk_fan:3`` and ``hk_pay:self_draw`` for the payments.

>>> from tenpai.hk.deal import deal
>>> d = deal(3)
>>> [q.part for q in questions(d)]
['items', 'fan', 'payments']
>>> sorted(parse_items("tous chows, 自摸 + half flsh"))
['all_chows', 'half_flush', 'self_drawn']
>>> parse_payments("E -8, W -8, N -8, S +24"), parse_payments("8 chacun")
(SeatPayments(seats=((0, 8), (1, 24), (2, 8), (3, 8)), each=None, total=None, bare=None), \
SeatPayments(seats=(), each=8, total=None, bare=None))
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial

from ..i18n import LANGS, decimal, find_lang, forms, tr
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
from .deal import HKDeal
from .fan import FAN_ROWS, row
from .payment import SEAT_NAMES, Amount, Payments

__all__ = [
    "PARTS",
    "SeatPayments",
    "concept_focus",
    "grade",
    "parse_items",
    "parse_payments",
    "questions",
]

PARTS = ("items", "fan", "payments")
"""The parts a player may be asked on a Hong Kong hand, in the order of the count."""

PART_ALIASES = {"yaku": "items", "han": "fan", "points": "payments"}
"""The riichi names of the parts, read as their Hong Kong counterparts."""

# The prompts are catalogue entries hk.quiz.<part> (payments_share / payments_total: what a
# bare number answers, said in the prompt; self-drawn, it is the card's self-draw column).
_PROMPTS = {
    part: f"hk.quiz.{part}"
    for part in ("items", "fan", "payments", "payments_share", "payments_total")
}


# ---- the questions of a hand -------------------------------------------------------------


def _pay_kind(d: HKDeal) -> str:
    s, sit = d.score, d.situation
    if s.liable is not None:
        return "liable"
    if sit.robbing_kong:
        return "robbed_kong"
    if s.self_drawn:
        return "self_draw"
    return "discard" if d.rules.responsibility == "full" else "discard_half"


def format_payments(payments: Payments) -> str:
    """Writes the payments per seat, East first, zeros left out: ``E -8, S +24, W -8, N -8``.

    >>> format_payments((64, 0, 0, -64))
    'E +64, N -64'
    """
    out = []
    for seat, v in enumerate(payments):
        if v:
            out.append(
                f"{SEAT_NAMES[seat]} {'+' if v > 0 else '-'}{_amount_text(v if v > 0 else -v)}"
            )
    return ", ".join(out)


def _amount_text(x: Amount) -> str:
    f = Fraction(x)
    return str(f.numerator) if f.denominator == 1 else f"{float(f):g}"


_ROW_ORDER = {r.id: i for i, r in enumerate(FAN_ROWS)}


def _row_order(item: str) -> tuple[int, str]:
    return _ROW_ORDER.get(item, len(_ROW_ORDER)), item


def _said_items(ids: tuple[str, ...], lang: str) -> str:
    """Names the fan items *ids* in *lang* (``Sans fleur, Pioche gagnante``)."""
    return tr("hk.quiz.said.sep", lang).join(_name(i, lang) for i in ids)


def _said_payments(payments: Payments, lang: str) -> str:
    """Writes the payments per seat in *lang* as the explanation's last line does (``東 -12、
    北 +36``), zeros left out; English keeps the short form players type (``E -8, S +24``)."""
    if find_lang(lang) == "en":
        return format_payments(payments)
    from .explain import format_amount

    return tr("hk.list.sep", lang).join(
        f"{tr('hk.seat.' + 'ESWN'[seat], lang)} {format_amount(v, lang, sign=True)}"
        for seat, v in enumerate(payments)
        if v
    )


def _said_fan(fan: int, raw: int | None, lang: str) -> str:
    """Writes a fan count in *lang* (``6 fan``, ``6番``), with the count before the cap
    (*raw*) when the cap stopped it."""
    if raw is None:
        return tr("hk.quiz.said.fan", lang, fan=fan)
    return tr("hk.quiz.said.capped", lang, fan=fan, raw=raw)


def questions(d: HKDeal, options: QuizOptions | None = None) -> tuple[Question, ...]:
    """Lists the questions on the Hong Kong hand *d* that *options* ask (default: all three
    parts), in the order of the count. Riichi part names stand for their counterparts
    (``yaku`` = ``items``, ``han`` = ``fan``, ``points`` = ``payments``)."""
    asked = {PART_ALIASES.get(p, p) for p in (options.ask if options else PARTS)}
    s = d.score
    out: list[Question] = []
    if "items" in asked:
        ids = frozenset(h.id for h in s.items)
        listed = tuple(dict.fromkeys(h.id for h in s.items))  # in the score's order
        concepts = tuple(f"fan:{i}" for i in sorted(ids))
        said = partial(_said_items, listed)
        out.append(Question("items", ids, said("en"), concepts, (), _PROMPTS["items"], said))
    if "fan" in asked:
        concepts = ("hk_fan:count",)
        if s.capped:
            concepts += ("hk_fan:cap",)
        said = partial(_said_fan, s.fan, s.raw_fan if s.capped else None)
        out.append(Question("fan", s.fan, said("en"), concepts, (), _PROMPTS["fan"], said))
    if "payments" in asked:
        text = format_payments(s.payments)
        concepts = (f"hk_fan:{s.fan}", f"hk_pay:{_pay_kind(d)}")
        if d.rules.dealer_multiplier != 1 and (s.winner == 0 or s.payments[0] < 0):
            concepts += ("hk_pay:dealer",)
        words = _PROMPTS[
            "payments_share" if bare_is_share(s.winner, s.payments) else "payments_total"
        ]
        said = partial(_said_payments, s.payments)
        out.append(Question("payments", (s.winner, s.payments), text, concepts, (), words, said))
    return tuple(out)


# ---- reading answers ---------------------------------------------------------------------


# The words of the answers, from the catalogue (hk.quiz.reads.*: every language's forms; a
# translator adds a language's there).


@cache
def _ignored() -> tuple[frozenset[str], frozenset[str]]:
    """The words of an items answer that name no item (fan, et, plus): the normalised Latin
    ones, and the Chinese or Japanese ones (番, the unit: "自摸 1番")."""
    words = forms("hk.quiz.reads.ignored")
    latin = frozenset(_norm(w) for w in words if _LATIN.fullmatch(w))
    return latin, frozenset(w for w in words if not _LATIN.fullmatch(w))


def _only_ignored(word: str, ignored: frozenset[str]) -> bool:
    """Tells whether a run of Chinese or Japanese writing holds only ignored words (番番)."""
    for w in sorted(ignored, key=len, reverse=True):
        word = word.replace(w, "")
    return not word


# "et"/"and" are no separators here: they are inside names (Extrêmes et honneurs)
_SPLIT = re.compile(r"[,;+/\n、，；]")


@cache
def _item_names() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """Maps every normalised name of every fan item to its id(s), and every Chinese name."""
    names: dict[str, tuple[str, ...]] = {}
    zh: dict[str, tuple[str, ...]] = {}
    for r in FAN_ROWS:
        # every language's name: latin ones matched word by word, the others as they stand
        spelled = {r.name(lang) for lang in LANGS}
        for n in (r.id, r.id.replace("_", " "), *sorted(spelled)):
            key = _norm(n)
            if key and key == _norm(n.replace("-", " ")) and _LATIN.fullmatch(n):
                names.setdefault(key, (r.id,))
            elif not _LATIN.fullmatch(n):
                zh.setdefault(n, (r.id,))
        for z in {r.zh, r.page_zh}:
            zh[z] = (r.id,)
    # the forms players type (hk.quiz.reads.item.<id>: short forms, romanised names; a double
    # wind, ダブ東, names both wind pungs): a Latin one names its items unless a name has it,
    # a Chinese or Japanese one names them
    latin: dict[str, tuple[str, ...]] = {}
    cjk: dict[str, tuple[str, ...]] = {}
    for r in FAN_ROWS:
        for form in forms(f"hk.quiz.reads.item.{r.id}"):
            if _LATIN.fullmatch(form):
                add_form(latin, _norm(form), r.id)
            else:
                add_form(cjk, form, r.id)
    for key, ids in latin.items():
        names.setdefault(key, ids)
    zh.update(cjk)
    return names, zh


_LATIN = re.compile(r"[\x00-\u024f’]+")  # names written in Latin letters (French, English)
# Chinese, Japanese or Korean writing left in an items answer once its names are read: a word
# of it is no item (the Latin reading below keeps only a-z and digits, and would drop it).
_CJK_LEFT = re.compile(
    r"[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7a3\uf900-\ufaff]+"
)


def _match(phrase: str, cutoff: float) -> tuple[str, ...] | None:
    names = _item_names()[0]
    if phrase in names:
        return names[phrase]
    close = difflib.get_close_matches(phrase, names.keys(), n=1, cutoff=cutoff)
    return names[close[0]] if close else None


def parse_items(text: str) -> frozenset[str]:
    """Reads a list of fan items: ids, French, English or Chinese names, misspellings
    forgiven; separated by commas, ``+``, ``;``, ``/``, ``et`` or ``and`` (the longest name
    wins: ``Extrêmes et honneurs`` is one item). Counts (``x2``) and numbers are ignored.

    :raises AnswerError: naming the words that are no fan item.

    >>> sorted(parse_items("Couleur mêlée, tous pungs, double east"))
    ['all_pungs', 'half_flush', 'round_wind_pung', 'seat_wind_pung']
    >>> sorted(parse_items("無花 門前清"))
    ['concealed_hand', 'no_flowers']
    """
    if says_none(text, "hk.quiz.reads.none"):
        return frozenset()
    zh = _item_names()[1]
    ignored, cjk_ignored = _ignored()
    out: set[str] = set()
    unknown: list[str] = []
    for part in _SPLIT.split(text):
        chunk = part
        # Chinese names first, wherever they stand in the chunk
        for z in sorted(zh, key=len, reverse=True):
            if z in chunk:
                out.update(zh[z])
                chunk = chunk.replace(z, " ")
        # Chinese, Japanese or Korean words that are no fan item (番 is the unit: "自摸 1番")
        unknown += [w for w in _CJK_LEFT.findall(chunk) if not _only_ignored(w, cjk_ignored)]
        words = [
            w for w in _norm(chunk).split() if not w.isdigit() and not re.fullmatch(r"x\d+", w)
        ]
        found, missed = match_phrases(words, _match, ignored, longest=5, cutoffs=(0.84, 0.8))
        out |= found
        unknown += missed
    if unknown:
        raise answer_error("hk_no_item", names=" ".join(unknown))
    if not out:
        raise answer_error("hk_items")
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class SeatPayments:
    """A payments answer: amounts per seat (*seats*: ``(seat, amount)``, signs dropped), or
    the one share *each* loser pays, or the *total* the winner receives (said so: ``24
    total``), or a *bare* number, read as the question's prompt says (:func:`bare_is_share`).
    """

    seats: tuple[tuple[int, Amount], ...] = ()
    each: Amount | None = None
    total: Amount | None = None
    bare: Amount | None = None


# What the words of a payments answer say (hk.quiz.reads.<kind> in the catalogue): a seat,
# each pays that, the winner's total, nothing.
_PAY_KINDS = ("seat.east", "seat.south", "seat.west", "seat.north", "each", "total", "filler")
_MARK = 0xE000  # Chinese or Japanese words read as private-use characters U+E000...


def _fold(text: str) -> str:
    """Folds a payments answer or a word of it: lower case, no accents (reçoit: recoit)."""
    t = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in t if not unicodedata.combining(ch))


@cache
def _pay_words() -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    """The words of a payments answer, from the catalogue: the Latin words and what each says
    (``seat.east``, ``each``, ``total``, ``filler``); and the Chinese or Japanese words
    (東家, 每家, 合共, 俾), longest first (東家 before 東), each with the mark it is read as:
    the mark's own character (U+E000 and on) says its kind and word the same way."""
    latin: dict[str, str] = {}
    cjk: dict[str, str] = {}
    for kind in _PAY_KINDS:
        for word in forms(f"hk.quiz.reads.{kind}"):
            w = _fold(word)
            if re.fullmatch(r"[a-z]+", w):
                latin.setdefault(w, kind)
            else:
                cjk.setdefault(w, kind)
    marks: list[tuple[str, str]] = []
    for i, w in enumerate(sorted(cjk, key=len, reverse=True)):
        mark = chr(_MARK + i)
        latin[mark] = cjk[w]
        marks.append((w, mark))
    return latin, tuple(marks)


def _number(text: str) -> Amount:
    t = text.replace(",", ".")
    if "." in t:
        f = Fraction(t)
        return f.numerator if f.denominator == 1 else f
    return int(t)


def parse_payments(text: str) -> SeatPayments:
    """Reads a payments answer: per seat (``E -8, S +24``, ``Ouest 144``; E S W N, French O
    for Ouest), one share each (``8 each``, ``8 chacun``, ``8 x3``), the winner's total
    (``24 total``) or a bare number (``24``, read by the question: :func:`bare_is_share`).
    Thousands may be grouped (``1 024``, ``1,024``); a decimal takes a point or a comma
    (``0,5``).

    :raises AnswerError: saying the accepted forms.

    >>> parse_payments("Ouest 1 024, Nord +1,024"), parse_payments("0,5 x3")
    (SeatPayments(seats=((2, 1024), (3, 1024)), each=None, total=None, bare=None), \
SeatPayments(seats=(), each=Fraction(1, 2), total=None, bare=None))
    """
    t = _fold(text).replace("−", "-").replace("–", "-").replace("×", "x")
    words, marks = _pay_words()
    for cjk, mark in marks:
        t = t.replace(cjk, f" {mark} ")
    t = t.replace("、", ",").replace("，", ",")
    shown = {mark: cjk for cjk, mark in marks}
    each = said_total = False
    times3 = r"(?<![a-z])x\s*3(?!\d)|\*\s*3(?!\d)"  # "8 x3", "8×3", "8*3": each pays 8
    if re.search(times3, t):
        each = True
        t = re.sub(times3, " ", t)
    prev = None
    while prev != t:  # thousands separators: "1 024", "1,024", "1.024", narrow spaces
        prev = t
        t = re.sub(r"(?<![\d.,])(\d{1,3})[ \u00a0\u202f,.'](\d{3})(?![\d])", r"\1\2", t)
    seats: dict[int, Amount] = {}
    loose: list[Amount] = []
    pending: int | None = None
    for word, number in re.findall(r"([a-z]+|[\ue000-\uf8ff])|([+-]?\s*\d+(?:[.,]\d+)?)", t):
        if word:
            kind = words.get(word)
            if kind is None:
                raise answer_error("hk_payments", given=text.strip())
            if kind.startswith("seat."):
                if pending is not None:
                    raise answer_error("hk_no_amount", word=shown.get(word, word))
                pending = _PAY_KINDS.index(kind)
            elif kind == "each":
                each = True
            elif kind == "total":
                said_total = True
            continue
        amount = _number(number.replace(" ", "").lstrip("+-"))
        if pending is not None:
            if pending in seats:
                raise answer_error("hk_twice", seat=SEAT_NAMES[pending])
            seats[pending] = amount
            pending = None
        else:
            loose.append(amount)
    # anything else: not a payment
    if re.sub(r"[a-z]+|\d+|[\s+\-.,:;/|()=’'`\ue000-\uf8ff]", "", t):
        raise answer_error("hk_payments", given=text.strip())
    if pending is not None or (seats and loose) or len(loose) > 1 or not (seats or loose):
        raise answer_error("hk_payments", given=text.strip())
    if seats:
        return SeatPayments(tuple(sorted(seats.items())))
    if each and said_total:
        raise answer_error("hk_both")
    if each:
        return SeatPayments(each=loose[0])
    return SeatPayments(total=loose[0]) if said_total else SeatPayments(bare=loose[0])


def bare_is_share(winner: int, payments: Payments) -> bool:
    """Tells whether a bare number answers what each opponent pays (the self-draw column of
    the card: the three losers pay one same share) rather than the winner's total (a
    discard, or shares that differ).

    >>> bare_is_share(1, (-8, 24, -8, -8)), bare_is_share(1, (-16, 16, 0, 0))
    (True, False)
    """
    losers = [payments[s] for s in range(4) if s != winner]
    return losers[0] < 0 and len(set(losers)) == 1


# ---- grading -----------------------------------------------------------------------------


def _payments_ok(given: SeatPayments, winner: int, payments: Payments) -> bool:
    if given.seats:
        got = dict(given.seats)
        for seat in range(4):
            if seat == winner and seat not in got:
                continue  # the winner's gain follows from the others'
            if got.get(seat, 0) != abs(payments[seat]):
                return False
        return True
    each = given.each
    if given.bare is not None and bare_is_share(winner, payments):
        each = given.bare
    if each is not None:
        return all(payments[s] == -each for s in range(4) if s != winner)
    total = given.total if given.total is not None else given.bare
    return total == payments[winner]


def _name(item: str, lang: str = "en") -> str:
    return row(item).name(lang)


def grade(
    q: Question,
    text: str,
    *,
    seconds: float | None = None,
    timer: float | None = None,
    lang: str = "en",
) -> Graded:
    """Grades the answer *text* to the Hong Kong question *q*. An empty answer is a pass
    (graded wrong); an answer later than *timer* seconds is graded wrong with a note.

    :raises AnswerError: when *text* cannot be read (the player should type it again).
    """
    given = text.strip()
    note = ""
    verdicts: list[tuple[str, bool]]
    if not given:
        ok, note = False, note_words("passed", lang)
        verdicts = [(c, False) for c in q.concepts]
    elif q.part == "items":
        got = parse_items(given)
        exp = q.expected
        assert isinstance(exp, frozenset)
        # named in the order of the fan rows, as a score lists its items
        missing, extra = sorted(exp - got, key=_row_order), sorted(got - exp, key=_row_order)
        ok = not missing and not extra
        note = mismatch_note(
            _said_items(tuple(missing), lang), _said_items(tuple(extra), lang), lang
        )
        verdicts = [(f"fan:{i}", (i in exp) == (i in got)) for i in sorted(exp | got)]
    elif q.part == "fan":
        ok = parse_count(given, "fan") == q.expected
        verdicts = [(c, ok) for c in q.concepts]
    else:
        exp_pay = q.expected
        assert isinstance(exp_pay, tuple)
        winner, payments = exp_pay
        ok = _payments_ok(parse_payments(given), winner, payments)
        verdicts = [(c, ok) for c in q.concepts]
    if timer is not None and seconds is not None and seconds > timer and ok:
        ok = False
        note = join_notes([note, note_words("late", lang, s=decimal(timer, lang, None))], lang)
        verdicts = [(c, False) for c, _ in verdicts]
    return Graded(q.part, ok, given, q.answer(lang), note, tuple(verdicts))


def concept_focus(concept: str) -> str:
    """Gets the Hong Kong dealer focus that exercises *concept* (``fan:half_flush`` ->
    ``half_flush``, ``hk_pay:discard`` -> ``discard``, anything else -> ``any``).

    >>> concept_focus("fan:all_chows"), concept_focus("yaku:pinfu")
    ('all_chows', 'any')
    """
    from .deal import FOCI

    head, _, rest = concept.partition(":")
    if head == "fan" and rest in FOCI:
        return rest
    if head == "hk_pay":
        return {"discard": "discard", "discard_half": "discard", "self_draw": "self_drawn"}.get(
            rest, "any"
        )
    return "any"
