#!/usr/bin/env bash
# Times `mvvm lint` (release build) on a large corpus of real Swift code against two references:
# a parse-only pass over the same files (same discovery, reading and parser, no rules), and the
# toolchain's `swift format lint`. Prints files/s and peak memory for each.
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

# measure NAME COMMAND...: runs the command RUNS times; prints the median wall time and the
# largest peak resident set size. Exit status 1 (violations found) is expected from linters.
measure() {
    local name=$1
    shift
    local times=() peak=0 out
    for _ in $(seq "$RUNS"); do
        /usr/bin/time -f '%e %M' -o "$results/time" "$@" >/dev/null 2>&1 || true
        out=$(tail -n 1 "$results/time")
        times+=("${out% *}")
        local rss=${out#* }
        ((rss > peak)) && peak=$rss
    done
    local median
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    awk -v name="$name" -v s="$median" -v kb="$peak" -v files="$files" \
        'BEGIN { printf "%-22s %8.2f s %10.0f files/s %8.0f MB\n", name, s, (s > 0 ? files / s : 0), kb / 1024 }'
    echo "$median" >"$results/$name"
}

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

echo "corpus: $corpus ($files Swift files, $lines lines); $cores cores, --jobs $JOBS, median of $RUNS runs"
printf '%-22s %10s %16s %11s\n' command wall speed "peak RSS"
measure "mvvm lint --parse-only" "$mvvm" lint --parse-only --jobs "$JOBS" "$corpus"
measure "mvvm lint (triad)" "$mvvm" lint --preset triad --jobs "$JOBS" "$corpus"
measure "mvvm lint (responder)" "$mvvm" lint --preset responder --jobs "$JOBS" "$corpus"
if swift format --version >/dev/null 2>&1; then
    measure "swift format lint" swift format lint --recursive --parallel "$corpus"
else
    echo "swift format lint: not available in this toolchain" >&2
fi

awk -v lint="$(cat "$results/mvvm lint (triad)")" -v parse="$(cat "$results/mvvm lint --parse-only")" \
    'BEGIN { printf "lint / parse-only: %.2fx (target <= 1.5x)\n", lint / parse }'
if [[ -f "$results/swift format lint" ]]; then
    awk -v lint="$(cat "$results/mvvm lint (triad)")" -v format="$(cat "$results/swift format lint")" \
        'BEGIN { printf "swift format lint / lint: %.2fx (target >= 3x)\n", format / lint }'
fi
