import SwiftSyntax

/// View models receive their services; they do not construct them.
struct ViewModelCreatesNoServicesRule: FileRule {
    static let suffixes = RuleOption("suffixes", default: RoleVocabulary.serviceSuffixes, summary: "Type-name suffixes that mark a service.")

    static let description = RuleDescription(
        id: "view-model-creates-no-services",
        summary: "A view model does not instantiate services (`*Service`, `*Client`, ...) outside a `make*` factory or a dependency provider.",
        rationale: """
            The DevConfiguration architecture notes and the triad write-up inject what a view model depends on, and the responder rule book's rule 8 passes every \
            dependency into the constructor: a service built inside the view model cannot be replaced in a \
            test. Factories (`make...`) and `DependencyProvider` types exist to build things and are exempt, \
            as are default argument values. A type nested in the view model (in its declaration or an \
            extension) is its state, whatever its name: a `Service` row of a screen that lists services.
            """,
        presets: .common, defaultSeverity: .warning,
        options: [suffixes],
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
            // A nested type of the view model's own does not excuse a service beside it.
            RuleExample("""
                @MainActor @Observable
                final class GalleryViewModel {
                    struct Row: Identifiable { let id: Int }
                    private(set) var rows: [Row] = []
                    private let images = ↓ImageService()
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class MainViewModel {
                    private let account: AccountViewModel
                    init(session: Session) {
                        account = AccountViewModel(premiumViewModelFactory: { PremiumViewModel(service: SubscriptionService(session: session)) })
                    }
                }
                """),
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
            // A type nested in the view model is its state, whatever its name: here the rows of
            // a settings screen that lists services.
            RuleExample("""
                @MainActor @Observable
                final class ServicesViewModel {
                    final class Service: Identifiable {
                        let name: String
                        init(name: String) { self.name = name }
                    }
                    private(set) var services: [Service] = []
                    func load(names: [String]) {
                        services = names.map { Service(name: $0) }
                    }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class LibraryViewModel {
                    private(set) var shelves: [ShelfStore] = []
                    func load(names: [String]) {
                        shelves = names.map { Self.ShelfStore(name: $0) } + [ShelfStore(name: "All")]
                    }
                }
                """, extraFiles: ["Sources/App/LibraryViewModel+Shelves.swift": """
                extension LibraryViewModel {
                    struct ShelfStore {
                        let name: String
                    }
                }
                """]),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        let suffixes = file.configuration.option(Self.suffixes, of: Self.description.id)
        var found: [PendingDiagnostic] = []
        var seen: Set<SyntaxIdentifier> = []
        // Search the text for the suffixes instead of walking every view model's body.
        for suffix in suffixes {
            for token in file.identifiers(suffix, asSuffix: true) {
                guard let call = Self.call(creating: token), seen.insert(call.id).inserted,
                      !Self.isExempt(call), let decl = file.enclosingViewModelCandidate(of: call),
                      let nested = Self.ownNestedType(token, in: call, of: decl) else { continue }
                found.append(file.report(
                    Self.description, at: call,
                    "View model '\(decl.typeName)' creates the service '\(token.text)'; receive it through init instead.",
                    hint: "Inject it (a Dependencies struct or a dependency provider).",
                    when: ArchitectureVocabulary.viewModelConditions(decl) + nested
                ))
            }
        }
        return found
    }

    /// The call `T(...)`, `T.init(...)`, `Module.T(...)` or `T<X>(...)` whose type name is `token`.
    private static func call(creating token: TokenSyntax) -> FunctionCallExprSyntax? {
        var node = token.parent
        for _ in 0..<4 {
            guard let current = node else { return nil }
            if let call = current.as(FunctionCallExprSyntax.self) {
                return call.calledExpression.calledTypeName == token.text ? call : nil
            }
            node = current.parent
        }
        return nil
    }

    /// For the type `token` names, the condition that it is no type nested in the view model
    /// `decl` (declared there or in an extension, in any file): a type of the view model's own
    /// is its state (the rows of a screen that lists services), whatever its name. No condition
    /// when another type qualifies the name (`Network.Service`); `nil`, no finding, when the view
    /// model does (`Self.Service`).
    private static func ownNestedType(_ token: TokenSyntax, in call: FunctionCallExprSyntax, of decl: some DeclGroupSyntax) -> [RoleCondition]? {
        // The qualifier of `Q.T(...)`, `Q.T.init(...)` or `Q.T<X>(...)`.
        var qualifier: ExprSyntax?
        if let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.id == token.id {
            qualifier = member.base
        }
        guard let qualifier else {
            return [RoleCondition(decl.qualifiedTypeName + "." + token.text, is: .declared, holds: false)]
        }
        let written = qualifier.trimmedDescription
        if written == "Self" || written == decl.typeName || written == decl.qualifiedTypeName { return nil }
        return []
    }

    /// Creation is fine in a default argument, a `make*` factory (a function, or a closure passed
    /// as a `...Factory:` or `make...:` argument) and a dependency provider.
    private static func isExempt(_ call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let parent = current {
            if parent.is(FunctionParameterSyntax.self) { return true }
            if let function = parent.as(FunctionDeclSyntax.self), function.name.text.hasPrefix("make") { return true }
            // A closure handed over as a factory (`detailViewModelFactory: { ... }`) is one too.
            if let argument = parent.as(LabeledExprSyntax.self), let label = argument.label?.text,
               label.hasSuffix("Factory") || label.hasPrefix("make") { return true }
            if let decl = parent.asDeclGroup,
               decl.typeName.hasSuffix("DependencyProvider") || decl.inheritedNames.contains(where: { $0.hasSuffix("DependencyProviding") }) {
                return true
            }
            if parent.kind == .classDecl || parent.kind == .extensionDecl { return false }
            current = parent.parent
        }
        return false
    }
}
