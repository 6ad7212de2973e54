import SwiftSyntax

/// View models receive their services; they do not construct them.
struct ViewModelCreatesNoServicesRule: FileRule {
    static let description = RuleDescription(
        id: "view-model-creates-no-services",
        summary: "A view model does not instantiate services (`*Service`, `*Client`, ...) outside a `make*` factory or a dependency provider.",
        rationale: """
            Seeds 000 and 001 inject what a view model depends on, and seed 004's rule 8 passes every \
            dependency into the constructor: a service built inside the view model cannot be replaced in a \
            test. Factories (`make...`) and `DependencyProvider` types exist to build things and are exempt, \
            as are default argument values.
            """,
        presets: .common, defaultSeverity: .warning,
        options: [
            RuleOptionDescription(key: "suffixes", kind: .strings, summary: "Type-name suffixes that mark a service. Default: \(ArchitectureVocabulary.serviceSuffixes.joined(separator: ", ")).")
        ],
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class ProductListViewModel {
                    func load() async throws {
                        let products = try await ↓Webservice().fetchAllProducts()
                    }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class CartViewModel {
                    private let store = ↓CartStore()
                    private let client = ↓PaymentClient.init(baseURL: nil)
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class HomeViewModel {
                    func makeItemListViewModel() -> ItemListViewModel {
                        ItemListViewModel(dependencies: .init(itemFetcher: StandardItemFetcher()))
                    }
                }
                """),
            RuleExample("""
                extension HomeViewModel {
                    struct DependencyProvider: DependencyProviding {
                        let itemFetcher = StandardItemFetcher()
                    }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class CartViewModel {
                    private let store: any CartStoring
                    init(store: any CartStoring = CartStore()) { self.store = store }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        let suffixes = file.configuration.strings("suffixes", of: Self.description.id, default: ArchitectureVocabulary.serviceSuffixes)
        return file.viewModelCandidates.flatMap { decl in
            let finder = ServiceCreationFinder(suffixes: suffixes)
            finder.walk(decl.memberBlock)
            return finder.found.map { call, type in
                file.report(
                    Self.description, at: call,
                    "View model '\(decl.typeName)' creates the service '\(type)'; receive it through init instead.",
                    hint: "Inject it (a Dependencies struct or a dependency provider).",
                    when: ArchitectureVocabulary.viewModelConditions(decl)
                )
            }
        }
    }
}

private final class ServiceCreationFinder: SyntaxVisitor {
    let suffixes: [String]
    var found: [(FunctionCallExprSyntax, String)] = []

    init(suffixes: [String]) {
        self.suffixes = suffixes
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.name.text.hasPrefix("make") ? .skipChildren : .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { skipProvider(node) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { skipProvider(node) }

    private func skipProvider(_ decl: some DeclGroupSyntax) -> SyntaxVisitorContinueKind {
        let isProvider = decl.typeName.hasSuffix("DependencyProvider") || decl.inheritedNames.contains { $0.hasSuffix("DependencyProviding") }
        return isProvider ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let type = node.calledExpression.calledTypeName, type.hasAnySuffix(suffixes) || suffixes.contains(type) {
            found.append((node, type))
        }
        return .visitChildren
    }
}
