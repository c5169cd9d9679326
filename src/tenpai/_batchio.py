"""What a batch needs before its first line (:mod:`tenpai.batch` re-exports it all): the line
cap, the input opened as bytes, and the :class:`Summary` of what the batch did.

A module of its own, standard library only, so that a compiled batch of plain hands
(``tenpai shanten --file``) starts without importing the pure reader and what it needs
(dataclasses alone cost a start-up about 8 ms: docs/benchmarks.md, "Batches and start-up").

>>> s = Summary(lines=3, failed=1)
>>> s.text(), s.exit_code
('3 lines: 2 ok, 1 failed', 1)
>>> Summary(lines=1, blank=1).text()
'1 line: 0 ok, 0 failed, 1 blank line skipped'
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not typing's: importing typing costs a command 2 to 3 ms of start-up
if TYPE_CHECKING:
    from typing import IO

__all__ = ["LINE_CAP", "PIPE_SIZE", "Summary", "open_source", "widen_pipe"]

LINE_CAP = 1 << 20
"""The longest line a batch reads, in bytes (1 MiB): a longer line is an error record."""


class Summary:
    """What a batch did: *lines* read (blank ones included), *failed* records (their
    result carries an error), *internal* errors among them, *blank* lines skipped.

    Counters that the batch updates as it goes (not a value: a plain class with slots, the
    fields, equality and repr of the dataclass it was)."""

    __slots__ = ("blank", "failed", "internal", "lines")
    __match_args__ = ("lines", "failed", "internal", "blank")

    def __init__(self, lines: int = 0, failed: int = 0, internal: int = 0, blank: int = 0):
        self.lines = lines
        self.failed = failed
        self.internal = internal
        self.blank = blank

    def _fields(self) -> tuple[int, int, int, int]:
        return (self.lines, self.failed, self.internal, self.blank)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was

    def __repr__(self) -> str:
        return (
            f"Summary(lines={self.lines}, failed={self.failed}, internal={self.internal}, "
            f"blank={self.blank})"
        )

    @property
    def exit_code(self) -> int:
        """Gets the exit code of the batch: 1 when a record failed, else 0."""
        return 1 if self.failed else 0

    def text(self, lang: str = "en") -> str:
        """Writes the summary as one line for stderr, in *lang* (empty when every line gave a
        result without error).

        >>> Summary(lines=14, failed=8, blank=2).text("fr")
        '14 lignes : 4 réussies, 8 en échec, 2 lignes vides ignorées'
        """
        if not (self.failed or self.blank):
            return ""
        from .i18n import ntr, tr

        ok = self.lines - self.blank - self.failed
        parts = [
            ntr("ui.cli.batch.ok", ok, lang, n=ok),
            tr("ui.cli.batch.failed", lang, n=self.failed),
        ]
        if self.internal:
            parts.append(ntr("ui.cli.batch.internal", self.internal, lang, n=self.internal))
        if self.blank:
            parts.append(ntr("ui.cli.batch.blank", self.blank, lang, n=self.blank))
        joined = tr("ui.cli.batch.sep", lang).join(parts)
        return ntr("ui.cli.batch.lines", self.lines, lang, n=self.lines, parts=joined)


def open_source(source: str) -> IO[bytes]:
    """Opens a batch's input as bytes: the file *source*, or stdin for ``-``.

    :raises InvalidRecord: when the file cannot be opened, naming it.
    """
    if source == "-":
        return sys.stdin.buffer
    try:
        return open(source, "rb")
    except (OSError, ValueError) as e:  # ValueError: a NUL byte in the name (main(argv) only)
        from .errors import InvalidRecord, msg

        why = e.strerror if isinstance(e, OSError) else str(e)
        raise InvalidRecord.of(msg("errors.batch.read", source=source, error=why)) from None


PIPE_SIZE = 1 << 20
"""The pipe a batch asks for when its results go into one (1 MiB: the most Linux grants an
unprivileged process by default, ``/proc/sys/fs/pipe-max-size``)."""


def widen_pipe(stream: IO[str]) -> None:
    """Asks for a pipe of :data:`PIPE_SIZE` bytes when *stream* writes into a pipe (Linux's
    ``F_SETPIPE_SZ``, fcntl(2)): a batch writes its results in blocks of 64 KiB, and in the
    default pipe of 64 KiB each block waits for the reader to take the one before (about 8 %
    of ``tenpai score --jsonl``'s time on the real records: docs/benchmarks.md). Nothing
    changes where the stream is no pipe, the system has no such call or refuses the size."""
    import os
    import stat

    try:
        fd = stream.fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    except (AttributeError, ImportError, OSError, ValueError):  # io.UnsupportedOperation too
        pass
