#!/usr/bin/env bash
# What an app team gets on its first day: a fresh clone of this repository's HEAD, tagged 0.1.0,
# becomes the dependency of a new package built from README.md's own Swift blocks:
# - the block under "## Add it to your package" is the package's manifest, with only the
#   repository URL changed to the clone's file URL;
# - every other manifest block (`import PackageDescription`) must compile as a manifest;
# - blocks that import Testing or XCTest are test code (the test target `AppTests`), all others
#   app code (the target `App`, which test blocks reach with `@testable import App`); a block
#   that imports SwiftUI compiles where SwiftUI exists and is only parsed elsewhere.
# Then the package's Package.resolved must pin swift-mvvm and nothing else, the clean build is
# timed, and its tests run.
#
# Usage: Scripts/check-consumer.sh   (run by .ci/run; tests what is committed, not the work tree)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== fresh clone of HEAD, tagged 0.1.0"
git clone --quiet --no-local "$repo" "$work/swift-mvvm"
# The clone checks out the commit this script runs from, whatever branch the origin points at.
git -C "$work/swift-mvvm" checkout --quiet --detach "$(git rev-parse HEAD)"
git -C "$work/swift-mvvm" tag -l | xargs -r git -C "$work/swift-mvvm" tag -d >/dev/null
git -C "$work/swift-mvvm" tag 0.1.0

# README.md's ```swift blocks, one file each, and a list of "NUMBER<TAB>SECTION HEADING".
blocks="$work/blocks"
mkdir -p "$blocks"
awk -v dir="$blocks" '
    /^## / { heading = $0 }
    /^```swift[[:space:]]*$/ && !inside { inside = 1; count++; file = sprintf("%s/%03d.swift", dir, count); printf "" > file; print count "\t" heading > (dir "/index"); next }
    /^```[[:space:]]*$/ && inside { inside = 0; close(file); next }
    inside { print > file }
    END { if (inside) { print "README.md ends inside a swift block" > "/dev/stderr"; exit 1 } }
' README.md
if [ ! -s "$blocks/index" ]; then
    echo "error: README.md has no swift blocks" >&2
    exit 1
fi

consumer="$work/App"
mkdir -p "$consumer/Sources/App" "$consumer/Tests/AppTests"
manifest=""
while IFS=$'\t' read -r number heading; do
    block=$(printf '%s/%03d.swift' "$blocks" "$number")
    if [ -z "$manifest" ] && [ "$heading" = "## Add it to your package" ]; then
        manifest=$block
        sed "s|https://github.com/OWNER/swift-mvvm.git|file://$work/swift-mvvm|" "$block" >"$consumer/Package.swift"
        if cmp -s "$block" "$consumer/Package.swift"; then
            echo "error: README.md's dependency block does not name https://github.com/OWNER/swift-mvvm.git" >&2
            exit 1
        fi
        echo "README block $number ($heading): the consumer's Package.swift"
    elif grep -q '^import PackageDescription' "$block"; then
        # Another manifest (e.g. for the plugins): it must compile; resolving it is not needed.
        other="$work/manifest-$number"
        mkdir -p "$other"
        cp "$block" "$other/Package.swift"
        if ! (cd "$other" && swift package dump-package >/dev/null); then
            echo "error: README block $number ($heading) does not compile as a manifest" >&2
            exit 1
        fi
        echo "README block $number ($heading): a manifest, compiles"
    else
        destination="$consumer/Sources/App/ReadmeBlock$number.swift"
        kind="app code"
        if grep -Eq '^(@testable )?import (Testing|XCTest)' "$block"; then
            destination="$consumer/Tests/AppTests/ReadmeBlock$number.swift"
            kind="test code"
        fi
        if grep -Eq '^import SwiftUI' "$block"; then
            # SwiftUI exists only on Apple platforms: there the block compiles, here it is parsed.
            { echo "#if canImport(SwiftUI)"; cat "$block"; echo "#endif"; } >"$destination"
            kind="$kind, SwiftUI"
        else
            cp "$block" "$destination"
        fi
        echo "README block $number ($heading): $kind"
    fi
done <"$blocks/index"
if [ -z "$manifest" ]; then
    echo "error: no swift block under '## Add it to your package' in README.md" >&2
    exit 1
fi
# A target needs at least one source file even if the README has no app or test blocks.
[ -n "$(ls "$consumer/Sources/App")" ] || echo "// README.md has no app code." >"$consumer/Sources/App/Empty.swift"
[ -n "$(ls "$consumer/Tests/AppTests")" ] || echo "// README.md has no test code." >"$consumer/Tests/AppTests/Empty.swift"

echo "== swift package resolve (the consumer)"
(cd "$consumer" && swift package resolve)
# Each pin is one "identity" line in Package.resolved.
identities=$(grep -o '"identity" *: *"[^"]*"' "$consumer/Package.resolved" | sed 's/.*: *"\(.*\)"/\1/')
if [ "$identities" != "swift-mvvm" ]; then
    echo "error: the consumer's Package.resolved should pin only swift-mvvm; it pins:" >&2
    echo "$identities" >&2
    exit 1
fi
echo "Package.resolved pins only swift-mvvm."

echo "== swift build --build-tests (the consumer, clean)"
log="$work/build.log"
# Wall-clock and CPU seconds: on a shared machine the wall clock also counts waiting for a core.
TIMEFORMAT="%R %U %S"
if ! times=$( { time (cd "$consumer" && swift build --build-tests >"$log" 2>&1); } 2>&1 ); then
    cat "$log" >&2
    echo "error: the consumer built from README.md's blocks does not build" >&2
    exit 1
fi
if grep -q "warning:" "$log"; then
    grep "warning:" "$log" | sort -u >&2
    echo "error: README.md's blocks compile with warnings" >&2
    exit 1
fi
clean=$(echo "$times" | awk '{ printf "%.1f s wall clock, %.1f s CPU", $1, $2 + $3 }')

echo "== swift test (the consumer)"
(cd "$consumer" && swift test --skip-build)

echo "The consumer's clean build (swift build --build-tests) took ${clean}."
