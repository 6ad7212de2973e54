import SwiftSyntax

/// A view model that only forwards a model's properties adds a layer without logic.
struct PassThroughViewModelRule: FileRule {
    static let description = RuleDescription(
        id: "pass-through-view-model",
        summary: "A `*ViewModel` that stores one model value, has no intents, and only returns that model's properties unchanged is a pass-through.",
        rationale: """
            The critique of MVVM in SwiftUI rests on view models like a product row type that wraps a model and \
            re-exposes each of its fields: a layer with no logic. Give the view the model (or its plain \
            values) instead; keep view models for screens with state and intents. Members the type's \
            extensions declare count as its own: one that is not a forward (a view it makes, a \
            function) is logic. A type extended in other files is left alone, since those members \
            are not read here.
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
            // An extension that only forwards too, or only adds a conformance, adds no logic.
            RuleExample("""
                struct ↓PhotoItemViewModel: Identifiable {
                    var id: String { item.id }
                    let item: Photo
                }
                extension PhotoItemViewModel: Hashable {}
                extension PhotoItemViewModel {
                    var url: URL { item.url }
                }
                """),
        ],
        nonTriggering: [
            // A member in an extension that forwards nothing is logic of the type's own.
            RuleExample("""
                import SwiftUI
                struct PhotoItemViewModel: Identifiable {
                    var id: String { item.id }
                    let item: Photo
                }
                extension PhotoItemViewModel: GridItemViewModel {
                    var view: AnyView { AnyView(Text(item.url.absoluteString)) }
                }
                """),
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
        file.declarations.filter { decl in
            (decl.kind == .structDecl || decl.kind == .classDecl) && RoleVocabulary.isViewModelName(decl.typeName) && !Previews.isPreview(decl, in: file)
        }
            .compactMap { decl -> PendingDiagnostic? in
                let stored = decl.properties.filter { $0.isStored && !$0.isStatic }
                guard stored.count == 1, let model = stored.first?.boundNames.first, stored.first?.bindings.count == 1 else { return nil }
                var forwarded = 0
                let extensions = file.declarations(ExtensionDeclSyntax.self).filter { $0.extendedType.simpleName == decl.typeName }
                for member in decl.memberDecls + extensions.flatMap(\.memberDecls) {
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
                    hint: "Remove the view model or give it real logic.",
                    // An extension in another file may add what this file does not show.
                    when: [RoleCondition(decl.qualifiedTypeName, is: .declaredInOneFile)]
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
