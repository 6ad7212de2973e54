import MVVMLint
import Testing

/// Runs the examples of rules as Swift Testing checks: the same harness tests the built-in
/// rules and a team's rules written in Swift.
///
/// Each example is linted as a small project (its main file and its `extraFiles`) with only its
/// rule switched on, under the rule's preset (triad when the rule belongs to it, otherwise
/// responder) and the example's `configuration`. A failed check is recorded as a Swift Testing
/// issue at the caller's source location, naming the rule and showing the code.
///
/// ```swift
/// import MVVMLintTesting
/// import Testing
///
/// @Test func ruleExamples() throws {
///     let runner = RuleExampleRunner(rules: try .builtIn + TeamRules.all)
///     runner.checkExamples(of: TeamRules.all)
/// }
/// ```
public struct RuleExampleRunner: Sendable {
    /// The rules the examples run among: settings and suppressions in an example may name any
    /// of them, and the rule of each example must be one of them.
    public let rules: RuleSet

    /// The fewest triggering and the fewest non-triggering examples a rule must have.
    public var minimumExamples = 2

    /// Creates a runner for examples of the rules in `rules`.
    public init(rules: RuleSet) {
        self.rules = rules
    }

    /// Runs every check on every example of each of `rules`: markers, silence, fixes and the
    /// number of examples.
    public func checkExamples(of rules: [any Rule.Type], sourceLocation: SourceLocation = #_sourceLocation) {
        for rule in rules {
            checkExamples(of: rule.description, sourceLocation: sourceLocation)
        }
    }

    /// Runs every check on every example of `rule`: ``checkTriggeringExamples(of:sourceLocation:)``,
    /// ``checkNonTriggeringExamples(of:sourceLocation:)``,
    /// ``checkSilenceInCommentsAndStrings(of:sourceLocation:)``, ``checkFixes(of:sourceLocation:)``
    /// for a rule that can fix, and ``checkExampleCount(of:sourceLocation:)``.
    public func checkExamples(of rule: RuleDescription, sourceLocation: SourceLocation = #_sourceLocation) {
        checkExampleCount(of: rule, sourceLocation: sourceLocation)
        guard canRun(rule, sourceLocation: sourceLocation) else { return }
        checkTriggeringExamples(of: rule, sourceLocation: sourceLocation)
        checkNonTriggeringExamples(of: rule, sourceLocation: sourceLocation)
        checkSilenceInCommentsAndStrings(of: rule, sourceLocation: sourceLocation)
        if rule.isFixable {
            checkFixes(of: rule, sourceLocation: sourceLocation)
        }
    }

    /// Checks that each triggering example of `rule` has a `↓` marker and that the rule reports
    /// at its markers, and nowhere else in the main file.
    public func checkTriggeringExamples(of rule: RuleDescription, sourceLocation: SourceLocation = #_sourceLocation) {
        guard canRun(rule, sourceLocation: sourceLocation) else { return }
        for example in rule.triggering {
            let (text, expected) = RuleExampleMarker.strip(example.code)
            #expect(!expected.isEmpty, "a triggering example of \(rule.id) has no ↓ marker", sourceLocation: sourceLocation)
            guard let found = diagnostics(of: example, for: rule, mainText: text, sourceLocation: sourceLocation) else { continue }
            let actual = found.map(RuleExampleMarker.init)
            #expect(actual.sorted() == expected.sorted(), "\(rule.id) on:\n\(text)", sourceLocation: sourceLocation)
        }
    }

    /// Checks that no non-triggering example of `rule` has a marker or makes the rule report.
    public func checkNonTriggeringExamples(of rule: RuleDescription, sourceLocation: SourceLocation = #_sourceLocation) {
        guard canRun(rule, sourceLocation: sourceLocation) else { return }
        for example in rule.nonTriggering {
            #expect(!example.code.contains(RuleExampleMarker.character), "a non-triggering example of \(rule.id) has a ↓ marker", sourceLocation: sourceLocation)
            guard let found = diagnostics(of: example, for: rule, mainText: example.code, sourceLocation: sourceLocation) else { continue }
            #expect(found.map(RuleExampleMarker.init).isEmpty, "\(rule.id) on:\n\(example.code)", sourceLocation: sourceLocation)
        }
    }

    /// Checks that each triggering example of `rule` is silent when every line is commented
    /// out, when it sits inside a string literal, and behind `// mvvm:disable <id>`: a rule
    /// reads code, not text, and honours suppressions.
    public func checkSilenceInCommentsAndStrings(of rule: RuleDescription, sourceLocation: SourceLocation = #_sourceLocation) {
        guard canRun(rule, sourceLocation: sourceLocation) else { return }
        for example in rule.triggering {
            let (text, _) = RuleExampleMarker.strip(example.code)
            let commented = text.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")
            let quoted = "let example = #\"\"\"\n" + text + "\n\"\"\"#\n"
            let disabled = "// mvvm:disable \(rule.id)\n" + text
            for variant in [commented, quoted, disabled] {
                guard let found = diagnostics(of: example, for: rule, mainText: variant, sourceLocation: sourceLocation) else { continue }
                #expect(found.map(RuleExampleMarker.init).isEmpty, "\(rule.id) on:\n\(variant)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Checks the fixes of a rule that can fix: at least one triggering example shows its
    /// `fixed` code, and for every triggering example the fix (fixes that span files included)
    /// gives that code when it is given and each extra file's `fixedExtraFiles` text (an extra
    /// file not named there must not change), a finding carries the example's `unfixedReason`
    /// when it names one, the fix leaves nothing fixable behind, and a second fix changes
    /// nothing.
    public func checkFixes(of rule: RuleDescription, sourceLocation: SourceLocation = #_sourceLocation) {
        guard canRun(rule, sourceLocation: sourceLocation) else { return }
        #expect(rule.triggering.contains { $0.fixed != nil }, "\(rule.id) shows no fixed example", sourceLocation: sourceLocation)
        for example in rule.triggering {
            let (text, _) = RuleExampleMarker.strip(example.code)
            let original = example.extraFiles.merging([example.path: text]) { _, main in main }
            guard let (found, fixed) = fix(original, of: example, for: rule, sourceLocation: sourceLocation) else { continue }
            if let expected = example.fixed {
                #expect(fixed[example.path] == expected, "\(rule.id) fixed:\n\(fixed[example.path] ?? "")", sourceLocation: sourceLocation)
            }
            for (path, code) in example.extraFiles.sorted(by: { $0.key < $1.key }) {
                let expected = example.fixedExtraFiles[path] ?? code
                #expect(fixed[path] == expected, "\(rule.id) fixed \(path):\n\(fixed[path] ?? "")", sourceLocation: sourceLocation)
            }
            if let reason = example.unfixedReason {
                #expect(found.contains { $0.fix == nil && $0.unfixedReason == reason },
                        "\(rule.id) gives no finding left with the reason '\(reason)':\n\(text)", sourceLocation: sourceLocation)
            }
            // What had a fix is gone; only what the rule cannot fix may remain.
            guard let (again, twice) = fix(fixed, of: example, for: rule, sourceLocation: sourceLocation) else { continue }
            #expect(again.allSatisfy { $0.fixByPath.isEmpty } && again.count <= found.filter { $0.fixByPath.isEmpty }.count,
                    "\(rule.id) still reports after its fix:\n\(fixed[example.path] ?? "")", sourceLocation: sourceLocation)
            #expect(twice == fixed, "\(rule.id)'s fix is not idempotent:\n\(fixed[example.path] ?? "")", sourceLocation: sourceLocation)
        }
    }

    /// The findings of `rule` in the main file of `texts` (files by path) with their fixes worked out, fixes
    /// that span files included, and every file's text after them; `nil` after recording why
    /// the example could not run.
    private func fix(
        _ texts: [String: String], of example: RuleExample, for rule: RuleDescription, sourceLocation: SourceLocation
    ) -> ([Diagnostic], [String: String])? {
        do {
            let configuration = try configuration(for: example, of: rule)
            let sources = texts.sorted { $0.key < $1.key }.map { SourceInput(path: $0.key, text: $0.value) }
            let result = Linter(jobs: 1, rules: rules).lint(sources, configurationForFile: { _ in configuration })
            // The main file's findings, whose fixes may reach the extra files.
            let found = rules.completingFixes(result.diagnostics.filter { $0.ruleID == rule.id && $0.path == example.path }, in: sources)
            var fixed = texts
            for (path, text) in texts {
                fixed[path] = FileFixer.apply(found.flatMap { $0.fixByPath[path] ?? [] }, to: text)
            }
            return (found, fixed)
        } catch {
            Issue.record(error, "an example of \(rule.id) could not run", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Checks that `rule` has at least ``minimumExamples`` triggering and non-triggering
    /// examples and an id of lowercase words joined by hyphens.
    public func checkExampleCount(of rule: RuleDescription, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(rule.triggering.count >= minimumExamples, "\(rule.id) has fewer than \(minimumExamples) triggering examples", sourceLocation: sourceLocation)
        #expect(rule.nonTriggering.count >= minimumExamples, "\(rule.id) has fewer than \(minimumExamples) non-triggering examples", sourceLocation: sourceLocation)
        #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule.id) is not kebab case", sourceLocation: sourceLocation)
    }

    /// The diagnostics of `rule` in the main file of `example`, with the main file's text
    /// replaced by `mainText` (its code without markers, or a variant of it).
    ///
    /// - Throws: A `ConfigurationError` when the example's `configuration` is not valid, or
    ///   ``RuleNotInSet`` when `rule` is not one of ``rules``.
    public func diagnostics(of example: RuleExample, for rule: RuleDescription, mainText: String) throws -> [Diagnostic] {
        guard rules.ids.contains(rule.id) else {
            throw RuleNotInSet(id: rule.id)
        }
        let configuration = try configuration(for: example, of: rule)
        var sources = [SourceInput(path: example.path, text: mainText)]
        for (path, text) in example.extraFiles.sorted(by: { $0.key < $1.key }) {
            sources.append(SourceInput(path: path, text: text))
        }
        let result = Linter(jobs: 1, rules: rules).lint(sources, configurationForFile: { _ in configuration })
        return result.diagnostics.filter { $0.ruleID == rule.id && $0.path == example.path }
    }

    /// The settings an example runs with: the rule's preset with every other rule off, then the
    /// example's own `configuration`.
    public func configuration(for example: RuleExample, of rule: RuleDescription) throws -> Configuration {
        var base = Configuration()
        base.preset = rule.presets.contains(.triad) ? .triad : .responder
        for other in rules.descriptions {
            base.rules[other.id] = RuleSetting(enabled: other.id == rule.id)
        }
        guard let yaml = example.configuration else { return base }
        return try ConfigurationLoader(rules: rules).parse(yaml, path: "example.mvvm.yml", over: base)
    }

    /// Whether `rule` is in the set; records one issue saying so when it is not.
    private func canRun(_ rule: RuleDescription, sourceLocation: SourceLocation) -> Bool {
        guard rules.ids.contains(rule.id) else {
            Issue.record(RuleNotInSet(id: rule.id), sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    /// The diagnostics, or `nil` after recording why they could not be had.
    private func diagnostics(of example: RuleExample, for rule: RuleDescription, mainText: String, sourceLocation: SourceLocation) -> [Diagnostic]? {
        do {
            return try diagnostics(of: example, for: rule, mainText: mainText)
        } catch {
            Issue.record(error, "an example of \(rule.id) could not run", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The rule of an example is not in the runner's rule set, so it cannot run.
    public struct RuleNotInSet: Error, Equatable, CustomStringConvertible, Sendable {
        /// The id of the rule.
        public var id: String

        /// Creates the error for the rule `id`.
        public init(id: String) {
            self.id = id
        }

        /// Says which rule is missing.
        public var description: String {
            "the rule '\(id)' is not in the runner's rule set; make the runner with a set that holds it"
        }
    }
}
