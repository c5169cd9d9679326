"""The scoring trainer: deal realistic hands, ask, grade, explain, remember progress.

Everything here is built on the library (:mod:`tenpai.riichi` and :mod:`tenpai.riichi.explain` for
riichi, :mod:`tenpai.hk` for Hong Kong old style); the optional packages ``platformdirs`` and
``fsrs`` (the ``trainer`` extra) are imported lazily.
"""

__all__: list[str] = []  # the package exports no name: its modules are imported by name
