"""Every case of hk-cases.json, each under its own rule profile (spec: shared/validation).

The cases are copied into ``tests/data/hk-cases.json.gz`` by ``tools/copy_hk_cases.py``.
A case compares the final fan (``"limit"``: at least the limit value of its rules, since
riichi_advanced sums past its '13+' table), the raw fan when given, the items as a multiset of
(id, fan) and the payments per seat. A fan above the cap of the case's rules is the raw fan
the source showed before its cap. Every case agrees; a case that ever must disagree on purpose
goes in :data:`DISAGREEMENTS` with its disputed rule, and its test then checks that exactly that
field differs.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from tenpai.errors import NoYaku
from tenpai.hk.records import read_record, score_record
from tenpai.hk.score import score

DATA = Path(__file__).parent / "data" / "hk-cases.json.gz"
CASES: list[dict[str, Any]] = json.loads(gzip.decompress(DATA.read_bytes()))["cases"]

# Cases that disagree on purpose: {id: (field, the disputed rule)}. None today: ra-20 (the
# wind pungs beside riichi_advanced's priced little four winds) is the profile's option
# wind_pungs_beside_four_winds, and a fan above the cap is the raw fan the source showed
# before its cap (the file's format: "raw_fan when the source shows it before the cap"; tk-04).
DISAGREEMENTS: dict[str, tuple[str, str]] = {}


def differences(case: dict[str, Any]) -> dict[str, str]:
    """Scores *case* and describes every field that differs from its expectation."""
    exp = case["expected"]
    out: dict[str, str] = {}
    rec = read_record(case)
    limit = rec.rules.limit_fan
    if exp.get("valid") is False:
        assert rec.hand is not None
        with pytest.raises(NoYaku, match=r"the minimum is \d+"):
            score(rec.hand, rec.situation, rec.rules)
        s = score(rec.hand, rec.situation, rec.rules, enforce_minimum=False)
        assert not s.legal
        got: dict[str, Any] = {
            "fan": None,
            "raw_fan": s.raw_fan,
            "items": [{"id": h.id, "fan": h.fan} for h in s.items],
            "payments": None,
        }
    else:
        got = score_record(case)
        if got["error"] is not None:
            return {"error": f"{got['error']}"}
    if exp["fan"] == "limit":
        if got["fan"] < limit:
            out["fan"] = f"got {got['fan']}, expected the limit ({limit})"
    elif got["fan"] != exp["fan"] and not (
        rec.rules.cap is not None and exp["fan"] > rec.rules.cap and got["raw_fan"] == exp["fan"]
    ):
        out["fan"] = f"got {got['fan']}, expected {exp['fan']}"
    if "raw_fan" in exp and got["raw_fan"] != exp["raw_fan"]:
        out["raw_fan"] = f"got {got['raw_fan']}, expected {exp['raw_fan']}"
    if exp["items"] is not None:
        mine = sorted((i["id"], i["fan"]) for i in got["items"])
        theirs = sorted((i, limit if f == "limit" else f) for i, f in exp["items"])
        if mine != theirs:
            extra = sorted(set(mine) - set(theirs))
            missing = sorted(set(theirs) - set(mine))
            out["items"] = f"got {mine}, expected {theirs} (extra {extra}, missing {missing})"
    if exp["payments"] is not None and got["payments"] != exp["payments"]:
        out["payments"] = f"got {got['payments']}, expected {exp['payments']}"
    return out


def _explain(case: dict[str, Any], diff: dict[str, str]) -> str:
    lines = [f"{case['id']} ({case['rules'].get('profile')}) disagrees:"]
    lines += [f"  {k}: {v}" for k, v in diff.items()]
    lines.append(f"  source: {case.get('source_detail')}")
    if case.get("notes"):
        lines.append(f"  notes: {case['notes']}")
    return "\n".join(lines)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case: dict[str, Any]) -> None:
    diff = differences(case)
    known = DISAGREEMENTS.get(case["id"])
    if known is None:
        assert not diff, _explain(case, diff)
    else:
        field, why = known
        assert set(diff) == {field}, _explain(case, diff) + f"\n  known: {field}: {why}"


def test_the_file_is_complete() -> None:
    assert len(CASES) == 69
    assert len({c["id"] for c in CASES}) == len(CASES)
    assert set(DISAGREEMENTS) <= {c["id"] for c in CASES}


def test_every_profile_of_the_file_is_a_ruleset() -> None:
    from tenpai.hk import find_rules

    for name in {c["rules"]["profile"] for c in CASES}:
        assert find_rules(name).name == name
