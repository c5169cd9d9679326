"""The scoring trainer: deal realistic hands, ask, grade, explain, remember progress.

Everything here is built on the library (:mod:`tenpai.riichi`, :mod:`tenpai.explain`); the
optional packages ``platformdirs`` and ``fsrs`` (the ``trainer`` extra) are imported lazily.
"""
