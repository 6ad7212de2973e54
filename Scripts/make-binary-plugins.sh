#!/usr/bin/env bash
# Makes the plugins-only package that lets an app lint with no swift-syntax build: a statically
# linked, stripped release `mvvm` in an artifact bundle (SE-0305), the two command plugins and the
# build-tool plugin (the same source files as this repository's Plugins/, copied), and a
# Package.swift with no dependencies. Also the bundle as a zip with its checksum, the form a
# release publishes by URL.
#
# Usage: Scripts/make-binary-plugins.sh [--binary TRIPLES=PATH]... [--configuration C] [--url URL] [--version V] OUT
#   OUT                    a new or empty folder, or one this script wrote before (it is replaced)
#   --binary TRIPLES=PATH  a `mvvm` already built for the comma-separated target triples, instead
#                          of building one here; repeat for each platform (the release workflow
#                          builds each on its own machine and assembles them with this)
#   --configuration C      without --binary: `release` (default) or `debug`; the script builds
#                          `mvvm` as `swift build -c C` does (reusing that build) and links it
#                          again with the standard library and Foundation linked in
#   --url URL              where the zip will be published: Package.swift then names the bundle
#                          by URL and checksum, as a released plugins package does, and OUT
#                          holds no bundle folder; without it, by path (MVVMPrebuiltTool.artifactbundle)
#   --version V            the bundle's version (default: what the mvvm built here prints)
#
# Writes:
#   OUT/Package.swift, OUT/Plugins/..., OUT/README.md, OUT/LICENSE
#   OUT/MVVMPrebuiltTool.artifactbundle/{info.json, mvvm-TRIPLE/bin/mvvm}   (without --url; the
#   bundle takes its binary target's name, as SwiftPM requires, and holds the artifact `mvvm`)
#   OUT/dist/MVVMPrebuiltTool.artifactbundle.zip and OUT/dist/MVVMPrebuiltTool.artifactbundle.zip.checksum
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

usage() {
    sed -n '8,22p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
fail() {
    echo "make-binary-plugins: $*" >&2
    exit 1
}

binaries=()
configuration=release
url=""
version=""
out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) [ $# -ge 2 ] || usage; binaries+=("$2"); shift 2 ;;
        --configuration) [ $# -ge 2 ] || usage; configuration=$2; shift 2 ;;
        --url) [ $# -ge 2 ] || usage; url=$2; shift 2 ;;
        --version) [ $# -ge 2 ] || usage; version=$2; shift 2 ;;
        -h|--help) usage ;;
        -*) echo "make-binary-plugins: unknown option $1" >&2; usage ;;
        *) [ -z "$out" ] || usage; out=$1; shift ;;
    esac
done
[ -n "$out" ] || usage

marker=".made-by-make-binary-plugins"
if [ -L "$out" ] || { [ -e "$out" ] && [ ! -d "$out" ]; }; then
    fail "$out is not a folder; refusing to replace it"
fi
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ] && [ ! -f "$out/$marker" ]; then
    fail "$out is not empty and was not written by this script; refusing to replace it"
fi

case "$configuration" in release|debug) ;; *) fail "--configuration is release or debug, not '$configuration'" ;; esac
linked=$(mktemp -d)
trap 'rm -rf "$linked"' EXIT
if [ ${#binaries[@]} -eq 0 ]; then
    # What this machine builds: one variant, for its own triple. SwiftPM writes
    # --static-swift-stdlib into every compile command, so building with it compiles the whole
    # release graph again even right after `swift build -c release` (25 to 46 minutes on a
    # 2-core machine). The flag only matters to the link: the script builds (or reuses) the
    # ordinary build and runs SwiftPM's own link command for `mvvm` again with -static-stdlib.
    start=$SECONDS
    info=$(swift -print-target-info)
    triple=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])' <<<"$info")
    (cd "$repo" && swift build -c "$configuration" --product mvvm)
    # Objects compiled without the flag name the shared libraries they need, not the static
    # archives behind them (CoreFoundation below Foundation), so the link names those archives;
    # as a group, since they reach each other in an order no single list satisfies.
    libs=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])' <<<"$info")_static/linux
    extra=(-Xlinker "-L$libs" -Xlinker --start-group)
    for lib in Foundation FoundationInternationalization _FoundationICU FoundationEssentials \
        _FoundationCollections _FoundationCShims CoreFoundation swiftSynchronization \
        swift_Concurrency swiftCore dispatch BlocksRuntime stdc++ m; do
        extra+=(-Xlinker "-l$lib")
    done
    extra+=(-Xlinker --end-group)
    built="$linked/mvvm"
    relink='
import json, re, subprocess, sys
manifest, triple, configuration, output, extra = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
name = re.escape(f"\"C.mvvm-{triple}-{configuration}.exe\":")
found = re.search("^  " + name + r"\n(?:    .*\n)*?    args: (\[.*\])$", open(manifest).read(), re.M)
if not found:
    sys.exit(f"no link command for mvvm in {manifest}")
arguments = json.loads(found.group(1))
at = arguments.index("-o")
arguments[at + 1] = output
arguments[at + 2:at + 2] = ["-static-stdlib"] + extra
sys.exit(subprocess.run(arguments).returncode)
'
    if ! python3 -c "$relink" "$repo/.build/$configuration.yaml" "$triple" "$configuration" "$built" "${extra[@]}"; then
        # A SwiftPM whose build description reads otherwise: the static build, in a folder of
        # its own so that it neither undoes nor is undone by the ordinary one.
        echo "make-binary-plugins: could not link the $configuration build again; building it with --static-swift-stdlib in .build/static" >&2
        static=(-c "$configuration" --static-swift-stdlib --scratch-path "$repo/.build/static")
        [ "$configuration" = release ] || static+=("${extra[@]}")
        (cd "$repo" && swift build "${static[@]}" --product mvvm)
        built="$(cd "$repo" && swift build "${static[@]}" --show-bin-path)/mvvm"
    fi
    "$built" --version >/dev/null || fail "the linked mvvm does not run"
    binaries=("$triple=$built")
    echo "make-binary-plugins: built mvvm for $triple ($configuration) in $((SECONDS - start)) s"
fi

# Everything is made beside OUT and moved into place at the end: a failed run leaves OUT as it was.
parent=$(dirname "$out")
mkdir -p "$parent"
staging=$(mktemp -d "$parent/.make-binary-plugins.XXXXXX")
chmod 755 "$staging"
trap 'rm -rf "$staging" "$linked"' EXIT
bundle="$staging/MVVMPrebuiltTool.artifactbundle"
mkdir -p "$bundle"

variants=()
for entry in "${binaries[@]}"; do
    triples=${entry%%=*}
    path=${entry#*=}
    [ "$triples" != "$entry" ] && [ -n "$triples" ] || fail "--binary takes TRIPLES=PATH, got '$entry'"
    [ -f "$path" ] && [ -x "$path" ] || fail "no executable at $path"
    name="mvvm-${triples//,/-}"
    mkdir -p "$bundle/$name/bin"
    cp "$path" "$bundle/$name/bin/mvvm"
    # Symbols are for debugging the tool, not for running it. A binary for another system (the
    # macOS variant, assembled on Linux) was stripped where it was built.
    if [ "$(head -c 4 "$bundle/$name/bin/mvvm" | od -An -c | tr -d ' ')" = '177ELF' ]; then
        strip "$bundle/$name/bin/mvvm"
    fi
    chmod 755 "$bundle/$name/bin/mvvm"
    quoted=$(printf '"%s", ' ${triples//,/ })
    variants+=("        {\"path\": \"$name/bin/mvvm\", \"supportedTriples\": [${quoted%, }]}")
    if [ -z "$version" ]; then
        version=$("$bundle/$name/bin/mvvm" --version 2>/dev/null || true)
    fi
done
[ -n "$version" ] || fail "could not tell the version; pass --version"

{
    echo '{'
    echo '  "schemaVersion": "1.0",'
    echo '  "artifacts": {'
    echo '    "mvvm": {'
    echo "      \"version\": \"$version\","
    echo '      "type": "executable",'
    echo '      "variants": ['
    (IFS=$'\n'; echo "${variants[*]}") | sed '$!s/$/,/'
    echo '      ]'
    echo '    }'
    echo '  }'
    echo '}'
} >"$bundle/info.json"
python3 -m json.tool "$bundle/info.json" >/dev/null || fail "wrote an invalid info.json"

# The zip a release publishes: the bundle folder at its root, files in a fixed order and time,
# so the same binaries give the same checksum.
mkdir -p "$staging/dist"
find "$bundle" -exec touch -h -d "2000-01-01 00:00:00 UTC" {} +
(cd "$staging" && find MVVMPrebuiltTool.artifactbundle | LC_ALL=C sort | zip -qX -@ dist/MVVMPrebuiltTool.artifactbundle.zip)

# The plugins: this repository's files, links resolved. The Xcode halves compile only in Xcode.
for plugin in MVVMLintCommandPlugin MVVMFixCommandPlugin MVVMNewCommandPlugin MVVMGraphCommandPlugin MVVMLintBuildPlugin; do
    mkdir -p "$staging/Plugins/$plugin"
    cp -L "$repo/Plugins/$plugin/"*.swift "$staging/Plugins/$plugin/"
done
cp "$repo/LICENSE" "$staging/LICENSE"

# The targets' names differ from swift-mvvm's own (an app depends on both, and SwiftPM wants
# target names unique in a graph); the products keep the names the README gives. The plugins
# find the executable by its artifact name, `mvvm`.
if [ -n "$url" ]; then
    binary_target=".binaryTarget(name: \"MVVMPrebuiltTool\", url: \"$url\", checksum: \"CHECKSUM\")"
else
    binary_target=".binaryTarget(name: \"MVVMPrebuiltTool\", path: \"MVVMPrebuiltTool.artifactbundle\")"
fi
cat >"$staging/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

// The swift-mvvm plugins with a prebuilt \`mvvm\` (version $version): an app that adds them
// compiles nothing of the linter. Written by swift-mvvm's Scripts/make-binary-plugins.sh.
let package = Package(
    name: "swift-mvvm-plugins",
    products: [
        .plugin(name: "MVVMLintCommandPlugin", targets: ["MVVMLintCommandPrebuiltPlugin"]),
        .plugin(name: "MVVMFixCommandPlugin", targets: ["MVVMFixCommandPrebuiltPlugin"]),
        .plugin(name: "MVVMNewCommandPlugin", targets: ["MVVMNewCommandPrebuiltPlugin"]),
        .plugin(name: "MVVMGraphCommandPlugin", targets: ["MVVMGraphCommandPrebuiltPlugin"]),
        .plugin(name: "MVVMLintBuildPlugin", targets: ["MVVMLintBuildPrebuiltPlugin"]),
    ],
    targets: [
        $binary_target,
        .plugin(
            name: "MVVMLintCommandPrebuiltPlugin",
            capability: .command(
                intent: .custom(verb: "mvvm-lint", description: "Lint the package against the MVVM architecture.")
            ),
            dependencies: ["MVVMPrebuiltTool"],
            path: "Plugins/MVVMLintCommandPlugin"
        ),
        .plugin(
            name: "MVVMFixCommandPrebuiltPlugin",
            capability: .command(
                intent: .custom(verb: "mvvm-fix", description: "Correct what the fixable MVVM rules find, then lint."),
                permissions: [.writeToPackageDirectory(reason: "mvvm lint --fix rewrites source files in place.")]
            ),
            dependencies: ["MVVMPrebuiltTool"],
            path: "Plugins/MVVMFixCommandPlugin"
        ),
        .plugin(
            name: "MVVMNewCommandPrebuiltPlugin",
            capability: .command(
                intent: .custom(verb: "mvvm-new", description: "Write a new screen that follows the MVVM architecture."),
                permissions: [.writeToPackageDirectory(reason: "mvvm new writes the screen's files into the package.")]
            ),
            dependencies: ["MVVMPrebuiltTool"],
            path: "Plugins/MVVMNewCommandPlugin"
        ),
        .plugin(
            name: "MVVMGraphCommandPrebuiltPlugin",
            capability: .command(
                intent: .custom(verb: "mvvm-graph", description: "Print the package's view-model graph.")
            ),
            dependencies: ["MVVMPrebuiltTool"],
            path: "Plugins/MVVMGraphCommandPlugin"
        ),
        .plugin(
            name: "MVVMLintBuildPrebuiltPlugin", capability: .buildTool(), dependencies: ["MVVMPrebuiltTool"],
            path: "Plugins/MVVMLintBuildPlugin"
        ),
    ]
)
EOF
checksum=$(cd "$staging" && swift package compute-checksum dist/MVVMPrebuiltTool.artifactbundle.zip)
[[ $checksum =~ ^[0-9a-f]{64}$ ]] || fail "unexpected checksum '$checksum'"
echo "$checksum" >"$staging/dist/MVVMPrebuiltTool.artifactbundle.zip.checksum"
if [ -n "$url" ]; then
    sed -i.bak "s/CHECKSUM/$checksum/" "$staging/Package.swift" && rm "$staging/Package.swift.bak"
    rm -rf "$bundle"
fi

cat >"$staging/README.md" <<EOF
# swift-mvvm plugins ($version)

The [swift-mvvm](https://github.com/OWNER/swift-mvvm) linter's SwiftPM plugins with a prebuilt,
self-contained \`mvvm\`: adding them builds no linter code.

- \`swift package mvvm-lint [--target NAME] [mvvm lint options]\`: lint the package, reading only.
- \`swift package --allow-writing-to-package-directory mvvm-fix\`: correct what can be corrected.
- \`swift package --allow-writing-to-package-directory mvvm-new NAME --output Sources/App\`: a new screen.
- \`swift package mvvm-graph [--format mermaid|dot|json]\`: print the view-model graph.
- \`MVVMLintBuildPlugin\`: lint a target on every build.

When \`.mvvm.yml\` names a team's own tool (\`tool: team-mvvm\`, the \`mvvm\` command line with
rules written in Swift), the command plugins build and run that tool instead. See swift-mvvm's
README for the rest.
EOF
touch "$staging/$marker"

rm -rf "$out"
mv "$staging" "$out"
trap - EXIT
echo "make-binary-plugins: wrote $out (mvvm $version; $(du -sh "$out/dist/MVVMPrebuiltTool.artifactbundle.zip" | cut -f1) zip, checksum $checksum)"
