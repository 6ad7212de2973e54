import SwiftSyntax

/// References point down: view models hold no UI, models hold no view models or views.
struct LayeringRule: FileRule {
    static let description = RuleDescription(
        id: "layering",
        summary: "A view model holds no view or UI type; a model stores no view model or view.",
        rationale: """
            The DevConfiguration architecture notes want view models portable enough to drive non-visual interfaces and models that know \
            nothing of the layers above. A `Text` or a view type inside a view model ties it to SwiftUI; a \
            model storing a view model inverts the direction of references.
            """,
        presets: .common, defaultSeverity: .error,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class BannerViewModel {
                    var title: ↓Text = Text("Hi")
                    func makeIcon() -> ↓AnyView { AnyView(EmptyView()) }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class ProfileViewModel {
                    var header: ↓ProfileHeaderView?
                }
                """, extraFiles: ["Sources/App/ProfileHeaderView.swift": """
                import SwiftUI
                struct ProfileHeaderView: View { var body: some View { EmptyView() } }
                """]),
            RuleExample("""
                struct Order {
                    let id: Int
                    var screen: ↓OrderViewModel
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class IssueViewModel {
                    private(set) var label: Label?
                    private(set) var avatar: Image?
                }
                """, extraFiles: ["Sources/App/Models.swift": """
                struct Label: Decodable { let name: String; let color: String }
                struct Image: Decodable { let url: URL }
                """]),
            RuleExample("""
                @MainActor @Observable
                final class BannerViewModel {
                    private(set) var title = "Hi"
                    private(set) var iconName = "star"
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class HomeViewModel {
                    func makeProfileViewModel() -> ProfileViewModel { ProfileViewModel() }
                    enum Destination { case profile(ProfileViewModel) }
                }
                """),
            RuleExample("""
                final class OrderViewController: UIViewController {
                    private let viewModel: OrderViewModel
                }
                final class OrderCellHost: UICollectionViewCell {
                    var viewModel: OrderRowViewModel?
                }
                """),
            RuleExample("""
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var root: AppViewModel?
                }
                """),
            RuleExample("""
                @main
                struct ShopApp: App {
                    let viewModel = OrderViewModel()
                    var body: some Scene { WindowGroup { OrderView(viewModel: viewModel) } }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.viewModelCandidates {
            for reference in Self.typeReferences(in: decl.memberBlock.members) {
                let name = reference.simpleName
                let isUIType = ArchitectureVocabulary.uiTypes.contains(name)
                if isUIType || isSomeView(reference) {
                    // An app's own `Image` or `Label` model is plain data.
                    let ownType = isUIType ? [RoleCondition(name, is: .declared, holds: false)] : []
                    found.append(file.report(
                        Self.description, at: reference,
                        "View model '\(decl.typeName)' holds the UI type '\(reference.trimmedDescription)'; expose plain data instead.",
                        when: ArchitectureVocabulary.viewModelConditions(decl) + ownType
                    ))
                } else if name != decl.typeName && Self.mayNameProjectType(name) {
                    found.append(file.report(
                        Self.description, at: reference,
                        "View model '\(decl.typeName)' references the view '\(name)'; a view model never knows its views.",
                        when: ArchitectureVocabulary.viewModelConditions(decl) + [RoleCondition(name, is: .view)]
                    ))
                }
            }
        }
        // Models: top-level types that store view models or views.
        for decl in file.declarations where decl.enclosingDeclGroup == nil && !decl.is(ExtensionDeclSyntax.self) && !decl.is(ProtocolDeclSyntax.self) {
            if ArchitectureVocabulary.isRootOrPreview(decl) || decl.typeName.hasAnySuffix(Self.compositionSuffixes)
                || Self.isFrontEnd(decl) {
                continue
            }
            for property in decl.properties where property.isStored && !property.isStatic {
                guard let type = property.declaredType else { continue }
                let name = type.simpleName
                guard Self.mayNameProjectType(name) else { continue }
                let model = decl.typeName
                for role in [Role.viewModel, .view] {
                    found.append(file.report(
                        Self.description, at: type,
                        "Model '\(model)' stores the \(role == .view ? "view" : "view model") '\(name)'; models never reference the layers above them.",
                        when: [RoleCondition(model, is: .viewModel, holds: false), RoleCondition(model, is: .view, holds: false),
                               RoleCondition(name, is: role)]
                    ))
                }
            }
        }
        return found
    }

    /// Types that wire layers together by design.
    static let compositionSuffixes = ["Coordinator", "Router", "Dependencies", "DependencyProvider", "Container", "Factory", "Environment", "App", "Assembly"]

    /// Front ends hold view models by design: UIKit and AppKit controllers, cells and views, and
    /// the delegates that set up a window's root.
    static let frontEndSuffixes = ["Controller", "Cell", "Delegate", "Window", "Screen", "Presenter", "HostingView"]

    /// Whether `decl` is a front end: named as one, or a subclass of a UIKit, AppKit or WatchKit type.
    static func isFrontEnd(_ decl: some DeclGroupSyntax) -> Bool {
        if decl.typeName.hasAnySuffix(frontEndSuffixes) {
            return true
        }
        return decl.inheritedNames.contains { name in
            ["UI", "NS", "WK"].contains { prefix in
                name.hasPrefix(prefix) && name.dropFirst(2).first?.isUppercase == true
            }
        }
    }

    /// Whether a written type may be one of the project's views or view models; most stored
    /// properties hold standard types, and skipping them keeps pending findings few.
    static func mayNameProjectType(_ name: String) -> Bool {
        guard let first = name.first, first.isUppercase else { return false }
        return !ArchitectureVocabulary.standardTypes.contains(name)
    }

    private func isSomeView(_ type: TypeSyntax) -> Bool {
        if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
            return someOrAny.constraint.simpleName == "View"
        }
        return false
    }
}

extension LayeringRule {
    /// The types written in the members' property annotations, parameters and results, nested
    /// types and bodies excluded (they are checked on their own, or hold no stored state).
    static func typeReferences(in members: MemberBlockItemListSyntax) -> [TypeSyntax] {
        var references: [TypeSyntax] = []
        for member in members {
            switch member.decl.as(DeclSyntaxEnum.self) {
            case .variableDecl(let variable):
                references += variable.bindings.compactMap { $0.typeAnnotation?.type }
            case .functionDecl(let function):
                references += function.signature.parameterClause.parameters.map(\.type)
                if let result = function.signature.returnClause?.type { references.append(result) }
            case .initializerDecl(let initializer):
                references += initializer.signature.parameterClause.parameters.map(\.type)
            case .subscriptDecl(let subscriptDecl):
                references += subscriptDecl.parameterClause.parameters.map(\.type)
                references.append(subscriptDecl.returnClause.type)
            case .ifConfigDecl(let ifConfig):
                for clause in ifConfig.clauses {
                    if case .decls(let nested) = clause.elements {
                        references += typeReferences(in: nested)
                    }
                }
            default:
                break
            }
        }
        return references
    }
}
