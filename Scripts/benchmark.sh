#!/usr/bin/env bash
# Measures `mvvm lint` (release build) on a large corpus of real Swift code.
#
# Usage: Scripts/benchmark.sh [--mode MODE] [--mvvm PATH] [CORPUS_DIR]
#   Without CORPUS_DIR, the script clones a fixed set of Swift packages (by tag, so the corpus is
#   the same every time) into a temporary folder. RUNS (default 3) sets how many times each
#   command runs; the median wall time is reported. JOBS (default: all cores) is passed to
#   `mvvm lint --jobs`. --mvvm runs that binary (a static one copied to a machine without a
#   toolchain) instead of building one here.
#
# Modes:
#   default       lint (both presets, 1 job, cached, one file edited) against a parse-only pass
#                 of the same files and against the toolchain's `swift format lint`
#   scaling       parse-only and cold lint at --jobs 1, 2, 4, ... up to JOBS: wall, user and
#                 system CPU, peak memory, speed-up over one job
#   growth        cold lint at JOBS on 1x, 2x and 4x copies of the corpus: wall, peak memory
#   cached        on COPIES copies (default 4; 11 make 40,000+ files of the default corpus): a cold
#                 run without the cache, a cold run that fills it, then re-runs from it
#   edit          on COPIES copies (default 4): a cold run without the cache, a re-run with nothing
#                 changed, and re-runs after a one-file edit of three kinds (a changed function
#                 body, a renamed type, a new file with a view holding a view model), each undone
#                 and the cache settled again before the next; wall, peak memory, ratio to cold
#   instructions  callgrind's instruction counts (repeatable on a loaded machine) of parse-only,
#                 of parse-only with one visit of every node (the floor of any check that walks
#                 swift-syntax's tree) and of lint, on one job, their ratios to parse-only and
#                 lint's ratio to the visiting floor
set -euo pipefail

mode=default
mvvm=""
while [ $# -gt 0 ]; do
    case "$1" in
        --mode) mode=$2; shift 2 ;;
        --mvvm) mvvm=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
        -*) echo "benchmark: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
case "$mode" in
    default|scaling|growth|cached|edit|instructions) ;;
    *) echo "benchmark: unknown mode '$mode'; use default, scaling, growth, cached, edit or instructions" >&2; exit 2 ;;
esac

cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN)}
TIME=${TIME:-/usr/bin/time}

if ! command -v "$TIME" >/dev/null || ! "$TIME" -f %M true >/dev/null 2>&1; then
    echo "benchmark: GNU time ($TIME with -f; set TIME to another path) is needed to measure peak memory." >&2
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

if [[ -z "$mvvm" ]]; then
    echo "benchmark: building mvvm in release mode" >&2
    swift build -c release --product mvvm >&2
    mvvm=$(swift build -c release --show-bin-path)/mvvm
fi

files=$(find "$corpus" -name '*.swift' -type f | wc -l | tr -d ' ')
lines=$(find "$corpus" -name '*.swift' -type f -exec cat {} + | wc -l | tr -d ' ')
cores=$(getconf _NPROCESSORS_ONLN)

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# measure COMMAND...: runs COMMAND RUNS times; prints the medians of wall, user and system
# seconds and the largest peak memory in kB. Linters exit 1 on violations; the status is ignored.
measure() {
    local record
    record=$(mktemp)
    for _ in $(seq "$RUNS"); do
        "$TIME" -f '%e %U %S %M' -o "$record.one" "$@" >/dev/null 2>&1 || true
        tail -n 1 "$record.one" >>"$record"
    done
    local wall user system kb
    wall=$(awk '{ print $1 }' "$record" | median)
    user=$(awk '{ print $2 }' "$record" | median)
    system=$(awk '{ print $3 }' "$record" | median)
    kb=$(awk '{ print $4 }' "$record" | sort -n | tail -n 1)
    rm -f "$record" "$record.one"
    echo "$wall $user $system $kb"
}

# copies N: a folder holding N copies of the corpus. Real copies: discovery lints a file reached
# by several paths (hard links included) once, so linked copies would be one corpus again.
copies() {
    local folder=${TMPDIR:-/tmp}/mvvm-benchmark-copies-$1
    if [[ ! -f "$folder/.complete-v2" ]]; then
        rm -rf "$folder"
        mkdir -p "$folder"
        for copy in $(seq "$1"); do
            cp -R "$corpus" "$folder/copy-$copy"
        done
        touch "$folder/.complete-v2"
    fi
    echo "$folder"
}

table_header() {
    printf '%-28s %8s %8s %8s %9s %9s\n' "$1" wall user system "peak MB" "speed-up"
}
# row BASE-WALL LABEL WALL USER SYS KB: the speed-up is BASE-WALL / WALL.
row() {
    awk -v base="$1" -v label="$2" -v wall="$3" -v user="$4" -v sys="$5" -v kb="$6" \
        'BEGIN { printf "%-28s %6.2f s %6.2f s %6.2f s %9.1f %8.2fx\n", label, wall, user, sys, kb / 1024, base / wall }'
}

echo "mvvm: $mvvm; corpus: $corpus ($files Swift files, $lines lines); $cores cores; median of $RUNS runs"
case "$mode" in
    scaling)
        for kind in parse-only lint; do
            table_header "$kind --jobs N"
            base=""
            jobs=1
            while [ "$jobs" -le "$JOBS" ]; do
                if [ "$kind" = parse-only ]; then
                    set -- $(measure "$mvvm" lint --parse-only --jobs "$jobs" "$corpus")
                else
                    set -- $(measure "$mvvm" lint --no-cache --preset triad --jobs "$jobs" "$corpus")
                fi
                base=${base:-$1}
                row "$base" "$jobs" "$@"
                [ "$jobs" -eq "$JOBS" ] && break
                jobs=$((jobs * 2 > JOBS ? JOBS : jobs * 2))
            done
        done
        exit 0 ;;
    growth)
        table_header "copies (--jobs $JOBS)"
        base=""
        for count in 1 2 4; do
            folder=$(copies "$count")
            set -- $(measure "$mvvm" lint --no-cache --preset triad --jobs "$JOBS" "$folder")
            base=${base:-$1}
            row "$base" "${count}x ($((files * count)) files)" "$@"
        done
        exit 0 ;;
    cached)
        count=${COPIES:-4}
        folder=$(copies "$count")
        cache=$(mktemp -d)
        table_header "${count}x copies (--jobs $JOBS)"
        set -- $(RUNS=1 measure "$mvvm" lint --no-cache --preset triad --jobs "$JOBS" "$folder")
        base=$1
        row "$base" "cold, no cache" "$@"
        set -- $(RUNS=1 measure "$mvvm" lint --cache-path "$cache" --preset triad --jobs "$JOBS" "$folder")
        row "$base" "cold, filling the cache" "$@"
        set -- $(measure "$mvvm" lint --cache-path "$cache" --preset triad --jobs "$JOBS" "$folder")
        row "$base" "re-run from the cache" "$@"
        rm -rf "$cache"
        exit 0 ;;
    edit)
        count=${COPIES:-4}
        folder=$(copies "$count")
        cache=$(mktemp -d)
        saved=$(mktemp -d)
        trap 'cp "$saved/body.orig" "$body" 2>/dev/null; cp "$saved/renamed.orig" "$renamed" 2>/dev/null; rm -rf "$saved" "$cache" "$folder/copy-1/BenchmarkEdit"' EXIT
        of_cold() { awk -v wall="$1" -v cold="$2" 'BEGIN { printf "%-28s %8.3fx the cold run\n", "", wall / cold }'; }
        lint_cached() { "$mvvm" lint --cache-path "$cache" --preset triad --jobs "$JOBS" "$folder" >/dev/null 2>&1 || true; }
        # The edited files: the first (in path order) with a function whose body opens on its line,
        # and the first declaring a type at the start of a line.
        body=$(grep -rlE --include='*.swift' '^ *(public |private |internal |static |@[A-Za-z]+ )*func [a-z][A-Za-z0-9]*\(\) *\{ *$' "$folder/copy-1" | sort | sed -n 1p)
        renamed=$(grep -rlE --include='*.swift' '^(public |final |internal )*(struct|class|enum) [A-Z][A-Za-z0-9]*' "$folder/copy-1" | sort | sed -n 1p)
        cp "$body" "$saved/body.orig"
        cp "$renamed" "$saved/renamed.orig"
        # edit KIND: makes the one-file edit KIND in the corpus; undo KIND takes it back.
        edit() {
            case $1 in
                body) awk '!done && /^ *(public |private |internal |static |@[A-Za-z]+ )*func [a-z][A-Za-z0-9]*\(\) *\{ *$/ { print; print "        _ = 0 // benchmark edit"; done = 1; next } { print }' \
                        "$saved/body.orig" >"$body" ;;
                rename) sed -E '0,/^((public |final |internal )*(struct|class|enum) )([A-Z][A-Za-z0-9]*)/s//\1\4BenchmarkRenamed/' \
                        "$saved/renamed.orig" >"$renamed" ;;
                view) mkdir -p "$folder/copy-1/BenchmarkEdit"
                    printf '%s\n' 'import SwiftUI' '' '@MainActor @Observable final class AddedViewModel {' \
                        '    private(set) var title = ""' '    func refresh() { title = "Added" }' '}' '' \
                        'struct AddedView: View {' '    @State private var viewModel = AddedViewModel()' \
                        '    var body: some View { Text(viewModel.title).onAppear { viewModel.refresh() } }' '}' \
                        >"$folder/copy-1/BenchmarkEdit/AddedView.swift" ;;
            esac
        }
        undo() {
            cp "$saved/body.orig" "$body"
            cp "$saved/renamed.orig" "$renamed"
            rm -rf "$folder/copy-1/BenchmarkEdit"
        }
        echo "edited: body in ${body#"$folder/"}; type renamed in ${renamed#"$folder/"}; new file copy-1/BenchmarkEdit/AddedView.swift"
        table_header "${count}x copies (--jobs $JOBS)"
        set -- $(RUNS=1 measure "$mvvm" lint --no-cache --preset triad --jobs "$JOBS" "$folder")
        base=$1
        row "$base" "cold, no cache" "$@"
        lint_cached
        set -- $(measure "$mvvm" lint --cache-path "$cache" --preset triad --jobs "$JOBS" "$folder")
        row "$base" "re-run, nothing changed" "$@"
        of_cold "$1" "$base"
        for kind in body rename view; do
            record=$(mktemp)
            for _ in $(seq "$RUNS"); do
                edit "$kind"
                "$TIME" -f '%e %U %S %M' -o "$record.one" "$mvvm" lint --cache-path "$cache" --preset triad --jobs "$JOBS" "$folder" >/dev/null 2>&1 || true
                tail -n 1 "$record.one" >>"$record"
                undo
                lint_cached
            done
            set -- "$(awk '{ print $1 }' "$record" | median)" "$(awk '{ print $2 }' "$record" | median)" \
                "$(awk '{ print $3 }' "$record" | median)" "$(awk '{ print $4 }' "$record" | sort -n | tail -n 1)"
            rm -f "$record" "$record.one"
            row "$base" "one file edited: $kind" "$@"
            of_cold "$1" "$base"
        done
        exit 0 ;;
    instructions)
        command -v valgrind >/dev/null || { echo "benchmark: valgrind is needed for instruction counts" >&2; exit 2; }
        instructions() {
            local out
            out=$(mktemp)
            valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" >/dev/null 2>"$out" || true
            grep -oE 'refs: *[0-9,]+' "$out" | tr -dc '0-9'
            rm -f "$out"
        }
        parse=$(instructions "$mvvm" lint --parse-only --jobs 1 "$corpus")
        visit=$(instructions "$mvvm" lint --visit-only --jobs 1 "$corpus")
        lint=$(instructions "$mvvm" lint --no-cache --preset triad --jobs 1 "$corpus")
        awk -v parse="$parse" -v visit="$visit" -v lint="$lint" 'BEGIN {
            printf "parse-only                 %8.2f G instructions\n", parse / 1e9
            printf "parse-only, every node visited %4.2f G instructions (%.2fx)\n", visit / 1e9, visit / parse
            printf "lint                       %8.2f G instructions (%.2fx)\n", lint / 1e9, lint / parse
            printf "lint / parse-only: %.2fx\n", lint / parse
            printf "lint / visiting floor: %.2fx\n", lint / visit }'
        exit 0 ;;
esac

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
        "$TIME" -f '%e %U %S %M' -o "$results/time" bash -c 'invoke "$0" "$1"' "$index" "$round" >/dev/null 2>&1 || true
        tail -n 1 "$results/time" | awk '{ print $1, $2 + $3, $4 }' >>"$results/$index"
    done
done

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
