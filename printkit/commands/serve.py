"""`printkit serve`: a local web page showing a game's pages, redrawn as its files are saved.

The standard library's HTTP server serves five kinds of path and nothing else: `/` (the
page), `/state` (what to show, as JSON: each page's cards too), `/events` (server-sent
events: one per view, so the open page refreshes itself), `/pictures/<lang>/<product>/
<generation>/<file>-<page>.png` and `/cards/<lang>/<product>/<generation>/<side>-<n>.png`
(a card drawn alone, for the one-card view). Pictures are kept in memory and looked up by
name, so no request can reach a file, and the server writes nothing. The port answers at
once; one thread builds the game, then watches its folder (watchfiles) and the print
settings files outside it, and rebuilds what a save changed (printkit.commands.live),
publishing a view as each product is drawn.

It answers only requests for the host it serves: the Host header must name 127.0.0.1,
localhost (or ::1) or what --host names (with --host 0.0.0.0 or ::, any address written as
numbers), so a web page elsewhere cannot read the game's pages through a name of its own
that leads here (DNS rebinding). Its threads are bounded (`Server`): a connection that
sends nothing costs no thread and is closed after TIMEOUT, each request is served by one
of WORKERS threads and its connection closed, at most MAX_STREAMS pages follow the event
stream, and a client that goes away mid-answer is let go without a word.
"""

from __future__ import annotations

import contextlib
import functools
import ipaddress
import json
import queue
import re
import selectors
import signal
import socket
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from printkit.commands.served import Served
from printkit.errors import PrintkitError
from printkit.localise.catalog import Labels, english_labels
from printkit.resources import find_game

if TYPE_CHECKING:  # the build stages are imported once the port answers
    from printkit.commands.live import Session, Shown, View

PAGE = Path(__file__).with_name("serve.html")
PICTURE = re.compile(r"/pictures/([A-Za-z0-9_-]+)/([A-Za-z0-9_-]+)/(\d+)/([A-Za-z0-9_.-]+)")
CARD = re.compile(r"/cards/([A-Za-z0-9_-]+)/([A-Za-z0-9_-]+)/(\d+)/(front|back)-(\d{1,6})\.png")
CARDS_KEPT = 32  # cards drawn large, kept for the next look
GONE_POLL = 0.3  # seconds between looks for a game folder moved away
SETTINGS_POLL = 0.5  # seconds between looks at the print settings outside the game folder
KEEP_ALIVE = 10.0  # seconds between comments on a quiet event stream
TIMEOUT = 10.0  # seconds a connection may stay silent (its request unsent, a reader gone)
WORKERS = 16  # threads answering requests (an event stream keeps one)
MAX_STREAMS = 8  # pages following the event stream at once
MAX_WAITING = 256  # connections accepted and waiting for their request
LOCAL = frozenset({"localhost", "127.0.0.1", "::1"})
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\n"
        b"Connection: close\r\n\r\n")


class Hub:
    """The latest view, shared by the rebuilding thread and the request threads."""

    def __init__(self) -> None:
        self.view: View | None = None  # None: the game is not loaded yet
        self.session: Session | None = None
        self.stopping = False
        self.changed = threading.Condition()
        self.cards: dict[str, bytes] = {}  # by path, the newest last
        self.cards_lock = threading.Lock()

    def card(self, path: str) -> bytes | None:
        """The PNG of a card drawn large that a path names, if the view has that card
        (the last CARDS_KEPT drawn are kept)."""
        match = CARD.fullmatch(path)
        session, view = self.session, self.view
        if match is None or session is None or view is None:
            return None
        with self.cards_lock:
            if path in self.cards:
                return self.cards[path]
        lang, product, generation, side, n = match.groups()
        shown = next((s for s in view.products.get(lang, ()) if s.name == product), None)
        if shown is None or str(shown.generation) != generation:
            return None
        made = session.card(view, lang, product, side, int(n))
        if made is not None:
            with self.cards_lock:
                self.cards[path] = made
                for old in list(self.cards)[:-CARDS_KEPT]:
                    del self.cards[old]
        return made

    def publish(self, view: View) -> None:
        with self.changed:
            self.view = view
            self.changed.notify_all()

    def stop(self) -> None:
        with self.changed:
            self.stopping = True
            self.changed.notify_all()

    def generation(self) -> int:
        return self.view.generation if self.view is not None else 0

    def wait(self, seen: int, timeout: float) -> int:
        """The generation once it is past `seen`, or after `timeout` seconds."""
        with self.changed:
            self.changed.wait_for(lambda: self.stopping or self.generation() != seen,
                                  timeout)
            return self.generation()


def state(view: View | None) -> dict[str, Any]:
    """The view as the page reads it (before the game is loaded: that it is loading)."""
    if view is None:
        return {"generation": 0, "languages": [], "titles": {}, "problems": [],
                "loading": True, "building": [], "products": {}}
    return {
        "generation": view.generation,
        "languages": list(view.products),
        "titles": view.titles,
        "problems": list(view.problems),
        "loading": view.loading,
        "building": [{"lang": lang, "done": done, "total": total}
                     for lang, done, total in view.building],
        "products": {lang: [shown_state(lang, shown) for shown in products]
                     for lang, products in view.products.items()},
    }


def shown_state(lang: str, shown: Shown) -> dict[str, Any]:
    """One product as the page reads it: its pictures, the cards on each, its warnings and
    problems."""
    cells = shown.cells or tuple(() for _ in shown.pictures)
    return {
        "name": shown.name, "title": shown.title, "warnings": list(shown.warnings),
        "problems": list(shown.problems),
        "pictures": [{
            "url": f"/pictures/{lang}/{shown.name}/{shown.generation}/{p.name}",
            "label": f"{p.doc} · {p.page}", "width": p.width, "height": p.height,
            "cards": [{"id": c.id, "side": c.side, "n": c.n, "box": list(c.box),
                       "turn": c.turn, "source": c.source,
                       "url": f"/cards/{lang}/{shown.name}/{shown.generation}/{c.side}-{c.n}.png"}
                      for c in found]}
            for p, found in zip(shown.pictures, cells, strict=False)]}


def picture(view: View | None, path: str) -> bytes | None:
    """The PNG a picture path names, if it is one of the view's."""
    match = PICTURE.fullmatch(path)
    if match is None or view is None:
        return None
    lang, product, generation, name = match.groups()
    for shown in view.products.get(lang, ()):
        if shown.name == product and str(shown.generation) == generation:
            return next((p.png for p in shown.pictures if p.name == name), None)
    return None


def host_allowed(header: str | None, hosts: frozenset[str], wildcard: bool) -> bool:
    """Whether a request's Host header names the served host: one of `hosts`, or with
    `wildcard` (the server listens on every address) any address written as numbers."""
    if not header:
        return False
    name = header.strip().lower()
    if name.startswith("["):  # [::1]:8765
        name = name[1:name.find("]")] if "]" in name else ""
    elif name.count(":") == 1:
        name = name.split(":")[0]
    name = name.rstrip(".")
    if name in hosts:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return wildcard


def page_words(_: Labels) -> dict[str, str]:
    """The page's own words in the terminal's language (printkit.commands.language), as
    the page's script shows them; the pictures are in the game's languages."""
    return {
        "loading": _("loading…"), "page": _("page"), "size": _("size"), "front": _("front"),
        "back": _("back"), "close": _("close (Esc)"), "keys": _("← → the card before, after"),
        "lastSaveFailed": _("What was saved last could not be built; the pictures below are "
                            "from the last time it could."),
        "gameFailed": _("The game could not be built; the pictures appear once it can be."),
        "reading": _("Reading the game and its texts…"),
        "drawing": _("Drawing the pages: {steps}"), "step": _("{lang}: {done} of {total}"),
        "buildFailed": _("could not be built"), "building": _("building…"),
        "productsFailed": _("products that failed: {failed} of {total}"),
        "upToDate": _("up to date"), "serverGone": _("the server stopped?"),
        "warning": _("warning: {problem}"),
    }


def page(words: Labels) -> bytes:
    """The page, its words put in (as JSON inside its script element; a "</" in them
    written "<\\/" so that none can end the element)."""
    said = json.dumps(page_words(words), ensure_ascii=False).replace("</", "<\\/")
    return PAGE.read_text("utf-8").replace("{/*WORDS*/}", said).encode("utf-8")


class Handler(BaseHTTPRequestHandler):
    """Answers GET for the page, its state, its events and its pictures; 404 otherwise, and
    403 to a request for another host."""

    hub: Hub
    server: Server
    verbose = False
    protocol_version = "HTTP/1.1"
    timeout = TIMEOUT  # on the socket: a silent or stalled client is let go

    def do_GET(self) -> None:
        if not host_allowed(self.headers.get("Host"), self.server.hosts,
                            self.server.wildcard):
            self.send(b"this server answers only for its own address\n", "text/plain",
                      status=HTTPStatus.FORBIDDEN)
            return
        path = urlsplit(self.path).path
        view = self.hub.view
        if path == "/":
            self.send(self.server.page, "text/html; charset=utf-8")
        elif path == "/state":
            self.send(json.dumps(state(view)).encode(), "application/json")
        elif path == "/events":
            self.events()
        elif (png := picture(view, path) or self.hub.card(path)) is not None:
            self.send(png, "image/png", "max-age=3600")
        else:
            self.send(b"not found\n", "text/plain", status=HTTPStatus.NOT_FOUND)

    def send(self, body: bytes, kind: str, cache: str = "no-store",
             status: HTTPStatus = HTTPStatus.OK) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("Connection", "close")  # the next request takes no thread until sent
        self.end_headers()
        self.close_connection = True
        self.wfile.write(body)

    def events(self) -> None:
        """A server-sent event with the generation after every rebuild, until the client
        goes away or the server stops; 503 when MAX_STREAMS pages follow already."""
        if not self.server.streams.acquire(blocking=False):
            self.send(b"too many pages open\n", "text/plain",
                      status=HTTPStatus.SERVICE_UNAVAILABLE)
            return
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.close_connection = True
            seen = -1
            while True:
                generation = self.hub.wait(seen, KEEP_ALIVE)
                if self.hub.stopping:
                    return
                message = ": keep-alive\n\n" if generation == seen else f"data: {generation}\n\n"
                self.wfile.write(message.encode())
                self.wfile.flush()
                seen = generation
        except OSError:  # the page went away (or stopped reading)
            return
        finally:
            self.server.streams.release()

    def log_message(self, format: str, *args: Any) -> None:
        if self.verbose:
            super().log_message(format, *args)


class Server(HTTPServer):
    """An HTTP server with bounded threads. An accepted connection waits, without a
    thread, until its request arrives (then one of WORKERS threads serves it, and closes
    it) or TIMEOUT passes (then it is closed); at most MAX_WAITING wait, the oldest is
    closed for a new one; when every worker is taken and as many requests queue, a request
    is answered 503 at once. A client that goes away is let go without a word; any other
    error of a request is one line on the terminal, never a traceback."""

    # connections the system holds until they are accepted: with the library's 5, a burst
    # (a page asking for its pictures) overflowed it, and each connection past it waited a
    # second for its retry
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], handler: type[Handler],
                 hosts: frozenset[str], wildcard: bool, words: Labels | None = None) -> None:
        super().__init__(address, handler)
        self.hosts, self.wildcard = hosts, wildcard
        self.words = words or english_labels()
        self.page = page(self.words)
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        self.pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="serve")
        self.taken = threading.BoundedSemaphore(2 * WORKERS)  # served or queued
        self.arrived: queue.SimpleQueue[tuple[socket.socket, Any]] = queue.SimpleQueue()
        self.selector = selectors.DefaultSelector()
        self.wake, self.woken = socket.socketpair()
        self.selector.register(self.woken, selectors.EVENT_READ)
        self.closing = threading.Event()
        self.gate = threading.Thread(target=self._wait_for_requests, name="serve-gate",
                                     daemon=True)
        self.gate.start()

    def process_request(self, request: Any, client_address: Any) -> None:
        """Hand the connection to the gate (the thread that waits for requests)."""
        self.arrived.put((request, client_address))
        with contextlib.suppress(OSError):
            self.wake.send(b"\0")

    def _wait_for_requests(self) -> None:
        waiting: dict[socket.socket, tuple[Any, float]] = {}
        while not self.closing.is_set():
            for key, _ in self.selector.select(timeout=0.5):
                if key.fileobj is self.woken:
                    self._take_arrived(waiting)
                else:
                    sock = key.fileobj
                    assert isinstance(sock, socket.socket)
                    if closed(sock):  # it went away unasked: no thread for it
                        self._drop(sock, waiting)
                        continue
                    self.selector.unregister(sock)
                    self._dispatch(sock, waiting.pop(sock)[0])
            now = time.monotonic()
            for sock in [s for s, (_, until) in waiting.items() if until < now]:
                self._drop(sock, waiting)
        for sock in list(waiting):
            self._drop(sock, waiting)

    def _take_arrived(self, waiting: dict[socket.socket, tuple[Any, float]]) -> None:
        with contextlib.suppress(OSError):
            self.woken.recv(4096)
        while not self.arrived.empty():
            sock, address = self.arrived.get()
            if len(waiting) >= MAX_WAITING:
                self._drop(next(iter(waiting)), waiting)
            waiting[sock] = (address, time.monotonic() + TIMEOUT)
            self.selector.register(sock, selectors.EVENT_READ)

    def _drop(self, sock: socket.socket, waiting: dict[socket.socket, tuple[Any, float]]
              ) -> None:
        waiting.pop(sock, None)
        with contextlib.suppress(KeyError, ValueError):
            self.selector.unregister(sock)
        self.shutdown_request(sock)

    def _dispatch(self, sock: socket.socket, address: Any) -> None:
        if not self.taken.acquire(blocking=False):
            try:
                sock.settimeout(1.0)
                sock.sendall(BUSY)
            except OSError:
                pass
            self.shutdown_request(sock)
            return
        self.pool.submit(self._serve, sock, address)

    def _serve(self, sock: socket.socket, address: Any) -> None:
        try:
            self.finish_request(sock, address)
        except Exception:
            self.handle_error(sock, address)
        finally:
            self.shutdown_request(sock)
            self.taken.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        exc = sys.exc_info()[1]
        if not isinstance(exc, (ConnectionError, TimeoutError)):  # not just a client gone
            print(self.words("error: a request from {client} failed: {error}",
                             client=client_address[0], error=repr(exc)),
                  file=sys.stderr, flush=True)

    def server_close(self) -> None:
        self.closing.set()
        super().server_close()
        self.gate.join(timeout=2)
        self.pool.shutdown(wait=False, cancel_futures=True)
        for end in (self.wake, self.woken):
            end.close()
        self.selector.close()


def closed(sock: socket.socket) -> bool:
    """Whether a connection that is readable was closed by its client (rather than sent a
    request): hundreds of idle connections closed at once take no worker from the
    requests behind them."""
    try:
        return not sock.recv(1, socket.MSG_PEEK)
    except OSError:
        return True


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


def watch(session: Session, hub: Hub, stop: threading.Event, verbosity: int,
          _: Labels) -> None:
    """Build the game, then again after every save in the game folder or of the print
    settings files outside it (`Settings`), until `stop` is set. While the folder is gone,
    wait for it to come back, then build it whole."""
    import watchfiles

    settings = Settings(session)
    publish(session, hub, None, verbosity, _)
    while not stop.is_set():
        if not session.present():
            if session.gone() not in session.view.problems:  # (a build that read the
                publish(session, hub, set(), verbosity, _)  # folder before it went)
            if stop.wait(GONE_POLL) or not session.present():
                continue
            settings.changed()
            publish(session, hub, None, verbosity, _)
            continue
        with contextlib.suppress(FileNotFoundError):  # gone before the watch began
            for changes in watchfiles.watch(session.folder, stop_event=stop, step=30,
                                            rust_timeout=int(SETTINGS_POLL * 1000),
                                            yield_on_timeout=True, watch_filter=saved):
                changed = {Path(change[1]) for change in changes} | settings.changed()
                if changed:
                    publish(session, hub, changed, verbosity, _)
                if not session.present():
                    break


class Settings:
    """The print settings files a build reads that lie outside the game folder (--config
    FILE, else ~/.config/printkit/printkit.toml and ./printkit.toml, there or not yet):
    looked at every SETTINGS_POLL seconds (a folder such as the home folder is not worth
    watching whole), a file saved, made or removed is a change."""

    def __init__(self, session: Session) -> None:
        from printkit.config import usual_configs

        config = session.served.request.config
        folder = session.folder.resolve()
        self.paths = [path for path in ([config] if config is not None else usual_configs())
                      if not path.resolve().is_relative_to(folder)]  # inside: watched
        self.seen = self._stamps()

    def _stamps(self) -> list[tuple[int, int, int] | None]:
        stamps: list[tuple[int, int, int] | None] = []
        for path in self.paths:
            try:
                info = path.stat()
                stamps.append((info.st_mtime_ns, info.st_size, info.st_ino))
            except OSError:
                stamps.append(None)
        return stamps

    def changed(self) -> set[Path]:
        """The files changed since the last look."""
        now = self._stamps()
        changed = {path for path, old, new in zip(self.paths, self.seen, now, strict=True)
                   if old != new}
        self.seen = now
        return changed


def publish(session: Session, hub: Hub, changed: set[Path] | None, verbosity: int,
            _: Labels) -> None:
    """Rebuild what `changed` files (None: all of them) changed, each view published; a
    build under way when the server stops is left."""
    try:
        for view in session.refresh(changed):
            if hub.stopping:
                return
            hub.publish(view)
            if view.done:
                report(view, verbosity, _)
    except Exception as exc:
        if hub.stopping:  # the pool is shut down under the build
            return
        from printkit.commands.live import View

        view = View(session.view.generation + 1, session.view.titles, session.view.products,
                    (f"internal error: {exc!r}",))
        session.view = view
        hub.publish(view)
        report(view, verbosity, _)


def report(view: View, verbosity: int, _: Labels) -> None:
    """One line per rebuild on the terminal, in its language; -q: problems only."""
    for problem in view.problems:
        print(_("error: {problem}", problem=problem), file=sys.stderr, flush=True)
    for lang, products in view.products.items():
        for shown in products:
            if f"{lang}/{shown.name}" in view.changed:
                for problem in shown.problems:
                    print(_("error: {problem}", problem=problem), file=sys.stderr, flush=True)
    for warning in warnings_drawn(view):
        print(_("warning: {problem}", problem=warning), file=sys.stderr, flush=True)
    if verbosity >= 0 and not view.problems:
        drawn = ", ".join(view.changed) or _("nothing changed")
        print(_("rebuilt: {products}", products=drawn), flush=True)


def warnings_drawn(view: View) -> list[str]:
    """The warnings of the products drawn by the last rebuild, each once."""
    return sorted({w for lang, products in view.products.items() for shown in products
                   if f"{lang}/{shown.name}" in view.changed for w in shown.warnings})


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def run_server(served: Served, host: str, port: int, verbosity: int = 0,
               open_page: bool = False, words: Labels | None = None) -> None:
    """Serve the game's pages on host:port until Ctrl-C (or SIGTERM: the same clean stop,
    the worker processes included). The port answers at once, before the build stages
    are even imported: the page says what is being built while the first build runs;
    with `open_page` the browser opens it."""
    if not host.strip():
        raise PrintkitError("--host '': name the address to listen on: 127.0.0.1 (this "
                            "computer only, the default) or 0.0.0.0 (the local network too)")
    _ = words or english_labels()
    signal.signal(signal.SIGTERM, _interrupt)
    folder = find_game(served.request.game, served.request.data)
    hub = Hub()
    handler = type("GameHandler", (Handler,), {"hub": hub, "verbose": verbosity > 0})
    try:
        server = Server((host, port), handler, LOCAL | {host.strip("[]").lower()},
                        host in ("0.0.0.0", "::"), _)
    except OSError as exc:
        raise PrintkitError(f"--host {host} --port {port}: cannot listen there "
                            f"({exc.strerror or exc}); choose another --port (0: any "
                            "free one)") from None
    stop = threading.Event()
    watcher = threading.Thread(target=run_session, args=(served, folder, hub, stop,
                                                         verbosity, _),
                               name="watch", daemon=True)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{server.server_address[1]}/"
    print(_("serving {game} at {url} (Ctrl-C stops)", game=folder.name, url=url), flush=True)
    watcher.start()
    if open_page:
        threading.Thread(target=open_when_answering, args=(local_url(host, url), stop),
                         name="open", daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        hub.stop()
        server.server_close()
        watcher.join(timeout=10)
        if hub.session is not None and hub.session.pool is not None:
            hub.session.pool.shutdown(cancel_futures=True)
    print(_("stopped"), flush=True)


def run_session(served: Served, folder: Path, hub: Hub, stop: threading.Event,
                verbosity: int, _: Labels) -> None:
    """Start the drawing processes and load the game, then build it and follow its
    saves (`watch`) until `stop` is set."""
    from printkit.commands.live import Session, start_pool

    try:
        pool = start_pool()
    except OSError:  # no processes to be had (a limit): the pages are drawn here
        pool = None
    hub.session = session = Session(served, pool, folder)
    if not stop.is_set():
        watch(session, hub, stop, verbosity, _)


def local_url(host: str, url: str) -> str:
    """The page's address as a browser on this computer reaches it (a server on every
    address is reached at 127.0.0.1)."""
    if host in ("0.0.0.0", "::"):
        return re.sub(r"^http://[^/]*:", "http://127.0.0.1:", url)
    return url


def open_when_answering(url: str, stop: threading.Event) -> None:
    """Open the page in the browser once the server answers (within 10 s)."""
    import urllib.request
    import webbrowser

    for _ in range(50):
        try:
            with urllib.request.urlopen(url + "state", timeout=2) as response:
                response.read()
            break
        except OSError:
            if stop.wait(0.2):
                return
    webbrowser.open(url)
