"""A class opening the lesson at once: ``make bench-classroom N=30``.

Starts Voilà as ``make demo`` does (``voila notebooks/`` in the repository's root, on
127.0.0.1 only), opens N pages of ``ohanami.ipynb`` at once in headless Chromium (one browser
context per pupil: own cookies, own cold cache), waits until each page's widgets and both
charts are drawn, steps each page's replay forward and waits for the page to show the kernel's
answer, then closes the tabs as a pupil does (the page's "beforeunload" runs) and counts the
kernels left. Every wait is bounded; the server is always stopped.

Prints pages drawn and responding, first render p50/p95, failed widget starts (anywidget's
"Failed to initialize model") and dropped outputs (nbclient's "Timeout waiting for IOPub
output" in the server's log), data per page (cold, on the first 3 pages, and warm on a second page of one browser),
server and kernel memory and CPU, the CPU split between browser, server and kernels, and the
kernel count after closing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _browser import CHROMIUM, CHROMIUM_ARGS, ROOT, serve_voila  # noqa: E402

PAGE = "voila/render/ohanami.ipynb"
DRAWN = (
    ".mk-calc-total .mk-total-value",
    ".mk-scoring-calculator .js-plotly-plot .barlayer .point path",
    ".mk-replay-board svg",
    ".mk-replay-viewer .js-plotly-plot .barlayer",
)
STEP = ".mk-replay-caption .mk-event-index"
WIDGET_FAILED = "Failed to initialize model"
DATA_PAGES = 3  # pages whose data is counted
KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def _cpu(procs) -> float:
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def _memory_mb(procs, own: bool = False) -> list[float]:
    """Each live process's resident memory in MB, or with ``own`` the memory that is its own
    (USS: not shared with other processes); a process gone meanwhile is left out."""
    out = []
    for p in procs:
        try:
            out.append((p.memory_full_info().uss if own else p.memory_info().rss) / 2**20)
        except psutil.Error:
            pass
    return out


def _kernels(server: psutil.Process) -> dict[str, psutil.Process]:
    """The server's running kernels by kernel id (a stopped kernel may linger as a zombie for a
    moment). A kernel is started with ``-f <folder>/kernel-<id>.json``."""
    found = {}
    for p in server.children(recursive=True):
        try:
            command = p.cmdline()
            # ipykernel's launcher, or the dashboards' (mandalakit.widgets.server.kernel), given a connection file
            if p.status() != psutil.STATUS_ZOMBIE and "-f" in command and "kernel" in " ".join(command):
                found[Path(command[command.index("-f") + 1]).stem.removeprefix("kernel-")] = p
        except psutil.Error:
            pass
    return found


async def _pools_filled(served, deadline: float) -> None:
    """Wait until Voila has a preheated kernel for every notebook (and the lesson's pool of a
    class): the teacher starts the server before the lesson."""
    notebooks = [p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in str(p)]
    while served.output().count("Kernel pool of ") < len(notebooks):
        if time.monotonic() > deadline:
            raise SystemExit(f"the kernel pools were not filled in time: {served.output()[-1500:]}")
        await asyncio.sleep(1)

def _browser_procs() -> list[psutil.Process]:
    me = psutil.Process()
    return [p for p in me.children(recursive=True) if "chrom" in p.name().lower()]


def _pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))] if values else float("nan")


async def _pupil(context, url, deadline, result, kernels_seen, count_data=True):
    """One pupil's page: drawn, answering a click; with ``count_data``, the bytes it received
    (counting every request and websocket frame costs the browser and this script CPU, so only a
    few pages count)."""
    page = await context.new_page()
    data = {"http": 0, "ws": 0}
    result.update(drawn=False, responding=False, widget_failed=0, data=data if count_data else None)

    def on_console(msg):
        if WIDGET_FAILED in msg.text:
            result["widget_failed"] += 1

    async def on_finished(request):
        try:
            data["http"] += (await request.sizes())["responseBodySize"]
        except Exception:  # noqa: BLE001 - a request of a closed page
            pass

    def on_ws(ws):
        ws.on("framereceived", lambda payload: data.__setitem__("ws", data["ws"] + len(payload)))

    page.on("console", on_console)
    if count_data:
        page.on("requestfinished", lambda r: asyncio.ensure_future(on_finished(r)))
        page.on("websocket", on_ws)
    result["page"] = page
    start = time.monotonic()
    try:
        response = await page.goto(url + PAGE, timeout=max(1, deadline - time.monotonic()) * 1000,
                                   wait_until="commit")
        result["status"] = response.status if response else None
        for selector in DRAWN:
            await page.wait_for_selector(selector, state="attached",
                                         timeout=max(1, deadline - time.monotonic()) * 1000)
        result["first_render"] = time.monotonic() - start
        result["drawn"] = True
        kernels_seen.add(await page.evaluate(KERNEL_ID))
        before = int(await page.locator(STEP).inner_text())
        await page.get_by_role("button", name="next ▶").click(timeout=30_000)
        await page.wait_for_function(
            f"() => Number(document.querySelector('{STEP}').textContent) === {before + 1}",
            timeout=max(1, deadline - time.monotonic()) * 1000)
        result["responding"] = True
    except Exception as exc:  # noqa: BLE001 - a page that does not make it is counted, not raised
        result["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
        with contextlib.suppress(Exception):  # which kernel it had, to find it in the server's log
            result["kernel"] = await page.evaluate(KERNEL_ID)
        with contextlib.suppress(Exception):  # and what the pupil sees
            result["text"] = " ".join((await page.locator("body").inner_text(timeout=5000)).split())[:200]


async def _run(n: int, budget: float, warm: bool) -> int:
    from playwright.async_api import async_playwright

    lesson = {"MANDALAKIT_LESSON": Path(PAGE).stem, "MANDALAKIT_PUPILS": str(n)} if warm else None
    with serve_voila(ROOT / "notebooks", env=lesson) as served:
        url, server = served.url, psutil.Process(served.process.pid)
        await _pools_filled(served, time.monotonic() + budget)
        load_before = psutil.getloadavg()[0]
        cpu0 = {"server": _cpu([server])}
        kernel_cpu0 = {kid: _cpu([k]) for kid, k in _kernels(server).items()}
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            cpu0["browser"] = _cpu(_browser_procs())
            contexts = [await browser.new_context(viewport={"width": 1200, "height": 900}) for _ in range(n)]
            results = [{} for _ in range(n)]
            seen: set[str] = set()
            started = time.monotonic()
            deadline = started + budget
            await asyncio.gather(*(_pupil(c, url, deadline, r, seen, count_data=i < DATA_PAGES)
                                   for i, (c, r) in enumerate(zip(contexts, results))))
            elapsed = time.monotonic() - started
            running = _kernels(server)
            pupils = [k for kid, k in running.items() if kid in seen]
            kernel_rss = _memory_mb(pupils)
            kernel_uss = _memory_mb(pupils, own=True)
            load_drawn = psutil.getloadavg()[0]
            # A pupil's kernel: CPU spent before the page was asked for (a preheated kernel ran
            # the lesson then) and after.
            kernel_cpu = {kid: _cpu([k]) for kid, k in running.items()}
            before = [kernel_cpu0.get(kid, 0.0) for kid in seen if kid in running]
            after = [kernel_cpu[kid] - kernel_cpu0.get(kid, 0.0) for kid in seen if kid in running]
            cpu = {"server": _cpu([server]) - cpu0["server"],
                   "kernels": sum(kernel_cpu.values()) - sum(kernel_cpu0.get(kid, 0.0) for kid in kernel_cpu),
                   "browser": _cpu(_browser_procs()) - cpu0["browser"]}
            server_rss = _memory_mb([server])[0]

            # A second page of the first pupil's browser: what a warm cache still fetches.
            warm_page = {}
            if results[0].get("drawn"):
                await _pupil(contexts[0], url, time.monotonic() + 120, warm_page, seen)

            # The pupils close their tabs ("beforeunload" runs: Voila asks to stop the kernel).
            closed = time.monotonic()
            for r in results + [warm_page]:
                if "page" in r:
                    await r["page"].close(run_before_unload=True)
            left, stopped_after = len(seen), None
            while time.monotonic() - closed < 90:
                left = len(seen & set(_kernels(server)))
                if left == 0:
                    stopped_after = time.monotonic() - closed
                    break
                await asyncio.sleep(1)
            pool = len(_kernels(server))
            await browser.close()
        server_log = served.output()

    drawn = [r for r in results if r["drawn"]]
    renders = [r["first_render"] for r in drawn]
    cold = [(r["data"]["http"] + r["data"]["ws"]) / 2**20 for r in results if r["data"]]
    ws = [r["data"]["ws"] / 2**20 for r in results if r["data"]]
    total_cpu = sum(cpu.values()) or 1
    print(f"\nclassroom bench: {n} pages of {PAGE} opened at once on 127.0.0.1 ({psutil.cpu_count()} cores, "
          f"load average {load_before:.1f} before, {load_drawn:.1f} when the pages were done; other work on "
          f"this machine counts too)")
    print(f"  pages drawn:           {len(drawn)}/{n}")
    print(f"  pages responding:      {sum(r['responding'] for r in results)}/{n}")
    print(f"  first render:          p50 {_pct(renders, .5):.1f} s, p95 {_pct(renders, .95):.1f} s, "
          f"all {elapsed:.1f} s")
    print(f"  failed widget starts:  {sum(r['widget_failed'] for r in results)}")
    print(f"  dropped outputs:       {server_log.count('Timeout waiting for IOPub output')} IOPub time-outs in the log")
    print(f"  data per page (cold):  median {statistics.median(cold):.2f} MB (websocket {statistics.median(ws):.2f} MB; "
          f"the first {len(cold)} pages counted)")
    if warm_page.get("drawn"):
        print(f"  data, 2nd page (warm): {(warm_page['data']['http'] + warm_page['data']['ws']) / 2**20:.2f} MB "
              f"(websocket {warm_page['data']['ws'] / 2**20:.2f} MB)")
    if kernel_rss:
        print(f"  kernel memory:         median {statistics.median(kernel_rss):.0f} MB resident, "
              f"{statistics.median(kernel_uss):.0f} MB its own ({len(kernel_rss)} kernels, "
              f"{sum(kernel_uss):.0f} MB own together)")
        print(f"  kernel CPU:            median {statistics.median(after):.2f} s per pupil's kernel after the page "
              f"was asked for ({statistics.median(before):.2f} s before: the preheated kernel ran the lesson)")
    print(f"  server memory:         {server_rss:.0f} MB")
    print("  CPU split:             " + ", ".join(f"{k} {v:.0f} s ({100 * v / total_cpu:.0f} %)" for k, v in cpu.items()))
    stopped = "" if stopped_after is None else f" (all stopped {stopped_after:.0f} s after closing)"
    print(f"  kernels after closing: {left} of the pupils'{stopped}; {pool} preheated kernels wait for the next "
          "visitors")
    for i, r in enumerate(results):
        if "error" in r:
            print(f"  page {i} (HTTP {r.get('status')}, kernel {r.get('kernel', 'unknown')}): {r['error']}; "
                  f"it shows: {r.get('text', '(nothing)')!r}")
    if len(drawn) < n:  # what the server said of the pages that did not draw: its whole log kept
        fd, kept = tempfile.mkstemp(prefix="classroom-bench-", suffix=".log")
        with os.fdopen(fd, "w") as f:
            f.write(server_log)
        troubles = [line for line in server_log.splitlines() if any(w in line for w in ("Culling", "Error", "ERROR"))]
        print(f"  server log kept in {kept}; its culling and errors:" if troubles else
              f"  server log kept in {kept}: no culling, no error")
        for line in troubles[-20:]:
            print("    " + line[:200])
    return 0 if len(drawn) == n and left == 0 else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=30, help="pages opened at once (default 30)")
    parser.add_argument("--budget", type=float, default=600, help="seconds the pages get to draw and respond")
    parser.add_argument("--class", dest="warm", action="store_true",
                        help="serve as `make demo LESSON=ohanami PUPILS=N` (N kernels have run the lesson "
                             "before the pages open), not as `make demo` (one)")
    args = parser.parse_args(argv)
    if not 1 <= args.n <= 60:
        parser.error("N must be from 1 to 60")
    return asyncio.run(_run(args.n, args.budget, args.warm))


if __name__ == "__main__":
    sys.exit(main())
