"""A class of light clients, without a browser: ``make bench-class N=30``.

Each simulated pupil does what a browser's page does, over HTTP and the kernel's websocket: it
asks for the lesson's page (served from the class's preheated kernels, as ``make demo
LESSON=ohanami PUPILS=N`` serves it), opens its kernel's channels with the page's cookies, asks
for every widget's state (``comm_info_request``, then ``request_state`` for each widget, as
ipywidgets' manager does), gives its name to the page's name box, then answers the page's first
exercise several times a second for ``--seconds``, each answer a new number, waiting for the
kernel's feedback to each before the next. Headless Chromium would take 70-78 % of the machine's
CPU (docs/classroom.md): this measures the server and kernels alone.

Prints the time until each pupil's page is complete (every widget's state received: p50/p95),
answers sent, acknowledged and found in the class's book (lost, duplicated, out of order), and
the server's and kernels' CPU per pupil, with the machine's load average during the run (the
figures depend on it). With ``--restart`` the server is stopped (SIGTERM, a clean stop) in the
middle and started again, and each pupil joins again; with ``--crash`` the server and its kernels
are killed with SIGKILL halfway through the answers, while pupils are answering, then the server
is started again on the same class folder. Either way answers acknowledged before must still be
there after. Every wait is bounded; the server and its kernels are always stopped. Exit status 1
if any answer was lost, kept twice or out of order, or a pupil's page did not complete.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psutil
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _browser import ROOT, serve_voila  # noqa: E402

from mandalakit.widgets.classroom.classbook import ClassBook  # noqa: E402

LESSON = "ohanami"
PROTOCOL = "v1.kernel.websocket.jupyter.org"
CONFIG = re.compile(r'id="jupyter-config-data"[^>]*>(.*?)</script>', re.S)


def _message(msg_type: str, content: dict, session: str) -> bytes:
    """A shell message in the kernel websocket's binary protocol, as Voila's page sends it."""
    header = {"msg_id": uuid.uuid4().hex, "username": "pupil", "session": session, "msg_type": msg_type,
              "version": "5.3", "date": datetime.datetime.now(datetime.timezone.utc).isoformat()}
    return serialize_msg_to_ws_v1([json.dumps(part).encode() for part in (header, {}, {}, content)], "shell")


def _read(raw: bytes) -> dict:
    _channel, parts = deserialize_msg_from_ws_v1(raw)
    header = json.loads(parts[0])
    return {"header": header, "msg_type": header.get("msg_type"), "content": json.loads(parts[3])}


class Pupil:
    """One light client: its page's cookies, kernel, widgets' states, and answers."""

    def __init__(self, number: int, base: str, first_answer: int = 1000):
        self.name = f"pupil{number:02d}"
        self.first_answer = first_answer
        self.base = base
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict] = {}
        self.page_after: float | None = None  # the page's HTML received, s after the class joined
        self.complete_after: float | None = None  # every widget's state received too
        self.acked: list[str] = []
        self.sent = 0
        self.error = ""

    async def _page(self) -> tuple[str, str]:
        response = await AsyncHTTPClient().fetch(HTTPRequest(self.base + f"voila/render/{LESSON}.ipynb",
                                                             connect_timeout=600, request_timeout=600),
                                                 raise_error=True)
        cookies = "; ".join(c.split(";")[0] for c in response.headers.get_list("Set-Cookie"))
        kernel = json.loads(CONFIG.search(response.body.decode()).group(1))["kernelId"]
        return kernel, cookies

    async def join(self, start: float, deadline: float) -> None:
        kernel, cookies = await self._page()
        self.page_after = time.monotonic() - start
        ws_url = self.base.replace("http", "ws", 1) + f"api/kernels/{kernel}/channels?session_id={self.session}"
        # Voila's page speaks the kernel websocket's v1 protocol, where the server passes messages on
        # without decoding them (the older JSON one costs the server a decode and an encode of each)
        self.ws = await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": cookies}, request_timeout=120),
                                          subprotocols=[PROTOCOL])
        if self.ws.selected_subprotocol != PROTOCOL:
            raise ConnectionError(f"the server did not take the protocol {PROTOCOL}")
        await self._send("comm_info_request", {"target_name": "jupyter.widget"})
        comms = (await self._until(lambda m: m["msg_type"] == "comm_info_reply", deadline))["content"]["comms"]
        for comm in comms:
            await self._send("comm_msg", {"comm_id": comm, "data": {"method": "request_state"}})
        while len(self.states) < len(comms):
            message = await self._until(lambda m: m["msg_type"] == "comm_msg", deadline)
            data = message["content"]["data"]
            if data.get("method") == "update":
                self.states.setdefault(message["content"]["comm_id"], {}).update(data["state"])
        self.complete_after = time.monotonic() - start

    async def _send(self, msg_type: str, content: dict) -> None:
        await self.ws.write_message(_message(msg_type, content, self.session), binary=True)

    async def _until(self, wanted, deadline: float) -> dict:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from the kernel in time")
            raw = await asyncio.wait_for(self.ws.read_message(), left)
            if raw is None:
                raise ConnectionError("the kernel's websocket closed")
            message = _read(raw)
            if wanted(message):
                return message

    def _comm(self, *keys: str) -> str:
        return next(c for c, state in self.states.items() if all(k in state for k in keys))

    async def answer(self, seconds: float, per_second: float, deadline: float) -> None:
        name_box, exercise = self._comm("active", "labels", "name"), self._comm("question", "feedback", "value")
        await self._send("comm_msg", {"comm_id": name_box, "data": {
            "method": "update", "state": {"name": self.name}, "buffer_paths": []}})
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            value = str(self.first_answer + self.sent)  # a new answer each time: each one is an attempt
            self.sent += 1
            await self._send("comm_msg", {"comm_id": exercise, "data": {
                "method": "custom", "content": {"kind": "check", "value": value}}})
            await self._until(lambda m, c=exercise: m["msg_type"] == "comm_msg" and m["content"]["comm_id"] == c
                              and "feedback" in m["content"]["data"].get("state", {}), deadline)
            self.acked.append(value)
            await asyncio.sleep(1 / per_second)
        self.ws.close()


def _pct(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def _sample_load(into: list[float]) -> None:
    while True:
        into.append(os.getloadavg()[0])
        await asyncio.sleep(5)


def _cpu(procs) -> float:
    total = 0.0
    for p in procs:
        with contextlib.suppress(psutil.Error):
            t = p.cpu_times()
            total += t.user + t.system
    return total


async def _class(server, n: int, seconds: float, per_second: float, budget: float, first_answer: int,
                 crash_after: float | None = None) -> list[Pupil]:
    proc = psutil.Process(server.process.pid)
    deadline = time.monotonic() + budget

    def kernels() -> dict[int, float]:  # each kernel's CPU so far (a kernel is started with -f <connection file>)
        found = {}
        for child in proc.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if "-f" in child.cmdline():
                    found[child.pid] = _cpu([child])
        return found

    # Voila says the pool is "filled" once its kernels are started; then the server runs each one's
    # page. A teacher starts the server before the lesson: the pupils join once every page has run,
    # when the server and the kernels fall quiet (in two 5 s windows in a row, less than 0.2 s of
    # the server's CPU and 0.02 s of each kernel's: on a busy machine either may wait for the other).
    waited = time.monotonic()
    while f"Kernel pool of {LESSON}.ipynb is filled" not in server.output():
        if time.monotonic() > deadline:
            raise TimeoutError("the class's kernels were not ready in time")
        await asyncio.sleep(0.5)
    before, quiet = (_cpu([proc]), kernels()), 0
    while quiet < 2:
        await asyncio.sleep(5)
        now = _cpu([proc]), kernels()
        busy = now[0] - before[0] >= 0.2 or sum(now[1].values()) - sum(before[1].get(pid, 0.0) for pid in now[1]) \
            >= 0.02 * len(now[1])
        quiet = 0 if busy or len(now[1]) < n else quiet + 1
        if time.monotonic() > deadline:
            raise TimeoutError("the class's kernels did not finish their pages in time")
        before = now
    now = now[1]
    print(f"the pool's {len(now)} kernels have run their pages {time.monotonic() - waited:.0f} s after the server "
          f"answered ({sum(now.values()):.0f} s of CPU, {sum(now.values()) / len(now):.1f} s each); load average "
          f"{os.getloadavg()[0]:.1f}")

    cpu_before = _cpu([proc]), kernels()
    pupils = [Pupil(i, server.url, first_answer) for i in range(n)]
    start = time.monotonic()
    loads: list[float] = []  # the machine's 1-minute load average, every 5 s: the figures depend on it
    sampler = asyncio.get_running_loop().create_task(_sample_load(loads))
    joined = await asyncio.gather(*(p.join(start, deadline) for p in pupils), return_exceptions=True)
    for pupil, outcome in zip(pupils, joined):
        if isinstance(outcome, BaseException):
            pupil.error = f"{type(outcome).__name__}: {outcome}"
    ready = [p for p in pupils if not p.error]
    cpu_joined = _cpu([proc]), kernels()
    answering = [asyncio.ensure_future(p.answer(seconds, per_second, deadline)) for p in ready]
    crashed = False
    if crash_after is not None:  # a real crash in the middle of the answers: SIGKILL, no goodbye
        await asyncio.wait(answering, timeout=crash_after)
        cpu_after = _cpu([proc]), kernels()
        _crash(proc)
        crashed = True
    done = await asyncio.gather(*answering, return_exceptions=True)
    for pupil, outcome in zip(ready, done):
        if isinstance(outcome, BaseException) and not crashed:
            pupil.error = f"{type(outcome).__name__}: {outcome}"
    if not crashed:
        cpu_after = _cpu([proc]), kernels()
    def per_pupil(since, until) -> str:
        kernel_cpu = sum(cpu - since[1].get(pid, 0.0) for pid, cpu in until[1].items())
        return f"server {(until[0] - since[0]) / n:.2f} s, kernels {kernel_cpu / n:.2f} s"
    sampler.cancel()
    print(f"load average (1 min) during the run: min {min(loads):.1f}, mean {statistics.mean(loads):.1f}, "
          f"max {max(loads):.1f} on {os.cpu_count()} cores")
    times = [p.complete_after for p in pupils if p.complete_after is not None]
    html = [p.page_after for p in pupils if p.page_after is not None]
    print(f"pages complete: {len(times)}/{n}; time until complete p50 {_pct(times, 0.5):.1f} s, "
          f"p95 {_pct(times, 0.95):.1f} s (the page's HTML alone: p50 {_pct(html, 0.5):.1f} s, "
          f"p95 {_pct(html, 0.95):.1f} s)")
    print(f"CPU per pupil: {per_pupil(cpu_before, cpu_after)} (the pupils' kernels and the replacements Voila "
          f"starts for the pool, from joining to the last answer); joining: {per_pupil(cpu_before, cpu_joined)}; "
          f"answering: {per_pupil(cpu_joined, cpu_after)}")
    if crashed:
        print(f"the server and its kernels were killed (SIGKILL) {crash_after:.0f} s into the answers; "
              f"{sum(p.sent - len(p.acked) for p in ready)} answers were in flight, unacknowledged")
    for p in pupils:
        if p.error:
            print(f"  {p.name}: {p.error}")
    return pupils


def _crash(server: psutil.Process) -> None:
    """Kill the server with SIGKILL, as a crash would, then its kernels (orphans that would
    otherwise keep running: in a container nothing may adopt and stop them); wait until all are gone."""
    kernels = server.children(recursive=True)
    with contextlib.suppress(psutil.Error):
        server.kill()
    for kernel in kernels:
        with contextlib.suppress(psutil.Error):
            kernel.kill()
    psutil.wait_procs([server, *kernels], timeout=30)


def _check(book: ClassBook, pupils: list[Pupil]) -> int:
    kept: dict[str, list[str]] = {}
    for attempt in book.attempts():
        kept.setdefault(attempt.pupil, []).append(attempt.answer)
    sent, acked = sum(p.sent for p in pupils), sum(len(p.acked) for p in pupils)
    lost = sum(len(set(p.acked) - set(kept.get(p.name, []))) for p in pupils)
    twice = sum(len(v) - len(set(v)) for v in kept.values())
    disorder = sum(1 for p in pupils if [a for a in kept.get(p.name, []) if a in set(p.acked)] != p.acked)
    print(f"answers: {sent} sent, {acked} acknowledged, {sum(map(len, kept.values()))} kept; "
          f"lost {lost}, kept twice {twice}, pupils out of order {disorder}")
    return 1 if lost or twice or disorder or any(p.error for p in pupils) else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=30, help="pupils (default 30)")
    parser.add_argument("--seconds", type=float, default=60, help="how long each pupil answers (default 60)")
    parser.add_argument("--rate", type=float, default=3, help="answers a second per pupil (default 3)")
    parser.add_argument("--restart", action="store_true", help="stop and start the server in the middle")
    parser.add_argument("--crash", action="store_true",
                        help="kill the server and its kernels (SIGKILL) in the middle of the answers, start it again")
    parser.add_argument("--budget", type=float, default=900, help="seconds before giving up (default 900)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="mandalakit-class-"))
    env = {"MANDALAKIT_LESSON": LESSON, "MANDALAKIT_PUPILS": str(args.n), "MANDALAKIT_CLASS": str(folder)}
    rounds = 2 if args.restart or args.crash else 1
    everyone: list[Pupil] = []
    # Every pupil's page is asked for at once (tornado queues requests beyond max_clients, 10 by default)
    AsyncHTTPClient.configure(None, max_clients=max(10, 2 * args.n))
    for r in range(rounds):
        with serve_voila(ROOT / "notebooks", env=env) as server:
            print(f"{'after the restart: ' if r else ''}{args.n} light-client pupils join {LESSON} at once")
            # the same names after the restart (one pupil, two kernels), new answers
            crash = args.crash and r == 0
            pupils = asyncio.run(_class(server, args.n, args.seconds if crash else args.seconds / rounds,
                                        args.rate, args.budget, first_answer=1000 + 100_000 * r,
                                        crash_after=args.seconds / 2 if crash else None))
        everyone += pupils
    merged: dict[str, Pupil] = {}
    for p in everyone:
        if p.name in merged:
            merged[p.name].acked += p.acked
            merged[p.name].sent += p.sent
            merged[p.name].error = merged[p.name].error or p.error
        else:
            merged[p.name] = p
    status = _check(ClassBook(folder), list(merged.values()))
    print(f"the class's book: {folder / 'class.sqlite3'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
