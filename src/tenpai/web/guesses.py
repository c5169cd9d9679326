"""Passphrase guesses: who may try a shared profile's passphrase, and when.

A wrong passphrase is counted against the profile it was tried on and against the client
that tried it (its address). The first :data:`FREE` wrong guesses in a row cost nothing;
after them each guess waits twice as long as the one before after the last wrong one (1 s,
2 s, 4 s... at most :data:`MOST_WAIT`), so that guessing stays slow whether one client tries
many profiles or many clients try one (NIST SP 800-63B, section 5.2.2, "Rate Limiting":
at most 100 wrong guesses in a row on one account; here the hundredth comes after about a
day). A guess made too early is refused before the passphrase is checked. A right guess
clears its profile's and client's count. The counts live in the server's memory, at most
:data:`KEPT` keys, the oldest forgotten first.

>>> clock = [0.0]
>>> g = Guesses(clock=lambda: clock[0])
>>> for _ in range(FREE + 1):
...     _ = g.failed(("profile", "ann"))
>>> g.wait(("profile", "ann")), g.wait(("profile", "bob"))
(2.0, 0.0)
>>> clock[0] = 2.0
>>> g.wait(("profile", "ann"))
0.0
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

__all__ = ["FREE", "KEPT", "MOST_WAIT", "Guesses"]

FREE = 5
"""Wrong guesses in a row that cost no wait."""
MOST_WAIT = 900.0
"""The longest wait between two guesses (15 minutes)."""
KEPT = 10_000
"""The most keys (profiles and clients) counted at once."""


class Guesses:
    """The wrong passphrase guesses counted per key (a profile, a client); thread-safe
    (the routes that check a passphrase run in the worker threads)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._failed: OrderedDict[Hashable, tuple[int, float]] = OrderedDict()

    def wait(self, *keys: Hashable) -> float:
        """Gets the seconds to wait before the next guess on *keys* (0: it may be made now)."""
        now = self._clock()
        with self._lock:
            waits = [0.0]
            for key in keys:
                count, last = self._failed.get(key, (0, 0.0))
                if count >= FREE:
                    delay = min(MOST_WAIT, 2.0 ** (count - FREE))
                    waits.append(max(0.0, last + delay - now))
            return max(waits)

    def failed(self, *keys: Hashable) -> int:
        """Counts a wrong guess on each of *keys*; returns the most wrong guesses in a row
        among them."""
        now = self._clock()
        with self._lock:
            most = 0
            for key in keys:
                count = self._failed.pop(key, (0, 0.0))[0] + 1
                self._failed[key] = (count, now)
                most = max(most, count)
            while len(self._failed) > KEPT:
                self._failed.popitem(last=False)
            return most

    def succeeded(self, *keys: Hashable) -> None:
        """Clears the count of each of *keys* (a right guess)."""
        with self._lock:
            for key in keys:
                self._failed.pop(key, None)
