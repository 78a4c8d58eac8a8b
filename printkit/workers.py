"""Run independent jobs (one per language) on the machine's cores.

Jobs run in forked worker processes, which inherit everything the parent loaded (fonts,
metrics, locale data), so a worker starts at once. Each job's result comes back whole; a
job that fails with a PrintkitError does not stop the others, and every problem of every
job is reported together. Where fork is unavailable, or there is one job or one core, the
jobs run one after the other in this process: the output is the same bytes either way.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from printkit.errors import gathered

T = TypeVar("T")


def default_workers(jobs: int) -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        (os.cpu_count() or 1)
    return max(1, min(jobs, cores))


def can_fork() -> bool:
    """Whether worker processes can be forked: not on Windows (no os.fork), nor where
    multiprocessing does not offer it. (multiprocessing lists "fork" on every POSIX system,
    so os.fork is asked too.) Jobs hold closures, which spawned workers could not take."""
    if not hasattr(os, "fork"):
        return False
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def run_all(jobs: Sequence[Callable[[], T]], workers: int | None = None,
            prepare: Callable[[], None] = lambda: None,
            done: Callable[[int], None] = lambda _: None) -> list[T]:
    """The results of jobs, in order. `prepare` runs once before the workers are forked, so
    that each starts with what it loads; jobs run in this process load what they need as
    they go, and it is not run. `done(i)` is called as job i finishes."""
    workers = default_workers(len(jobs)) if workers is None else max(1, workers)
    if workers < 2 or len(jobs) < 2:
        return _one_by_one(jobs, done)
    if not can_fork():
        return _one_by_one(jobs, done)
    import multiprocessing  # only when there is work to share: a one-job build never forks

    prepare()
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(min(workers, len(jobs)), mp_context=context,
                               initializer=_leave_interrupts_to_the_parent)
    try:
        # workers are forked at the first submit: with Ctrl-C held back, so that none
        # is interrupted before it ignores it (a pending Ctrl-C reaches the parent after)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            futures = [pool.submit(job) for job in jobs]
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        results = gathered((future.result for future in futures), done)
        pool.shutdown()  # (a Ctrl-C while it waits for the workers to end stops them too)
    except BaseException:  # Ctrl-C, or a job's own failure: stop every worker at once
        _stop(pool)
        raise
    return results


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to every process): the parent stops
    the workers itself, so none prints a traceback or is left waiting."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _stop(pool: Any) -> None:
    """Kill the pool's workers and let it go without waiting for their jobs. Each killed
    worker is waited for (it ends at once; on a busy machine that can take over a second),
    so that none outlives the command as a process that nothing reaps."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(10)


def _one_by_one(jobs: Sequence[Callable[[], T]], done: Callable[[int], None]) -> list[T]:
    return gathered(jobs, done)
