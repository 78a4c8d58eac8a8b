"""Nothing half-written: a build that fails, is interrupted or is killed leaves the previous
PDFs byte-identical, and no temporary file survives the next build."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import ROOT, copy_game, files_of
from games import FIRST, GAMES, IDS

from printkit.errors import PrintkitError
from printkit.options import Options, Request
from printkit.pipeline import build

# Runs the CLI with one stage made to announce itself and stall, so the test can kill it there.
STALL = textwrap.dedent("""
    import os, signal, sys, time
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if the parent ignores it
    import {module} as module
    owner = module{owner}
    real, calls = owner.{name}, []

    def stalled(*args, **kwargs):
        calls.append(1)
        if len(calls) == {after}:
            os.write(1, b"STALLED\\n")  # one write: forked workers may stall at once
            time.sleep(60)
        return real(*args, **kwargs)

    owner.{name} = stalled
    from printkit.cli import main
    sys.argv = ["printkit", *sys.argv[1:]]
    main()
""")


def temp_files(out: Path) -> list[str]:
    return [name for name in files_of(out) if name.endswith(".tmp")]


@pytest.fixture(params=GAMES, ids=IDS)
def built(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, Path, Path, dict]:
    """A game copy, an output folder with a previous build in it, and that build's files."""
    return previous_build(request.param, tmp_path)


@pytest.fixture(params=FIRST, ids=IDS[:1])
def built_first(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, Path, Path,
                                                                          dict]:
    """The same for the first game only (for tests that run whole printkit processes)."""
    return previous_build(request.param, tmp_path)


def previous_build(game, tmp_path: Path) -> tuple[str, Path, Path, dict]:
    folder = copy_game(game.name, tmp_path / "data")
    out = tmp_path / "out"
    build(Request(game.name, ("nl",), data=tmp_path / "data"), out)
    return game.name, folder, out, files_of(out)


def test_a_build_with_bad_data_leaves_the_previous_files(built) -> None:
    name, folder, out, before = built
    csv = sorted(folder.glob("*.csv"))[0]
    csv.write_text(csv.read_text("utf-8") + 'broken,"unclosed\n', "utf-8")
    with pytest.raises(PrintkitError):
        build(Request(name, ("nl",), data=folder.parent), out)
    assert files_of(out) == before


def test_files_are_written_with_ordinary_permissions(built) -> None:
    _, _, out, before = built
    mask = os.umask(0)
    os.umask(mask)
    for name in before:
        assert (out / name).stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_failure_while_renaming_puts_the_previous_set_back(
        built, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The third file's rename fails: the two already renamed are put back, so the set is
    all old (it was 2 new and the rest old), and no temporary file is left."""
    name, folder, out, before = built
    options = Options(paper="letter", cmyk=True)  # every file differs from the previous build
    real, renamed = os.replace, []

    def failing(src: str | Path, dst: str | Path) -> None:
        new_pdf = str(dst).endswith(".pdf") and not str(src).endswith(".old.tmp")
        if new_pdf and len(renamed) == 2:
            raise OSError(28, "No space left on device")
        if new_pdf:
            renamed.append(dst)
        real(src, dst)

    monkeypatch.setattr("printkit.write.os.replace", failing)
    with pytest.raises(PrintkitError) as err:
        build(Request(name, ("nl",), data=folder.parent, options=options), out)
    assert "cannot write the file (No space left on device); check --out" in str(err.value)
    assert len(renamed) == 2
    assert files_of(out) == before
    assert temp_files(out) == []


def test_a_folder_in_the_way_of_a_file_stops_the_build_before_anything_is_written(
        built, tmp_path: Path) -> None:
    """One output path a folder: 7 files were replaced, then 'nothing was written'."""
    name, folder, out, before = built
    victim = sorted(out.rglob("*.pdf"))[-1]
    victim.unlink()
    victim.mkdir()
    with pytest.raises(PrintkitError) as err:
        build(Request(name, ("nl",), data=folder.parent, options=Options(paper="letter")), out)
    assert str(err.value).endswith("a folder (or other non-file) is in the way of this file; "
                                   "move it away")
    assert files_of(out) == {n: b for n, b in before.items()
                             if n != str(victim.relative_to(out))}


def test_an_output_folder_that_is_a_file_is_a_clear_error(cli, tmp_path: Path) -> None:
    (tmp_path / "out").write_text("not a folder")
    run = cli("build", GAMES[0].name, "--out", "out")
    assert run.code == 2
    assert run.errors[1:] == ["1 problem; nothing was written."]
    assert run.errors[0].startswith("error: out/")
    assert run.errors[0].endswith("cannot write the file (Not a directory); check --out")


def run_stalled(args: list[str], call: str, after: int, cwd: Path) -> subprocess.Popen:
    """Start the CLI in its own process group; return once it stalls in the `after`-th
    call of `call` ('module:owner.attribute')."""
    module, _, path = call.partition(":")
    owner, _, name = path.rpartition(".")
    script = STALL.format(module=module, owner="." + owner if owner else "", name=name,
                          after=after)
    # without the cache: its own writes (os.replace) would be counted with the build's
    env = dict(os.environ, PYTHONPATH=str(ROOT), PRINTKIT_CACHE="off")
    proc = subprocess.Popen([sys.executable, "-c", script, *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.strip() == "STALLED", proc.stderr.read() if proc.stderr else ""
    return proc


def stop(proc: subprocess.Popen, sig: signal.Signals) -> None:
    os.killpg(proc.pid, sig)
    proc.communicate(timeout=30)


@pytest.mark.parametrize("stage,call,after", [
    ("render", "printkit.render.pdf:Canvas.save", 3),
    ("write", "printkit.write:os.fsync", 2),
], ids=["render", "write"])
def test_a_build_killed_mid_way_leaves_the_previous_files(built_first, stage: str, call: str,
                                                          after: int) -> None:
    game, folder, out, before = built_first
    args = ["build", game, "--data", "data", "--out", "out", "--paper", "a3"]
    proc = run_stalled(args, call, after, folder.parent.parent)
    stop(proc, signal.SIGKILL)
    after_kill = files_of(out)
    assert {n: b for n, b in after_kill.items()
            if not n.endswith(".tmp") and n != ".printkit.lock"} == before
    if stage == "write":  # a kill cannot clean up (nor remove its lock file); the next
        assert temp_files(out)  # build does
    build(Request(game, ("nl",), data=folder.parent), out)
    assert files_of(out) == before


def test_an_interrupted_build_removes_its_temporary_files(built_first) -> None:
    game, folder, out, before = built_first
    args = ["build", game, "--data", "data", "--out", "out", "--paper", "a3"]
    proc = run_stalled(args, "printkit.write:os.fsync", 2, folder.parent.parent)
    stop(proc, signal.SIGINT)
    assert proc.returncode != 0
    assert files_of(out) == before


def test_a_build_killed_while_renaming_is_undone_by_the_next(built_first) -> None:
    """Killed after its fourth rename, a build leaves a mixed set and its journal; the next
    build into the folder puts the previous set back before it writes its own."""
    from printkit.write import recover

    game, folder, out, before = built_first
    args = ["build", game, "--data", "data", "--out", "out", "--paper", "a3"]
    proc = run_stalled(args, "printkit.write:os.replace", 6, folder.parent.parent)
    stop(proc, signal.SIGKILL)  # the journal, then four files, were renamed
    mixed = files_of(out)
    assert [n for n in mixed if n.startswith(".printkit-journal.")]
    assert {n: b for n, b in mixed.items() if n in before} != before
    assert recover(out) == 1
    assert files_of(out) == before


# Holds the output folder's lock as a running build does, with a temporary file of its own
# beside a target, until its standard input is closed; then ends as a killed build would,
# leaving the temporary file behind.
HOLDER = textwrap.dedent("""
    import os, sys
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o666)
    os.lockf(fd, os.F_LOCK, 0)
    open(sys.argv[2], "wb").write(b"half a board")
    print("HELD", flush=True)
    sys.stdin.read()
    os._exit(9)
""")


def test_a_build_waits_for_a_running_build_and_then_removes_what_it_left(built_first) -> None:
    """Two builds into one folder take turns: the second leaves the first's temporary file
    alone while the first holds the folder's lock, and removes it once the first is gone
    (it died without cleaning up)."""
    import threading

    game, folder, out, _ = built_first
    running = out / game / "nl" / ".board.pdf.0123456789ab.tmp"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(out / ".printkit.lock"),
                               str(running)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout is not None
    assert holder.stdin is not None
    assert holder.stdout.readline() == "HELD\n"
    second = threading.Thread(target=build, args=(Request(
        game, ("nl",), data=folder.parent, options=Options(paper="a3")), out))
    try:
        second.start()
        second.join(2.0)
        assert second.is_alive()  # waiting for the lock
        assert running.read_bytes() == b"half a board"
    finally:
        holder.stdin.close()
        holder.wait()
        second.join(60)
    assert not second.is_alive()
    assert not running.exists()
    assert temp_files(out) == []
    assert [n for n in files_of(out) if n.endswith("-a3.pdf")]  # the second build was made


def test_a_killed_build_is_undone_even_while_its_process_id_lives_on(built_first) -> None:
    """A build killed while renaming and never waited for stays a process (a zombie) under
    its id, as does any process that is given the id again: recovery was skipped while
    that id was alive. The lock the build held went with it, so the next build puts the
    previous set back."""
    game, folder, out, before = built_first
    args = ["build", game, "--data", "data", "--out", "out", "--paper", "a3"]
    proc = run_stalled(args, "printkit.write:os.replace", 6, folder.parent.parent)
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # and not waited for: a zombie keeps the id
        deadline = time.monotonic() + 10
        while Path(f"/proc/{proc.pid}/stat").read_text().split()[2] != "Z":
            assert time.monotonic() < deadline
        mixed = files_of(out)
        assert {n: b for n, b in mixed.items() if n in before} != before
        build(Request(game, ("nl",), data=folder.parent), out)
        assert files_of(out) == before
    finally:
        proc.communicate(timeout=30)


def group_alive(pgid: int, wait: float = 5.0) -> bool:
    """Whether a process of the group is still there after `wait` seconds: a worker that
    has ended may exist a moment longer, until the process that adopted it reaps it."""
    deadline = time.monotonic() + wait
    while True:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return False
        if time.monotonic() > deadline:
            return True
        time.sleep(0.05)


def test_the_progress_display_never_takes_a_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """The thread that shows the progress display after a moment blocks SIGINT, so that
    the terminal's Ctrl-C reaches the main thread alone, which holds it back while it
    forks workers. Taken by that thread, it was raised in the main thread in the middle of
    a fork's clean-up, where Python prints it as ignored (a traceback) and goes on."""
    import threading

    from rich.console import Console

    from printkit.commands.report import progress
    from printkit.localise.catalog import english_labels

    masks: list[set[signal.Signals]] = []

    class Recorded(threading.Timer):
        def run(self) -> None:  # at once, not after the delay
            masks.append(signal.pthread_sigmask(signal.SIG_BLOCK, []))

    monkeypatch.setattr(threading, "Timer", Recorded)
    with progress(Console(), 0, english_labels()):
        for _ in range(500):
            if masks:
                break
            time.sleep(0.01)
    assert masks, "the display's timer did not run"
    assert signal.SIGINT in masks[0]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


def test_ctrl_c_at_any_moment_ends_an_all_language_build_cleanly(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) at six moments
    spread over a `build --lang all`: each run ends (it deadlocked 3 times in 30) without a
    traceback (7 in 30 printed one), with exit code 130 and one line, or 0 if it had
    finished; no worker is left; the output is the previous set (the same bytes either
    way, as the options are the same)."""
    import random

    from printkit import INTERRUPTED

    copy_game("spankopoly", tmp_path / "data")
    build(Request("spankopoly", ("all",), data=tmp_path / "data"), tmp_path / "out")
    before = files_of(tmp_path / "out")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    moments = random.Random(13)
    # the command as `printkit` runs it, saying when Python has started it: the promise holds
    # from there (a busy machine can take over a second to start an interpreter)
    started = ("import sys\nfrom printkit.__main__ import main\n"
               "sys.stderr.write('started\\n')\nsys.stderr.flush()\nmain()\n")
    for delay in sorted(moments.uniform(0.2, 3.5) for _ in range(6)):
        proc = subprocess.Popen([sys.executable, "-c", started, "build", "--lang", "all",
                                 "--data", "data", "--out", "out"], cwd=tmp_path, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                start_new_session=True)
        assert proc.stderr is not None
        assert proc.stderr.readline() == "started\n"
        time.sleep(delay)
        with contextlib.suppress(ProcessLookupError):  # it may have finished
            os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        assert "Traceback" not in err, (delay, err)
        assert proc.returncode in (0, 130), (delay, proc.returncode, err)
        if proc.returncode == 130:  # (nothing said if it came before printkit started)
            assert err.splitlines() in ([INTERRUPTED], [])
        assert not group_alive(proc.pid), delay  # no worker of the group is left
        assert files_of(tmp_path / "out") == before
