#!/usr/bin/env python3
"""Several `mvvm lint --fix` runs over the same files at once, as an editor's fix-on-save beside
a terminal run or two CI steps do, counting the files that end as anything but the fixed text.

Each trial writes FILES small view models that `--fix` rewrites (each grows by 30 bytes), starts
RUNS processes at the same moment, waits for all, and compares every file with the text one run
alone gives. A damaged file (the fixed text with a run's new end written twice, say) is counted
and the first one is printed. docs/robustness.md records the result.

Usage:
    Scripts/concurrent-fix.py [--files N] [--runs N [N ...]] [--trials N] [--mvvm PATH]

Without --mvvm it uses the debug build's `mvvm` (`swift build --product mvvm` first).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BROKEN = """import Observation

@Observable
class Screen{index}ViewModel {{
    var name = ""
}}
"""

ARGUMENTS = ["lint", "--preset", "responder", "--fix", "--no-cache", "Sources"]


def write_project(folder, count):
    sources = os.path.join(folder, "Sources", "App")
    os.makedirs(sources)
    for index in range(count):
        with open(os.path.join(sources, f"Screen{index}ViewModel.swift"), "w") as file:
            file.write(BROKEN.format(index=index))
    return sources


def fixed_texts(mvvm, count):
    """The text of each file after one run alone."""
    with tempfile.TemporaryDirectory() as folder:
        sources = write_project(folder, count)
        alone = subprocess.run([mvvm] + ARGUMENTS, cwd=folder, capture_output=True, timeout=600)
        if alone.returncode not in (0, 1):
            sys.exit(f"concurrent-fix: a run alone exited {alone.returncode}: {alone.stderr.decode(errors='replace')[-500:]}")
        texts = [open(os.path.join(sources, f"Screen{index}ViewModel.swift"), "rb").read() for index in range(count)]
        # Files a run alone leaves as they were would match any run's result: nothing measured.
        if any(text == BROKEN.format(index=index).encode() for index, text in enumerate(texts)):
            sys.exit("concurrent-fix: a run alone did not fix every file")
        return texts


def trial(mvvm, count, runs, expected):
    with tempfile.TemporaryDirectory() as folder:
        sources = write_project(folder, count)
        processes = [subprocess.Popen([mvvm] + ARGUMENTS, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                     for _ in range(runs)]
        statuses = []
        try:
            for process in processes:
                process.communicate(timeout=600)
                statuses.append(process.returncode)
        finally:
            # A run past the timeout must not go on writing into a folder being removed.
            for process in processes:
                if process.poll() is None:
                    process.kill()
                    process.wait()
        damaged = []
        for index in range(count):
            text = open(os.path.join(sources, f"Screen{index}ViewModel.swift"), "rb").read()
            if text != expected[index]:
                damaged.append((index, text))
        return statuses, damaged


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=400)
    parser.add_argument("--runs", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--mvvm", default=os.path.join(ROOT, ".build", "debug", "mvvm"))
    options = parser.parse_args()
    if not os.access(options.mvvm, os.X_OK):
        sys.exit(f"concurrent-fix: no mvvm at {options.mvvm}; run `swift build --product mvvm` first")
    expected = fixed_texts(options.mvvm, options.files)
    failed = False
    for runs in options.runs:
        start = time.monotonic()
        damaged_total = 0
        bad_statuses = 0
        for number in range(options.trials):
            statuses, damaged = trial(options.mvvm, options.files, runs, expected)
            bad_statuses += sum(1 for status in statuses if status not in (0, 1))
            if damaged and damaged_total == 0:
                index, text = damaged[0]
                print(f"trial {number + 1}, {runs} runs: Screen{index}ViewModel.swift ended as {text!r}")
            damaged_total += len(damaged)
        seconds = time.monotonic() - start
        print(f"{runs} runs at once, {options.trials} trials of {options.files} files: "
              f"{damaged_total} damaged of {options.trials * options.files}, "
              f"{bad_statuses} runs exited other than 0 or 1 ({seconds:.1f} s)")
        failed = failed or damaged_total > 0 or bad_statuses > 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
