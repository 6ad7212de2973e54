#!/usr/bin/env bash
# Builds `mvvm` as users install it (release) and checks that the optimised build behaves as the
# debug build the tests ran: the same version, the same rule list, the same findings on the
# fixtures, and a refused bad option. A miscompiled argument path once made every release
# `mvvm` ignore its arguments while every test passed.
#
# Usage: Scripts/check-release-build.sh [MVVM]   (MVVM: a release build to check, such as the
# static one in the plugins package Scripts/make-binary-plugins.sh writes; default: built here)
set -euo pipefail
release=${1:+$(cd "$(dirname "$1")" && pwd)/$(basename "$1")}
cd "$(dirname "$0")/.."

# Building the debug product again costs nothing after the tests, and keeps it current alone.
swift build --product mvvm
debug=$(swift build --show-bin-path)/mvvm
if [ -z "$release" ]; then
    swift build -c release --product mvvm
    release=$(swift build -c release --show-bin-path)/mvvm
fi

fail() { echo "check-release-build: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# same COMMAND...: both builds print the same and exit alike.
same() {
    local status_debug=0 status_release=0
    "$debug" "$@" >"$work/debug.txt" 2>&1 || status_debug=$?
    "$release" "$@" >"$work/release.txt" 2>&1 || status_release=$?
    [[ $status_debug == "$status_release" ]] || fail "mvvm $*: debug exits $status_debug, release $status_release"
    cmp -s "$work/debug.txt" "$work/release.txt" || {
        diff "$work/debug.txt" "$work/release.txt" | head -20 >&2
        fail "mvvm $*: the release build prints something else"
    }
    echo "same: mvvm $* (exit $status_debug, $(wc -l <"$work/debug.txt" | tr -d ' ') lines)"
}

echo "checking $release against the debug build"
same --version
same rules
same lint --no-cache --reporter json Fixtures
same lint --no-cache --preset responder --reporter xcode Fixtures
# The findings really are the fixtures': the report names fixture files and nothing else.
grep -q '^Fixtures/' "$work/release.txt" || fail "lint Fixtures reported no fixture file"
if grep -E ': (warning|error): ' "$work/release.txt" | grep -qv '^Fixtures/'; then
    fail "lint Fixtures reported files outside Fixtures"
fi
same graph --no-cache --format dot Examples/HackerNews
same lint --no-cache --reporter nonsense Fixtures
if grep -q "Fixtures/" "$work/release.txt"; then fail "a refused option still linted"; fi
echo "check-release-build: the release build matches the debug build"
