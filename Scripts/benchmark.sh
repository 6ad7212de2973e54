#!/usr/bin/env bash
# Times `mvvm lint` (release build) on a large corpus of real Swift code against two references:
# a parse-only pass over the same files (same discovery, reading and parser, no rules), and the
# toolchain's `swift format lint`. Also times a cached re-run, a re-run after a one-file edit,
# and a cold run on one job (for scaling). Prints files/s and peak memory for each.
#
# Usage: Scripts/benchmark.sh [CORPUS_DIR]
#   Without CORPUS_DIR, the script clones a fixed set of Swift packages (by tag, so the corpus is
#   the same every time) into a temporary folder. RUNS (default 3) sets how many times each
#   command runs; the median wall time is reported. JOBS (default: all cores) is passed to
#   `mvvm lint --jobs`.
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN)}

if ! command -v /usr/bin/time >/dev/null || ! /usr/bin/time -f %M true >/dev/null 2>&1; then
    echo "benchmark: GNU time (/usr/bin/time with -f) is needed to measure peak memory." >&2
    exit 2
fi

corpus=${1:-}
if [[ -z "$corpus" ]]; then
    corpus=${TMPDIR:-/tmp}/mvvm-benchmark-corpus
    if [[ ! -f "$corpus/.complete" ]]; then
        rm -rf "$corpus"
        mkdir -p "$corpus"
        for package in \
            swiftlang/swift-syntax@603.0.1 apple/swift-nio@2.101.3 apple/swift-collections@1.6.0 \
            apple/swift-protobuf@1.39.0 vapor/vapor@4.122.3 apple/swift-openapi-generator@1.14.3 \
            apple/swift-crypto@4.5.2 hummingbird-project/hummingbird@2.28.1 groue/GRDB.swift@7.10.0; do
            name=${package%@*}
            echo "benchmark: fetching $package" >&2
            git -c advice.detachedHead=false clone -q --depth 1 --branch "${package#*@}" \
                "https://github.com/$name" "$corpus/${name#*/}" 2> >(grep -v "depth is ignored" >&2)
            rm -rf "$corpus/${name#*/}/.git"
        done
        touch "$corpus/.complete"
    fi
fi
if [[ ! -d "$corpus" ]]; then
    echo "benchmark: no such folder: $corpus" >&2
    exit 2
fi

echo "benchmark: building mvvm in release mode" >&2
swift build -c release --product mvvm >&2
mvvm=$(swift build -c release --show-bin-path)/mvvm

files=$(find "$corpus" -name '*.swift' -type f | wc -l | tr -d ' ')
lines=$(find "$corpus" -name '*.swift' -type f -exec cat {} + | wc -l | tr -d ' ')
cores=$(getconf _NPROCESSORS_ONLN)

results=$(mktemp -d)

names=(
    "mvvm lint --parse-only"
    "mvvm lint (triad)"
    "mvvm lint (responder)"
    "mvvm lint (triad, 1 job)"
    "mvvm lint (cached)"
    "mvvm lint (1 file edited)"
)
has_format=false
if swift format --version >/dev/null 2>&1; then
    has_format=true
    names+=("swift format lint")
else
    echo "benchmark: swift format is not available in this toolchain; skipping it" >&2
fi

trap 'cp "$results/edited.orig" "$edited" 2>/dev/null; rm -rf "$results"' EXIT

# The file the one-file-edit row changes (a comment at its end), and restores afterwards.
edited=$(find "$corpus" -name '*.swift' -type f | sort | sed -n 1p)
cp "$edited" "$results/edited.orig"

# invoke INDEX ROUND: runs the command names[INDEX] stands for. Cold rows use --no-cache.
invoke() {
    case $1 in
        0) "$mvvm" lint --parse-only --jobs "$JOBS" "$corpus" ;;
        1) "$mvvm" lint --no-cache --preset triad --jobs "$JOBS" "$corpus" ;;
        2) "$mvvm" lint --no-cache --preset responder --jobs "$JOBS" "$corpus" ;;
        3) "$mvvm" lint --no-cache --preset triad --jobs 1 "$corpus" ;;
        4) "$mvvm" lint --cache-path "$results/cache-warm" --preset triad --jobs "$JOBS" "$corpus" ;;
        5) printf '\n// benchmark edit %s\n' "$2" >>"$edited"
           "$mvvm" lint --cache-path "$results/cache-edit" --preset triad --jobs "$JOBS" "$corpus"
           status=$?
           cp "$results/edited.orig" "$edited"
           return $status ;;
        6) swift format lint --recursive --parallel "$corpus" ;;
    esac
}
export -f invoke
export mvvm JOBS corpus results edited

# Fill both caches once, so their rows measure re-runs.
invoke 4 0 >/dev/null 2>&1 || true
"$mvvm" lint --cache-path "$results/cache-edit" --preset triad --jobs "$JOBS" "$corpus" >/dev/null 2>&1 || true

# Rounds interleave the commands, so a slow spell on a shared machine hits all of them alike.
# Each run appends "wall cpu peak-kB" to its command's record; linters exit 1 on violations.
for round in $(seq "$RUNS"); do
    echo "benchmark: round $round of $RUNS" >&2
    for index in "${!names[@]}"; do
        /usr/bin/time -f '%e %U %S %M' -o "$results/time" bash -c 'invoke "$0" "$1"' "$index" "$round" >/dev/null 2>&1 || true
        tail -n 1 "$results/time" | awk '{ print $1, $2 + $3, $4 }' >>"$results/$index"
    done
done

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

echo "corpus: $corpus ($files Swift files, $lines lines); $cores cores, --jobs $JOBS, median of $RUNS runs"
printf '%-24s %9s %9s %17s %10s\n' command wall cpu speed "peak RSS"
for index in "${!names[@]}"; do
    wall=$(awk '{ print $1 }' "$results/$index" | median)
    cpu=$(awk '{ print $2 }' "$results/$index" | median)
    kb=$(awk '{ print $3 }' "$results/$index" | sort -n | tail -n 1)
    echo "$wall $cpu" >"$results/$index.median"
    awk -v name="${names[$index]}" -v wall="$wall" -v cpu="$cpu" -v kb="$kb" -v files="$files" \
        'BEGIN { printf "%-24s %7.2f s %7.2f s %9.0f files/s %7.0f MB\n", name, wall, cpu, files / wall, kb / 1024 }'
done

# ratio A B LABEL: how many times longer command A took than command B.
ratio() {
    awk -v a="$(cat "$results/$1.median")" -v b="$(cat "$results/$2.median")" -v label="$3" \
        'BEGIN { split(a, x, " "); split(b, y, " "); printf "%s: %.2fx wall, %.2fx cpu\n", label, x[1] / y[1], x[2] / y[2] }'
}
ratio 1 0 "lint / parse-only (target <= 1.5x)"
ratio 4 1 "cached re-run / cold lint (target <= 0.10x)"
ratio 5 1 "one file edited / cold lint"
ratio 3 1 "1 job / $JOBS jobs (near-linear scaling: close to $JOBS)"
if $has_format; then
    ratio 6 1 "swift format lint / lint (target >= 3x)"
fi
