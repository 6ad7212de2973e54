import SwiftSyntax

/// A view model's stored state can be changed only by the view model.
struct OutputsPrivateSetRule: FileRule {
    static let description = RuleDescription(
        id: "outputs-private-set",
        summary: "Stored `var` properties of a view model are `private(set)` or more restricted.",
        rationale: """
            The responder rule book makes outputs read-only to the outside: a view (or a parent) that could assign the \
            state directly would bypass `send(_:)`, and with it the one place state changes are \
            reasoned about and tested. The responder is left to `responder-private`; overrides, members of private classes and base classes (whose \
            subclasses may need to set them; Swift has no `protected`) are exempt. `--fix` makes the \
            property `private(set)` only when no linted file sets it from outside the class (an \
            assignment, a `$viewModel.query` binding, an `inout` argument, a method called on it, a key \
            path, a protocol that requires it settable); otherwise the finding says where it is set, \
            which is what a person moves into `send(_:)`.
            """,
        presets: [.responder], defaultSeverity: .error, isFixable: true,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class SearchViewModel {
                    var ↓query = ""
                    private(set) var results: [String] = []
                }
                """, extraFiles: ["Sources/App/SearchView.swift": """
                struct SearchView: View {
                    @Bindable var viewModel: SearchViewModel
                    var body: some View { TextField("Search", text: $viewModel.query) }
                }
                """], unfixedReason: "'query' is set outside 'SearchViewModel' (Sources/App/SearchView.swift:3)"),
            RuleExample("""
                @MainActor @Observable
                final class LoginViewModel {
                    var ↓state: State = .idle
                    public var ↓errorMessage: String?
                    enum State { case idle, authenticating }
                }
                """, fixed: """
                @MainActor @Observable
                final class LoginViewModel {
                    private(set) var state: State = .idle
                    public private(set) var errorMessage: String?
                    enum State { case idle, authenticating }
                }
                """),
            RuleExample("""
                @MainActor
                final class FeedViewModel: ObservableObject {
                    @Published var ↓stories: [String] = []
                    internal var ↓page = 1, ↓pageSize = 30
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class LoginViewModel {
                    public private(set) var state: State = .idle
                    private var attempts = 0
                    var isSubmitEnabled: Bool { state != .authenticating }
                    enum State { case idle, authenticating }
                }
                """),
            RuleExample("""
                @MainActor
                final class FeedViewModel: ObservableObject {
                    @Published private(set) var stories: [String] = []
                    fileprivate var page = 1
                    let pageSize = 30
                    static var shared = 0
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.declarations(ClassDeclSyntax.self) {
            let classAccess = decl.modifiers.accessLevel
            if classAccess == .private || classAccess == .fileprivate { continue }
            for property in decl.properties where property.isVar && property.isStored && !property.isStatic
                && !property.modifiers.contains(.override) && property.declaredType?.simpleName != "Responder" {
                let access = property.modifiers.accessLevel
                if access == .private || access == .fileprivate { continue }
                if let setter = property.modifiers.setterAccess, setter == .private || setter == .fileprivate { continue }
                for binding in property.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    found.append(file.report(
                        Self.description, at: binding.pattern,
                        "'\(decl.name.text).\(name)' can be set from outside the view model.",
                        hint: "Declare it `private(set) var \(name)` and change it in `send(_:)`.",
                        when: ArchitectureVocabulary.viewModelConditions(decl)
                            + [RoleCondition(decl.qualifiedTypeName, is: .baseClass, holds: false)]
                    ))
                }
            }
        }
        return found
    }
}
