#!/usr/bin/env bash
# A team's own architecture rules, end to end, on Examples/CustomRules (a package of its own that
# depends on this repository by path): declarative rules in its .mvvm.yml, and rules written in
# Swift that its `team-mvvm` executable adds to the built-in ones.
# - it builds with no warning in its own code or this repository's, and its tests pass: the
#   examples of its Swift rules, run by MVVMLintTesting's harness, and its app's tests;
# - `team-mvvm lint --strict` finds nothing in the example (exit 0);
# - in a copy of it with one violation of each kind, `team-mvvm lint` reports exactly those, a
#   declarative rule's, a layer rule's and both Swift rules' findings (exit 1), and again from
#   its cache;
# - `team-mvvm rules` lists the Swift rules and the declarative ones;
# - a declarative rule that takes a Swift rule's id stops the run at its line (exit 2);
# - plain `mvvm lint` there runs the declarative rules, accepts suppressions of the team's rules
#   and names the command that runs them all (.mvvm.yml's `tool: team-mvvm`);
# - with a violation of each kind planted in the example itself (and restored after), the
#   example's plugins (swift-mvvm's plugin files, declared with team-mvvm as their tool) run
#   team-mvvm: `swift package mvvm-lint` and `swift build` both report a rule written in Swift
#   and a declarative one.
#
# The example has its own .build (swift-syntax is built once for it, then incrementally). With
# --shared-build it builds in this repository's .build instead, reusing the objects of
# swift-syntax and of this package that the tests' build left there (CI's last step: building
# the repository after it re-resolves the repository's own dependencies and rebuilds some).
# Usage: Scripts/check-custom-rules.sh [--shared-build]   (run by .ci/run)
set -euo pipefail
case "${1:-}" in
    "") scratch=() ;;
    --shared-build) scratch=(--scratch-path ../../.build) ;;
    *) echo "usage: Scripts/check-custom-rules.sh [--shared-build]" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/../Examples/CustomRules"
# Plain mvvm, built before the example resolves anything (with --shared-build, in the same folder).
mvvm="$(cd ../.. && swift build --product mvvm >/dev/null && swift build --show-bin-path)/mvvm"

work=$(mktemp -d)
# Files the script plants violations in are restored from here, whatever happens.
restore() {
    if [ -d "$work/originals" ]; then
        cp -R "$work/originals/." .
    fi
    rm -rf "$work"
}
trap restore EXIT

fail() {
    echo "error: $*" >&2
    exit 1
}

echo "== swift build --build-tests (Examples/CustomRules)"
swift build "${scratch[@]}" --build-tests 2>&1 | tee "$work/build.log"
# Warnings from dependencies' checkouts are not ours; this repository's and the example's are.
ours=$(grep -E "warning:" "$work/build.log" | grep -v "/.build/checkouts/" \
    | grep -vE "^warning: '[^']+': found [0-9]+ file\(s\) which are unhandled" || true)
if [ -n "$ours" ]; then
    echo "$ours" | sort -u >&2
    fail "the example's build printed warnings"
fi

echo "== swift test: the team rules' examples and the app's tests"
swift test "${scratch[@]}" --skip-build

team="$(swift build "${scratch[@]}" --show-bin-path)/team-mvvm"

echo "== team-mvvm lint --strict: the example is clean"
output=$("$team" lint --strict --no-cache) || fail "team-mvvm lint --strict failed on the example:"$'\n'"$output"
[ "$output" = "No violations." ] || fail "unexpected output on the example: $output"

echo "== team-mvvm lint: one violation of each kind, in a copy"
copy="$work/app"
mkdir -p "$copy"
cp -R Package.swift .mvvm.yml Sources Tests "$copy/"
# A bare Task and a print in the view model; a client protocol no test implements; the model
# layer importing the UI.
model="$copy/Sources/CatalogUI/BookList/BookListViewModel.swift"
awk '{ print } /^    public func load\(\) \{$/ { print "        print(\"loading\")"; print "        Task { }" }' "$model" >"$work/model.swift"
mv "$work/model.swift" "$model"
cat >"$copy/Sources/Catalog/PriceClient.swift" <<'EOF'
import CatalogUI

/// Prices, from the shop.
public protocol PriceClient: Sendable {}
EOF
expected="Sources/Catalog/PriceClient.swift:1:1: warning: The catalog is the model layer; it knows nothing of view models or views. (imports 'CatalogUI') (catalog-below-ui)
Sources/Catalog/PriceClient.swift:4:17: warning: No test conforms to 'PriceClient'. (repositories-have-test-doubles)
Sources/CatalogUI/BookList/BookListViewModel.swift:30:9: error: View models report through their responder or state, never by printing. (found 'print') (no-print-in-view-models)
Sources/CatalogUI/BookList/BookListViewModel.swift:31:9: error: The view model starts a task that nothing owns. (view-model-tasks-through-task-owner)"
for run in cold cached; do
    set +e
    (cd "$copy" && "$team" lint --reporter xcode --timing) >"$work/findings.txt" 2>"$work/errors.txt"
    status=$?
    set -e
    [ "$status" -eq 1 ] || fail "team-mvvm lint ($run) exited with $status, not 1: $(cat "$work/findings.txt" "$work/errors.txt")"
    if [ "$run" = cached ] && ! grep -q " 0 parsed," "$work/errors.txt"; then
        fail "the second run parsed files again: $(head -1 "$work/errors.txt")"
    fi
    if ! diff <(echo "$expected") "$work/findings.txt"; then
        fail "team-mvvm lint ($run) did not report exactly the expected findings (diff above)"
    fi
done
echo "reported the 4 expected findings, cold and from the cache"

echo "== team-mvvm rules: the Swift rules and the declarative ones"
rules=$("$team" rules)
for id in view-model-tasks-through-task-owner repositories-have-test-doubles no-print-in-view-models catalog-below-ui view-model-final; do
    grep -q "^$id " <<<"$rules" || fail "team-mvvm rules does not list $id"
done
# Into a file first: `grep -q` stops reading at the first match, and under pipefail the writer's
# SIGPIPE would fail the step.
"$team" rules --markdown >"$work/rulebook.md"
grep -q "^## view-model-tasks-through-task-owner$" "$work/rulebook.md" \
    || fail "team-mvvm rules --markdown has no entry for view-model-tasks-through-task-owner"

echo "== a declarative rule taking a Swift rule's id"
cat >"$copy/.mvvm.yml" <<'EOF'
preset: triad
custom-rules:
  - id: repositories-have-test-doubles
    message: Taken.
    forbid:
      types: [Repository]
EOF
set +e
(cd "$copy" && "$team" lint) >"$work/clash.txt" 2>&1
status=$?
set -e
[ "$status" -eq 2 ] || fail "a clashing rule id exited with $status, not 2"
grep -q "\.mvvm\.yml:3:9: error: the custom rule id 'repositories-have-test-doubles' is the id of a rule this tool adds in Swift; choose another" "$work/clash.txt" \
    || fail "unexpected message for a clashing id: $(cat "$work/clash.txt")"
echo "refused with exit 2: $(cat "$work/clash.txt")"

echo "== plain mvvm lint: the declarative rules, and the command for all of them"
cp .mvvm.yml "$copy/.mvvm.yml"
# A suppression of a Swift rule is the team tool's to check, not an invalid one.
sed -i 's|^        Task { }$|        Task { } // mvvm:disable:this view-model-tasks-through-task-owner|' "$model"
set +e
(cd "$copy" && "$mvvm" lint --reporter xcode --no-cache) >"$work/plain.txt" 2>"$work/plain-errors.txt"
status=$?
set -e
[ "$status" -eq 1 ] || fail "plain mvvm lint exited with $status, not 1: $(cat "$work/plain.txt" "$work/plain-errors.txt")"
grep -q "(no-print-in-view-models)" "$work/plain.txt" || fail "plain mvvm lint did not report the declarative rule"
if grep -q "invalid-suppression\|view-model-tasks-through-task-owner)" "$work/plain.txt"; then
    fail "plain mvvm lint judged the team's rules: $(cat "$work/plain.txt")"
fi
grep -q "swift run team-mvvm lint" "$work/plain-errors.txt" || fail "plain mvvm lint did not name the command for the whole rule set: $(cat "$work/plain-errors.txt")"
echo "reported the declarative rules and said: $(cat "$work/plain-errors.txt")"

echo "== the plugins run team-mvvm: a violation of each kind, planted in the example"
mkdir -p "$work/originals/Sources/CatalogUI/BookList"
cp Sources/CatalogUI/BookList/BookListViewModel.swift "$work/originals/Sources/CatalogUI/BookList/"
cp "$copy/Sources/CatalogUI/BookList/BookListViewModel.swift" Sources/CatalogUI/BookList/BookListViewModel.swift
sed -i 's| // mvvm:disable:this view-model-tasks-through-task-owner$||' Sources/CatalogUI/BookList/BookListViewModel.swift
set +e
swift package "${scratch[@]}" mvvm-lint --reporter xcode </dev/null >"$work/plugin.txt" 2>&1
status=$?
set -e
[ "$status" -eq 1 ] || fail "swift package mvvm-lint exited with $status, not 1: $(cat "$work/plugin.txt")"
for rule in no-print-in-view-models view-model-tasks-through-task-owner; do
    grep -q "^Sources/CatalogUI/BookList/BookListViewModel.swift:[0-9]*:[0-9]*: error: .*($rule)" "$work/plugin.txt" \
        || fail "swift package mvvm-lint did not report $rule: $(cat "$work/plugin.txt")"
done
echo "swift package mvvm-lint reported a Swift rule and a declarative one"
set +e
swift build "${scratch[@]}" >"$work/plugin-build.txt" 2>&1
status=$?
set -e
[ "$status" -ne 0 ] || fail "swift build succeeded although the build-tool plugin found errors"
for rule in no-print-in-view-models view-model-tasks-through-task-owner; do
    grep -q "Sources/CatalogUI/BookList/BookListViewModel.swift:[0-9]*:[0-9]*: error: .*($rule)" "$work/plugin-build.txt" \
        || fail "the build-tool plugin did not report $rule: $(cat "$work/plugin-build.txt")"
done
# SwiftPM runs the plugin's executable as team-mvvm-tool; it is still the tool .mvvm.yml names.
if grep -q "ran the rules it knows" "$work/plugin-build.txt" "$work/plugin.txt"; then
    fail "a plugin's run of team-mvvm called itself a partial run: $(cat "$work/plugin-build.txt")"
fi
echo "swift build (TeamLintBuildPlugin) reported a Swift rule and a declarative one, and failed"
cp -R "$work/originals/." .
swift build "${scratch[@]}" >"$work/clean-build.txt" 2>&1 || fail "the restored example does not build: $(cat "$work/clean-build.txt")"
