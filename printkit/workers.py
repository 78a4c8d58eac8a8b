"""Run independent jobs (one per language) on the machine's cores.

Jobs run in forked worker processes, which inherit everything the parent loaded (fonts,
metrics, locale data), so a worker starts at once. Each job's result comes back whole; a
job that fails with a PrintkitError does not stop the others, and every problem of every
job is reported together. Where fork is unavailable, or there is one job or one core, the
jobs run one after the other in this process: the output is the same bytes either way.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TypeVar

from printkit.errors import PrintkitError, Problem

T = TypeVar("T")


def default_workers(jobs: int) -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        (os.cpu_count() or 1)
    return max(1, min(jobs, cores))


def run_all(jobs: Sequence[Callable[[], T]], workers: int | None = None,
            prepare: Callable[[], None] = lambda: None,
            done: Callable[[int], None] = lambda _: None) -> list[T]:
    """The results of jobs, in order. `prepare` runs once before any job (before forking);
    `done(i)` is called as job i finishes."""
    workers = default_workers(len(jobs)) if workers is None else max(1, workers)
    prepare()
    if workers < 2 or len(jobs) < 2:
        return _one_by_one(jobs, done)
    import multiprocessing  # only when there is work to share: a one-job build never forks

    if "fork" not in multiprocessing.get_all_start_methods():
        return _one_by_one(jobs, done)
    from concurrent.futures import ProcessPoolExecutor

    problems: list[Problem] = []
    results: list[T] = []
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(min(workers, len(jobs)), mp_context=context) as pool:
        futures = [pool.submit(job) for job in jobs]
        for i, future in enumerate(futures):
            try:
                results.append(future.result())
            except PrintkitError as exc:
                problems.extend(exc.problems)
            done(i)
    if problems:
        raise PrintkitError(sorted(set(problems)))
    return results


def _one_by_one(jobs: Sequence[Callable[[], T]], done: Callable[[int], None]) -> list[T]:
    problems: list[Problem] = []
    results: list[T] = []
    for i, job in enumerate(jobs):
        try:
            results.append(job())
        except PrintkitError as exc:
            problems.extend(exc.problems)
        done(i)
    if problems:
        raise PrintkitError(sorted(set(problems)))
    return results
