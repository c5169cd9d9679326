"""A child process on a pseudo-terminal, for the scripted sessions of the trainer's tests."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import time


class Pty:
    """A child process on a pseudo-terminal, read until a pattern shows."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.seen = ""

    def expect(self, pattern: str, timeout: float = 20.0) -> re.Match[str]:
        end = time.monotonic() + timeout
        while True:
            m = re.search(pattern, self.seen)
            if m is not None:
                self.seen = self.seen[m.end() :]
                return m
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{pattern!r} not shown; the screen ends with {self.seen!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"{pattern!r} not shown before the end: {self.seen!r}")
                self.seen += chunk.decode("utf-8", "replace")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())
