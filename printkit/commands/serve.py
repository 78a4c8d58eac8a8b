"""`printkit serve`: a local web page showing a game's pages, redrawn as its files are saved.

The standard library's ThreadingHTTPServer serves four kinds of path and nothing else:
`/` (the page), `/state` (what to show, as JSON), `/events` (server-sent events: one per
rebuild, so the open page refreshes itself) and `/pictures/<lang>/<product>/<generation>/
<file>-<page>.png`. Pictures are kept in memory and looked up by name, so no request can
reach a file, and the server writes nothing. One thread watches the game folder
(watchfiles) and rebuilds what a save changed (printkit.commands.live).
"""

from __future__ import annotations

import functools
import json
import re
import signal
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from printkit.commands.live import Served, Session, View, start_pool
from printkit.errors import PrintkitError

PAGE = Path(__file__).with_name("serve.html")
PICTURE = re.compile(r"/pictures/([A-Za-z0-9_-]+)/([A-Za-z0-9_-]+)/(\d+)/([A-Za-z0-9_.-]+)")
KEEP_ALIVE = 10.0  # seconds between comments on a quiet event stream


class Hub:
    """The latest view, shared by the rebuilding thread and the request threads."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.stopping = False
        self.changed = threading.Condition()

    def publish(self, view: View) -> None:
        with self.changed:
            self.view = view
            self.changed.notify_all()

    def stop(self) -> None:
        with self.changed:
            self.stopping = True
            self.changed.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        """The generation once it is past `seen`, or after `timeout` seconds."""
        with self.changed:
            self.changed.wait_for(lambda: self.stopping or self.view.generation != seen,
                                  timeout)
            return self.view.generation


def state(view: View) -> dict[str, Any]:
    """The view as the page reads it."""
    return {
        "generation": view.generation,
        "languages": list(view.products),
        "titles": view.titles,
        "problems": list(view.problems),
        "products": {lang: [{
            "name": shown.name, "title": shown.title, "warnings": list(shown.warnings),
            "pictures": [{
                "url": f"/pictures/{lang}/{shown.name}/{shown.generation}/{p.name}",
                "label": f"{p.doc} · {p.page}", "width": p.width, "height": p.height}
                for p in shown.pictures]} for shown in products]
            for lang, products in view.products.items()},
    }


def picture(view: View, path: str) -> bytes | None:
    """The PNG a picture path names, if it is one of the view's."""
    match = PICTURE.fullmatch(path)
    if match is None:
        return None
    lang, product, generation, name = match.groups()
    for shown in view.products.get(lang, ()):
        if shown.name == product and str(shown.generation) == generation:
            return next((p.png for p in shown.pictures if p.name == name), None)
    return None


class Handler(BaseHTTPRequestHandler):
    """Answers GET for the page, its state, its events and its pictures; 404 otherwise."""

    hub: Hub
    verbose = False
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        view = self.hub.view
        if path == "/":
            self.send(PAGE.read_bytes(), "text/html; charset=utf-8")
        elif path == "/state":
            self.send(json.dumps(state(view)).encode(), "application/json")
        elif path == "/events":
            self.events()
        elif (png := picture(view, path)) is not None:
            self.send(png, "image/png", "max-age=3600")
        else:
            self.send(b"not found\n", "text/plain", status=HTTPStatus.NOT_FOUND)

    def send(self, body: bytes, kind: str, cache: str = "no-store",
             status: HTTPStatus = HTTPStatus.OK) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.end_headers()
        self.wfile.write(body)

    def events(self) -> None:
        """A server-sent event with the generation after every rebuild, until the client
        goes away or the server stops."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.close_connection = True
        seen = -1
        try:
            while True:
                generation = self.hub.wait(seen, KEEP_ALIVE)
                if self.hub.stopping:
                    return
                message = ": keep-alive\n\n" if generation == seen else f"data: {generation}\n\n"
                self.wfile.write(message.encode())
                self.wfile.flush()
                seen = generation
        except (BrokenPipeError, ConnectionResetError):
            return

    def log_message(self, format: str, *args: Any) -> None:
        if self.verbose:
            super().log_message(format, *args)


SPREADSHEET_LOCKS = re.compile(r"^(\.~lock\..*#|~\$.*)$")  # LibreOffice's, Excel's


def saved(change: Any, path: str) -> bool:
    """Whether a change in the game folder is a file saved: not the lock file a
    spreadsheet program keeps beside a workbook while it is open (nor watchfiles' own
    ignores: editors' swap and backup files)."""
    return default_filter()(change, path) and not SPREADSHEET_LOCKS.match(Path(path).name)


@functools.cache
def default_filter() -> Any:
    import watchfiles

    return watchfiles.DefaultFilter()


def watch(session: Session, hub: Hub, stop: threading.Event, verbosity: int) -> None:
    """Rebuild after every save in the game folder until `stop` is set."""
    import watchfiles

    for changes in watchfiles.watch(session.folder, stop_event=stop, step=30,
                                    rust_timeout=500, yield_on_timeout=False,
                                    watch_filter=saved):
        paths = {Path(path) for _, path in changes}
        try:
            for view in session.refresh(paths):
                hub.publish(view)
                report(view, verbosity)
        except Exception as exc:
            view = View(hub.view.generation + 1, hub.view.titles, hub.view.products,
                        (f"internal error: {exc!r}",))
            hub.publish(view)
            report(view, verbosity)


def report(view: View, verbosity: int) -> None:
    """One line per rebuild on the terminal; -q: problems only."""
    for problem in view.problems:
        print(f"error: {problem}", file=sys.stderr, flush=True)
    for warning in warnings_drawn(view):
        print(f"warning: {warning}", file=sys.stderr, flush=True)
    if verbosity >= 0 and not view.problems:
        drawn = ", ".join(view.changed) or "nothing changed"
        print(f"rebuilt: {drawn}", flush=True)


def warnings_drawn(view: View) -> list[str]:
    """The warnings of the products drawn by the last rebuild, each once."""
    return sorted({w for lang, products in view.products.items() for shown in products
                   if f"{lang}/{shown.name}" in view.changed for w in shown.warnings})


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def run_server(served: Served, host: str, port: int, verbosity: int = 0) -> None:
    """Serve the game's pages on host:port until Ctrl-C (or SIGTERM: the same clean stop,
    the worker processes included)."""
    signal.signal(signal.SIGTERM, _interrupt)
    pool = start_pool()  # before any thread starts
    try:
        session = Session(served, pool)
        hub = Hub(list(session.refresh())[-1])
        report(hub.view, verbosity)
        handler = type("GameHandler", (Handler,), {"hub": hub, "verbose": verbosity > 0})
        try:
            server = ThreadingHTTPServer((host, port), handler)
        except OSError as exc:
            raise PrintkitError(f"--host {host} --port {port}: cannot listen there "
                                f"({exc.strerror or exc}); choose another --port (0: any "
                                "free one)") from None
        server.daemon_threads = True
        stop = threading.Event()
        watcher = threading.Thread(target=watch, args=(session, hub, stop, verbosity),
                                   name="watch", daemon=True)
        watcher.start()
        shown = f"[{host}]" if ":" in host else host
        print(f"serving {session.folder.name} at http://{shown}:{server.server_address[1]}/ "
              "(Ctrl-C stops)", flush=True)
        try:
            server.serve_forever(poll_interval=0.2)
        except KeyboardInterrupt:
            pass
        finally:
            stop.set()
            hub.stop()
            server.server_close()
            watcher.join(timeout=2)
        print("stopped", flush=True)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
