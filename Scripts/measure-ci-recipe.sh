#!/usr/bin/env bash
# Times README.md's GitHub Actions job on this machine: a new app package that depends on a
# fresh clone of this repository (default traits, so the linter comes along) runs
#   swift run [-c release] mvvm lint --strict --reporter github --reporter sarif:mvvm.sarif
# once from an empty .build (a cold CI run) and once more with that .build kept (a CI run that
# restored .build from its cache; the app's checkout is new, so its files are touched first).
# Prints wall-clock and CPU seconds of each; on a shared machine the wall clock also counts
# waiting for a core, so the load average is printed too.
#
# Usage: Scripts/measure-ci-recipe.sh [debug|release]   (default debug; not run by CI)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
configuration=${1:-debug}
case "$configuration" in
    debug | release) ;;
    *) echo "usage: Scripts/measure-ci-recipe.sh [debug|release]" >&2; exit 2 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone --quiet --no-local "$repo" "$work/swift-mvvm"
git -C "$work/swift-mvvm" checkout --quiet --detach "$(git rev-parse HEAD)"
git -C "$work/swift-mvvm" tag -l | xargs -r git -C "$work/swift-mvvm" tag -d >/dev/null
git -C "$work/swift-mvvm" tag 0.1.0

app="$work/App"
mkdir -p "$app/Sources/App"
cp -R Examples/Counter/Sources/. "$app/Sources/App/"
cat >"$app/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(url: "file://$work/swift-mvvm", from: "0.1.0")],
    targets: [.target(name: "App", dependencies: [.product(name: "MVVM", package: "swift-mvvm")])]
)
EOF

TIMEFORMAT="%R %U %S"
# run LABEL: one CI run of the recipe, timed.
run() {
    local label=$1 times status=0
    echo "== $label: swift run -c $configuration mvvm lint ... (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
    times=$( { time (cd "$app" && swift run -c "$configuration" mvvm lint --strict --reporter github \
        --reporter sarif:mvvm.sarif >"$work/$label.log" 2>&1); } 2>&1 ) || status=$?
    tail -3 "$work/$label.log"
    echo "$times" | awk -v label="$label" -v status="$status" \
        '{ printf "%s: %.0f s wall clock, %.0f s CPU (exit status %d)\n", label, $1, $2 + $3, status }'
}

run cold
touch "$app"/Sources/App/*.swift "$app/Package.swift"
run cached
