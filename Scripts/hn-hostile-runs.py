#!/usr/bin/env python3
"""Runs `hn --json` many times against a misbehaving server on 127.0.0.1 and counts the runs
that hang, with each run's time and peak memory.

Faults (--fault):
- failing: 24 stories, each answered at once with JSON of the wrong shape, a 503 or a dropped
  connection, so eight requests fail together in every round (the pattern that deadlocked
  URLSession on Linux).
- silent: story 2 of 3 accepts and never answers.
- bomb: story 2 of 3 answers with a gzip body that inflates to endless spaces (about 160 times
  its size).
- endless: story 2 of 3 answers with an endless uncompressed body.

A run that has not exited after --limit seconds counts as hung and is killed.

Usage: Scripts/hn-hostile-runs.py PATH-TO-HN [--runs N] [--fault F] [--limit S] [--timeout T]
"""
import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time


def deflate_bomb():
    """A gzip header, then a deflate block of fixed Huffman codes: one literal space and copies
    of the 258 bytes before it, 13 bits each; eight copies end on a byte boundary."""
    bits = []

    def value(number, count):
        bits.extend((number >> i) & 1 for i in range(count))

    def code(number, count):
        bits.extend((number >> i) & 1 for i in reversed(range(count)))

    def pack():
        out = bytearray((len(bits) + 7) // 8)
        for index, bit in enumerate(bits):
            out[index // 8] |= bit << (index % 8)
        bits.clear()
        return bytes(out)

    value(0, 1)
    value(1, 2)
    code(0x30 + 0x20, 8)
    code(0b11000101, 8)
    code(0, 5)
    prefix = bytes([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]) + pack()
    for _ in range(8):
        code(0b11000101, 8)
        code(0, 5)
    return prefix, pack() * 4096


def story(number):
    return json.dumps({"id": number, "type": "story", "by": "u%d" % number, "time": 1700000000,
                       "title": "Story %d" % number, "score": 5}).encode()


def serve(connection, fault, stop):
    buffer = b""
    try:
        while not stop.is_set():
            while b"\r\n\r\n" not in buffer:
                data = connection.recv(4096)
                if not data:
                    return
                buffer += data
            head, buffer = buffer.split(b"\r\n\r\n", 1)
            path = head.split(b" ")[1].decode()

            def answer(status, body):
                connection.sendall(b"HTTP/1.1 %d X\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                                   % (status, len(body)) + body)

            number = int(path.rsplit("/", 1)[-1].split(".")[0]) if "/item/" in path else 0
            if path.endswith("topstories.json"):
                answer(200, json.dumps(list(range(1, 25 if fault == "failing" else 4))).encode())
            elif fault == "failing":
                kind = number % 3
                if kind == 0:
                    answer(200, b'{"id": 1, "title": 7}')
                elif kind == 1:
                    answer(503, b"{}")
                else:
                    return
            elif number != 2:
                answer(200, story(number))
            elif fault == "silent":
                while not stop.is_set() and connection.recv(1):
                    pass
                return
            else:
                headers = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                if fault == "bomb":
                    prefix, chunk = deflate_bomb()
                    connection.sendall(headers + b"Content-Encoding: gzip\r\n\r\n" + prefix)
                    count = 20_000  # 20 MB compressed
                else:
                    chunk = b" " * 65536
                    connection.sendall(headers + b"\r\n")
                    count = 1 << 18  # 16 GiB
                for _ in range(count):
                    if stop.is_set():
                        return
                    connection.sendall(chunk)
                return
    except OSError:
        return
    finally:
        connection.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("hn")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--fault", default="failing", choices=["failing", "silent", "bomb", "endless"])
    parser.add_argument("--limit", type=float, default=30)
    parser.add_argument("--timeout", default="2")
    options = parser.parse_args()

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]
    stop = threading.Event()

    def accept():
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=serve, args=(connection, options.fault, stop), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    limit = "24" if options.fault == "failing" else "3"
    hung, times, peaks, statuses = 0, [], [], {}
    for _ in range(options.runs):
        started = time.monotonic()
        process = subprocess.Popen([options.hn, "--api", "http://127.0.0.1:%d/v0/" % port, "--json",
                                    "--limit", limit, "--timeout", options.timeout],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = started + options.limit
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                process.send_signal(signal.SIGKILL)
                pid, status, usage = os.wait4(process.pid, 0)
                hung += 1
                break
            time.sleep(0.05)
        process.returncode = 0
        times.append(time.monotonic() - started)
        peaks.append(usage.ru_maxrss / 1024)
        code = os.waitstatus_to_exitcode(status)
        statuses[code] = statuses.get(code, 0) + 1
    stop.set()
    listener.close()
    times.sort()
    print("fault=%s runs=%d hung=%d (killed after %gs) exit statuses=%s" % (
        options.fault, options.runs, hung, options.limit, statuses))
    print("time: median %.2fs, max %.2fs; peak memory: max %.0f MiB" % (
        times[len(times) // 2], times[-1], max(peaks)))


if __name__ == "__main__":
    sys.exit(main())
