"""The terminal drill and the trainer's commands (tenpai.trainer.session, tenpai train/stats/deal).

The scripted session runs ``tenpai train`` in a pseudo-terminal, answers right, wrong and
malformed, then kills the process with SIGKILL and reads the store it left.
"""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from ptyhelp import Pty
from tenpai.cli import main
from tenpai.interchange import score_record
from tenpai.riichi.deal import replay
from tenpai.riichi.quiz import questions
from tenpai.trainer.answers import QuizOptions
from tenpai.trainer.session import SessionConfig, Summary, run_session
from tenpai.trainer.store import Store

ASK = ("han", "points")


def _right(hand_id: str, part: str) -> str:
    q = {q.part: q for q in questions(replay(hand_id), QuizOptions(ask=ASK))}[part]
    return q.answer_text.split(" (")[0].replace(" han", "")


def test_a_scripted_session_in_a_pty_is_graded_and_survives_sigkill(tmp_path: Path) -> None:
    store = tmp_path / "progress.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TENPAI_")}
    env["TENPAI_STORE"] = str(store)
    args = [
        sys.executable,
        "-m",
        "tenpai.cli",
        "train",
        "--seed",
        "900",
        "--count",
        "5",
        "--ask",
        ",".join(ASK),
        "--profile",
        "pty",
        "--lang",
        "en",
    ]
    t = Pty(args, env)
    try:
        # hand 1: both right
        h1 = t.expect(r"Hand 1 · (\S+)").group(1)
        t.expect(r"Han \(dora included\)\? ")
        t.send(_right(h1, "han"))
        t.expect("✓ right")
        t.expect(r"Points \(who pays what\)\? ")
        t.send(_right(h1, "points"))
        t.expect("✓ right")
        t.expect("Enter: next hand")
        t.send("")
        # hand 2: han wrong, points malformed then right
        h2 = t.expect(r"Hand 2 · (\S+)").group(1)
        t.expect(r"Han \(dora included\)\? ")
        t.send(str(int(_right(h2, "han")) + 1))
        t.expect("✗ wrong: answer")
        t.expect(r"Points \(who pays what\)\? ")
        t.send("a lot")
        t.expect("cannot read points 'a lot'")
        t.expect(r"Points \(who pays what\)\? ")
        t.send(_right(h2, "points"))
        t.expect("✓ right")
        t.expect("Enter: next hand")
        t.send("")
        # hand 3: han right, then killed while the points question waits
        h3 = t.expect(r"Hand 3 · (\S+)").group(1)
        t.expect(r"Han \(dora included\)\? ")
        t.send(_right(h3, "han"))
        t.expect("✓ right")
        t.expect(r"Points \(who pays what\)\? ")
        t.proc.send_signal(signal.SIGKILL)
        assert t.proc.wait(timeout=10) == -signal.SIGKILL
        assert "Traceback" not in t.seen
    finally:
        if t.proc.poll() is None:
            t.proc.kill()
            t.proc.wait()
        os.close(t.master)
    db = sqlite3.connect(store)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    with Store(store) as st:
        got = [(a.hand_id, a.part, a.ok) for a in st.answers("pty")]
    assert got == [
        (h1, "han", True),
        (h1, "points", True),
        (h2, "han", False),
        (h2, "points", True),
        (h3, "han", True),
    ]


def _run(cfg: SessionConfig, text: str, store: Store | None = None) -> tuple[str, Summary]:
    out = io.StringIO()
    summary = run_session(cfg, store, io.StringIO(text), out)
    return out.getvalue(), summary


def test_end_of_input_and_q_stop_with_a_summary(tmp_path: Path) -> None:
    cfg = SessionConfig(seed=5, count=3, options=QuizOptions(ask=("han",)), review=False)
    right = _right_for(cfg, 0)
    out, summary = _run(cfg, f"{right}\n\n")  # one hand, then the input ends
    assert "Summary: 2 hands · han 1/1 · 100%" in out and "Traceback" not in out
    assert isinstance(summary, Summary) and (summary.right, summary.asked) == (1, 1)
    out, _ = _run(cfg, "q\n")
    assert "Summary: No answers." in out
    fr = SessionConfig(seed=5, count=1, lang="fr", options=QuizOptions(ask=("han",)))
    out, _ = _run(fr, "zz\n\n")
    assert "tapez un nombre entier de han" in out and "Bilan : 1 main · han 0/1" in out
    assert "type a whole number" not in out


def _right_for(cfg: SessionConfig, i: int) -> str:
    from tenpai.riichi.deal import deal

    d = deal((cfg.seed or 0) + i, cfg.level, cfg.focus, cfg.rules)
    return {q.part: q for q in questions(d, cfg.options)}["han"].answer_text.split()[0]


def test_missed_concepts_choose_the_next_hands(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite3") as st:
        cfg = SessionConfig(seed=40, count=1, profile="r", options=QuizOptions(ask=("yaku",)))
        _run(cfg, "chinitsu\n", st)  # wrong: its yaku are now due soon, chinitsu too
        later = SessionConfig(seed=41, count=1, profile="r", options=QuizOptions(ask=("yaku",)))
        out = io.StringIO()
        from datetime import UTC, datetime, timedelta

        run_session(
            later, st, io.StringIO("\n"), out, now=lambda: datetime.now(UTC) + timedelta(minutes=5)
        )
        assert "(review: " in out.getvalue() and "(review: yaku:" not in out.getvalue()


def test_deal_command_writes_records_with_their_expected_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["deal", "--count", "3", "--seed", "77", "--level", "expert"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    for line in lines:
        rec = json.loads(line)
        assert rec["id"].startswith("riichi2:bareme:expert:any:")
        expected = rec.pop("expected")
        assert expected["error"] is None and score_record(rec) == expected
    assert main(["deal", "--level", "nope"]) == 2
    assert "unknown level" in capsys.readouterr().err


def test_train_and_stats_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = str(tmp_path / "c.sqlite3")
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n3900\n"))
    assert (
        main(
            [
                "train",
                "--store",
                store,
                "--seed",
                "3",
                "--count",
                "1",
                "--ask",
                "han,points",
                "--profile",
                "cli",
                "--lang",
                "en",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Hand 1 · riichi2:bareme:intermediaire:any:3" in out and "Summary:" in out
    assert main(["stats", "--store", store, "--profile", "cli", "--lang", "en"]) == 0
    report = capsys.readouterr().out
    assert (
        "cli: 2 answers" in report
        and "Han: counting" in report
        and "han:count" not in report
        and "█" in report + "░"
    )
    export = tmp_path / "cli.json"
    assert main(["stats", "--store", store, "--profile", "cli", "--export", str(export)]) == 0
    assert main(["stats", "--store", store, "--import", str(export), "--as", "copy"]) == 0
    assert "imported profile 'copy'" in capsys.readouterr().out
    assert main(["train", "--store", store, "--ask", "han,bogus"]) == 2
    assert main(["train", "--store", store, "--focus", "kokushi"]) == 2
    assert "unknown focus" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["train", "stats", "deal"])
def test_every_trainer_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main([command, "--help"])
    assert e.value.code == 0
    assert "examples:" in capsys.readouterr().out
