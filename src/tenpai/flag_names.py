"""The names of the situation flags of each variant: plain data, imported by the scorers
(:mod:`tenpai.riichi.situation`, :mod:`tenpai.hk.situation`, which re-export them) and by the
command line, which builds its options from them without importing the scorers (a batch
command starts in the time its own work needs: docs/benchmarks.md, "Start-up").

>>> FLAG_NAMES[:3], HK_WIN_FLAGS[-1]
(('riichi', 'double_riichi', 'ippatsu'), 'human')
"""

__all__ = ["FLAG_NAMES", "HK_WIN_FLAGS", "WIN_FLAGS"]

WIN_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)
"""The flags of how a riichi hand was won (the ``flags`` of docs/records.md)."""
FLAG_NAMES = (*WIN_FLAGS, "nagashi_mangan", "chankan_ankan")
"""Every boolean of a riichi :class:`~tenpai.riichi.situation.Situation` (the ``flags`` of a
JSON record)."""

HK_WIN_FLAGS = (
    "last_tile",
    "kong_replacement",
    "double_kong_replacement",
    "flower_replacement",
    "robbing_kong",
    "heavenly",
    "earthly",
    "human",
)
"""The flags of how a Hong Kong hand was won (docs/generated/hk-fan.fr.md); ``flower_win`` needs
no hand and is apart."""
