"""A batch writing into a pipe asks for a larger one (``tenpai._batchio.widen_pipe``: Linux's
``F_SETPIPE_SZ``, fcntl(2)), so that each 64 KiB block of results does not wait for the
reader; nothing changes for a file, a terminal or a stream with no descriptor."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tenpai._batchio import PIPE_SIZE, widen_pipe

fcntl = pytest.importorskip("fcntl")
F_GETPIPE_SZ = getattr(fcntl, "F_GETPIPE_SZ", None)


def _most() -> int:
    """The largest pipe this system grants an unprivileged process (Linux)."""
    try:
        return int(Path("/proc/sys/fs/pipe-max-size").read_text())
    except OSError:
        return 0


needs_pipe_size = pytest.mark.skipif(
    F_GETPIPE_SZ is None or _most() < PIPE_SIZE,
    reason="no F_GETPIPE_SZ, or pipes of 1 MiB are not granted here (Linux only)",
)


@needs_pipe_size
def test_a_pipe_gets_the_larger_size() -> None:
    r, w = os.pipe()
    try:
        assert fcntl.fcntl(w, F_GETPIPE_SZ) < PIPE_SIZE  # Linux's default: 64 KiB
        with open(w, "w", closefd=False) as stream:
            widen_pipe(stream)
        assert fcntl.fcntl(w, F_GETPIPE_SZ) == PIPE_SIZE
    finally:
        os.close(r)
        os.close(w)


def test_a_file_or_a_stream_without_descriptor_is_left_as_it_is(tmp_path: Path) -> None:
    with open(tmp_path / "out.jsonl", "w", encoding="utf-8") as fh:
        widen_pipe(fh)
        fh.write("{}\n")
    assert (tmp_path / "out.jsonl").read_text(encoding="utf-8") == "{}\n"
    text = io.StringIO()
    widen_pipe(text)  # no fileno: nothing to ask
    assert text.getvalue() == ""


@needs_pipe_size
def test_the_batch_commands_widen_their_output_pipe(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("123m456p789s1122z\n", encoding="utf-8")
    run = [sys.executable, "-c", "import sys; from tenpai.cli import main; sys.exit(main())"]
    p = subprocess.Popen([*run, "shanten", "--file", str(path)], stdout=subprocess.PIPE)
    assert p.stdout is not None
    with p.stdout:
        out = p.stdout.read()
        assert p.wait(timeout=60) == 0
        # the pipe outlives the command while this end is open: it kept the size it was given
        assert fcntl.fcntl(p.stdout.fileno(), F_GETPIPE_SZ) == PIPE_SIZE
    assert out.count(b"\n") == 1
