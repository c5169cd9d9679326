"""The trainer in Hong Kong: a scripted ``tenpai train --variant hk`` in a pseudo-terminal,
the review of missed items, and ``tenpai deal --variant hk``."""

from __future__ import annotations

import io
import json
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from ptyhelp import Pty
from tenpai.cli import main
from tenpai.hk.deal import replay
from tenpai.hk.quiz import questions
from tenpai.hk.records import score_record
from tenpai.trainer.answers import QuizOptions
from tenpai.trainer.session import SessionConfig, run_session
from tenpai.trainer.store import Store

ASK = ("items", "fan", "payments")


def right(hand_id: str, part: str) -> str:
    """Gets a right answer to *part* of the hand *hand_id*."""
    q = {q.part: q for q in questions(replay(hand_id), QuizOptions(ask=ASK))}[part]
    return str(q.expected) if part == "fan" else q.answer_text


def winner_total(hand_id: str) -> str:
    s = replay(hand_id).score
    return f"{s.payments[s.winner]} total"


def test_a_scripted_hong_kong_session_grades_right_wrong_and_malformed(tmp_path: Path) -> None:
    store = tmp_path / "hk.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TENPAI_")}
    env["TENPAI_STORE"] = str(store)
    args = [sys.executable, "-m", "tenpai.cli", "train", "--variant", "hk", "--seed", "300"]
    args += ["--count", "3", "--ask", ",".join(ASK), "--profile", "pty", "--lang", "en"]
    t = Pty(args, env)
    try:
        # hand 1: everything right
        h1 = t.expect(r"Hand 1 · (hk1:\S+)").group(1)
        t.expect(r"(South|East|West|North) seat, \w+ round")
        t.expect(r"Fan items \(those that count\)\? ")
        t.send(right(h1, "items"))
        t.expect("✓ right")
        t.expect(r"Total fan \(after the cap\)\? ")
        t.send(right(h1, "fan"))
        t.expect("✓ right")
        t.expect(r"Payments\? .*(bare number)[^\n]*\. ")
        t.send(right(h1, "payments"))
        t.expect("✓ right")
        t.expect(r"Total: \d+ fan")  # the explanation of tenpai.hk.explain
        t.expect("Enter: next hand")
        t.send("")
        # hand 2: items wrong, fan malformed then right, payments wrong
        h2 = t.expect(r"Hand 2 · (hk1:\S+)").group(1)
        t.expect(r"Fan items \(those that count\)\? ")
        t.send("robbing the kong")
        t.expect("✗ wrong: answer")
        t.expect(r"not here: Robbing the kong")
        t.expect(r"Total fan \(after the cap\)\? ")
        t.send("lots")
        t.expect("type a whole number of fan")
        t.expect(r"Total fan \(after the cap\)\? ")
        t.send(right(h2, "fan"))
        t.expect("✓ right")
        t.expect(r"Payments\? .*(bare number)[^\n]*\. ")
        t.send("E 99999")
        t.expect("✗ wrong: answer")
        t.expect("Enter: next hand")
        t.send("")
        # hand 3: items malformed then right, fan wrong, payments as the winner's total
        h3 = t.expect(r"Hand 3 · (hk1:\S+)").group(1)
        t.expect(r"Fan items \(those that count\)\? ")
        t.send("banana")
        t.expect("no fan item called 'banana'")
        t.send(right(h3, "items"))
        t.expect("✓ right")
        t.expect(r"Total fan \(after the cap\)\? ")
        t.send(str(int(right(h3, "fan")) + 1))
        t.expect("✗ wrong: answer")
        t.expect(r"Payments\? .*(bare number)[^\n]*\. ")
        t.send(winner_total(h3))
        t.expect("✓ right")
        t.expect(r"Summary: 3 hands · items 2/3 · fan 2/3 · payments 2/3")
        assert t.proc.wait(timeout=10) == 0
        assert "Traceback" not in t.seen
    finally:
        if t.proc.poll() is None:
            t.proc.kill()
            t.proc.wait()
        os.close(t.master)
    with Store(store) as st:
        got = [(a.hand_id, a.part, a.ok) for a in st.answers("pty")]
        concepts = {c.concept for c in st.concept_stats("pty")}
    assert got == [
        (h1, "items", True),
        (h1, "fan", True),
        (h1, "payments", True),
        (h2, "items", False),
        (h2, "fan", True),
        (h2, "payments", False),
        (h3, "items", True),
        (h3, "fan", False),
        (h3, "payments", True),
    ]
    assert "fan:robbing_kong" in concepts and "hk_fan:count" in concepts
    assert any(c.startswith("hk_pay:") for c in concepts)
    assert any(c.startswith("hk_fan:") and c[7:].isdigit() for c in concepts)


def test_missed_items_choose_the_next_hong_kong_hands(tmp_path: Path) -> None:
    opts = QuizOptions(ask=("items",))
    with Store(tmp_path / "r.sqlite3") as st:
        cfg = SessionConfig(seed=40, count=1, profile="r", options=opts, variant="hk")
        out = io.StringIO()
        run_session(cfg, st, io.StringIO("robbing the kong\n"), out)
        assert "✗ wrong" in out.getvalue()
        later = SessionConfig(seed=41, count=1, profile="r", options=opts, variant="hk")
        out = io.StringIO()
        run_session(
            later, st, io.StringIO("\n"), out, now=lambda: datetime.now(UTC) + timedelta(minutes=5)
        )
        assert "(review: " in out.getvalue() and "(review: fan:" not in out.getvalue()
        assert "Summary: 1 hand · items 0/1" in out.getvalue()


def test_french_session_shows_the_hand_flowers_and_explanation() -> None:
    cfg = SessionConfig(seed=2, count=1, lang="fr", variant="hk", review=False)
    out = io.StringIO()
    run_session(cfg, None, io.StringIO("q\n"), out)
    text = out.getvalue()
    assert "── Main 1 · hk1:hk:intermediaire:any:2" in text
    assert "siège " in text and "Fan (les éléments qui comptent) ?" in text
    assert "Bilan : Aucune réponse." in text


def test_deal_command_writes_hong_kong_records_with_their_expected_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["deal", "--variant", "hk", "--count", "4", "--seed", "77", "--rules", "hkma"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    for line in lines:
        rec = json.loads(line)
        assert rec["id"].startswith("hk1:hkma:intermediaire:any:") and rec["variant"] == "hk"
        expected = rec.pop("expected")
        assert expected["error"] is None and score_record(rec) == expected
    assert main(["deal", "--variant", "hk", "--focus", "pinfu"]) == 2
    assert "unknown Hong Kong focus" in capsys.readouterr().err


def test_train_command_in_hong_kong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = str(tmp_path / "c.sqlite3")
    hid = "hk1:hk:intermediaire:any:3"
    answer = f"{right(hid, 'fan')}\n{right(hid, 'payments')}\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(answer))
    argv = ["train", "--variant", "hk", "--store", store, "--hand", hid, "--ask", "han,points"]
    assert main([*argv, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"Hand 1 · {hid}" in out and "Summary: 1 hand · fan 1/1 · payments 1/1 · 100%" in out
    assert main(["train", "--variant", "hk", "--store", store, "--ask", "fan,fu"]) == 2
    assert "--ask takes parts among items,fan,payments" in capsys.readouterr().err
    assert main(["train", "--variant", "hk", "--store", store, "--rules", "wrc"]) == 2
    assert "unknown Hong Kong ruleset" in capsys.readouterr().err
    assert main(["train", "--variant", "hk", "--store", store, "--hand", "riichi1:x"]) == 2
    assert "not a Hong Kong hand id" in capsys.readouterr().err
