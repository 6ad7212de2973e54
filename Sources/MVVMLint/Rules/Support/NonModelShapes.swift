import SwiftSyntax

/// Shapes of types that hold views or view models by design without being models: types that
/// wire the layers together, a view model's own state, front ends (UIKit and AppKit types,
/// SwiftUI modifiers, styles and bridges, App Intents), helpers that build views, and types only
/// previews use. `layering` and the `layers:` rules of `.mvvm.yml` skip them alike.
enum NonModelShapes {
    /// Types that wire layers together by design.
    static let compositionSuffixes = RoleVocabulary.compositionSuffixes

    /// A view model's state (`FeedState`, `FeedViewState`, a `Destination`) may hold child view
    /// models: it is part of the view-model layer. So are preview wrappers.
    static let viewModelStateSuffixes = ["State", "Destination", "Preview", "Previews"]

    /// Front ends hold view models by design: UIKit and AppKit controllers, cells and views, and
    /// the delegates that set up a window's root.
    static let frontEndSuffixes = [
        "Controller", "Cell", "Delegate", "Window", "Screen", "Presenter", "HostingView", "CellConfiguration",
        "ContentConfiguration",
    ]

    /// Whether a type returns SwiftUI views or text from its functions or computed properties
    /// (`func label() -> Text`), or builds views otherwise: a presentation helper, not a model.
    static func makesUI(_ decl: some DeclGroupSyntax) -> Bool {
        // A `body(...)`, a `@ViewBuilder` member or a nested view: it produces views for a
        // protocol of the app's own (`func body(with:) -> Body` where `Body: View`).
        for member in decl.memberDecls {
            if let function = member.as(FunctionDeclSyntax.self),
               function.name.text == "body" || function.attributes.contains(named: "ViewBuilder") {
                return true
            }
            if let variable = member.as(VariableDeclSyntax.self), variable.attributes.contains(named: "ViewBuilder") {
                return true
            }
            if let nested = member.asDeclGroup, nested.declaresViewConformance {
                return true
            }
        }
        let results = decl.functions.compactMap { $0.signature.returnClause?.type }
            + decl.properties.filter { !$0.isStored }.compactMap(\.declaredType)
        return results.contains { type in
            returnsOpaqueView(type) || ["Text", "AnyView"].contains(type.simpleName)
        }
    }

    /// `some View`, or `some PlatformView`: an opaque type of a view protocol of the app's own
    /// (named like one), as a helper that builds a screen's overlay returns.
    private static func returnsOpaqueView(_ type: TypeSyntax) -> Bool {
        guard let opaque = type.as(SomeOrAnyTypeSyntax.self), opaque.someOrAnySpecifier.tokenKind == .keyword(.some) else { return false }
        return opaque.constraint.simpleName.hasSuffix("View")
    }

    /// SwiftUI conformances of types that present views without being models: modifiers,
    /// styles and the UIKit/AppKit bridges.
    static let frontEndConformances: Set<String> = [
        "ViewModifier", "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable",
        "NSViewControllerRepresentable", "ButtonStyle", "PrimitiveButtonStyle", "ToggleStyle", "LabelStyle",
        "Widget", "PreviewProvider", "ToolbarContent", "CustomizableToolbarContent", "DynamicProperty",
        "Commands", "TableColumnContent", "TableRowContent", "Shape", "Layout",
    ]

    /// Whether `decl` is a front end: named as one, a subclass of (or conforming to) a UIKit,
    /// AppKit or WatchKit type such as `UIContentConfiguration`, a SwiftUI modifier, style or
    /// bridge, or an App Intent (`AppIntent`, `AudioPlaybackIntent`...). `inherited` adds the
    /// conformances the file's extensions declare; `source` is the text of the file `decl` is in.
    static func isFrontEnd(_ decl: some DeclGroupSyntax, inherited: Set<String> = [], source: SourceText) -> Bool {
        if decl.typeName.hasAnySuffix(frontEndSuffixes) {
            return true
        }
        let inheritsFrontEnd = inherited.union(decl.inheritedNames).contains { name in
            frontEndConformances.contains(name) || name.hasAnySuffix(["Intent"]) || isPlatformUIName(name)
        }
        return inheritsFrontEnd || presentsCarPlayTemplate(decl) || overridesPlatformLifeCycle(decl) || hostsSwiftUI(decl, source: source)
    }

    /// Methods only a UIKit or AppKit view or controller has to override.
    static let platformLifeCycleMethods: Set<String> = [
        "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "viewDidLayoutSubviews",
        "loadView", "layoutSubviews", "draw", "awakeFromNib", "prepareForReuse", "updateConstraints", "traitCollectionDidChange",
        "viewWillLayout", "viewDidLayout", "layout", "updateLayer", "mouseDown", "touchesBegan",
    ]

    /// A class overriding a view's or controller's life-cycle method (`override func
    /// layoutSubviews()`, `override init(frame:)`) is a UIKit or AppKit view or controller, even
    /// when its base class comes from another package (`LineChartView`).
    private static func overridesPlatformLifeCycle(_ decl: some DeclGroupSyntax) -> Bool {
        guard decl.kind == .classDecl else { return false }
        return decl.memberDecls.contains { member in
            if let function = member.as(FunctionDeclSyntax.self) {
                return function.modifiers.contains(.override) && platformLifeCycleMethods.contains(function.name.text)
            }
            guard let initializer = member.as(InitializerDeclSyntax.self) else { return false }
            let labels = initializer.signature.parameterClause.parameters.elements.map(\.firstName.text)
            if initializer.modifiers.contains(.override) || initializer.modifiers.contains(.required) {
                if labels == ["frame"] || labels == ["nibName", "bundle"] || labels == ["coder"] { return true }
            }
            // `super.init(frame: .zero)`: the designated initialiser of a view.
            return initializer.body?.statements.elements.contains { statement in
                guard let call = statement.item.as(FunctionCallExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
                      let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
                      callee.base?.is(SuperExprSyntax.self) == true, callee.declName.baseName.tokenKind == .keyword(.`init`) else { return false }
                let arguments = call.arguments.elements.map { $0.label?.text ?? "" }
                return arguments == ["frame"] || arguments == ["nibName", "bundle"]
            } ?? false
        }
    }

    /// A type that puts a SwiftUI view in a hosting controller presents its view model, as a
    /// presenter or flow does (`UIHostingController(rootView: SettingsView(viewModel: viewModel))`).
    private static func hostsSwiftUI(_ decl: some DeclGroupSyntax, source: SourceText) -> Bool {
        // Every host's name has this in it; most files have none, and the walk cost a tenth of
        // a lint.
        guard source.contains("Hosting") else { return false }
        let finder = HostingFinder(viewMode: .sourceAccurate)
        finder.walk(decl.memberBlock)
        return finder.found
    }

    private final class HostingFinder: SyntaxVisitor {
        static let hosts: Set<String> = ["UIHostingController", "NSHostingController", "NSHostingView", "UIHostingConfiguration"]
        var found = false

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if Self.hosts.contains(node.baseName.text) { found = true }
            return found ? .skipChildren : .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            if Self.hosts.contains(node.name.text) { found = true }
            return .skipChildren
        }
    }

    /// A UIKit, AppKit, WatchKit or CarPlay name: `UIView`, `NSWindow`, `CPListTemplate`.
    static func isPlatformUIName(_ name: String) -> Bool {
        ["UI", "NS", "WK", "CP"].contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(2).startsUppercase
        }
    }

    /// CarPlay has no view controllers: a type that stores a template (`CPListTemplate`) or the
    /// interface controller it pushes templates on presents its view model, as a view
    /// controller would.
    private static func presentsCarPlayTemplate(_ decl: some DeclGroupSyntax) -> Bool {
        decl.properties.contains { property in
            guard property.isStored, let name = property.declaredType?.simpleName, name.hasPrefix("CP") else { return false }
            return name.hasSuffix("Template") || name == "CPInterfaceController"
        }
    }

    /// The conformances each type's extensions in this file declare.
    static func sameFileConformances(_ file: FileContext) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for decl in file.declarations(ExtensionDeclSyntax.self) {
            found[decl.typeName, default: []].formUnion(decl.inheritedNames)
        }
        return found
    }
}
