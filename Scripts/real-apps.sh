#!/usr/bin/env bash
# Lints real apps the way a new user would, each alone and all together, and prints the findings
# per rule and app. Fails (exit 1) if the joint run's findings differ from the union of the single
# runs: a type's role must never depend on what else is linted.
#
# Usage: Scripts/real-apps.sh FOLDER...
#   Each FOLDER is an app's checkout (fetched by you; never commit its code). MVVM (default: a
#   release build of this package's `mvvm`) names the executable to use. Findings of each run are
#   kept in OUT (default: a temporary folder) as `NAME.txt` and `joint.txt`, one per line in the
#   xcode reporter's format, for reading samples against the rule book.
set -euo pipefail

if [[ $# -eq 0 ]]; then
    echo "usage: Scripts/real-apps.sh FOLDER..." >&2
    exit 2
fi
for folder in "$@"; do
    [[ -d "$folder" ]] || { echo "real-apps: not a folder: $folder" >&2; exit 2; }
done

here=$(cd "$(dirname "$0")/.." && pwd)
if [[ -z "${MVVM:-}" ]]; then
    swift build -c release --package-path "$here" --product mvvm >&2
    MVVM="$here/.build/release/mvvm"
fi
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"

# Findings only (no summary line), sorted, with a leading "./" dropped so runs compare equal.
lint() {
    local status=0
    "$MVVM" lint --no-cache --reporter xcode "$@" > "$out/raw.txt" || status=$?
    if [[ $status -gt 1 ]]; then
        echo "real-apps: mvvm lint $* stopped with exit $status" >&2
        exit 2
    fi
    grep -E ': (warning|error): ' "$out/raw.txt" | sed 's|^\./||' | LC_ALL=C sort || true
}

: > "$out/union.txt"
for folder in "$@"; do
    name=$(basename "$folder")
    start=$(date +%s%N)
    lint "$folder" > "$out/$name.txt"
    elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
    printf 'real-apps: %s: %d findings in %d ms\n' "$name" "$(wc -l < "$out/$name.txt")" "$elapsed" >&2
    cat "$out/$name.txt" >> "$out/union.txt"
done
LC_ALL=C sort -o "$out/union.txt" "$out/union.txt"
lint "$@" > "$out/joint.txt"

echo "Findings per rule and app:"
printf '%-36s' "rule"
for folder in "$@"; do printf '%14s' "$(basename "$folder" | cut -c1-13)"; done
printf '%10s\n' "all"
rules=$(sed -E 's/.*\(([a-z-]+)\)$/\1/' "$out/union.txt" | LC_ALL=C sort -u)
for rule in $rules; do
    printf '%-36s' "$rule"
    for folder in "$@"; do
        printf '%14d' "$(grep -c "($rule)\$" "$out/$(basename "$folder").txt" || true)"
    done
    printf '%10d\n' "$(grep -c "($rule)\$" "$out/union.txt" || true)"
done
printf '%-36s' "total"
for folder in "$@"; do printf '%14d' "$(wc -l < "$out/$(basename "$folder").txt")"; done
printf '%10d\n' "$(wc -l < "$out/union.txt")"
echo "Findings are in $out"

if ! diff -u "$out/union.txt" "$out/joint.txt" > "$out/difference.txt"; then
    echo "real-apps: the joint run differs from the union of the single runs:" >&2
    head -40 "$out/difference.txt" >&2
    exit 1
fi
echo "The joint run reports exactly the union of the single runs."
