import SwiftSyntax

/// Views do no I/O and hold no persistence.
struct ViewNoSideEffectsRule: FileRule {
    static let defaultBanned = ["URLSession", "JSONDecoder", "JSONEncoder", "FileManager", "UserDefaults", "AppStorage", "FetchRequest"]
    static let banned = RuleOption("banned", default: Set(defaultBanned), summary: "Type and property-wrapper names a view may not use.")

    static let description = RuleDescription(
        id: "view-no-side-effects",
        summary: "A view performs no I/O or persistence: no URLSession, JSONDecoder/Encoder, FileManager, UserDefaults, @AppStorage, @FetchRequest.",
        rationale: """
            The DevConfiguration architecture notes keep logic out of views because views are hard to test; the responder rule book's rule 5 shows \
            @AppStorage syncing state behind the view model's back, which makes it untestable. Such work \
            belongs in the model layer, reached through the view model. In a file that imports SwiftData, \
            a view's `@Query` and its `modelContext` writes (`insert`, `delete`, `save`) are persistence \
            too; reading a model the view was handed is not.
            """,
        presets: .common, defaultSeverity: .warning,
        options: [banned],
        triggering: [
            RuleExample("""
                struct LoginView: View {
                    @↓AppStorage("username") var username = ""
                    var body: some View { TextField("Name", text: $username) }
                }
                """),
            RuleExample("""
                struct FeedView: View {
                    @State private var items: [Item] = []
                    var body: some View {
                        List(items) { Text($0.title) }
                            .task {
                                let (data, _) = try! await ↓URLSession.shared.data(from: feedURL)
                                items = try! ↓JSONDecoder().decode([Item].self, from: data)
                            }
                    }
                }
                """),
            RuleExample("""
                import SwiftData
                import SwiftUI
                struct NotesView: View {
                    @↓Query(sort: \\Note.created) private var notes: [Note]
                    @Environment(\\.modelContext) private var context
                    var body: some View {
                        List(notes) { Text($0.title) }
                        Button("Add") {
                            context.↓insert(Note(title: "New"))
                            try? context.↓save()
                        }
                        Button("Clear") { notes.forEach { self.modelContext.↓delete($0) } }
                    }
                    @Environment(\\.modelContext) private var modelContext
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct FeedView<ViewModel: FeedViewModeling>: View {
                    @State var viewModel: ViewModel
                    var body: some View { List(viewModel.items) { Text($0.title) }.task { viewModel.load() } }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct SearchView: View {
                    @State private var query = Query(text: "")
                    @State private var tags: Set<String> = []
                    var body: some View {
                        Button("Tag") { tags.insert("swift") }
                        Text(query.text)
                    }
                }
                """),
            RuleExample("""
                import SwiftData
                import SwiftUI
                struct NoteRow: View {
                    let note: Note
                    var body: some View { Text(note.title) }
                }
                """),
            RuleExample("""
                final class FeedLoader {
                    func load() async throws -> Data { try await URLSession.shared.data(from: feedURL).0 }
                }
                """),
        ]
    )

    /// The `ModelContext` methods that write.
    static let modelContextWrites: Set<String> = ["insert", "delete", "save"]

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        let banned = file.configuration.option(Self.banned, of: Self.description.id)
        // `@Query` and a `modelContext` are SwiftData's only where the file imports it; an app
        // may have its own `Query` type.
        let usesSwiftData = file.imports.contains("SwiftData")
        // Without SwiftData, a view can only use a banned name its file's text contains: most
        // files contain none, and walking every view cost more than the other checks.
        guard usesSwiftData || banned.contains(where: file.source.contains) else { return [] }
        return file.viewCandidates.filter { !ArchitectureVocabulary.isRootOrPreview($0, in: file) }.flatMap { decl in
            let finder = BannedNameFinder(banned: banned)
            if usesSwiftData {
                finder.bannedAttributes = ["Query"]
                finder.modelContexts = Self.modelContextNames(of: decl)
            }
            finder.walkMembers(of: decl)
            return finder.found.map { node, name in
                file.report(
                    Self.description, at: node,
                    "View '\(decl.typeName)' uses '\(name)'; I/O and persistence belong in the model layer, behind the view model.",
                    when: ArchitectureVocabulary.viewConditions(decl)
                )
            }
        }
    }
}

extension ViewNoSideEffectsRule {
    /// The names a view reaches its SwiftData context by: `modelContext`, and any property
    /// read from `@Environment(\.modelContext)`.
    static func modelContextNames(of decl: some DeclGroupSyntax) -> Set<String> {
        var names: Set<String> = ["modelContext"]
        for property in decl.properties {
            guard let attribute = property.attributes.attribute(named: "Environment"),
                  case .argumentList(let arguments) = attribute.arguments,
                  let keyPath = arguments.first?.expression.as(KeyPathExprSyntax.self),
                  case .property(let component)? = keyPath.components.last?.component,
                  component.declName.baseName.text == "modelContext"
            else { continue }
            names.formUnion(property.boundNames)
        }
        return names
    }
}

private final class BannedNameFinder: ViewMemberVisitor {
    let banned: Set<String>
    /// Property wrappers reported as attributes only (`@Query`), never as other names.
    var bannedAttributes: Set<String> = []
    /// Names of SwiftData contexts whose writes are reported.
    var modelContexts: Set<String> = []
    var found: [(Syntax, String)] = []

    init(banned: Set<String>) {
        self.banned = banned
        super.init()
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.simpleName
        if banned.contains(name) || bannedAttributes.contains(name) {
            found.append((Syntax(node.attributeName), name))
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = node.calledExpression.as(MemberAccessExprSyntax.self),
           ViewNoSideEffectsRule.modelContextWrites.contains(callee.declName.baseName.text),
           let base = callee.base, let context = contextName(base) {
            found.append((Syntax(callee.declName), "\(context).\(callee.declName.baseName.text)"))
        }
        return .visitChildren
    }

    /// `modelContext` or `self.modelContext` when it names one of the contexts.
    private func contextName(_ expression: ExprSyntax) -> String? {
        expression.ownMemberName.flatMap { modelContexts.contains($0) ? $0 : nil }
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if banned.contains(name) {
            found.append((Syntax(node), name))
        }
        return .visitChildren
    }
}
