import SwiftSyntax

/// View models receive shared objects; they do not reach out for singletons.
struct NoSingletonsInViewModelsRule: FileRule {
    static let defaultBanned = [
        "*.shared", "UserDefaults.standard", "NotificationCenter.default", "FileManager.default", "URLSession.shared",
    ]

    static let description = RuleDescription(
        id: "no-singletons-in-view-models",
        summary: "A view model uses no singletons (`X.shared`, `UserDefaults.standard`, ...); they are injected.",
        rationale: """
            Seed 003 calls singletons an anti-pattern and shares controllers by injection; seed 004's rule 8 \
            passes every dependency into the constructor. A singleton inside a view model is a dependency a \
            test cannot replace. Default argument values (`session: URLSession = .shared`) are injection \
            points and allowed.
            """,
        presets: .common, defaultSeverity: .error,
        options: [
            RuleOptionDescription(key: "banned", kind: .strings, summary: "`Type.member` patterns; `*` matches any type. Default: \(defaultBanned.joined(separator: ", "))."),
            RuleOptionDescription(key: "allow", kind: .strings, summary: "`Type.member` accesses that are fine (e.g. `Logger.shared`). Default: none."),
        ],
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class SettingsViewModel {
                    func save(_ name: String) {
                        ↓UserDefaults.standard.set(name, forKey: "name")
                        ↓AnalyticsTracker.shared.track("saved")
                    }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class FeedViewModel {
                    private let session = ↓URLSession.shared
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class SettingsViewModel {
                    private let defaults: UserDefaults
                    init(defaults: UserDefaults = .standard, tracker: AnalyticsTracker = AnalyticsTracker.shared) {
                        self.defaults = defaults
                    }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class FeedViewModel {
                    func refresh() { Logger.shared.log("refresh") }
                }
                """, configuration: """
                rules:
                  no-singletons-in-view-models:
                    allow: [Logger.shared]
                """),
            RuleExample("""
                final class ImageLoader {
                    func load() { _ = URLSession.shared }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        let banned = file.configuration.strings("banned", of: Self.description.id, default: Self.defaultBanned)
        let allowed = Set(file.configuration.strings("allow", of: Self.description.id, default: []))
        return file.viewModelCandidates.flatMap { decl in
            let finder = SingletonFinder(banned: banned, allowed: allowed)
            finder.walk(decl.memberBlock)
            return finder.found.map { access, text in
                file.report(
                    Self.description, at: access,
                    "View model '\(decl.typeName)' uses the singleton '\(text)'; inject it through init instead.",
                    hint: "Add it to the view model's dependencies.",
                    when: ArchitectureVocabulary.viewModelConditions(decl)
                )
            }
        }
    }
}

private final class SingletonFinder: SyntaxVisitor {
    let banned: [String]
    let allowed: Set<String>
    var found: [(MemberAccessExprSyntax, String)] = []

    init(banned: [String], allowed: Set<String>) {
        self.banned = banned
        self.allowed = allowed
        super.init(viewMode: .sourceAccurate)
    }

    // Default values are where a dependency is injected.
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let base = node.base?.as(DeclReferenceExprSyntax.self) else { return .visitChildren }
        let type = base.baseName.text
        let member = node.declName.baseName.text
        let text = "\(type).\(member)"
        guard type.first?.isUppercase == true, !allowed.contains(text) else { return .visitChildren }
        let matches = banned.contains { pattern in
            let parts = pattern.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return false }
            return (parts[0] == "*" || parts[0] == type) && parts[1] == member
        }
        if matches {
            found.append((node, text))
        }
        return .visitChildren
    }
}
