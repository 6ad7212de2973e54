#!/usr/bin/env bash
# Proves the SwiftPM plugins work: the command plugin lints this repository, and the build-tool
# plugin, used by a target of a new package that depends on this repository by path, reports a
# planted violation during `swift build` in the compiler's format.
#
# Usage: Scripts/check-plugins.sh   (run by .ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')

echo "== swift package mvvm-lint (this repository)"
swift package --allow-writing-to-package-directory mvvm-lint --strict

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package="$work/PluginSample"
mkdir -p "$package/Sources/App"
cat >"$package/Package.swift" <<EOF
// swift-tools-version: 6.0
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
    ]
)
EOF
# A view model that is not final: a warning, so the build still succeeds.
cat >"$package/Sources/App/SampleViewModel.swift" <<'EOF'
import Observation

@MainActor
@Observable
class SampleViewModel: SampleViewModeling {
    private(set) var title = "Sample"
}

@MainActor
protocol SampleViewModeling: Observable {
    var title: String { get }
}
EOF

echo "== swift build of a target that uses MVVMLintBuildPlugin"
log="$work/build.log"
(cd "$package" && swift build 2>&1) | tee "$log"
if ! grep -q "Sources/App/SampleViewModel.swift:5:7: warning: View model 'SampleViewModel' is not final. (view-model-final)" "$log"; then
    echo "error: the build-tool plugin did not report the planted violation" >&2
    exit 1
fi
echo "The command plugin lints this repository; the build-tool plugin reports during swift build."
