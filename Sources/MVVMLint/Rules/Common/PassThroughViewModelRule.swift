import SwiftSyntax

/// A view model that only forwards a model's properties adds a layer without logic.
struct PassThroughViewModelRule: FileRule {
    static let description = RuleDescription(
        id: "pass-through-view-model",
        summary: "A `*ViewModel` that stores one model value, has no intents, and only returns that model's properties unchanged is a pass-through.",
        rationale: """
            The critique of MVVM in SwiftUI rests on view models like a product row type that wraps a model and \
            re-exposes each of its fields: a layer with no logic. Give the view the model (or its plain \
            values) instead; keep view models for screens with state and intents.
            """,
        presets: .common, defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                struct ↓ProductViewModel: Identifiable {
                    private var product: Product
                    init(product: Product) { self.product = product }
                    var id: Int { product.id }
                    var title: String { product.title }
                    var price: Double { product.price }
                }
                """),
            RuleExample("""
                final class ↓UserRowViewModel {
                    let user: User
                    init(user: User) { self.user = user }
                    var name: String { return self.user.name }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct ProductViewModel: Identifiable {
                    private var product: Product
                    var id: Int { product.id }
                    var price: String { product.price.formatted(.currency(code: "EUR")) }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class ProductViewModel {
                    private(set) var product: Product
                    init(product: Product) { self.product = product }
                    var title: String { product.title }
                    func addToCart() {}
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.declarations.filter { ($0.kind == .structDecl || $0.kind == .classDecl) && RoleVocabulary.isViewModelName($0.typeName) }
            .compactMap { decl -> PendingDiagnostic? in
                let stored = decl.properties.filter { $0.isStored && !$0.isStatic }
                guard stored.count == 1, let model = stored.first?.boundNames.first, stored.first?.bindings.count == 1 else { return nil }
                var forwarded = 0
                for member in decl.memberDecls {
                    if member.is(InitializerDeclSyntax.self) || member.is(TypeAliasDeclSyntax.self) { continue }
                    if let property = member.as(VariableDeclSyntax.self) {
                        if property.isStored { continue }
                        guard Self.forwards(property, from: model) else { return nil }
                        forwarded += 1
                        continue
                    }
                    // Functions, nested enums (Action), subscripts: logic or intents.
                    return nil
                }
                guard forwarded > 0 else { return nil }
                return file.report(
                    Self.description, at: decl.nameNode,
                    "'\(decl.typeName)' only forwards properties of '\(model)'; pass the model (or its values) to the view instead.",
                    hint: "Remove the view model or give it real logic."
                )
            }
    }

    /// Whether a computed property's body is just `model.x` (optionally `return self.model.x`).
    static func forwards(_ property: VariableDeclSyntax, from model: String) -> Bool {
        guard let accessors = property.bindings.first?.accessorBlock, case .getter(let body) = accessors.accessors,
              body.count == 1, let item = body.first?.item else { return false }
        var expression: ExprSyntax?
        if let statement = item.as(ReturnStmtSyntax.self) {
            expression = statement.expression
        } else {
            expression = item.as(ExprSyntax.self)
        }
        guard let member = expression?.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == model
        }
        if let inner = base.as(MemberAccessExprSyntax.self), inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return inner.declName.baseName.text == model
        }
        return false
    }
}
