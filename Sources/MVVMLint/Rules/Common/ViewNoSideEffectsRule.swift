import SwiftSyntax

/// Views do no I/O and hold no persistence.
struct ViewNoSideEffectsRule: FileRule {
    static let defaultBanned = ["URLSession", "JSONDecoder", "JSONEncoder", "FileManager", "UserDefaults", "AppStorage", "FetchRequest"]

    static let description = RuleDescription(
        id: "view-no-side-effects",
        summary: "A view performs no I/O or persistence: no URLSession, JSONDecoder/Encoder, FileManager, UserDefaults, @AppStorage, @FetchRequest.",
        rationale: """
            The DevConfiguration architecture notes keep logic out of views because views are hard to test; the responder rule book's rule 5 shows \
            @AppStorage syncing state behind the view model's back, which makes it untestable. Such work \
            belongs in the model layer, reached through the view model.
            """,
        presets: .common, defaultSeverity: .warning,
        options: [RuleOptionDescription(key: "banned", kind: .strings, summary: "Type and property-wrapper names a view may not use. Default: \(defaultBanned.joined(separator: ", ")).")],
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
        ],
        nonTriggering: [
            RuleExample("""
                struct FeedView<ViewModel: FeedViewModeling>: View {
                    @State var viewModel: ViewModel
                    var body: some View { List(viewModel.items) { Text($0.title) }.task { viewModel.load() } }
                }
                """),
            RuleExample("""
                final class FeedLoader {
                    func load() async throws -> Data { try await URLSession.shared.data(from: feedURL).0 }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        let banned = Set(file.configuration.strings("banned", of: Self.description.id, default: Self.defaultBanned))
        return file.viewCandidates.filter { !ArchitectureVocabulary.isRootOrPreview($0) }.flatMap { decl in
            let finder = BannedNameFinder(banned: banned)
            finder.walk(decl.memberBlock)
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

private final class BannedNameFinder: SyntaxVisitor {
    let banned: Set<String>
    var found: [(Syntax, String)] = []

    init(banned: Set<String>) {
        self.banned = banned
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.simpleName
        if banned.contains(name) {
            found.append((Syntax(node.attributeName), name))
        }
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if banned.contains(name) {
            found.append((Syntax(node), name))
        }
        return .visitChildren
    }
}
