#!/usr/bin/env python3
"""Mutation fuzzing of `mvvm lint`, `mvvm lint --fix` and `mvvm graph`.

Takes the repository's own Swift files (Sources and Examples), damages copies of them in a
temporary folder (truncation, deleted and duplicated ranges, stray brackets, `#if` lines, string
delimiters, invalid UTF-8, bidi controls, deep nesting of many kinds), and runs the three commands
on each batch of files, asserting that:

- no command ends by a signal, and each exits 0 or 1 (2 only for `graph`, never for these inputs);
- no command runs longer than the timeout (it is killed and the batch reported);
- `--fix` never leaves a file that does not parse when it parsed before (it edits copies only);
- every file of a batch is reported, so one bad file cannot hide the others.

The mutations come from a seeded random generator: the same seed, file count and batch size give
the same files, so a failure is reproducible. A failing batch is kept in --keep (default: a
folder in the temporary directory) with the command that failed.

Usage:
    Scripts/fuzz.py [--files N] [--batch N] [--seed N] [--timeout S] [--mvvm PATH] [--keep DIR]
                    [--sources FOLDER...]

Without --mvvm it uses the debug build's `mvvm` (`swift build --product mvvm` first).
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def seed_files(roots):
    found = []
    for folder in roots:
        for directory, folders, names in os.walk(folder):
            # An example package's own build (Examples/CustomRules/.build) is not our code.
            folders[:] = [name for name in folders if not name.startswith(".")]
            for name in sorted(names):
                if name.endswith(".swift"):
                    with open(os.path.join(directory, name), "rb") as handle:
                        found.append(handle.read())
    return found


BRACKETS = [b"(", b")", b"[", b"]", b"{", b"}", b"<", b">"]
STRING_BITS = [b'"', b'"""', b'#"', b'"#', b"\\(", b'"\\(', b"\\#(", b"##\"", b"'"]
IF_CONFIG = [b"\n#if DEBUG\n", b"\n#else\n", b"\n#endif\n", b"\n#elseif os(Linux)\n", b"#if", b"#endif"]
BIDI = ["\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200f", "\u061c", "\ufeff"]
INVALID_UTF8 = [b"\x80", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x00", b"\xe2\x82"]


def deep_nesting(rng):
    """A run of one nesting construct, from shallow to far past every limit."""
    depth = rng.choice([8, 16, 30, 70, 300, 2000, 10000, 50000])
    kind = rng.randrange(12)
    if kind == 0:
        return b"(" * depth + b"x" + b")" * depth
    if kind == 1:
        return b"let a = " + b"[" * depth + b"1" + b"]" * depth + b"\n"
    if kind == 2:
        return b"{ " * depth + b"}" * depth
    if kind == 3:
        return b"var x: " + b"A<" * depth + b"B" + b">" * depth + b"\n"
    if kind == 4:
        return b"func f() {\n" + b"if a {\n" * depth + b"}\n" * depth + b"}\n"
    if kind == 5:
        return b"func f() {\nif a {}" + b" else if a {}" * depth + b"\n}\n"
    if kind == 6:
        return b"let y = a" + b".b" * depth + b"\n"
    if kind == 7:
        return b"let y = f" + b"()" * depth + b"\n"
    if kind == 8:
        return b"let y = " + b"try " * depth + b"x\n"
    if kind == 9:
        return b"let c = " + b"{ " * depth + b"1" + b" }()" * depth + b"\n"
    if kind == 10:
        return b"var t: " + b"(Int) -> " * depth + b"Int\n"
    return b'let s = "' + b'\\("' * depth + b"x" + b'")' * depth + b'"\n'


# Removing these leaves files that still parse but break fixable rules, so --fix has work.
FIXABLE = [b"@MainActor ", b"@MainActor\n", b"private(set) ", b"private ", b"final ", b"public ", b"@Observable\n"]


def strip_modifiers(rng, data):
    for word in rng.sample(FIXABLE, rng.randint(1, len(FIXABLE))):
        data = data.replace(word, b"", rng.randint(1, 4))
    return data


def mutate(rng, text):
    data = bytearray(text)
    if rng.random() < 0.4:
        # A file that still parses, for --fix; sometimes with a little damage added.
        data = bytearray(strip_modifiers(rng, bytes(data)))
        if rng.random() < 0.5:
            return bytes(data)
    for _ in range(rng.randint(1, 3)):
        size = len(data)
        at = rng.randint(0, size)
        kind = rng.randrange(10)
        if kind == 0:
            del data[at:]
        elif kind == 1:
            del data[at:at + rng.randint(1, max(1, size // 4))]
        elif kind == 2:
            start = rng.randint(0, size)
            piece = data[start:start + rng.randint(1, max(1, size // 4))]
            data[at:at] = piece * rng.randint(1, 3)
        elif kind == 3:
            for _ in range(rng.randint(1, 8)):
                spot = rng.randint(0, len(data))
                data[spot:spot] = rng.choice(BRACKETS)
        elif kind == 4:
            data[at:at] = rng.choice(IF_CONFIG)
        elif kind == 5:
            data[at:at] = rng.choice(STRING_BITS)
        elif kind == 6:
            data[at:at] = rng.choice(INVALID_UTF8)
        elif kind == 7:
            data[at:at] = rng.choice(BIDI).encode("utf-8")
        elif kind == 8:
            data[at:at] = deep_nesting(rng)
        else:
            # Lines shuffled locally: declarations end up inside each other.
            lines = bytes(data).split(b"\n")
            if len(lines) > 2:
                i = rng.randrange(len(lines) - 1)
                j = rng.randrange(len(lines) - 1)
                lines[i], lines[j] = lines[j], lines[i]
            data = bytearray(b"\n".join(lines))
    return bytes(data)


class Failure(Exception):
    pass


def run(command, timeout, cwd):
    start = time.monotonic()
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"timed out after {timeout} s: {' '.join(command)}")
    if done.returncode < 0:
        raise Failure(f"killed by signal {-done.returncode}: {' '.join(command)}\n{done.stderr.decode(errors='replace')[-2000:]}")
    return done, time.monotonic() - start


def unparsed(report):
    return {d["path"] for d in report if d["ruleID"] in ("parse-error", "too-complex", "io-error")}


def check_batch(mvvm, folder, names, timeout, graph_format):
    # Lint: every file is reported or linted, none crashes the run.
    lint, _ = run([mvvm, "lint", "--no-cache", "--reporter", "json", "."], timeout, folder)
    if lint.returncode not in (0, 1):
        raise Failure(f"lint exited {lint.returncode}: {lint.stderr.decode(errors='replace')[-2000:]}")
    before_report = json.loads(lint.stdout)
    before = unparsed(before_report)
    originals = {name: open(os.path.join(folder, name), "rb").read() for name in names}
    # Fix, on these copies: a changed file must parse if it parsed before.
    fixed, _ = run([mvvm, "lint", "--fix", "--no-cache", "--reporter", "json", "."], timeout, folder)
    if fixed.returncode not in (0, 1):
        raise Failure(f"lint --fix exited {fixed.returncode}: {fixed.stderr.decode(errors='replace')[-2000:]}")
    after = unparsed(json.loads(fixed.stdout))
    changed = [n for n in names if open(os.path.join(folder, n), "rb").read() != originals[n]]
    broken = [n for n in changed if n in after and n not in before]
    if broken:
        raise Failure(f"--fix left files that no longer parse: {broken}")
    graph, _ = run([mvvm, "graph", "--no-cache", "--format", graph_format, "."], timeout, folder)
    if graph.returncode != 0:
        raise Failure(f"graph exited {graph.returncode}: {graph.stderr.decode(errors='replace')[-2000:]}")
    return len(changed), len(before)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=400, help="mutated files in all (default 400)")
    parser.add_argument("--batch", type=int, default=200, help="files per mvvm invocation (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds each command may run (default 60)")
    parser.add_argument("--mvvm", default=None, help="the mvvm executable (default: the debug build's)")
    parser.add_argument("--keep", default=None, help="where to keep a failing batch")
    parser.add_argument("--first-batch", type=int, default=0, help="start at this batch (to replay one)")
    parser.add_argument("--sources", nargs="+", default=None,
                        help="folders whose Swift files are mutated (default: this repository's Sources and Examples); "
                             "real apps you fetched, never committed")
    args = parser.parse_args()
    if not (1 <= args.batch <= 100000 and args.files >= 0 and args.timeout > 0):
        parser.error("--batch must be 1...100000, --files at least 0, --timeout positive")

    mvvm = args.mvvm or os.path.join(ROOT, ".build", "debug", "mvvm")
    if not os.access(mvvm, os.X_OK):
        print(f"fuzz: no mvvm executable at {mvvm}; run `swift build --product mvvm` first", file=sys.stderr)
        return 2
    seeds = seed_files(args.sources or [os.path.join(ROOT, folder) for folder in ("Sources", "Examples")])
    if not seeds:
        parser.error("no Swift files in the --sources folders")
    batches = (args.files + args.batch - 1) // args.batch
    started = time.monotonic()
    totals = {"files": 0, "fixed": 0, "unparsed": 0}
    formats = ["mermaid", "dot", "json"]
    work = tempfile.mkdtemp(prefix="mvvm-fuzz-")
    try:
        for batch in range(args.first_batch, batches):
            # Each batch has its own generator, so one batch can be replayed alone.
            rng = random.Random(args.seed * 1_000_003 + batch)
            folder = os.path.join(work, f"batch-{batch}")
            os.makedirs(folder)
            count = min(args.batch, args.files - batch * args.batch)
            names = []
            for index in range(count):
                name = f"F{index:05d}.swift"
                with open(os.path.join(folder, name), "wb") as handle:
                    handle.write(mutate(rng, rng.choice(seeds)))
                names.append(name)
            try:
                fixed, failed = check_batch(mvvm, folder, names, args.timeout, formats[batch % 3])
            except Failure as failure:
                keep = args.keep or tempfile.mkdtemp(prefix="mvvm-fuzz-failure-")
                shutil.rmtree(keep, ignore_errors=True)
                shutil.copytree(folder, keep)
                print(f"fuzz: FAILED in batch {batch} (seed {args.seed}, --batch {args.batch}; replay with "
                      f"--first-batch {batch} --files {(batch + 1) * args.batch}): {failure}\n"
                      f"fuzz: the batch's files are in {keep}", file=sys.stderr)
                return 1
            totals["files"] += count
            totals["fixed"] += fixed
            totals["unparsed"] += failed
            shutil.rmtree(folder)
            elapsed = time.monotonic() - started
            print(f"fuzz: batch {batch + 1}/{batches}: {totals['files']} files, {totals['fixed']} changed by --fix, "
                  f"{totals['unparsed']} reported unparsable or too complex, {elapsed:.0f} s", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"fuzz: OK: {totals['files']} mutated files (seed {args.seed}), lint, lint --fix and graph each, "
          f"no signal, no hang, no broken fix, in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
