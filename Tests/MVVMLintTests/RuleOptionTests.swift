import Foundation
import MVVMLint
import Testing

/// Typed rule options: one declaration gives the key, type, default and documentation; the
/// loader checks the type with the line, and a configuration reads each option once.
struct RuleOptionTests {
    enum Tone: String, CaseIterable, RuleOptionValue {
        case strict, relaxed
    }

    /// How often ``CountedNames`` values were read from settings.
    final class ReadCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    /// A value that counts how often it is read from a configuration.
    struct CountedNames: RuleOptionValue {
        static let reads = ReadCount()
        var names: [String]

        static var optionKind: RuleOptionDescription.Kind { .strings }

        init(names: [String]) {
            self.names = names
        }

        init?(optionValue: OptionValue) {
            guard let names = [String](optionValue: optionValue) else { return nil }
            Self.reads.increment()
            self.names = names
        }

        var optionValue: OptionValue { .strings(names) }
    }

    struct OptionsRule: FileRule {
        static let limit = RuleOption("limit", default: 3, summary: "How many.")
        static let loud = RuleOption("loud", default: false, summary: "Whether to shout.")
        static let tone = RuleOption("tone", default: Tone.strict, summary: "How strict.")
        static let prefix = RuleOption("prefix", default: "Mock", summary: "The prefix.")
        static let names = RuleOption("names", default: CountedNames(names: ["a"]), summary: "Names.")
        static let description = RuleDescription(
            id: "options-rule", summary: "A rule with one option of each type.", rationale: "For the test.", presets: .common,
            defaultSeverity: .warning, options: [limit, loud, tone, prefix, names], triggering: [], nonTriggering: []
        )
        func check(_ file: FileContext) -> [PendingDiagnostic] { [] }
    }

    static let rules: RuleSet = {
        do {
            return try RuleSet.builtIn + [OptionsRule.self]
        } catch {
            fatalError("\(error)")
        }
    }()

    static func load(_ yaml: String) throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader(rules: rules).parse(yaml, path: ".mvvm.yml")
    }

    @Test func anOptionReadsItsDefaultUntilTheConfigurationSetsIt() throws {
        let id = OptionsRule.description.id
        let unset = try Self.load("preset: triad\n")
        #expect(unset.option(OptionsRule.limit, of: id) == 3)
        #expect(unset.option(OptionsRule.loud, of: id) == false)
        #expect(unset.option(OptionsRule.tone, of: id) == .strict)
        #expect(unset.option(OptionsRule.prefix, of: id) == "Mock")
        let set = try Self.load("rules:\n  options-rule:\n    limit: 7\n    loud: true\n    tone: relaxed\n    prefix: Fake\n")
        #expect(set.option(OptionsRule.limit, of: id) == 7)
        #expect(set.option(OptionsRule.loud, of: id) == true)
        #expect(set.option(OptionsRule.tone, of: id) == .relaxed)
        #expect(set.option(OptionsRule.prefix, of: id) == "Fake")
    }

    @Test func theBuiltInOptionsKeepTheirDefaults() throws {
        let configuration = Configuration()
        #expect(configuration.option(RuleOption("banned", default: ["x"], summary: ""), of: "no-singletons-in-view-models") == ["x"])
        let yaml = "rules:\n  no-singletons-in-view-models:\n    allow: Logger.shared\n"
        let allow = RuleOption("allow", default: Set<String>(), summary: "")
        #expect(try Self.load(yaml).option(allow, of: "no-singletons-in-view-models") == ["Logger.shared"])
    }

    /// A value of the wrong type is an error at its place, naming the type the option takes.
    @Test(arguments: [
        ("rules:\n  options-rule:\n    limit: many\n", ".mvvm.yml:3:12: error: 'options-rule.limit' must be an integer"),
        ("rules:\n  options-rule:\n    loud: maybe\n", ".mvvm.yml:3:11: error: 'options-rule.loud' must be true or false"),
        ("rules:\n  options-rule:\n    tone: lax\n", ".mvvm.yml:3:11: error: unknown value for 'options-rule.tone' 'lax'"),
        ("rules:\n  options-rule:\n    prefix: [A, B]\n", ".mvvm.yml:3:13: error: 'options-rule.prefix' must be a string"),
        ("rules:\n  options-rule:\n    names: {a: b}\n", ".mvvm.yml:3:12: error: 'options-rule.names' must be a list of strings"),
        ("rules:\n  view-no-side-effects:\n    banned: [[URLSession]]\n", ".mvvm.yml:3:14: error: 'view-no-side-effects.banned' must be a string"),
    ])
    func aValueOfTheWrongTypeIsAnErrorAtItsLine(yaml: String, expected: String) {
        #expect {
            _ = try Self.load(yaml)
        } throws: { error in
            ((error as? ConfigurationError)?.description ?? "\(error)").hasPrefix(expected)
        }
    }

    @Test func aConfigurationReadsEachOptionOnceForEveryFileThatSharesIt() throws {
        let id = OptionsRule.description.id
        let loaded = try Self.load("rules:\n  options-rule:\n    names: [b, c]\n")
        let before = CountedNames.reads.value
        // Every file of a folder gets a copy of the same configuration.
        let copies = Array(repeating: loaded, count: 20)
        for copy in copies {
            #expect(copy.option(OptionsRule.names, of: id).names == ["b", "c"])
        }
        #expect(CountedNames.reads.value - before == 1)
        // New settings are read again.
        var changed = loaded
        changed.rules[id]?.options["names"] = .strings(["d"])
        #expect(changed.option(OptionsRule.names, of: id).names == ["d"])
        #expect(loaded.option(OptionsRule.names, of: id).names == ["b", "c"])
        #expect(CountedNames.reads.value - before == 2)
    }

    @Test func theRuleBookAndTheRuleListShowEachOptionsTypeAndDefault() {
        let book = RuleBook.markdown(Self.rules)
        #expect(book.contains("- Option `limit`: How many. Takes an integer; default: 3.\n"))
        #expect(book.contains("- Option `tone`: How strict. Takes one of strict, relaxed; default: strict.\n"))
        #expect(book.contains("- Option `suffixes`: Type-name suffixes that mark a service. Takes a list of strings; default: Service, "))
        #expect(book.contains("- Option `allow`: `Type.member` accesses that are fine (e.g. `Logger.shared`). Takes a list of strings; default: none.\n"))
        let list = RuleBook.list(Self.rules)
        #expect(list.contains("\n" + String(repeating: " ", count: Self.rules.ids.map(\.count).max()! + 2) + "option loud: true or false (default: false)\n"))
    }
}
