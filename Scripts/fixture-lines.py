#!/usr/bin/env python3
"""Prints what `mvvm lint Fixtures` reports, one `path:line:column:rule` line per finding in the
linter's order (path, line, column): the form of `Fixtures/expected.txt`, which `FixtureTests`
compares with the real run.

Usage:
    Scripts/fixture-lines.py [--mvvm PATH] [--write]

Without --mvvm the script uses `.build/debug/mvvm` (build it first). With --write it replaces
`Fixtures/expected.txt` (keeping its heading comment); review the change with `git diff` and check
every new line by hand before committing it: the file is what the rules must report, not what
they happen to report.
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPECTED = os.path.join(ROOT, "Fixtures", "expected.txt")


def main():
    parser = argparse.ArgumentParser(description="Print or write the fixtures' expected findings.")
    parser.add_argument("--mvvm", default=os.path.join(ROOT, ".build", "debug", "mvvm"))
    parser.add_argument("--write", action="store_true", help="replace Fixtures/expected.txt")
    options = parser.parse_args()
    if not os.access(options.mvvm, os.X_OK):
        sys.exit(f"fixture-lines: no mvvm at {options.mvvm}; run `swift build --product mvvm` or pass --mvvm")
    run = subprocess.run([options.mvvm, "lint", "Fixtures", "--reporter", "json"], cwd=ROOT,
                         capture_output=True, text=True)
    # Exit 1 means findings, which the fixtures are made of; anything else is a failed run.
    if run.returncode not in (0, 1):
        sys.exit(f"fixture-lines: mvvm lint exited {run.returncode}:\n{run.stderr}")
    lines = [f"{d['path']}:{d['line']}:{d['column']}:{d['ruleID']}" for d in json.loads(run.stdout)]
    with open(EXPECTED, encoding="utf-8") as file:
        heading = [line for line in file.read().splitlines() if line.startswith("#")]
    text = "\n".join(heading + lines) + "\n"
    if options.write:
        with open(EXPECTED, "w", encoding="utf-8") as file:
            file.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
