#!/usr/bin/env python3
"""Times the `hn` reader (release build) and prints the medians.

- Time to first screen: from starting `hn` on a pseudo-terminal until it has drawn a screen
  with stories, with the bundled sample and with a server on 127.0.0.1.
- Time to load 30 stories from the server: `hn --api URL --limit 30 --json` in a pipe, from
  start to exit (30 item requests after the list request), next to the same run on the sample
  (the process's own start-up and printing).

The server is Python's threading HTTP server on 127.0.0.1, serving the sample's stories as
files in the API's paths (`v0/topstories.json`, `v0/item/ID.json`).

Usage: Scripts/hn-timing.py [RUNS]   (default 9 runs each; the median is printed)
"""
import json
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(ROOT, "Examples/HackerNews/Sources/Model/Sample/sample.json")
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 9


def build():
    subprocess.run(["swift", "build", "-c", "release", "--product", "hn"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    out = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    return os.path.join(out, "hn")


def api_tree(folder):
    with open(SAMPLE) as file:
        sample = json.load(file)
    os.makedirs(os.path.join(folder, "v0", "item"))
    endpoints = {"top": "topstories", "best": "beststories", "new": "newstories",
                 "ask": "askstories", "show": "showstories", "jobs": "jobstories"}
    for name, ids in sample["lists"].items():
        with open(os.path.join(folder, "v0", endpoints[name] + ".json"), "w") as file:
            json.dump(ids, file)
    for item in sample["items"]:
        with open(os.path.join(folder, "v0", "item", "%d.json" % item["id"]), "w") as file:
            json.dump(item, file)


def start_server(folder):
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    # "Serving HTTP on 127.0.0.1 port 43123 (http://127.0.0.1:43123/) ..."
    line = server.stdout.readline()
    port = int(line.split(" port ")[1].split(" ")[0])
    return server, "http://127.0.0.1:%d/v0/" % port


def first_screen(hn, arguments):
    """Seconds from start until a frame with a story row is on the screen."""
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(hn, [hn] + arguments)
    seen = b""
    try:
        while b"1.  " not in seen:
            ready, _, _ = select.select([fd], [], [], 10)
            if not ready:
                raise RuntimeError("hn drew no stories within 10 s")
            seen += os.read(fd, 65536)
        elapsed = time.perf_counter() - started
        os.write(fd, b"q")
        # Drain until hn closes the terminal, so the next run starts clean.
        while True:
            ready, _, _ = select.select([fd], [], [], 5)
            if not ready:
                break
            try:
                if not os.read(fd, 65536):
                    break
            except OSError:
                break
    finally:
        os.waitpid(pid, 0)
        os.close(fd)
    return elapsed


def piped(hn, arguments):
    started = time.perf_counter()
    subprocess.run([hn] + arguments, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def median_ms(samples):
    return "%.0f ms (min %.0f, max %.0f)" % (statistics.median(samples) * 1000, min(samples) * 1000,
                                             max(samples) * 1000)


def main():
    hn = build()
    with tempfile.TemporaryDirectory() as folder:
        api_tree(folder)
        server, url = start_server(folder)
        try:
            rows = [
                ("first screen, sample", lambda: first_screen(hn, [])),
                ("first screen, 127.0.0.1 server", lambda: first_screen(hn, ["--api", url])),
                ("30 stories in a pipe, sample", lambda: piped(hn, ["--limit", "30", "--json"])),
                ("30 stories in a pipe, 127.0.0.1 server", lambda: piped(hn, ["--api", url, "--limit", "30", "--json"])),
            ]
            results = {name: [] for name, _ in rows}
            # Interleaved rounds, so a noisy moment on the machine does not land on one row.
            for _ in range(RUNS):
                for name, run in rows:
                    results[name].append(run())
        finally:
            server.terminate()
            server.wait()
    print("hn timing: median of %d runs (release build, %d cores)" % (RUNS, os.cpu_count()))
    for name, _ in rows:
        print("  %-40s %s" % (name, median_ms(results[name])))


if __name__ == "__main__":
    main()
