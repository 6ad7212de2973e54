#!/usr/bin/env bash
# Proves the binary route: an app that adds the plugins-only package (Scripts/make-binary-plugins.sh)
# lints with a prebuilt `mvvm` and compiles nothing of the linter.
# - the bundle's `mvvm` runs with no Swift toolchain: it links no Swift library, and it lints in a
#   root that holds only it and the system libraries it names;
# - .github/workflows/release.yml is valid and assembles the three variants with that script;
# - a fresh consumer that depends on OUT by path (and on this repository's runtime, with
#   `traits: []`): `swift package mvvm-lint` reports the planted mistakes with the package's own
#   paths and before the plugin's exit, `--target App` sees the tests, mvvm-lint refuses --fix,
#   mvvm-fix asks for write permission and fixes with it; `swift build --build-tests` with the
#   build-tool plugin reports them as compiler diagnostics with hints as notes, adds no resource
#   bundle and prints nothing once the code is clean; its Package.resolved pins no package and
#   nothing of swift-syntax was compiled. The cold times are printed.
#
# Usage: Scripts/check-binary-plugins.sh [OUT]   (OUT: a package the make script wrote; default:
# made here, in a temporary folder). Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

work=$(mktemp -d)
trap 'umount "$work/root/proc" 2>/dev/null || true; rm -rf --one-file-system "$work"' EXIT
fail() {
    echo "check-binary-plugins: $*" >&2
    exit 1
}

plugins=${1:-}
if [ -z "$plugins" ]; then
    plugins="$work/plugins"
    Scripts/make-binary-plugins.sh "$plugins"
fi
plugins=$(cd "$plugins" && pwd)
[ -f "$plugins/Package.swift" ] && [ -f "$plugins/MVVMPrebuiltTool.artifactbundle/info.json" ] || fail "$plugins is not a plugins package with a bundle"
[ -s "$plugins/dist/MVVMPrebuiltTool.artifactbundle.zip" ] || fail "no zip in $plugins/dist"
checksum=$(cat "$plugins/dist/MVVMPrebuiltTool.artifactbundle.zip.checksum")
[ "$checksum" = "$(sha256sum "$plugins/dist/MVVMPrebuiltTool.artifactbundle.zip" | cut -d' ' -f1)" ] || fail "the recorded checksum is not the zip's"
mvvm=$(find "$plugins/MVVMPrebuiltTool.artifactbundle" -path '*/bin/mvvm' | head -1)
echo "== the bundle: $(du -h "$mvvm" | cut -f1) mvvm, $(du -h "$plugins/dist/MVVMPrebuiltTool.artifactbundle.zip" | cut -f1) zip"
python3 - "$plugins/MVVMPrebuiltTool.artifactbundle/info.json" <<'EOF'
import json, sys
info = json.load(open(sys.argv[1]))
assert info["schemaVersion"] == "1.0", info
artifact = info["artifacts"]["mvvm"]
assert artifact["type"] == "executable", artifact
assert artifact["variants"] and all(v["supportedTriples"] and v["path"].endswith("/bin/mvvm") for v in artifact["variants"]), artifact
EOF

echo "== the plugin sources are this repository's"
for plugin in MVVMLintCommandPlugin MVVMFixCommandPlugin MVVMNewCommandPlugin MVVMGraphCommandPlugin MVVMLintBuildPlugin; do
    for file in "$repo/Plugins/$plugin/"*.swift; do
        cmp -s "$file" "$plugins/Plugins/$plugin/$(basename "$file")" || fail "$plugin/$(basename "$file") differs from this repository's"
    done
done

echo "== mvvm runs with no Swift toolchain"
if ldd "$mvvm" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift|not found'; then
    fail "the bundle's mvvm needs Swift libraries (above)"
fi
root="$work/root"
mkdir -p "$root/bin" "$root/app"
cp "$mvvm" "$root/bin/mvvm"
# The system libraries it names, and nothing else: no toolchain, no /usr/lib/swift.
ldd "$mvvm" | grep -oE '/[^ ]+' | while read -r library; do
    mkdir -p "$root$(dirname "$library")"
    cp -L "$library" "$root$library"
done
cp -R Fixtures/Triad "$root/app/"
# Every Linux machine has /proc, and Foundation reads it.
mkdir -p "$root/proc" "$root/tmp"
if mount -t proc proc "$root/proc" 2>/dev/null && chroot "$root" /bin/mvvm --version >/dev/null 2>&1; then
    set +e
    chroot "$root" /bin/mvvm lint --no-cache --reporter xcode /app >"$work/chroot.txt" 2>&1
    status=$?
    set -e
    [ "$status" -eq 1 ] && grep -q '^/app/Triad/.*: error: ' "$work/chroot.txt" \
        || fail "mvvm in a root without the toolchain did not lint (exit $status): $(head -5 "$work/chroot.txt")"
    echo "linted $(grep -c ': \(warning\|error\): ' "$work/chroot.txt") findings in a root with only mvvm and $(ldd "$mvvm" | grep -c '/') system libraries"
else
    # chroot and mount need root and a kernel that allows them; ldd above showed the libraries.
    echo "note: chroot or mounting /proc is not permitted here; checked the linked libraries only"
fi
umount "$root/proc" 2>/dev/null || true

echo "== .github/workflows/release.yml"
python3 - .github/workflows/release.yml <<'EOF'
import sys, yaml
workflow = yaml.safe_load(open(sys.argv[1]))
triggers = workflow.get("on", workflow.get(True))
assert "tags" in triggers["push"], "the release runs on tags"
jobs = workflow["jobs"]
for name in ("linux", "macos", "publish"):
    assert name in jobs, f"no job {name}"
    for step in jobs[name]["steps"]:
        assert ("uses" in step) != ("run" in step), f"{name}: a step needs exactly one of uses and run: {step}"
triples = {entry["triple"] for entry in jobs["linux"]["strategy"]["matrix"]["include"]}
assert triples == {"x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu"}, triples
publish = "\n".join(step.get("run", "") for step in jobs["publish"]["steps"])
for expected in ("Scripts/make-binary-plugins.sh", "--url", "x86_64-unknown-linux-gnu=", "aarch64-unknown-linux-gnu=", "arm64-apple-macosx"):
    assert expected in publish, f"the publish job does not pass {expected}"
assert set(jobs["publish"]["needs"]) == {"linux", "macos"}
print("valid: jobs", ", ".join(jobs), "; the macOS job runs only on GitHub")
EOF

# The app's manifest is docs/plugins.md's first manifest, copied verbatim but for the two
# package URLs, which become paths; links give those paths the names the URLs end in, so the
# manifest's `package:` names stay as the page writes them. Its other manifest (a team's own
# tool) must compile as a manifest; building it compiles swift-syntax, which
# Scripts/check-custom-rules.sh does for Examples/CustomRules, a package of the same shape.
app="$work/App"
mkdir -p "$app/Sources/App" "$app/Tests/AppTests" "$work/packages"
ln -s "$repo" "$work/packages/swift-mvvm"
ln -s "$plugins" "$work/packages/swift-mvvm-plugins"
manifests="$work/manifests"
mkdir -p "$manifests"
awk -v dir="$manifests" '
    /^```swift[[:space:]]*$/ && !inside { inside = 1; count++; file = sprintf("%s/%d.swift", dir, count); printf "" > file; next }
    /^```[[:space:]]*$/ && inside { inside = 0; close(file); next }
    inside { print > file }
' docs/plugins.md
[ -s "$manifests/1.swift" ] && [ -s "$manifests/2.swift" ] || fail "docs/plugins.md no longer has its two manifests"
sed -e "s|\.package(url: \"https://github.com/OWNER/swift-mvvm.git\", from: \"0.1.0\", traits: \[\])|.package(path: \"$work/packages/swift-mvvm\", traits: [])|" \
    -e "s|\.package(url: \"https://github.com/OWNER/swift-mvvm-plugins.git\", from: \"0.1.0\")|.package(path: \"$work/packages/swift-mvvm-plugins\")|" \
    "$manifests/1.swift" >"$app/Package.swift"
[ "$(diff "$manifests/1.swift" "$app/Package.swift" | grep -c '^>')" -eq 2 ] || fail "docs/plugins.md's manifest does not name the two packages as the script expects: $(diff "$manifests/1.swift" "$app/Package.swift")"
mkdir -p "$work/team"
cp "$manifests/2.swift" "$work/team/Package.swift"
(cd "$work/team" && swift package dump-package >/dev/null) || fail "docs/plugins.md's manifest for a team's tool does not compile"
# Two warnings, so the build still succeeds: the view model is not final, and share() is not
# tested (the test names refresh() only).
cat >"$app/Sources/App/SampleViewModel.swift" <<'EOF'
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
cat >"$app/Tests/AppTests/SampleViewModelTests.swift" <<'EOF'
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
cd "$app"

echo "== cold: swift package mvvm-lint --strict"
start=$(date +%s.%N)
set +e
swift package mvvm-lint --strict </dev/null >"$work/lint.log" 2>&1
status=$?
set -e
lint_seconds=$(awk "BEGIN { print $(date +%s.%N) - $start }")
cat "$work/lint.log"
[ "$status" -eq 1 ] || fail "mvvm-lint --strict on warnings exited with $status, not 1"
grep -q "^Sources/App/SampleViewModel.swift:5:7: .*\[view-model-final\]" "$work/lint.log" \
    || fail "mvvm-lint did not report view-model-final with the package's own path"
if grep -q "$app/Sources" "$work/lint.log"; then fail "mvvm-lint printed absolute paths"; fi
# The plugin adds no error line of its own; SwiftPM's "Plugin ended with exit code 1" is the only
# one, and SwiftPM prints a plugin's output after it when the log is a pipe.
if grep "error:" "$work/lint.log" | grep -v "Plugin ended with exit code 1" | grep -q .; then
    fail "the plugin printed an error line besides the report and SwiftPM's exit line"
fi

echo "== swift package mvvm-lint --target App: the target's tests come too"
swift package mvvm-lint --target App </dev/null >"$work/target.log" 2>&1 || true
grep "\[every-action-tested\]" "$work/target.log" | grep -q "share" || fail "--target App: no every-action-tested finding for share()"
if grep "\[every-action-tested\]" "$work/target.log" | grep -q "refresh"; then
    fail "--target App reported refresh() untested: the tests were not read"
fi

echo "== mvvm-lint refuses --fix"
if swift package mvvm-lint --fix </dev/null >"$work/refused.log" 2>&1; then fail "mvvm-lint accepted --fix"; fi
grep -q "mvvm-fix" "$work/refused.log" || fail "mvvm-lint's refusal of --fix does not name mvvm-fix: $(cat "$work/refused.log")"

echo "== tool: names only an executable of the package"
# A repository's configuration must not make the plugins run a program of the machine: each of
# these must fail the command with the reason and run nothing (the script would leave a mark).
printf '#!/bin/sh\ntouch "$(dirname "$0")/ran-the-script"\n' >lint
chmod +x lint
for name in sh true swift-run; do
    printf 'tool: %s\n' "$name" >.mvvm.yml
    for verb in mvvm-lint "--allow-writing-to-package-directory mvvm-fix"; do
        set +e
        # shellcheck disable=SC2086
        timeout 300 swift package $verb </dev/null >"$work/tool.log" 2>&1
        status=$?
        set -e
        [ "$status" -ne 0 ] && [ "$status" -ne 124 ] || fail "$verb with 'tool: $name' exited with $status: $(tail -3 "$work/tool.log")"
        grep -q "names '$name' as the tool that runs its rules, but App has no executable product or target of that name" "$work/tool.log" \
            || fail "$verb with 'tool: $name' did not say why: $(tail -3 "$work/tool.log")"
        [ ! -e ran-the-script ] || fail "$verb with 'tool: $name' ran the repository's script"
    done
done
# A tool: line inside a quoted value is part of the value, as mvvm reads it: mvvm lints.
printf 'header: "// Copyright\ntool: sh\n"\n' >.mvvm.yml
swift package mvvm-lint </dev/null >"$work/tool.log" 2>&1 || true
grep -q "\[view-model-final\]" "$work/tool.log" || fail "a tool: line inside a header stopped mvvm-lint: $(tail -3 "$work/tool.log")"
[ ! -e ran-the-script ] || fail "a tool: line inside a header ran the repository's script"
rm -f .mvvm.yml lint
echo "refused: sh, true and swift-run, in both command plugins; a tool: line inside a value is not read"

echo "== cold: swift build --build-tests with MVVMLintBuildPlugin"
rm -rf .build
start=$(date +%s.%N)
swift build --build-tests >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "the consumer's build failed"; }
build_seconds=$(awk "BEGIN { print $(date +%s.%N) - $start }")
cat "$work/build.log"
grep -q "Sources/App/SampleViewModel.swift:5:7: warning: View model 'SampleViewModel' is not final. (view-model-final)" "$work/build.log" \
    || fail "the build-tool plugin did not report view-model-final"
grep -q "Sources/App/SampleViewModel.swift:5:7: note: " "$work/build.log" || fail "the build-tool plugin showed no hint"
grep "(every-action-tested)" "$work/build.log" | grep -q "share" || fail "the build-tool plugin did not see the tests"

echo "== nothing of the linter was resolved or compiled"
if [ -f Package.resolved ] && grep -q '"identity"' Package.resolved; then
    fail "Package.resolved pins packages: $(grep '"identity"' Package.resolved | tr -d ' ')"
fi
compiled=$(find .build -iname '*SwiftSyntax*' -o -iname '*SwiftParser*' -o -iname '*Yams*' -o -iname '*ArgumentParser*' | head -3)
[ -z "$compiled" ] || fail "the consumer built linter code: $compiled"
bundles=$(find .build -name "*_App.resources" -o -name "*_App.bundle" -o -path "*App.build*" -name "resource_bundle_accessor.swift")
[ -z "$bundles" ] || fail "the build-tool plugin gave the target resources: $bundles"

echo "== a clean build prints nothing from the plugin"
sed -i 's/^class SampleViewModel/final class SampleViewModel/' Sources/App/SampleViewModel.swift
cat >>Tests/AppTests/SampleViewModelTests.swift <<'EOF'

@MainActor
@Test func shareKeepsTheTitle() {
    let sut = SampleViewModel()
    sut.share()
    #expect(sut.title == "Sample")
}
EOF
swift build --build-tests >"$work/clean.log" 2>&1 || { cat "$work/clean.log"; fail "the clean build failed"; }
if grep -v -E '^\[[0-9]+/[0-9]+\] |^Build complete!|^Building for |^Planning build|^$' "$work/clean.log" | grep -q .; then
    cat "$work/clean.log" >&2
    fail "a clean build printed more than progress"
fi
grep -q "Linting App against the MVVM architecture" "$work/clean.log" || fail "the edited sources were not linted again"

echo "== mvvm-new and mvvm-graph with the plugins package alone"
# The app resolves the runtime with `traits: []`, so `swift run mvvm` cannot exist here: these
# are the routes docs/scaffolding.md and docs/graph.md give such an app.
if swift package mvvm-new Settings --output Sources/App </dev/null >"$work/new.log" 2>&1; then fail "mvvm-new ran without write permission"; fi
grep -qi "permission" "$work/new.log" || fail "mvvm-new failed for another reason than permission: $(tail -3 "$work/new.log")"
# docs/scaffolding.md's commands for the plugins package, in order, as the page writes them.
scaffolds=$(awk '/^```sh[[:space:]]*$/ { inside = 1; next } /^```/ { inside = 0 } inside && /^swift package .*mvvm-new / { print }' "$repo/docs/scaffolding.md")
[ "$(grep -c . <<<"$scaffolds")" -eq 3 ] || fail "docs/scaffolding.md does not give three mvvm-new commands: $scaffolds"
while IFS= read -r command; do
    echo "\$ $command"
    bash -c "$command" </dev/null >"$work/new.log" 2>&1 || fail "'$command' failed: $(tail -5 "$work/new.log")"
done <<<"$scaffolds"
[ -f Sources/App/ProfileViewModel.swift ] && [ -f Tests/AppTests/ProfileViewModelTests.swift ] && [ -f Sources/App/Login/LoginViewModel.swift ] \
    || fail "mvvm-new did not write the screens and their tests: $(tail -5 "$work/new.log")"
swift package mvvm-graph --format dot </dev/null >"$work/graph.log" 2>&1 || fail "mvvm-graph failed: $(tail -5 "$work/graph.log")"
for drawn in ProfileViewModel CartViewModel LoginViewModel; do
    grep -q "\"$drawn\"" "$work/graph.log" || fail "mvvm-graph did not draw $drawn: $(head -5 "$work/graph.log")"
done
swift build --build-tests >"$work/new-build.log" 2>&1 || { tail -30 "$work/new-build.log"; fail "the scaffolded screens do not build"; }
swift test --skip-build >"$work/new-test.log" 2>&1 || { tail -30 "$work/new-test.log"; fail "the scaffolded screens' tests fail"; }
swift package mvvm-lint --strict --target App </dev/null >"$work/new-lint.log" 2>&1 || { cat "$work/new-lint.log"; fail "the scaffolded screens do not lint clean"; }
rm -rf Sources/App/Profile* Sources/App/Cart* Sources/App/MockCart* Sources/App/Login Tests/AppTests/Profile* Tests/AppTests/Cart* Tests/AppTests/MockCart* Tests/AppTests/Login
echo "ran docs/scaffolding.md's plugins commands: two triad screens and a responder screen; they build, pass their tests and lint clean; mvvm-graph drew them"

echo "== mvvm-fix needs write permission, and fixes with it"
sed -i 's/^final class SampleViewModel/class SampleViewModel/' Sources/App/SampleViewModel.swift
if swift package mvvm-fix </dev/null >"$work/fix.log" 2>&1; then fail "mvvm-fix ran without write permission"; fi
grep -qi "permission" "$work/fix.log" || fail "mvvm-fix failed for another reason than permission: $(cat "$work/fix.log")"
swift package --allow-writing-to-package-directory mvvm-fix --strict --target App </dev/null
grep -q "^final class SampleViewModel" Sources/App/SampleViewModel.swift || fail "mvvm-fix did not make the view model final"

echo "== a tool that cannot start is explained"
# A copy of the plugins package whose mvvm is broken three ways, and a package that uses it.
broken="$work/broken-plugins"
cp -R "$plugins" "$broken"
broken_mvvm=$(find "$broken/MVVMPrebuiltTool.artifactbundle" -path '*/bin/mvvm' | head -1)
mkdir -p "$work/Small/Sources/Small"
printf '// swift-tools-version: 6.1\nimport PackageDescription\nlet package = Package(name: "Small", dependencies: [.package(path: "%s")], targets: [.target(name: "Small")])\n' \
    "$broken" >"$work/Small/Package.swift"
echo 'struct Small {}' >"$work/Small/Sources/Small/Small.swift"
for case in "not executable:the file is not executable" "not a program:the system cannot run it" "missing:there is no file there"; do
    case "${case%%:*}" in
        "not executable") chmod -x "$broken_mvvm" ;;
        "not a program") printf '\177ELF\002\001\001not a program' >"$broken_mvvm" && chmod +x "$broken_mvvm" ;;
        missing) rm -f "$broken_mvvm" ;;
    esac
    (cd "$work/Small" && swift package mvvm-lint </dev/null >"$work/start.log" 2>&1) && fail "mvvm-lint with mvvm ${case%%:*} succeeded"
    grep -q "could not start .*: ${case#*:}" "$work/start.log" || fail "mvvm-lint with mvvm ${case%%:*} did not say why: $(tail -3 "$work/start.log")"
done
echo "explained: a tool that is not executable, not a program, or missing"

printf 'check-binary-plugins: cold first swift package mvvm-lint: %.1f s (bound 30 s); cold swift build --build-tests with the build-tool plugin: %.1f s (bound 60 s)\n' \
    "$lint_seconds" "$build_seconds"
exit 0
