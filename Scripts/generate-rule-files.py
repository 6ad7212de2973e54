#!/usr/bin/env python3
"""Writes every file that is derived from the built-in rules, so adding a rule takes its own file
and its fixture only.

1. `Sources/MVVMLint/Rules/BuiltInRules.swift`: the list of `RuleSet.builtIn`, from the rule types
   declared under `Rules/Common`, `Rules/Triad` and `Rules/Responder`, read from their syntax by
   `rule-declarations` (Tests/RuleDeclarations, which RuleSetTests uses too). Rules already listed keep
   their place (the list's order is the rule book's order); a new rule joins the end of its
   folder's group; a rule whose file is gone leaves the list.
2. `docs/rules.md`: the rule book, from `mvvm rules --markdown` (a debug build of `mvvm`).
3. README.md: the rule table between the `rules:begin` and `rules:end` markers, taken from the rule
   book with its links pointing into `docs/rules.md`.

Each file is written only when its text changes. `RuleSetTests` and `GeneratedDocsTests` fail
when one of them is stale and name this script.

Usage:
    Scripts/generate-rule-files.py [--check] [--mvvm PATH] [--scanner PATH]

--check writes nothing and exits 1 if a file would change. Without --mvvm (--scanner) the script
runs `swift build --product mvvm` (`rule-declarations`) first and uses that executable.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = os.path.join(ROOT, "Sources", "MVVMLint", "Rules")
LIST = os.path.join(RULES, "BuiltInRules.swift")
BOOK = os.path.join(ROOT, "docs", "rules.md")
README = os.path.join(ROOT, "README.md")

# Folder under Rules/ and the comment that heads its group in the list, in the list's order.
GROUPS = [("Common", "common"), ("Triad", "triad"), ("Responder", "responder")]

ENTRY = re.compile(r"^\s*(\w+)\.self,\s*$")
GROUP_COMMENT = re.compile(r"^\s*//\s*(\w+)\s*$")


def declared_rules(scanner, folder):
    """The rule types declared in the Swift files under `folder`, files sorted by path: read from
    their syntax by the same code RuleSetTests checks the list with (Tests/RuleDeclarations)."""
    output = subprocess.run([scanner, folder], check=True, capture_output=True, text=True).stdout
    return output.split()


def listed_rules(lines):
    """The listed rules per group comment, in order, and the index range of the list's lines."""
    groups, current, first, last = {}, None, None, None
    for index, line in enumerate(lines):
        comment = GROUP_COMMENT.match(line)
        entry = ENTRY.match(line)
        if comment and comment.group(1) in {group for _, group in GROUPS}:
            current = comment.group(1)
            groups.setdefault(current, [])
        elif entry and current:
            groups[current].append(entry.group(1))
        else:
            continue
        first = index if first is None else first
        last = index
    if first is None:
        sys.exit(f"generate-rule-files: no rule list with group comments in {os.path.relpath(LIST, ROOT)}")
    return groups, first, last


def rule_list_text(text, scanner):
    lines = text.split("\n")
    listed, first, last = listed_rules(lines)
    indent = re.match(r"^\s*", lines[first]).group(0)
    written = []
    for folder, group in GROUPS:
        declared = declared_rules(scanner, os.path.join(RULES, folder))
        kept = [name for name in listed.get(group, []) if name in declared]
        added = [name for name in declared if name not in kept]
        written.append(f"{indent}// {group}")
        written += [f"{indent}{name}.self," for name in kept + added]
    return "\n".join(lines[:first] + written + lines[last + 1:])


def readme_text(text, book):
    begin = text.find("<!-- rules:begin")
    end = text.find("<!-- rules:end -->")
    if begin < 0 or end < begin:
        sys.exit("generate-rule-files: README.md has no rules:begin/rules:end markers")
    after_marker = text.index("-->\n", begin) + len("-->\n")
    table = []
    for line in book.split("\n"):
        if line.startswith("| id |") or (table and line):
            table.append(line.replace("](#", "](docs/rules.md#"))
        elif table:
            break
    return text[:after_marker] + "\n".join(table) + "\n" + text[end:]


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def write(path, text, check):
    """Writes `text` to `path` through a temporary file beside it; returns whether it changed."""
    if read(path) == text:
        return False
    print(f"{'stale' if check else 'wrote'}: {os.path.relpath(path, ROOT)}")
    if not check:
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".generate-")
        with os.fdopen(handle, "w", encoding="utf-8") as output:
            output.write(text)
        os.chmod(temporary, os.stat(path).st_mode & 0o777)
        os.replace(temporary, path)
    return True


def built_product(product):
    """Builds `product` of this package (debug) and returns its executable's path."""
    subprocess.run(["swift", "build", "--package-path", ROOT, "--product", product], check=True, stdout=sys.stderr)
    bin_path = subprocess.run(["swift", "build", "--package-path", ROOT, "--show-bin-path"],
                              check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, product)


def main():
    parser = argparse.ArgumentParser(description="Write the files derived from the built-in rules.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is stale")
    parser.add_argument("--mvvm", help="the mvvm executable to ask for the rule book")
    parser.add_argument("--scanner", help="the rule-declarations executable (Tests/RuleDeclarationsCommand)")
    arguments = parser.parse_args()

    scanner = arguments.scanner or built_product("rule-declarations")
    changed = write(LIST, rule_list_text(read(LIST), scanner), arguments.check)
    mvvm = arguments.mvvm
    if mvvm is None:
        # Built after the list is written, so the rule book includes a rule that was just added.
        mvvm = built_product("mvvm")
    elif changed and not arguments.check:
        print("generate-rule-files: the rule list changed; rebuild mvvm and run again for the rule book", file=sys.stderr)
    # From the root, whose .mvvm.yml declares no custom rules, so the book has built-in rules only.
    book = subprocess.run([mvvm, "rules", "--markdown"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    changed |= write(BOOK, book, arguments.check)
    changed |= write(README, readme_text(read(README), book), arguments.check)
    if arguments.check and changed:
        sys.exit(1)


if __name__ == "__main__":
    main()
