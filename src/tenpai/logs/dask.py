"""Verifying logs on a Dask cluster (the ``dask`` extra): a ``dask.bag`` over the logs, each
verified where it lands, the summaries added up; the same summary as a serial run.

>>> # verify_on_dask(["logs/"], "tcp://scheduler:8786").as_dict()["agree"]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..errors import msg
from .run import units, verify_unit
from .source import LogError
from .verify import Summary

__all__ = ["verify_on_dask"]


def verify_on_dask(
    paths: Iterable[str],
    address: Any,
    on_disagreement: Callable[[dict[str, Any]], None] | None = None,
) -> Summary:
    """Verifies the logs named by *paths* on the Dask cluster at *address* (a scheduler
    address or a ``distributed.Client``) and returns the summary.

    :raises LogError: when the dask extra is not installed, or no scheduler answers at
        *address* (within ``distributed.comm.timeouts.connect``, 30 s by default).
    """
    try:
        import dask.bag as db
        from distributed import Client
    except ImportError:
        raise LogError.said(msg("errors.logs.dask_missing")) from None
    total = Summary()
    todo = []
    for u in units(paths):
        if isinstance(u, LogError):
            total.counts["files"] += 1
            total.add_unreadable(u.text())
        else:
            todo.append(u)
    if isinstance(address, Client):
        client = address
    else:
        try:
            client = Client(address)
        except (OSError, ValueError, TypeError) as e:  # no scheduler there, or no address
            error = msg("errors.logs.dask_unreachable", address=str(address), error=str(e))
            raise LogError.said(error) from None
    try:
        bag = db.from_sequence(todo, npartitions=max(1, min(len(todo), 64)))
        results = bag.map(verify_unit).compute(scheduler=client.get)
    finally:
        if client is not address:
            client.close()
    for summary, bad in results:
        total.merge(Summary.from_dict(summary))
        if on_disagreement:
            for rec in bad:
                on_disagreement(rec)
    return total
