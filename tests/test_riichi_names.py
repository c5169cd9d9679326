"""The EMA names of the yaku (EMA Riichi rules) are aliases: listed, and accepted in answers."""

from __future__ import annotations

from tenpai.cli import main
from tenpai.riichi.names import EMA_NAMES, yaku_of_ema_name
from tenpai.riichi.quiz import parse_yaku
from tenpai.riichi.yaku import YAKU_BY_ID


def test_every_ema_name_is_a_known_yaku() -> None:
    assert set(EMA_NAMES) <= set(YAKU_BY_ID) | {"renhou"}
    assert yaku_of_ema_name("Tout Ordinaire") == "tanyao"
    assert yaku_of_ema_name("Pung de Dragon") is None  # three dragons share it


def test_answers_in_ema_words() -> None:
    got = parse_yaku("Tout Caché Tiré, Double Chows Purs, Terminals in All Sets")
    assert got == {"menzen_tsumo", "iipeikou", "junchan"}


def test_listed_by_tenpai_yaku(capsys: object) -> None:
    assert main(["yaku", "--lang", "fr"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "(EMA: Tout Ordinaire)" in out
