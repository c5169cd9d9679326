"""The ``tenpai`` command line: parse arguments, call one library function, render, map
errors to exit codes (0 ok, 2 bad input, 1 a batch with failed records, 130 interrupted).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import namedtuple
from collections.abc import Callable, Sequence

from . import __version__
from .flag_names import FLAG_NAMES, HK_WIN_FLAGS  # data only: the scorers load on first use

TYPE_CHECKING = False  # not typing's: importing typing costs a command 2 to 3 ms of start-up
if TYPE_CHECKING:
    from typing import Any, TypeAlias

__all__ = ["main"]

Handler = Callable[[argparse.Namespace], int]


def default_lang() -> str:
    """Gets the language from the environment: ``TENPAI_LANG``, else the locale's
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set: ``ja_JP.UTF-8`` → ``ja``),
    else English; a language Tenpai does not ship reads as English
    (:func:`tenpai.i18n.find_lang`)."""
    from .i18n import find_lang

    for var in ("TENPAI_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        v = os.environ.get(var, "")
        if v:
            return find_lang(v.split(".")[0].split("@")[0])
    return "en"


def _pre_lang(argv: Sequence[str]) -> str:
    """Reads ``--lang`` before the parser is built (its help is in that language)."""
    from .i18n import find_lang

    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return find_lang(argv[i + 1])
        if arg.startswith("--lang="):
            return find_lang(arg.removeprefix("--lang="))
    return default_lang()


def _add_lang(p: argparse.ArgumentParser, *, inherited: bool = False) -> None:
    """Adds ``--lang`` to *p*; *inherited* for the action of a command that has its own
    ``--lang`` (``tenpai logs --lang fr verify`` and ``tenpai logs verify --lang fr`` both
    work: left out, the action keeps the command's value)."""
    from .i18n import find_lang

    p.add_argument(
        "--lang",
        type=find_lang,
        default=argparse.SUPPRESS if inherited else None,
        metavar="LANG",
        help=_h("lang"),
    )


def _lang(args: argparse.Namespace) -> str:
    return args.lang or default_lang()


_HELP_LANG = ["en"]
"""The language of the parser being built (set by :func:`build_parser`)."""


def _h(key: str, *, raw: bool = False) -> str:
    """Gets a help text of the parser in its language (``ui.help.KEY``); an argument's help
    has its ``%`` doubled (argparse formats it), a description or an epilog (*raw*) not."""
    from .i18n import tr

    text = tr(f"ui.help.{key}", _HELP_LANG[0])
    return text if raw else text.replace("%", "%%")


def _number(kind: type[int] | type[float]) -> Callable[[str], Any]:
    """Gets a converter of an option's value to *kind* (``int`` or ``float``) whose name, the
    one argparse writes in its refusal (``valeur invalide (nombre entier attendu) : 'two'``),
    is the kind's name in the help's language (``ui.help.argparse.type.int``)."""

    def read(text: str) -> Any:
        return kind(text)

    read.__name__ = _h(f"argparse.type.{kind.__name__}", raw=True)
    return read


def _examples(name: str, **params: object) -> str:
    """Gets the examples under a command's help (``ui.help.examples.NAME``), headed."""
    from .i18n import tr

    lines = tr(f"ui.help.examples.{name}", _HELP_LANG[0], **params)
    return f"{_h('argparse.examples', raw=True)}\n{lines}\n"


def _flag_word(name: str) -> str:
    """Gets the name of a situation flag in the help's language (as the calculator shows it)."""
    from .i18n import has, tr

    key = f"ui.web.flag_{name}"
    return tr(key, _HELP_LANG[0]) if has(key, "en") else name.replace("_", " ")


def _say(key: str, lang: str, **params: object) -> str:
    """Gets one of the command line's own messages (``ui.cli.KEY``) in *lang*."""
    from .i18n import tr

    return tr(f"ui.cli.{key}", lang, **params)


def _batch(source: str, handle: Any, error: Any, fast: Any = None) -> int:
    """Runs a batch command over the lines of *source* (a file or ``-``): one JSON result
    per non-blank line, in order (see :mod:`tenpai.batch`); the summary goes to stderr.
    *fast*, when given, is the compiled twin of the loop: ``fast(stream, summary)``."""
    from ._batchio import Summary, open_source, widen_pipe  # a compiled loop needs no more

    summary = Summary()
    stream = open_source(source)
    widen_pipe(sys.stdout)
    try:
        if fast is not None:
            fast(stream, summary)
        else:
            from .batch import read_lines, run_batch

            run_batch(read_lines(stream, summary), handle, error, sys.stdout.write, summary)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    said = summary.text(_HELP_LANG[0])  # the run's language (--lang, else the environment)
    if said:
        sys.stdout.flush()
        print(_say("batch.line", _HELP_LANG[0], summary=said), file=sys.stderr)
    return summary.exit_code


# ---- score ---------------------------------------------------------------------------------


def _rules_from_args(args: argparse.Namespace) -> Any:
    from .errors import RulesError, msg
    from .riichi.rules import load_rules

    rules = load_rules(args.rules)
    changes: dict[str, Any] = {}
    local_options: dict[str, Any] = {}
    for item in args.set or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise RulesError.of(msg("errors.cli.set", item=item))
        if "." in key:  # a local yaku variant: ID.OPTION=VALUE
            local_options[key.strip()] = value.strip()
        else:
            changes[key.strip()] = value.strip()
    if local_options:
        changes["local_options"] = {**dict(rules.local_options), **local_options}
    if getattr(args, "local", None):
        from .riichi.rules import check_option

        ids = args.local
        if ids.strip().lower() == "all":
            from .riichi.local import LOCAL_IDS

            ids = ",".join(LOCAL_IDS)
        changes["local_yaku"] = check_option("local_yaku", ids)
    if changes:
        rules = rules.with_options(**changes).with_options(name=f"{rules.name}+custom")
    return rules


_REL_WORDS = {
    "right": 1,
    "across": 2,
    "left": 3,
    "1": 1,
    "2": 2,
    "3": 3,
    "droite": 1,
    "face": 2,
    "gauche": 3,
}


def _rel(value: str | None, what: str) -> int | None:
    from .errors import TenpaiError, msg

    if value is None:
        return None
    r = _REL_WORDS.get(value.strip().lower())
    if r is None:
        raise TenpaiError.of(msg("errors.cli.rel", what=what, value=value))
    return r


def _situation_from_args(args: argparse.Namespace) -> Any:
    from .errors import InvalidSituation, msg
    from .riichi.situation import LOCAL_FLAGS, Situation, parse_wind
    from .tiles import parse_tiles

    flags: list[tuple[str, Any]] = []
    for item in args.flag or []:
        key, sep, value = item.partition("=")
        if key.strip() not in LOCAL_FLAGS:
            known = ", ".join(LOCAL_FLAGS)
            raise InvalidSituation.of(msg("errors.cli.local_flag", key=key.strip(), known=known))
        v: Any = True
        if sep and value.strip()[:1] in ("[", "{"):
            import json

            try:
                v = json.loads(value)
            except json.JSONDecodeError as e:
                error = msg("errors.cli.flag_json", key=key.strip(), error=e.msg)
                raise InvalidSituation.of(error) from None
        elif sep:
            v = (
                int(value)
                if value.lstrip("-").isdigit()
                else (
                    value.lower() in ("true", "yes", "1")
                    if value.lower() in ("true", "false", "yes", "no", "1", "0")
                    else value
                )
            )
        flags.append((key.strip(), v))
    from .errors import TenpaiError
    from .riichi.rules import MOST_COUNTERS  # (a record's round has the same bounds)

    for option, n, what in (("--honba", args.honba, "honba"), ("--sticks", args.sticks, "sticks")):
        if not 0 <= n <= MOST_COUNTERS:
            lang = _lang(args)
            said = _say(f"table_count.{what}", lang)
            top = MOST_COUNTERS
            raise TenpaiError(_say("table_count", lang, option=option, what=said, most=top, n=n))
    return Situation(
        seat_wind=parse_wind(args.seat),
        round_wind=parse_wind(args.round),
        riichi=args.riichi or args.double_riichi,
        double_riichi=args.double_riichi,
        ippatsu=args.ippatsu,
        rinshan=args.rinshan,
        chankan=args.chankan,
        haitei=args.haitei,
        houtei=args.houtei,
        tenhou=args.tenhou,
        chiihou=args.chiihou,
        renhou=args.renhou,
        chankan_ankan=args.chankan_ankan,
        dora_indicators=parse_tiles(args.dora or ""),
        ura_indicators=parse_tiles(args.ura or ""),
        honba=args.honba,
        riichi_sticks=args.sticks,
        discarder=_rel(args.discarder, "--from"),
        pao=_rel(args.pao, "--pao"),
        flags=tuple(flags),
    )


def _cmd_score(args: argparse.Namespace) -> int:
    from .errors import TenpaiError

    lang = _lang(args)
    # the options given (not at their default), as the user wrote them: one that the mode or
    # the variant does not read is an error, never a value silently dropped
    given = [
        (dest, option if option != "hand" else repr(getattr(args, dest)))
        for dest, (option, default) in args.score_options.items()
        if getattr(args, dest) != default and dest != "lang"
    ]
    if args.jsonl is not None:
        for dest, option in given:
            if dest != "jsonl":
                raise TenpaiError(_say("unread.jsonl", lang, option=option))
        return _score_batch(args.jsonl)
    if args.nagashi_mangan:
        reads = {"nagashi_mangan", "seat", "honba", "sticks", "rules", "set", "local", "json"}
        for dest, option in given:
            if dest not in reads:
                raise TenpaiError(_say("unread.nagashi", lang, option=option))
        return _score_nagashi(args)
    if not args.hand:
        raise TenpaiError(_say("give_score", lang))
    wing = _CLI_WINGS[args.variant]
    for dest, option in given:
        if dest in wing.unread:
            other = next(name for name, w in _CLI_WINGS.items() if dest not in w.unread)
            said = _say("unread.variant", lang, option=option, variant=args.variant, other=other)
            raise TenpaiError(said)
    score: Handler = wing.score
    return score(args)


def _score_riichi(args: argparse.Namespace) -> int:
    import dataclasses

    from .errors import TenpaiError
    from .hand import Hand
    from .riichi.explain import explain, render_text
    from .riichi.score import score

    rules = _rules_from_args(args)
    hand = Hand.parse(args.hand, validate=False)
    if args.kita:
        if args.kita < 0:
            raise TenpaiError(_say("kita", _lang(args), n=args.kita))
        hand = dataclasses.replace(hand, kita=hand.kita + args.kita)
    s = score(hand, _situation_from_args(args), rules)
    lang = _lang(args)
    if args.json:
        import json

        from .riichi.records import result_dict

        out = result_dict(s)
        out["explanation"] = [
            {"section": ln.section, "id": ln.id, "value": ln.value, "text": ln.text}
            for ln in explain(s, lang)
        ]
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(hand.format())
        print(render_text(s, lang=lang))
    return 0


def _score_nagashi(args: argparse.Namespace) -> int:
    import json

    from .i18n import tr
    from .riichi.explain import fmt_points
    from .riichi.nagashi import score_nagashi

    sit = _situation_from_args(args)
    s = score_nagashi(sit, _rules_from_args(args))
    lang = _lang(args)
    if args.json:
        out = {
            "rules": s.rules.name,
            "points": s.points,
            "limit": "mangan",
            "deltas": list(s.deltas),
            "as_win": s.as_win,
        }
        print(json.dumps(out))
        return 0
    print(tr("riichi.explain.nagashi", lang))
    for p in s.payments:
        extra = tr("riichi.explain.plus_honba", lang, amount=fmt_points(p.honba, lang))
        amount = fmt_points(p.amount, lang)
        key = f"riichi.explain.nagashi_pays_{p.payer or 1}"
        print(tr(key, lang, amount=amount, extra=extra if p.honba else ""))
    return 0


def _hk_rules_from_args(name: str | None, sets: Sequence[str] | None) -> Any:
    """Reads Hong Kong rules: a profile name or a TOML file, then ``--set`` options."""
    from .errors import RulesError, msg
    from .hk.rules import find_rules, rules_from_mapping
    from .hk.rules import load_rules as load_hk_rules

    name = "hk" if name in (None, "bareme") else name
    assert name is not None
    rules = load_hk_rules(name) if name.endswith(".toml") else find_rules(name)
    changes: dict[str, object] = {}
    for item in sets or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise RulesError.of(msg("errors.cli.set", item=item))
        changes[key.strip()] = _toml_value(value.strip())
    if changes:
        rules = rules_from_mapping(changes, base=rules)
    return rules


def _toml_value(text: str) -> object:
    """Reads a ``--set`` value as a TOML file writes it (``cap=13`` is the number 13,
    ``flowers_in_play=false`` the boolean), else as the word it is (``spiciness=spicy``): the
    Hong Kong options take the types of their TOML file."""
    import tomllib

    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def _score_hk(args: argparse.Namespace) -> int:
    from .errors import TenpaiError, msg
    from .hand import Hand
    from .hk import HKSituation
    from .hk.explain import explain as explain_hk
    from .hk.explain import render_text
    from .hk.score import score as score_hk

    rules = _hk_rules_from_args(args.rules, args.set)
    flags: dict[str, bool] = {}
    for item in args.flag or []:
        key = item.partition("=")[0].strip()
        known = (*HK_WIN_FLAGS, "flower_win")
        if key not in known:
            raise TenpaiError.of(msg("errors.cli.hk_flag", key=key, known=", ".join(known)))
        flags[key] = True
    if args.chankan:
        flags["robbing_kong"] = True
    if args.haitei or args.houtei:
        flags["last_tile"] = True
    if args.rinshan:
        flags["kong_replacement"] = True
    seats = "ESWN"
    seat = (
        seats.index(args.seat.strip().upper()[:1]) if args.seat.strip().upper()[:1] in seats else -1
    )
    if seat < 0:
        raise TenpaiError.of(msg("errors.cli.seat", seat=args.seat))
    rel = _rel(args.discarder, "--from")
    liable = _rel(args.pao, "--pao")
    sit = HKSituation.of(
        seat=seat,
        round_wind=args.round,
        flowers=args.flowers or "",
        discarder=None if rel is None else (seat + rel) % 4,
        liable=None if liable is None else (seat + liable) % 4,
        **flags,
    )
    hand = Hand.parse(args.hand, validate=False)
    s = score_hk(hand, sit, rules)
    lang = _lang(args)
    if args.json:
        import json

        from .hk.records import result_dict

        out = result_dict(s)
        out["explanation"] = [
            {"id": ln.id, "value": str(ln.value), "text": ln.text} for ln in explain_hk(s, lang)
        ]
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(hand.format())
        print(render_text(s, lang))
    return 0


def _score_batch(source: str) -> int:
    import gc

    # The start-up's imports make about 20,000 objects that live as long as the process (and
    # a few hundred objects of cyclic garbage, then kept as they are): the collector would scan
    # them again and again (about 2 ms of start-up, 2 more in the loop). It waits until they
    # are made, then leaves them out of every later collection (gc.freeze); a record's own
    # objects are collected as usual.
    gc.disable()
    try:
        from .batch import error_result
        from .interchange import record_decoder, record_path, score_line

        compiled = record_path()
        if compiled is not None:
            from .riichi import records  # noqa: F401  (what the record path loads first)
    finally:
        gc.freeze()
        gc.enable()
    decode = record_decoder()  # score_many's reader, line by line

    def handle(line: Any) -> dict[str, Any]:
        return score_line(line.text, line.number, decode)

    def error(line: Any, e: Exception) -> dict[str, Any]:
        return error_result(e)

    if compiled is None:
        return _batch(source, handle, error)

    def fast(stream: Any, summary: Any) -> None:  # the record path in C (tenpai/_cbatch.pyx)
        from .batch import LINE_CAP

        compiled.record_lines(stream, handle, error, sys.stdout.write, summary, LINE_CAP)

    return _batch(source, handle, error, fast)


# ---- train, stats, deal (the trainer) ------------------------------------------------------


_MOST_IMPORT = 256 << 20  # the largest profile export read: about a million answers


def _store(args: argparse.Namespace) -> Any:
    """Opens the store of *args* (checked); says on stderr which rows it holds damaged, left
    out of what is read and exported (``Store.damaged_rows``)."""
    from .i18n import ntr
    from .trainer.store import Store, default_store_path

    store = Store(args.store or default_store_path())
    if store.damaged:
        lang, shown = _lang(args), 10
        rows = [
            _say("damaged_row", lang, place=d.place(), profile=repr(d.profile))
            if d.profile is not None
            else d.place()
            for d in store.damaged[:shown]
        ]
        more = len(store.damaged) - shown
        if more > 0:
            rows.append(ntr("ui.cli.damaged_more", more, lang, n=more))
        n = len(store.damaged)
        said = ntr("ui.cli.damaged_rows", n, lang, n=n, path=repr(store.path), rows="; ".join(rows))
        print(_say("warning", lang, message=said), file=sys.stderr)
    return store


def _cmd_train(args: argparse.Namespace) -> int:
    from .errors import TenpaiError
    from .trainer.answers import QuizOptions
    from .trainer.session import SessionConfig, run_session
    from .variants import find_trainer

    v = find_trainer(args.variant)
    text = args.ask if args.ask is not None else ",".join(v.default_ask)
    ask = tuple(a.strip().lower() for a in text.split(",") if a.strip())
    ask = tuple(v.ask_part(a) for a in ask)
    bad = [a for a in ask if a not in v.parts]
    if bad or not ask:
        raise TenpaiError(_say("ask_parts", _lang(args), parts=",".join(v.parts), text=repr(text)))
    if args.count is not None and args.count < 1:
        raise TenpaiError(_say("count_hands", _lang(args)))
    twice = [a for i, a in enumerate(ask) if a in ask[:i]]
    if twice:  # the same part asked, graded and recorded twice a hand
        raise TenpaiError(_say("ask_twice", _lang(args), part=twice[0]))
    if args.timer is not None and not 0 < args.timer < float("inf"):  # nan fails it too
        # 0 or less made every answer late (wrong), nan or inf none
        raise TenpaiError(_say("timer", _lang(args), value=f"{args.timer:g}"))
    if not args.profile:
        raise TenpaiError(_say("profile_empty", _lang(args)))
    options = QuizOptions(
        ask=ask,
        fu_above_4=args.fu_above_4,
        kiriage=args.kiriage,
        extras=args.extras,
        timer=args.timer,
    )
    rules = args.rules or v.default_rules
    if args.rules:  # a riichi TOML file is dealt as its one-line form
        rules = v.rules_line(args.rules)
    cfg = SessionConfig(
        rules=rules,
        level=args.level,
        focus=args.focus,
        seed=args.seed,
        hand=args.hand,
        count=args.count,
        profile=args.profile,
        lang=_lang(args),
        options=options,
        variant=v.name,
    )
    if args.hand is None:  # check the level, focus and rules before the first prompt
        v.deal(args.seed or 0, args.level, args.focus, rules)
    else:
        v.replay(args.hand)
    with _store(args) as store:
        run_session(cfg, store, sys.stdin, sys.stdout)
    return 0


def _cmd_stats(args: argparse.Namespace) -> int:
    import json
    from datetime import UTC, datetime

    from .errors import TenpaiError
    from .trainer.session import render_stats

    if not args.profile:
        raise TenpaiError(_say("profile_empty", _lang(args)))
    with _store(args) as store:
        if args.share or args.unshare:
            return _share(args, store)
        if args.export:
            text = store.export_json(args.profile)
            if store.path != ":memory:":
                kept = store.backup()
                print(_say("backed_up", _lang(args), path=kept), file=sys.stderr)
            if args.export == "-":
                print(text)
            else:
                _write(args.export, (text + "\n").encode("utf-8"))
            return 0
        if args.import_:
            lang, path = _lang(args), repr(args.import_)
            try:
                with open(args.import_, "rb") as fh:
                    raw = fh.read(_MOST_IMPORT + 1)  # (memory bounded: /dev/zero, a disk image)
            except (OSError, ValueError) as e:  # ValueError: a NUL byte in the name
                why = e.strerror if isinstance(e, OSError) else str(e)
                raise TenpaiError(_say("cannot_read", lang, path=path, reason=why)) from None
            if len(raw) > _MOST_IMPORT:
                most = _MOST_IMPORT >> 20
                raise TenpaiError(_say("import_too_large", lang, path=path, most=most))
            try:  # an editor's byte-order mark is no part of the export
                text = raw.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
            except UnicodeDecodeError as e:
                bad, line = f"0x{raw[e.start]:02x}", raw[: e.start].count(b"\n") + 1
                raise TenpaiError(_say("not_utf8", lang, path=path, byte=bad, line=line)) from None
            try:
                data = json.loads(text)
            except json.JSONDecodeError as e:
                at = {"line": e.lineno, "column": e.colno}
                raise TenpaiError(
                    _say("not_json_at", lang, path=path, reason=e.msg, **at)
                ) from None
            except RecursionError:  # nested thousands deep: no export is
                from .batch import MAX_DEPTH
                from .i18n import tr

                why = tr("errors.batch.depth", lang, most=MAX_DEPTH)
                raise TenpaiError(_say("not_json", lang, path=path, reason=why)) from None
            name = store.import_profile(data, name=args.as_, replace=args.replace)
            print(_say("imported", _lang(args), name=repr(name)))
            return 0
        now = datetime.now(UTC)
        print(
            render_stats(
                args.profile,
                store.concept_stats(args.profile),
                store.answers(args.profile),
                now=now,
                lang=_lang(args),
            )
        )
    return 0


_MOST_PASSPHRASE = 200  # as the web app's forms


def _share(args: argparse.Namespace, store: Any) -> int:
    """Shares the terminal's profile of *args* with the web app (``--share``: a browser that
    gives the passphrase uses it) or stops sharing it (``--unshare``); docs/web.md,
    "Profiles"."""
    from .errors import TenpaiError, msg
    from .trainer.store import StoreError

    lang, name = _lang(args), repr(args.profile)
    if args.unshare:
        if args.profile not in store.profiles():
            known = ", ".join(store.profiles())
            error = msg("errors.trainer.store.no_profile", profile=args.profile, known=known)
            raise StoreError.of(error)
        store.set_passphrase(args.profile, None)
        print(_say("unshared", lang, name=name))
        return 0
    if sys.stdin.isatty():
        import getpass

        passphrase = getpass.getpass(_say("passphrase_prompt", lang, name=name))
        if getpass.getpass(_say("passphrase_again", lang)) != passphrase:
            raise TenpaiError(_say("passphrase_differs", lang))
    else:  # a script gives it on the first line of stdin
        passphrase = sys.stdin.readline(_MOST_PASSPHRASE + 2).rstrip("\r\n")
    if not 8 <= len(passphrase) <= _MOST_PASSPHRASE:
        raise TenpaiError(_say("passphrase_length", lang, most=_MOST_PASSPHRASE))
    store.set_passphrase(args.profile, passphrase)
    print(_say("shared", lang, name=name))
    return 0


def _cmd_deal(args: argparse.Namespace) -> int:
    import json

    from .errors import TenpaiError
    from .variants import find_trainer

    v = find_trainer(args.variant)
    if args.count < 0:
        raise TenpaiError(_say("count_deal", _lang(args)))
    rules = args.rules or v.default_rules
    for i in range(args.count):
        d = v.deal(args.seed + i, args.level, args.focus, rules)
        sys.stdout.write(json.dumps(v.record(d), ensure_ascii=False) + "\n")
    return 0


# ---- shanten and waits ---------------------------------------------------------------------


def _analysis_dict(
    text: str, a: Any, what: str, local: dict[str, int] | None = None
) -> dict[str, Any]:
    from .tiles import tile_name

    out: dict[str, Any] = {"hand": text, "shanten": a.shanten}
    if what == "shanten":
        out["forms"] = {"standard": a.standard, "chiitoitsu": a.chiitoitsu, "kokushi": a.kokushi}
        out["forms"].update(local or {})
    out["waits"] = [tile_name(k) for k, _ in a.waits]
    out["unseen"] = {tile_name(k): n for k, n in a.waits}
    if what == "shanten":
        if a.ukeire:
            out["ukeire"] = {tile_name(k): n for k, n in a.ukeire}
        if a.discards:
            out["discards"] = [
                {
                    "discard": tile_name(d.kind),
                    "shanten": d.shanten,
                    "ukeire": sum(n for _, n in d.ukeire),
                }
                for d in a.discards
            ]
    return out


def _analyse_text(text: str, visible_text: str | None, players: int = 4) -> Any:
    from .hand import Hand
    from .shanten import analyse
    from .tiles import NORTH, parse_tiles

    hand = Hand.parse(text)
    visible = parse_tiles(visible_text or "")
    _check_copies(text, (*hand.all_tiles(), *(NORTH,) * hand.kita), visible_text, visible)
    return analyse(hand, visible, players=players)


def _check_copies(text: str, tiles: Sequence[int], visible_text: str | None, visible: Any) -> None:
    """Refuses a hand (*text*, its *tiles*) and the tiles ``--visible`` names that together
    hold a fifth copy of a tile (the unseen count would be cut to 0 without a word)."""
    from .errors import InvalidHand, msg, quoted
    from .tiles import counts34, tile_name

    counts = counts34([*tiles, *visible])
    n = max(counts)
    if n > 4:
        tile = tile_name(counts.index(n))
        shown = quoted(visible_text or "")
        if not text:  # a batch's --visible, before its first line
            raise InvalidHand.of(msg("errors.cli.visible_alone", n=n, tile=tile, visible=shown))
        error = msg("errors.cli.visible_copies", n=n, tile=tile, hand=quoted(text), visible=shown)
        raise InvalidHand.of(error)


def _players(args: argparse.Namespace) -> int:
    """Gets the number of players of the analysis commands' ``--rules`` (4 without it)."""
    if not args.rules:
        return 4
    from .riichi.rules import load_rules

    return load_rules(args.rules).players


def _render_analysis(
    text: str, a: Any, what: str, lang: str, local: dict[str, int] | None = None
) -> str:
    from .tiles import tile_name

    lines = [text]
    forms = _say("form.standard", lang, n=a.standard)
    if a.chiitoitsu is not None:
        forms += ", " + _say("form.chiitoitsu", lang, n=a.chiitoitsu)
        forms += ", " + _say("form.kokushi", lang, n=a.kokushi)
    for form, n in (local or {}).items():
        forms += f", {form} {n}"
    if a.shanten < 0:
        lines.append(_say("complete", lang))
    elif a.shanten == 0:
        lines.append(_say("tenpai", lang, forms=forms))
    else:
        lines.append(_say("shanten", lang, n=a.shanten, forms=forms))
    if a.waits:
        waits = ", ".join(f"{tile_name(k)} ×{n}" for k, n in a.waits)
        total = sum(n for _, n in a.waits)
        lines.append(_say("waits", lang, waits=waits, n=total))
    elif what == "waits" and a.shanten != 0:
        lines.append(_say("no_wait", lang))
    if what == "shanten" and a.ukeire and a.shanten > 0:
        uke = ", ".join(f"{tile_name(k)} ×{n}" for k, n in a.ukeire)
        lines.append(_say("improve", lang, tiles=uke, n=sum(n for _, n in a.ukeire)))
    if what == "shanten" and a.discards and a.shanten >= 0:
        best = [d for d in a.discards if d.shanten == a.discards[0].shanten][:5]
        items = ", ".join(f"{tile_name(d.kind)} ({sum(n for _, n in d.ukeire)})" for d in best)
        lines.append(_say("discards", lang, tiles=items))
    return "\n".join(lines)


def _cmd_analysis(args: argparse.Namespace) -> int:
    what = args.command
    if args.file is not None and not args.local:
        return _analysis_batch(args.file, what, args.visible, _players(args))
    import json

    from .errors import TenpaiError

    if args.file is not None:
        raise TenpaiError(_say("local_one", _lang(args), what=what))
    if not args.hand:
        raise TenpaiError(_say("give_hand", _lang(args), what=what))
    local: dict[str, int] | None = None
    if args.local:  # the irregular shapes of the enabled local yaku count too
        from .hand import Hand
        from .riichi.local import local_analysis
        from .tiles import parse_tiles

        rules = _rules_from_args(
            argparse.Namespace(rules=args.rules or "bareme", set=None, local=args.local)
        )
        from .tiles import NORTH

        hand, visible = Hand.parse(args.hand), parse_tiles(args.visible or "")
        _check_copies(args.hand, (*hand.all_tiles(), *(NORTH,) * hand.kita), args.visible, visible)
        a, local = local_analysis(hand, rules, visible)
    else:
        a = _analyse_text(args.hand, args.visible, _players(args))
    if args.json:
        print(json.dumps(_analysis_dict(args.hand, a, what, local), ensure_ascii=False))
    else:
        print(_render_analysis(args.hand, a, what, _lang(args), local))
    return 0


def _analysis_line(visible: Sequence[int], players: int) -> Callable[[Any], dict[str, Any]]:
    """Gets the handler of one line of an analysis batch (*visible*: the 34 counts of the
    tiles seen)."""
    from .errors import InvalidHand, msg, quoted
    from .hand import Hand
    from .shanten import shanten, waits
    from .tiles import counts34, parse_tiles, tile_name

    def handle(line: Any) -> dict[str, Any]:
        text = line.text.strip()
        if " " in text or not (text.isascii() and text.isalnum()):
            hand = Hand.parse(text)
            counts = list(hand.counts)
            melds = len(hand.melds)
        else:
            counts = counts34(parse_tiles(text))
            melds = 0
            n = sum(counts)
            if n > 14 or n % 3 == 0 or max(counts) > 4:
                Hand.parse(text)  # names the problem in the user's notation
                raise InvalidHand.of(msg("errors.cli.not_a_hand", text=quoted(text)))
        sh = shanten(counts, melds, players=players)
        out: dict[str, Any] = {"hand": text, "shanten": sh}
        if sh == 0 and sum(counts) % 3 == 1:
            ws = waits(counts, melds, players=players)
            out["waits"] = [tile_name(k) for k in ws]
            out["unseen"] = {tile_name(k): max(0, 4 - counts[k] - visible[k]) for k in ws}
        else:
            out["waits"] = []
        return out

    return handle


def _analysis_batch(source: str, what: str, visible_text: str | None, players: int = 4) -> int:
    """Analyses one hand per line; plain MPSZ lines take a lean path (no meld parsing). The
    compiled loop takes the plain hands itself: the pure modules (hands, tiles, shanten) are
    imported only when it hands a line over (a batch of plain hands starts without them)."""
    if visible_text:
        from .tiles import counts34, parse_tiles

        tiles = parse_tiles(visible_text)
        _check_copies("", (), visible_text, tiles)  # a line's own tiles: the loop's (in C too)
        visible = counts34(tiles)
    else:
        visible = [0] * 34
    handlers: list[Callable[[Any], dict[str, Any]]] = []

    def handle(line: Any) -> dict[str, Any]:
        if not handlers:
            handlers.append(_analysis_line(visible, players))
        return handlers[0](line)

    def error(line: Any, e: Exception) -> dict[str, Any]:
        from .batch import error_result

        hand = None if line.text is None else line.text.strip()
        return {"hand": hand, "error": error_result(e)["error"]}

    from ._compiled import core

    compiled = core("_cbatch")
    if compiled is None:
        return _batch(source, handle, error)

    def fast(stream: Any, summary: Any) -> None:  # the same loop in C (tenpai/_cbatch.pyx)
        from ._batchio import LINE_CAP

        compiled.analysis_lines(
            stream, visible, players, handle, error, sys.stdout.write, summary, LINE_CAP
        )

    return _batch(source, handle, error, fast)


# ---- rules ---------------------------------------------------------------------------------


def _cmd_rules(args: argparse.Namespace) -> int:
    from .errors import RulesError, msg
    from .i18n import tr
    from .riichi.rules import (
        OPTIONS,
        PRESETS,
        choice_label,
        load_rules,
        option_description,
        option_label,
        preset_note,
    )
    from .riichi.words import variant_label, variant_value

    lang = _lang(args)
    if args.action == "show":
        if not args.name:
            raise RulesError.of(msg("errors.cli.rules_show"))
        rules = load_rules(args.name)
        local = {k: v for k, v in rules.local_options}
        if args.json:
            import json

            out = {"name": rules.name, **rules.options()}
            if local:
                out["local_options"] = local
            print(json.dumps(out, ensure_ascii=False))
            return 0
        print(rules.name)
        for o in OPTIONS:
            v = getattr(rules, o.name)
            if isinstance(v, frozenset):
                shown = ", ".join(sorted(choice_label(o.name, x, lang) for x in v))
            else:
                shown = choice_label(o.name, v, lang)
            print(f"  {option_label(o.name, lang)} ({o.name}): {shown or '-'}")
            print(f"      {option_description(o.name, lang)}")
        for key, value in local.items():
            yaku_id, _, name = key.partition(".")
            words = variant_value(yaku_id, name, value, lang)
            print(f"  {variant_label(yaku_id, name, lang)} ({key}): {words}")
        return 0
    if args.json:
        import json

        print(
            json.dumps(
                {
                    "presets": {n: PRESETS[n].options() for n in PRESETS},
                    "options": [o.name for o in OPTIONS],
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(tr("yaku.cli.presets", lang))
    for name in PRESETS:
        print(f"  {name:<10} {preset_note(name, lang)}")
    print(tr("yaku.cli.options", lang))
    kinds = {
        "bool": f"{tr('yaku.value.yes', lang)} / {tr('yaku.value.no', lang)}",
        "int": tr("yaku.cli.number", lang),
    }
    for o in OPTIONS:
        if o.choices:
            values = " / ".join(choice_label(o.name, c, lang) for c in o.choices)
        else:
            values = kinds.get(o.kind, tr("yaku.cli.see_yaku", lang))
        print(f"  {option_label(o.name, lang)} ({o.name}): {values}")
        print(f"      {option_description(o.name, lang)}")
    return 0


# ---- game ----------------------------------------------------------------------------------


def _game_rules_from_args(args: argparse.Namespace) -> Any:
    from .errors import RulesError, msg
    from .game.rules import load_game_rules

    rules = load_game_rules(args.rules)
    changes: dict[str, str] = {}
    for item in args.set or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError.of(msg("errors.cli.set", item=item))
        changes[key.strip()] = value.strip()
    if changes:
        rules = rules.with_options(**changes, name=f"{rules.name}+custom")
    return rules


def _cmd_game_result(args: argparse.Namespace) -> int:
    import json

    from .errors import TenpaiError, msg
    from .game.placement import placement, points_text
    from .game.sheet import _number, word
    from .i18n import tr

    rules = _game_rules_from_args(args)
    scores: list[int] = []
    for text in args.scores:
        try:
            scores.append(int(text.replace("_", "").replace(",", "")))
        except ValueError:
            raise TenpaiError.of(msg("errors.cli.final_score", text=text)) from None
    results = placement(scores, rules, 0)
    from .game.placement import score_doubts

    for doubt in score_doubts(scores, rules):  # possible only by a typing slip: said, not refused
        print(
            _say("warning", _lang(args), message=tr(doubt[0], _lang(args), **doubt[1])),
            file=sys.stderr,
        )
    if args.json:
        out = {
            "rules": rules.name,
            "scores": scores,
            "points": [_number(r.points) for r in results],
            "ranks": [r.rank for r in results],
            "parts": [
                [{"id": p.id, "value": _number(p.value), "note": p.note} for p in r.parts]
                for r in results
            ],
        }
        print(json.dumps(out, ensure_ascii=False))
        return 0
    lang = _lang(args)
    for r in results:
        parts = " ".join(
            f"{word('part_' + p.id, lang)} {points_text(p.value, lang)}" for p in r.parts
        )
        tie = f"  ({word('tie_' + r.tie, lang)})" if r.tie else ""
        print(f"{r.seat}  {r.score:>7}  {r.rank}  {points_text(r.points, lang):>7}   {parts}{tie}")
    return 0


def _cmd_game_sheet(args: argparse.Namespace) -> int:
    from .errors import TenpaiError, msg
    from .game.sheet import read_sheet, render_csv, render_json, render_text
    from .logs.source import LogError, load, text_bytes, words

    path = args.events
    try:
        # the events' bytes: a file's at most as large as a log's (a UTF-16 file, saved by a
        # Windows editor, reads as UTF-8)
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", None)
            raw = stdin.read() if stdin is not None else sys.stdin.read().encode("utf-8")
        else:
            raw = load(path)
        data = text_bytes(raw, path)
    except LogError as e:
        raise TenpaiError.of(msg("errors.cli.read", path=path, error=words(*e.parts))) from None
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise TenpaiError.of(msg("errors.game.sheet.not_utf8", path=path, line=line)) from None
    sheet = read_sheet(lines)
    if args.format == "csv":
        out = render_csv(sheet, lang=_lang(args), decimal_comma=args.decimal_comma)
    else:
        render = {"text": render_text, "json": render_json}[args.format]
        out = render(sheet, lang=_lang(args)) + ("\n" if args.format == "json" else "")
    sys.stdout.write(out)
    return 0


def _cmd_game_rules(args: argparse.Namespace) -> int:
    import json

    from .game.rules import GAME_OPTIONS, GAME_PRESETS, game_preset_names, load_game_rules
    from .game.sheet import word

    lang = _lang(args)
    if args.name:
        rules = load_game_rules(args.name)
        if args.json:
            print(json.dumps({"name": rules.name, **rules.options()}, ensure_ascii=False))
            return 0
        print(rules.name)
        for o in GAME_OPTIONS:
            v = rules.options()[o.name]
            if isinstance(v, bool):  # a yes or a no, as the TOML writes it: true / false
                shown = str(v).lower()
            else:
                shown = "/".join(str(x) for x in v) if isinstance(v, list) else str(v)
            print(f"  {o.name:<16} {shown or '-':<18} {o.description(lang)}")
        return 0
    if args.json:
        print(json.dumps({n: r.options() for n, r in GAME_PRESETS.items()}, ensure_ascii=False))
        return 0
    for name, _, _ in game_preset_names():
        print(f"  {name:<20} {word(f'preset.{name}', lang)}")
    return 0


def _game_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    gp = sub.add_parser(
        what,
        help=_h("cmd.game"),
        formatter_class=fmt,
        description=_h("desc.game", raw=True),
        epilog=_examples("game"),
    )
    _add_lang(gp)  # ``tenpai game --lang fr ACTION``, as ``tenpai logs --lang fr ACTION``
    gsub = gp.add_subparsers(dest="game_command", metavar="ACTION", required=True)
    rp = gsub.add_parser(
        "result",
        help=_h("cmd.game.result"),
        formatter_class=fmt,
        description=_h("desc.game.result", raw=True),
        epilog=_examples("game.result"),
    )
    rp.add_argument(
        "scores", nargs="+", metavar="SCORE", help=_h("opt.final_scores_from_the_first")
    )
    rp.add_argument("--rules", default="tenhou", help=_h("opt.game_preset_or_toml_file"))
    rp.add_argument(
        "--set",
        action="append",
        metavar="OPTION=VALUE",
        help=_h("opt.change_one_game_option_repeatable"),
    )
    rp.add_argument("--json", action="store_true", help=_h("opt.write_json_points"))
    _add_lang(rp, inherited=True)
    rp.set_defaults(func=_cmd_game_result)
    shp = gsub.add_parser(
        "sheet",
        help=_h("cmd.game.sheet"),
        formatter_class=fmt,
        description=_h("desc.game.sheet", raw=True),
        epilog=_examples("game.sheet"),
    )
    shp.add_argument("events", metavar="EVENTS.jsonl", help=_h("opt.the_game_s_events_stdin"))
    shp.add_argument("--format", choices=("text", "json", "csv"), default="text")
    shp.add_argument("--decimal-comma", action="store_true", help=_h("opt.csv_decimal_comma"))
    _add_lang(shp, inherited=True)
    shp.set_defaults(func=_cmd_game_sheet)
    grp = gsub.add_parser(
        "rules",
        help=_h("cmd.game.rules"),
        formatter_class=fmt,
        epilog=_examples("game.rules"),
    )
    grp.add_argument("name", nargs="?", help=_h("opt.preset_name_or_toml_file"))
    grp.add_argument("--json", action="store_true", help=_h("opt.write_json"))
    _add_lang(grp, inherited=True)
    grp.set_defaults(func=_cmd_game_rules)


# ---- card ----------------------------------------------------------------------------------


def _riichi_card_rules(args: argparse.Namespace) -> Any:
    from .errors import TenpaiError, msg

    if args.page is not None:
        raise TenpaiError.of(msg("errors.cli.page_hk"))
    args.rules = args.rules or "bareme"
    return _rules_from_args(args)


def _hk_card_rules(args: argparse.Namespace) -> Any:
    from .errors import RulesError, msg

    if args.local:
        raise RulesError.of(msg("errors.cli.local_riichi"))
    return _hk_rules_from_args(args.rules, args.set)


_CliWing = namedtuple("_CliWing", "score card_rules unread")  # immutable; lighter than a dataclass
"""What the command line reads of its own for a variant (its options differ: riichi's
``--local``, ``--dora``; Hong Kong's ``--flag``, bonus tiles): the rest goes through
:mod:`tenpai.variants` (``score(args) -> int``, ``card_rules(args) -> rules``); *unread*, the
``score`` options (their argparse names) that its scorer does not read: given, they are an
error rather than a value silently dropped."""


_CLI_WINGS = {
    "riichi": _CliWing(score=_score_riichi, card_rules=_riichi_card_rules, unread={"flowers"}),
    "hk": _CliWing(
        score=_score_hk,
        card_rules=_hk_card_rules,
        unread={
            "local",
            "dora",
            "ura",
            "kita",
            "honba",
            "sticks",
            "riichi",
            "double_riichi",
            "ippatsu",
            "tenhou",
            "chiihou",
            "renhou",
            "chankan_ankan",
        },
    ),
}
"""The command line's options of each variant of :data:`tenpai.variants.VARIANTS` (a test
holds the two to the same names)."""


def _cmd_card(args: argparse.Namespace) -> int:
    from .render import render
    from .render.documents import card_document

    lang = _lang(args)
    rules = _CLI_WINGS[args.variant].card_rules(args)
    doc = card_document(variant=args.variant, page=args.page, rules=rules, lang=lang)
    if args.format == "pdf":
        from .render.pdf import render_pdf

        data = render_pdf(doc)
        if args.output in (None, "-"):
            sys.stdout.buffer.write(data)
            return 0
        return _write(args.output, data)
    out = render(doc, args.format)
    if args.output in (None, "-"):
        sys.stdout.write(out)
        return 0
    return _write(args.output, out.encode("utf-8"))


def _write(path: str, data: bytes) -> int:
    from .errors import TenpaiError, msg

    try:
        with open(path, "wb") as fh:
            fh.write(data)
    except (OSError, ValueError) as e:  # ValueError: a NUL byte in the name (main(argv) only)
        why = e.strerror if isinstance(e, OSError) else str(e)
        raise TenpaiError.of(msg("errors.cli.write", path=path, error=why)) from None
    return 0


# ---- yaku ----------------------------------------------------------------------------------


def _is(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _cmd_yaku(args: argparse.Namespace) -> int:
    from .i18n import tr
    from .riichi.catalogue import yaku_catalogue
    from .riichi.words import yaku_label

    rules = None
    if args.rules is not None or args.set or args.local:
        given = argparse.Namespace(rules=args.rules or "bareme", set=args.set, local=args.local)
        rules = _rules_from_args(given)
    lang = _lang(args)
    entries = yaku_catalogue(local_only=args.local_only, rules=rules, lang=lang)
    if args.json:
        import json

        print(json.dumps(entries, ensure_ascii=False))
        return 0
    for local, title in ((False, "yaku.cli.standard"), (True, "yaku.cli.local")):
        group = [e for e in entries if e["local"] is local]
        if not group:
            continue
        print(f"{tr(title, lang)} ({len(group)})")
        for e in group:
            if lang in ("fr", "en"):
                fr = lang == "fr"
                name = f"{e['fr']} ({e['fr_gloss']})" if fr else e["en"]
                ema = f" (EMA: {e['ema'][0 if fr else 1]})" if e["ema"] else ""
                print(f"  {e['id']:<22} {e['romaji']} {e['kanji']} — {name}{ema}: {e['value']}")
            else:  # the EMA names are those of its French and English books
                print(f"  {e['id']:<22} {yaku_label(e['id'], lang)}: {e['value']}")
            for v in e["variants"]:
                values = " | ".join(
                    _shown_value(x, v["words"][str(x)][lang])
                    + ("*" if _is(x, v["default"]) else "")
                    for x in v["values"]
                )
                print(f"      {v['label'][lang]} — {v['description'][lang]}")
                print(f"          {e['id']}.{v['name']} = {values}")
    print(tr("yaku.cli.default", lang))
    return 0


def _shown_value(value: Any, words: str) -> str:
    """Writes a variant value as typed (``--set ID.OPTION=VALUE``), with its words."""
    typed = str(value).lower()
    return typed if words == str(value) else f"{typed} ({words})"


def _cmd_maneman(args: argparse.Namespace) -> int:
    import json

    from .errors import InvalidSituation, RulesError, TenpaiError, msg
    from .riichi.explain import fmt_points
    from .riichi.local import maneman_awards
    from .riichi.situation import parse_wind

    discards: dict[str, Any] = {}
    seen: dict[int, str] = {}  # a player given twice kept only his last discards
    for item in args.discards:
        wind, sep, tiles = item.partition(":")
        if not sep:
            raise InvalidSituation.of(msg("errors.cli.discards", item=item))
        first = seen.get(parse_wind(wind))
        if first is not None:
            raise TenpaiError(_say("wind_twice", _lang(args), first=repr(first), again=repr(item)))
        seen[parse_wind(wind)] = item
        text = tiles.strip()
        if text.startswith("["):
            try:
                discards[wind.strip()] = json.loads(text)
            except json.JSONDecodeError as e:
                raise InvalidSituation.of(
                    msg("errors.cli.discards_json", item=item, error=e.msg)
                ) from None
        else:
            discards[wind.strip()] = text
    rules = _rules_from_args(args)
    if "maneman" not in rules.local_yaku:  # the command is about maneman: it plays it
        rules = rules.with_options(local_yaku=",".join(sorted({*rules.local_yaku, "maneman"})))
    if dict(rules.local_options).get("maneman.settlement") == "on_win":
        raise RulesError.of(msg("errors.cli.maneman_on_win"))
    try:
        awards = maneman_awards(discards, rules)
    except ValueError as e:
        if isinstance(e, TenpaiError):  # its words in the reader's language
            raise
        raise InvalidSituation(str(e)) from None
    lang = _lang(args)
    if args.json:
        print(json.dumps([a.as_dict() for a in awards]))
        return 0
    if not awards:
        print(_say("no_maneman", lang))
    for a in awards:
        fields = a.as_dict()
        print(
            _say(
                "maneman",
                lang,
                imitator=fields["imitator"],
                imitated=fields["imitated"],
                turns=a.turns,
                points=fmt_points(a.points),
                limit=a.limit,
            )
        )
    return 0


# ---- serve ---------------------------------------------------------------------------------


def _cmd_schema(args: argparse.Namespace) -> int:
    import json

    from .schema import record_schema, result_schema, schemas

    doc = {"record": record_schema, "result": result_schema, "both": schemas}[args.part]()
    text = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    if args.output in (None, "-"):
        sys.stdout.write(text)
        return 0
    return _write(args.output, text.encode("utf-8"))


def _cmd_serve(args: argparse.Namespace) -> int:
    from .errors import TenpaiError, msg

    try:
        from .web import create_app
        from .web.server import make_server
    except ImportError as e:
        raise TenpaiError.of(msg("errors.cli.web_extra", error=e)) from None
    from .trainer.store import default_store_path

    if not 0 < args.port < 65536:
        raise TenpaiError.of(msg("errors.cli.port", port=args.port))
    from .web.app import SecretError

    if not 0 < args.client_timeout <= 3600:
        raise TenpaiError.of(msg("errors.cli.client_timeout", timeout=args.client_timeout))
    store = args.store or default_store_path()
    from .web.app import allowed_hosts

    try:
        hosts = allowed_hosts(args.host, (v for a in args.allow_host for v in a.split(",")))
    except ValueError as e:
        raise TenpaiError(_say("allow_host", _lang(args), value=repr(str(e)))) from None
    try:
        app = create_app(store_path=store, client_timeout=args.client_timeout, hosts=hosts)
    except SecretError as e:
        raise TenpaiError(str(e)) from None
    server = make_server(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        client_timeout=args.client_timeout,
    )
    print(f"tenpai: serving http://{args.host}:{args.port}/ (store {store})", file=sys.stderr)
    server.run()
    return 0


# ---- logs ----------------------------------------------------------------------------------


def _log_games(paths: Sequence[str], lang: str) -> Any:
    """Gets the reading of the games of *paths* (:class:`tenpai.logs.run.Reading`); a log that
    cannot be read is reported on stderr, counted, and the next one is read."""
    from .logs.run import Reading
    from .logs.source import said_in

    def report(reason: str) -> None:
        print(_say("error", lang, message=said_in(reason, lang)), file=sys.stderr)

    return Reading(paths, report)


def _cmd_logs_extract(args: argparse.Namespace) -> int:
    from .i18n import tr
    from .logs.source import said_in

    lang, n = _lang(args), 0
    reading = _log_games(args.paths, lang)
    for g in reading.games():
        for e in g.errors:
            where = tr("errors.logs.located", lang, head=g.file, message=said_in(e, lang))
            print(_say("warning", lang, message=where), file=sys.stderr)
        for w in g.wins():
            rec = dict(w.record)
            rec["log"] = w.claim.as_dict()
            import json  # here, not at the top: a batch of hands starts without it

            sys.stdout.write(json.dumps(rec, ensure_ascii=False) + "\n")
            n += 1
    # 1: a batch with a log that could not be read, or no win at all
    return 0 if n and not reading.unreadable else 1


def _cmd_logs_verify(args: argparse.Namespace) -> int:
    import json

    from .errors import TenpaiError
    from .logs.run import verify_paths

    lang = _lang(args)
    if args.workers < 1:
        raise TenpaiError(_say("workers", lang))
    try:
        out = open(args.disagreements, "w", encoding="utf-8") if args.disagreements else None  # noqa: SIM115
    except OSError as e:
        path, why = repr(args.disagreements), e.strerror
        raise TenpaiError(_say("cannot_write", lang, path=path, reason=why)) from None
    shown: list[dict[str, Any]] = []

    def keep(rec: dict[str, Any]) -> None:
        if out:
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        if len(shown) < 20:
            shown.append(rec)

    try:
        if args.dask:
            from .logs.dask import verify_on_dask

            summary = verify_on_dask(args.paths, args.dask, on_disagreement=keep)
        else:
            summary = verify_paths(args.paths, workers=args.workers, on_disagreement=keep)
    finally:
        if out:
            out.close()
    d = summary.as_dict()
    if args.json:
        print(json.dumps(d, ensure_ascii=False, indent=2))
    else:
        from .logs.text import verify_lines

        print("\n".join(verify_lines(d, shown, lang)))
    # 1: a batch with a disagreement, or a log that could not be read
    return 1 if summary.any_disagreement or d["unreadable"] else 0


def _cmd_logs_stats(args: argparse.Namespace) -> int:
    import json

    from .logs.stats import Stats

    st = Stats()
    reading = _log_games(args.paths, _lang(args))
    st.add(reading.games())
    st.files = reading.files
    for reason in reading.unreadable:
        st.add_unreadable(reason)
    d = st.as_dict()
    if args.json:
        print(json.dumps(d, ensure_ascii=False, indent=2))
    else:
        from .logs.text import stats_lines

        for line in stats_lines(d, _lang(args)):
            print(line)
    return 1 if reading.unreadable else 0  # 1: a batch with a log that could not be read


# ---- parser --------------------------------------------------------------------------------


def _score_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    sp = sub.add_parser(
        what,
        help=_h("cmd.score"),
        formatter_class=fmt,
        description=_h("desc.score", raw=True),
        epilog=_examples("score"),
    )
    sp.add_argument("hand", nargs="?", help=_h("opt.the_hand_e_g_234m678p45667s88s"))
    sp.add_argument(
        "--jsonl",
        metavar="FILE",
        help=_h("opt.score_one_json_record_per"),
    )
    sp.add_argument(
        "--variant",
        choices=tuple(_CLI_WINGS),  # the registry's names, without importing it
        default="riichi",
        help=_h("opt.riichi_default_or_hk_hong"),
    )
    sp.add_argument(
        "--rules",
        default="bareme",
        help=_h("opt.preset_or_toml_file_default"),
    )
    sp.add_argument("--flowers", metavar="TILES", help=_h("opt.hong_kong_flowers_and_seasons"))
    sp.add_argument(
        "--set",
        action="append",
        metavar="OPTION=VALUE",
        help=_h("opt.change_one_rule_option_repeatable"),
    )
    sp.add_argument("--local", metavar="IDS", help=_h("opt.enable_local_yaku_id_id"))
    sp.add_argument("--seat", default="E", help=_h("opt.seat_wind_e_s_w"))
    sp.add_argument("--round", default="E", help=_h("opt.round_wind_e_s_w"))
    for name in FLAG_NAMES:
        if name == "nagashi_mangan":
            sp.add_argument(
                "--nagashi",
                dest="nagashi_mangan",
                action="store_true",
                help=_h("opt.price_a_nagashi_mangan_for"),
            )
            continue
        flag = name.replace("_", "-")
        sp.add_argument(
            f"--{flag}",
            action="store_true",
            help=_h("opt.the_win_had_name").replace("{name}", _flag_word(name)),
        )
    sp.add_argument("--dora", metavar="TILES", help=_h("opt.dora_indicators_e_g_1m3z"))
    sp.add_argument("--ura", metavar="TILES", help=_h("opt.ura_dora_indicators_after_riichi"))
    sp.add_argument(
        "--kita",
        type=_number(int),
        default=0,
        metavar="N",
        help=_h("opt.three_players_norths_set_aside"),
    )
    sp.add_argument(
        "--honba", type=_number(int), default=0, help=_h("opt.honba_counters_on_the_table")
    )
    sp.add_argument(
        "--sticks", type=_number(int), default=0, help=_h("opt.riichi_sticks_on_the_table")
    )
    sp.add_argument(
        "--from",
        dest="discarder",
        metavar="WHO",
        help=_h("opt.who_dealt_in_on_a"),
    )
    sp.add_argument("--pao", metavar="WHO", help=_h("opt.the_liable_player_left_across"))
    sp.add_argument(
        "--flag",
        action="append",
        metavar="NAME[=VALUE]",
        help=_h("opt.a_situation_flag_for_local"),
    )
    sp.add_argument("--json", action="store_true", help=_h("opt.write_the_result_as_json"))
    _add_lang(sp)
    options = {a.dest: (a.option_strings[-1] if a.option_strings else a.dest, a.default)
               for a in sp._actions if a.dest != "help"}  # fmt: skip
    sp.set_defaults(func=_cmd_score, score_options=options)


def _train_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    tp = sub.add_parser(
        what,
        help=_h("cmd.train"),
        formatter_class=fmt,
        description=_h("desc.train", raw=True),
        epilog=_examples("train"),
    )
    tp.add_argument(
        "--variant",
        choices=tuple(_CLI_WINGS),  # the registry's names, without importing it
        default="riichi",
        help=_h("opt.riichi_default_or_hk_hong"),
    )
    tp.add_argument(
        "--rules",
        default=None,
        help=_h("opt.rules_preset_toml_file_or"),
    )
    tp.add_argument(
        "--ask",
        default=None,
        help=_h("opt.parts_to_ask_among_yaku"),
    )
    tp.add_argument(
        "--level",
        default="intermediaire",
        help=_h("opt.debutant_closed_hands_common_fu"),
    )
    tp.add_argument(
        "--focus",
        default="any",
        help=_h("opt.any_fu_open_closed_or"),
    )
    tp.add_argument("--seed", type=_number(int), help=_h("opt.seed_of_the_first_hand"))
    tp.add_argument("--hand", metavar="ID", help=_h("opt.replay_one_hand_by_its"))
    tp.add_argument("--count", type=_number(int), help=_h("opt.number_of_hands_default_until"))
    tp.add_argument("--profile", default="default", help=_h("opt.whose_progress_default_default"))
    tp.add_argument("--store", help=_h("opt.progress_file_default_tenpai_store"))
    tp.add_argument(
        "--fu-above-4",
        action=argparse.BooleanOptionalAction,
        default=False,
        help=_h("opt.also_ask_the_fu_of"),
    )
    tp.add_argument(
        "--kiriage",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=_h("opt.4_han_30_fu_and"),
    )
    tp.add_argument(
        "--extras",
        action=argparse.BooleanOptionalAction,
        default=True,
        help=_h("opt.count_honba_and_riichi_sticks"),
    )
    tp.add_argument(
        "--timer", type=_number(float), metavar="SECONDS", help=_h("opt.time_allowed_per_answer")
    )
    _add_lang(tp)
    tp.set_defaults(func=_cmd_train)


def _stats_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    stp = sub.add_parser(
        what,
        help=_h("cmd.stats"),
        formatter_class=fmt,
        epilog=_examples("stats"),
    )
    stp.add_argument("--profile", default="default", help=_h("opt.whose_progress_default_default"))
    stp.add_argument("--store", help=_h("opt.progress_file_default_tenpai_store"))
    stp.add_argument("--export", metavar="FILE", help=_h("opt.write_the_profile_as_json"))
    stp.add_argument(
        "--import", dest="import_", metavar="FILE", help=_h("opt.read_a_profile_export")
    )
    stp.add_argument("--as", dest="as_", metavar="NAME", help=_h("opt.profile_name_for_import"))
    stp.add_argument(
        "--replace", action="store_true", help=_h("opt.let_import_replace_an_existing")
    )
    sharing = stp.add_mutually_exclusive_group()
    sharing.add_argument("--share", action="store_true", help=_h("opt.share_profile"))
    sharing.add_argument("--unshare", action="store_true", help=_h("opt.unshare_profile"))
    _add_lang(stp)
    stp.set_defaults(func=_cmd_stats)


def _deal_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    dp = sub.add_parser(
        what,
        help=_h("cmd.deal"),
        formatter_class=fmt,
        epilog=_examples("deal"),
    )
    dp.add_argument(
        "--variant",
        choices=tuple(_CLI_WINGS),  # the registry's names, without importing it
        default="riichi",
        help=_h("opt.riichi_default_or_hk_hong_kong"),
    )
    dp.add_argument(
        "--count", type=_number(int), default=1, help=_h("opt.number_of_hands_default_1")
    )
    dp.add_argument(
        "--seed", type=_number(int), default=0, help=_h("opt.seed_of_the_first_hand_default")
    )
    dp.add_argument(
        "--level", default="intermediaire", help=_h("opt.debutant_intermediaire_expert")
    )
    dp.add_argument(
        "--focus",
        default="any",
        help=_h("opt.any_fu_open_closed_or_a"),
    )
    dp.add_argument("--rules", default=None, help=_h("opt.rules_preset_default_bareme_hk"))
    _add_lang(dp)  # the records are data; the errors speak the reader's language
    dp.set_defaults(func=_cmd_deal)


def _analysis_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    helptext = _h(f"cmd.{what}")
    ap = sub.add_parser(
        what,
        help=helptext,
        formatter_class=fmt,
        epilog=_examples("analysis", what=what),
    )
    ap.add_argument("hand", nargs="?", help=_h("opt.tiles_13_or_14_melds"))
    ap.add_argument(
        "--file",
        metavar="FILE",
        help=_h("opt.one_hand_per_line_stdin"),
    )
    ap.add_argument(
        "--visible",
        metavar="TILES",
        help=_h("opt.tiles_seen_elsewhere_discards_dora"),
    )
    ap.add_argument(
        "--local",
        metavar="IDS",
        help=_h("opt.count_the_irregular_shapes_of"),
    )
    ap.add_argument(
        "--rules",
        metavar="RULES",
        help=_h("opt.preset_or_toml_file_a"),
    )
    ap.add_argument("--json", action="store_true", help=_h("opt.write_json"))
    _add_lang(ap)
    ap.set_defaults(func=_cmd_analysis)


def _rules_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    rp = sub.add_parser(
        what,
        help=_h("cmd.rules"),
        formatter_class=fmt,
        epilog=_examples("rules"),
    )
    rp.add_argument("action", nargs="?", choices=("list", "show"), default="list")
    rp.add_argument("name", nargs="?", help=_h("opt.preset_name_or_toml_file_for"))
    rp.add_argument("--json", action="store_true", help=_h("opt.write_json"))
    _add_lang(rp)
    rp.set_defaults(func=_cmd_rules)


def _yaku_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    yp = sub.add_parser(
        what,
        help=_h("cmd.yaku"),
        formatter_class=fmt,
        description=_h("desc.yaku", raw=True),
        epilog=_examples("yaku"),
    )
    yp.add_argument("--local-only", action="store_true", help=_h("opt.only_the_local_yaku"))
    yp.add_argument(
        "--rules",
        default=None,
        help=_h("opt.show_the_values_of_a"),
    )
    yp.add_argument(
        "--set",
        action="append",
        metavar="OPTION=VALUE",
        help=_h("opt.change_one_rule_option_repeatable"),
    )
    yp.add_argument("--local", metavar="IDS", help=_h("opt.enable_local_yaku_id_id"))
    yp.add_argument("--json", action="store_true", help=_h("opt.write_json"))
    _add_lang(yp)
    yp.set_defaults(func=_cmd_yaku)


def _maneman_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    mp = sub.add_parser(
        what,
        help=_h("cmd.maneman"),
        formatter_class=fmt,
        description=_h("desc.maneman", raw=True),
        epilog=_examples("maneman"),
    )
    mp.add_argument("discards", nargs="+", metavar="WIND:TILES", help=_h("opt.a_player_s_discards"))
    mp.add_argument("--rules", default="bareme", help=_h("opt.preset_or_toml_file_default_bareme"))
    mp.add_argument(
        "--set",
        action="append",
        metavar="OPTION=VALUE",
        help=_h("opt.change_one_rule_option_repeatable"),
    )
    mp.add_argument("--json", action="store_true", help=_h("opt.write_json"))
    _add_lang(mp)
    mp.set_defaults(func=_cmd_maneman)


def _card_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    cp = sub.add_parser(
        what,
        help=_h("cmd.card"),
        formatter_class=fmt,
        description=_h("desc.card", raw=True),
        epilog=_examples("card"),
    )
    cp.add_argument(
        "--variant",
        choices=tuple(_CLI_WINGS),  # the registry's names, without importing it
        default="riichi",
        help=_h("opt.riichi_card_default_or_hong"),
    )
    cp.add_argument(
        "--page",
        choices=("fan", "payments"),
        default=None,
        help=_h("opt.hong_kong_page_the_fan"),
    )
    cp.add_argument(
        "--rules",
        default=None,
        help=_h("opt.preset_or_toml_file_default_bareme_hk"),
    )
    cp.add_argument(
        "--set",
        action="append",
        metavar="OPTION=VALUE",
        help=_h("opt.change_one_rule_option_repeatable"),
    )
    cp.add_argument("--local", metavar="IDS", help=_h("opt.enable_local_yaku_id_id"))
    cp.add_argument(
        "--format",
        choices=("md", "html", "pdf"),
        default="md",
        help=_h("opt.output_format_default_md_pdf"),
    )
    cp.add_argument("-o", "--output", metavar="FILE", help=_h("opt.write_to_file_default_stdout"))
    _add_lang(cp)
    cp.set_defaults(func=_cmd_card)


def _logs_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    from ._helpformat import WrappingHelpFormatter as wrap  # argparse's default, less shutil

    lg = sub.add_parser(
        what,
        help=_h("cmd.logs"),
        formatter_class=fmt,
        description=_h("desc.logs", raw=True),
        epilog=_examples("logs"),
    )
    _add_lang(lg)
    lsub = lg.add_subparsers(dest="logs_command", metavar="ACTION")
    le = lsub.add_parser("extract", help=_h("cmd.logs.extract"), formatter_class=wrap)
    le.add_argument(
        "paths", nargs="+", metavar="FILE", help=_h("opt.log_files_folders_or_patterns")
    )
    _add_lang(le, inherited=True)
    le.set_defaults(func=_cmd_logs_extract)
    lv = lsub.add_parser(
        "verify",
        help=_h("cmd.logs.verify"),
        formatter_class=wrap,
        description=_h("desc.logs.verify", raw=True),
    )
    lv.add_argument(
        "paths", nargs="+", metavar="PATH", help=_h("opt.log_files_folders_or_patterns")
    )
    lv.add_argument(
        "--workers", type=_number(int), default=1, help=_h("opt.processes_to_use_default_1")
    )
    lv.add_argument("--json", action="store_true", help=_h("opt.print_the_summary_as_json"))
    lv.add_argument(
        "--disagreements",
        metavar="FILE",
        help=_h("opt.write_each_disagreement_as_a"),
    )
    lv.add_argument("--dask", metavar="ADDRESS", help=_h("opt.run_on_a_dask_cluster"))
    _add_lang(lv, inherited=True)
    lv.set_defaults(func=_cmd_logs_verify)
    ls = lsub.add_parser("stats", help=_h("cmd.logs.stats"), formatter_class=wrap)
    ls.add_argument(
        "paths", nargs="+", metavar="PATH", help=_h("opt.log_files_folders_or_patterns")
    )
    ls.add_argument("--json", action="store_true", help=_h("opt.print_json"))
    _add_lang(ls, inherited=True)
    ls.set_defaults(func=_cmd_logs_stats)

    def _logs_help(_args: argparse.Namespace) -> int:
        lg.print_help()
        return 0

    lg.set_defaults(func=_logs_help)


def _serve_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    svp = sub.add_parser(
        what,
        help=_h("cmd.serve"),
        formatter_class=fmt,
        description=_h("desc.serve", raw=True),
        epilog=_examples("serve"),
    )
    svp.add_argument("--host", default="127.0.0.1", help=_h("opt.address_to_listen_on_default"))
    svp.add_argument("--port", type=_number(int), default=8000, help=_h("opt.port_default_8000"))
    svp.add_argument("--store", help=_h("opt.progress_file_default_tenpai_store"))
    svp.add_argument(
        "--allow-host", action="append", default=[], metavar="NAME", help=_h("opt.allow_host")
    )
    svp.add_argument(
        "--client-timeout",
        type=_number(float),
        default=15.0,
        metavar="SECONDS",
        help=_h("opt.time_a_client_has_to"),
    )
    svp.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug"),
        help=_h("opt.server_log_level_default_info"),
    )
    svp.set_defaults(func=_cmd_serve)


def _schema_parser(sub: Any, fmt: type[argparse.HelpFormatter], what: str) -> None:
    shp = sub.add_parser(
        what,
        help=_h("cmd.schema"),
        formatter_class=fmt,
        description=_h("desc.schema", raw=True),
        epilog=_examples("schema"),
    )
    shp.add_argument(
        "--part",
        choices=("both", "record", "result"),
        default="both",
        help=_h("opt.which_schema_default_both_record"),
    )
    shp.add_argument("-o", "--output", metavar="FILE", help=_h("opt.write_to_file_default_stdout"))
    _add_lang(shp)
    shp.set_defaults(func=_cmd_schema)


_Builder: TypeAlias = "Callable[[Any, type[argparse.HelpFormatter], str], None]"
_COMMANDS: dict[str, _Builder] = {
    "score": _score_parser,
    "train": _train_parser,
    "stats": _stats_parser,
    "deal": _deal_parser,
    "shanten": _analysis_parser,
    "waits": _analysis_parser,
    "rules": _rules_parser,
    "game": _game_parser,
    "yaku": _yaku_parser,
    "maneman": _maneman_parser,
    "card": _card_parser,
    "logs": _logs_parser,
    "serve": _serve_parser,
    "schema": _schema_parser,
}
"""Each command's parser builder, in the order ``tenpai --help`` lists the commands."""


def build_parser(
    lang: str = "en", command: str | None = None, *, list_others: bool = False
) -> argparse.ArgumentParser:
    """Builds the argument parser, its help in *lang*: of every subcommand, or of *command*
    alone (all that a run of that command reads); with *list_others*, the other commands too
    by their name and line of help only (all that ``tenpai --help`` and a refusal of the
    command show of them)."""
    from .i18n import find_lang

    _HELP_LANG[0] = find_lang(lang)
    had = _argparse_words()
    try:
        return _build(command, list_others)
    finally:
        _argparse_words(had)


def _build(command: str | None, list_others: bool = False) -> argparse.ArgumentParser:
    from ._helpformat import HelpFormatter as fmt  # argparse's, without importing shutil

    p = argparse.ArgumentParser(
        prog="tenpai",
        description=_h("main.description", raw=True),
        epilog=_h("main.epilog", raw=True),
        formatter_class=fmt,
    )
    p.add_argument("--version", action="version", version=f"tenpai {__version__}")
    _add_lang(p, inherited=True)  # before the command too: ``tenpai --lang fr score ...``
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for name in _COMMANDS if command is None or list_others else (command,):
        if name == command or not list_others:
            _COMMANDS[name](sub, fmt, name)
        else:  # listed only (each builder's help is its cmd.NAME)
            sub.add_parser(name, help=_h(f"cmd.{name}"), formatter_class=fmt)
    _localise(p)
    return p


def _localise(parser: argparse.ArgumentParser) -> None:
    """Writes in the help's language what argparse writes without asking gettext (the help
    of ``--version``), in *parser* and its subcommands."""
    if _HELP_LANG[0] == "en":
        return
    for action in parser._actions:
        if isinstance(action, argparse._VersionAction):
            action.help = _h("argparse.version")
        elif isinstance(action, argparse._SubParsersAction):
            for sub in {id(x): x for x in action.choices.values()}.values():
                _localise(sub)


# argparse's own words, by the message id it asks gettext for (Python 3.11 to 3.13): the
# usage line, the group titles, the help of -h and the refusals it writes before a command
# runs; each is a catalogue entry ui.help.argparse.KEY (docs/translating.md).
_ARGPARSE_WORDS = {
    "usage: ": "usage",
    "positional arguments": "positionals",
    "options": "options",
    "show this help message and exit": "help",
    "show program's version number and exit": "version",
    "%(prog)s: error: %(message)s\n": "error",
    "argument %(argument_name)s: %(message)s": "argument",
    "unrecognized arguments: %s": "unrecognized",
    "the following arguments are required: %s": "required",
    "one of the arguments %s is required": "one_required",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "expected one argument": "expected_one",
    "expected at most one argument": "expected_at_most_one",
    "expected at least one argument": "expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "not allowed with argument %s": "not_allowed",
    "ignored explicit argument %r": "ignored",
    "unexpected option string: %s": "unexpected",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "unknown_parser",
    "can't open '%(filename)s': %(error)s": "cannot_open",
}
_ARGPARSE_HELPS = ("help", "version")  # argparse formats them again: their % doubled


def _argparse_text(message: str) -> str:
    """argparse's gettext: its *message* in the help's language (English as argparse writes
    it; a message id this table does not know, too)."""
    key = _ARGPARSE_WORDS.get(message)
    if key is None or _HELP_LANG[0] == "en":
        return message
    text = _h(f"argparse.{key}", raw=key not in _ARGPARSE_HELPS)
    if key == "usage":
        return text + " "
    if key == "error":
        return text + "\n"
    return text


def _argparse_ntext(singular: str, plural: str, n: int) -> str:
    """argparse's ngettext (its one plural message: ``expected %s arguments``)."""
    if _HELP_LANG[0] == "en" or singular != "expected %s argument":
        return singular if n == 1 else plural
    from .i18n import ntr

    return ntr("ui.help.argparse.expected_n", n, _HELP_LANG[0])


def _argparse_words(words: tuple[Any, Any] | None = None) -> tuple[Any, Any]:
    """Makes argparse ask :func:`_argparse_text` for its words (or *words*, what an earlier
    call returned: the words it had); returns the words it had."""
    had = (argparse._, argparse.ngettext)  # type: ignore[attr-defined]
    new = words or (_argparse_text, _argparse_ntext)
    argparse._, argparse.ngettext = new  # type: ignore[attr-defined]
    return had


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = _pre_lang(argv)
    had = _argparse_words()  # argparse's words in the user's language while it runs
    try:
        return _run(argv, lang)
    finally:
        _argparse_words(had)


def _run(argv: list[str], lang: str) -> int:
    # the first word names the command: only its parser is built (a start-up of a few ms);
    # else the commands are listed (the help, a refusal), the one a later word names built
    if argv and argv[0] in _COMMANDS:
        parser = build_parser(lang, argv[0])
    else:
        named = next((word for word in argv if word in _COMMANDS), None)
        parser = build_parser(lang, named, list_others=True)
    args = parser.parse_args(argv)
    if getattr(args, "lang", None) is None:
        args.lang = lang
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    handler: Handler = args.func
    if sys.stdout is None:  # descriptor 1 closed (``>&-``): print() would drop every result
        print(_say("error", args.lang, message=_say("stdout_closed", args.lang)), file=sys.stderr)
        return 2
    try:
        return handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:
        # the errors module is imported here, when one is raised: a batch starts lighter
        import errno

        from .errors import TenpaiError, error_text

        unwritable = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)  # a write's own errors
        if isinstance(e, OSError) and e.filename is None and e.errno in unwritable:
            # the output cannot be written (a full disk, /dev/full, a quota): said once; what
            # Python would flush at exit goes nowhere rather than failing a second time
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (closed at exit)
            said = _say("output_failed", args.lang, reason=os.strerror(e.errno))
            print(_say("error", args.lang, message=said), file=sys.stderr)
            return 2
        if isinstance(e, TenpaiError):
            text = error_text(e, args.lang).replace("\n", " ")
            print(_say("error", args.lang, message=text), file=sys.stderr)
            return 2
        # a bug of ours: one line to report, never a traceback
        error = f"{type(e).__name__}: {e}"
        print(_say("internal", args.lang, error=error), file=sys.stderr)
        return 70


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
