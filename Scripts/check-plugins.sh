#!/usr/bin/env bash
# Proves the SwiftPM plugins behave:
# - mvvm-lint lints this repository without write permission (standard input is not a terminal,
#   so SwiftPM would fail rather than ask if the plugin wanted it), and refuses --fix;
# - mvvm-fix asks for write permission, and with it corrects a file;
# - the build-tool plugin, on a resource-free target of a new package that depends on this
#   repository by path, reports planted violations in the compiler's format during `swift build`,
#   sees the target's tests (every-action-tested names only the untested intent), leaves the
#   target without a resource bundle, and prints nothing once the code is clean.
#
# Usage: Scripts/check-plugins.sh   (run by .ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
    echo "error: $*" >&2
    exit 1
}

echo "== swift package mvvm-lint (this repository, no write permission)"
swift package mvvm-lint --strict </dev/null

echo "== swift package mvvm-lint --fix is refused"
if swift package mvvm-lint --fix </dev/null >"$work/refused.log" 2>&1; then
    cat "$work/refused.log"
    fail "mvvm-lint accepted --fix"
fi
grep -q "mvvm-fix" "$work/refused.log" || { cat "$work/refused.log"; fail "mvvm-lint's refusal of --fix does not name mvvm-fix"; }

package="$work/PluginSample"
mkdir -p "$package/Sources/App" "$package/Tests/AppTests"
cat >"$package/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PluginSample",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(
            name: "App",
            dependencies: [.product(name: "MVVM", package: "$identity")],
            plugins: [.plugin(name: "MVVMLintBuildPlugin", package: "$identity")]
        ),
        .testTarget(name: "AppTests", dependencies: ["App"]),
    ]
)
EOF
# Two warnings, so the build still succeeds: the view model is not final, and share() is not
# tested (the test names refresh() only).
cat >"$package/Sources/App/SampleViewModel.swift" <<'EOF'
import MVVM

@MainActor
@Observable
class SampleViewModel: SampleViewModeling {
    private(set) var title = "Sample"

    func refresh() {
        title = "Refreshed"
    }

    func share() {}
}

@MainActor
protocol SampleViewModeling: Observable {
    var title: String { get }
    func refresh()
    func share()
}
EOF
cat >"$package/Tests/AppTests/SampleViewModelTests.swift" <<'EOF'
@testable import App
import Testing

@MainActor
struct SampleViewModelTests {
    @Test func refreshChangesTheTitle() {
        let sut = SampleViewModel()
        sut.refresh()
        #expect(sut.title == "Refreshed")
    }
}
EOF

echo "== swift build of a target that uses MVVMLintBuildPlugin (planted violations)"
log="$work/build.log"
(cd "$package" && swift build 2>&1) | tee "$log"
grep -q "Sources/App/SampleViewModel.swift:5:7: warning: View model 'SampleViewModel' is not final. (view-model-final)" "$log" \
    || fail "the build-tool plugin did not report the planted view-model-final violation"
grep "(every-action-tested)" "$log" | grep -q "share" \
    || fail "the build-tool plugin did not see the tests: no every-action-tested finding for share()"
if grep "(every-action-tested)" "$log" | grep -q "refresh"; then
    fail "the build-tool plugin reported refresh() untested, though a test calls it: it did not see the tests"
fi

echo "== the target has no resource bundle"
bundles=$(find "$package/.build" -name "*_App.resources" -o -name "*_App.bundle" -o -path "*App.build*" -name "resource_bundle_accessor.swift")
[ -z "$bundles" ] || fail "the build-tool plugin gave the target resources: $bundles"

echo "== a clean build prints nothing from the plugin"
sed -i 's/^class SampleViewModel/final class SampleViewModel/' "$package/Sources/App/SampleViewModel.swift"
cat >>"$package/Tests/AppTests/SampleViewModelTests.swift" <<'EOF'

@MainActor
@Test func shareKeepsTheTitle() {
    let sut = SampleViewModel()
    sut.share()
    #expect(sut.title == "Sample")
}
EOF
(cd "$package" && swift build 2>&1) | tee "$log"
# What a build prints anyway: progress lines and the closing line.
if grep -v -E '^\[[0-9]+/[0-9]+\] |^Build complete!|^Building for |^Planning build|^$' "$log" | grep -q .; then
    grep -v -E '^\[[0-9]+/[0-9]+\] |^Build complete!|^Building for |^Planning build|^$' "$log" >&2
    fail "a clean build printed more than progress"
fi
grep -q "Linting App against the MVVM architecture" "$log" || fail "the edited sources were not linted again"

echo "== swift package mvvm-fix needs write permission, and fixes with it"
sed -i 's/^final class SampleViewModel/class SampleViewModel/' "$package/Sources/App/SampleViewModel.swift"
if (cd "$package" && swift package mvvm-fix </dev/null >"$work/fix.log" 2>&1); then
    cat "$work/fix.log"
    fail "mvvm-fix ran without write permission"
fi
grep -qi "permission" "$work/fix.log" || { cat "$work/fix.log"; fail "mvvm-fix failed for another reason than permission"; }
(cd "$package" && swift package --allow-writing-to-package-directory mvvm-fix --strict --target App </dev/null)
grep -q "^final class SampleViewModel" "$package/Sources/App/SampleViewModel.swift" || fail "mvvm-fix did not make the view model final"

echo "Plugins: mvvm-lint needs no permission, mvvm-fix asks for it; the build-tool plugin reports, sees tests, adds no resources and is silent when clean."
