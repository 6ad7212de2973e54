import SwiftSyntax

/// View models receive shared objects; they do not reach out for singletons.
struct NoSingletonsInViewModelsRule: FileRule {
    static let defaultBanned = [
        "*.shared", "UserDefaults.standard", "NotificationCenter.default", "FileManager.default", "URLSession.shared",
        "UIDevice.current", "UNUserNotificationCenter.current",
    ]
    static let banned = RuleOption("banned", default: defaultBanned, summary: "`Type.member` patterns; `*` matches any type.")
    static let allow = RuleOption("allow", default: Set<String>(), summary: "`Type.member` accesses that are fine (e.g. `Logger.shared`).")

    static let description = RuleDescription(
        id: "no-singletons-in-view-models",
        summary: "A view model uses no singletons (`X.shared`, `UserDefaults.standard`, ...); they are injected.",
        rationale: """
            The Hacker News article calls singletons an anti-pattern and shares controllers by injection; the responder rule book's rule 8 \
            passes every dependency into the constructor. A singleton inside a view model is a dependency a \
            test cannot replace. Default argument values (`session: URLSession = .shared`) are injection \
            points and allowed, and so is a case named `shared` of an enum declared in the linted code. \
            Of the `.current` accessors, the device and the notification center are services a test must \
            replace and are banned (`UIDevice.current`, `UNUserNotificationCenter.current()`); \
            `Calendar.current`, `Locale.current` and `TimeZone.current` are the user's settings, plain \
            values read everywhere, and are not (add them to `banned` to require injecting them).
            """,
        presets: .common, defaultSeverity: .error,
        options: [banned, allow],
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
            RuleExample("""
                @MainActor @Observable
                final class CartViewModel {
                    func checkout() { ↓Analytics.shared.log("checkout") }
                }
                """, extraFiles: ["Sources/App/Analytics.swift": """
                enum Analytics {
                    case off
                    static let shared = Tracker()
                }
                """]),
            RuleExample("""
                import UserNotifications
                @MainActor @Observable
                final class RemindersViewModel {
                    private(set) var isPad = ↓UIDevice.current.userInterfaceIdiom == .pad
                    func enable() async throws {
                        _ = try await ↓UNUserNotificationCenter.current().requestAuthorization(options: [.alert])
                    }
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
                @MainActor @Observable
                final class AgendaViewModel {
                    private let center: UNUserNotificationCenter
                    init(center: UNUserNotificationCenter = .current(), device: UIDevice = UIDevice.current) {
                        self.center = center
                    }
                    func title(for date: Date) -> String {
                        let day = Calendar.current.component(.day, from: date)
                        return "\\(day) \\(Locale.current.identifier) \\(TimeZone.current.identifier)"
                    }
                }
                """),
            RuleExample("""
                final class ImageLoader {
                    func load() { _ = URLSession.shared }
                }
                """),
            RuleExample("""
                enum Visibility { case personal, shared }

                @MainActor @Observable
                final class AlbumViewModel {
                    private(set) var visibility = Visibility.personal
                    func share() { visibility = Visibility.shared }
                }
                """),
        ]
    )

    /// `Type.member`, split at the first dot after any leading ones (as `split` would, but
    /// without splitting the whole pattern: the option is read for every file).
    static func typeAndMember(_ pattern: String) -> (type: String, member: String)? {
        let dot = UInt8(ascii: ".")
        guard pattern.isASCII else {
            // A dot with a combining mark after it is no dot as a character.
            let text = pattern.drop { $0 == "." }
            guard let found = text.firstIndex(of: ".") else { return nil }
            let type = String(text[..<found]), member = String(text[text.index(after: found)...])
            return member.isEmpty ? nil : (type, member)
        }
        let bytes = pattern.utf8
        let start = bytes.firstIndex { $0 != dot } ?? bytes.endIndex
        guard let found = bytes[start...].firstIndex(of: dot) else { return nil }
        let member = bytes[bytes.index(after: found)...]
        return member.isEmpty ? nil : (String(Substring(bytes[start..<found])), String(Substring(member)))
    }

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        let banned = file.configuration.option(Self.banned, of: Self.description.id)
        let allowed = file.configuration.option(Self.allow, of: Self.description.id)
        let patterns = banned.compactMap(Self.typeAndMember)
        var found: [PendingDiagnostic] = []
        // Search the text for the banned member names: most files have none, and walking every
        // view model's body for them cost more than parsing.
        for member in Set(patterns.map(\.member)) {
            for token in file.identifiers(member) {
                guard let access = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                      access.declName.baseName.id == token.id,
                      let base = access.base?.as(DeclReferenceExprSyntax.self) else { continue }
                let type = base.baseName.text
                let text = "\(type).\(member)"
                guard type.startsUppercase, !allowed.contains(text),
                      patterns.contains(where: { ($0.type == "*" || $0.type == type) && $0.member == member }),
                      !Self.isDefaultArgument(access),
                      let decl = file.enclosingViewModelCandidate(of: access) else { continue }
                found.append(file.report(
                    Self.description, at: access,
                    "View model '\(decl.typeName)' uses the singleton '\(text)'; inject it through init instead.",
                    hint: "Add it to the view model's dependencies.",
                    // `Visibility.shared` is a case when the project's enum `Visibility` declares one.
                    when: ArchitectureVocabulary.viewModelConditions(decl) + [RoleCondition(text, is: .enumCase, holds: false)]
                ))
            }
        }
        return found
    }

    /// Default values of parameters are where a dependency is injected.
    static func isDefaultArgument(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current, !parent.is(CodeBlockSyntax.self), !parent.is(MemberBlockSyntax.self) {
            if parent.is(FunctionParameterSyntax.self) { return true }
            current = parent.parent
        }
        return false
    }
}
