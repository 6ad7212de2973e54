import SwiftSyntax

/// References point down: view models hold no UI, models hold no view models or views.
struct LayeringRule: FileRule {
    static let description = RuleDescription(
        id: "layering",
        summary: "A view model holds no view or UI type; a model stores no view model or view.",
        rationale: """
            The DevConfiguration architecture notes want view models portable enough to drive non-visual interfaces and models that know \
            nothing of the layers above. A `Text` or a view type inside a view model ties it to SwiftUI; a \
            model storing a view model inverts the direction of references. UI framework types count \
            (`Color`, `Font`, `UIImage`, `UIColor`, UIKit and AppKit views, controllers and configurations \
            such as `UIButton.Configuration`, `some View`), unless the app declares its own type of that \
            name; text types (`LocalizedStringKey`, `AttributedString`) are data. A reference inside a \
            generic argument counts (`[String: XViewModel]`, `Optional<X>`, arrays, tuples). Only view \
            models are restricted from UI types: a theme model may hold a `Color`. Front ends are no \
            models (controllers, cells and their content configurations, delegates, view modifiers, \
            styles, representables, App Intents, helpers whose members return `Text` or views), nor \
            are types that wire layers together (`*Coordinator`, `*Router`, `*Container`, `*Provider`, \
            `*Factory`, `*Dependencies`), nor is a view model's state (`*State`, \
            `*ViewState`, a `Destination`) or a preview wrapper (`*Preview`, `*Previews`, or a type only \
            previews use): each may hold view models.
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
            RuleExample("""
                import SwiftUI
                import UIKit
                @MainActor @Observable
                final class ComposerViewModel {
                    private(set) var tint: ↓Color = .blue
                    private(set) var titleFont: ↓Font?
                    private(set) var avatar: ↓UIImage?
                    private(set) var attachments: [String: ↓UIImage] = [:]
                    private(set) var sendButton: ↓UIButton.Configuration = .filled()
                    private(set) var preview: ↓UIImageView?
                    private(set) var highlight: ↓UIColor?
                    func makeToolbar() -> ↓some View { EmptyView() }
                }
                """),
            RuleExample("""
                struct Session {
                    var screens: [String: ↓ScreenViewModel]
                    var rows: [↓RowViewModel] = []
                    var detail: Optional<↓DetailViewModel>
                    var sheet: (title: String, model: ↓SheetViewModel)?
                }
                """),
        ],
        nonTriggering: [
            // A struct is no view model, whatever its extensions take and return.
            RuleExample("""
                import SwiftUI
                struct SettingsSnapshot {
                    var theme = 1
                }
                extension SettingsSnapshot {
                    func makePreview(in frame: CGRect) -> SettingsView { SettingsView() }
                    static func == (lhs: SettingsSnapshot, rhs: SettingsSnapshot) -> Bool { lhs.theme == rhs.theme }
                }
                struct SettingsView: View {
                    var body: some View { Text("Settings") }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct CropController: UIViewControllerRepresentable {
                    let coordinator: Coordinator
                    final class Coordinator: NSObject, ObservableObject, CropViewControllerDelegate {
                        @Published var hasChanges = false
                        var image: UIImage?
                        func cropViewController(_ controller: CropViewController, didCrop image: UIImage) {}
                    }
                    func makeUIViewController(context: Context) -> CropViewController { CropViewController() }
                    func updateUIViewController(_ controller: CropViewController, context: Context) {}
                }
                """, extraFiles: ["Sources/App/PhotoCropView.swift": """
                import SwiftUI
                struct PhotoCropView: View {
                    @StateObject private var coordinator = CropController.Coordinator()
                    var body: some View { CropController(coordinator: coordinator) }
                }
                """]),
            RuleExample("""
                struct SearchGroupProvider: ContentGroupProvider {
                    let filterViewModel: FilterViewModel
                }
                """, extraFiles: ["Sources/App/FilterViewModel.swift": """
                import Observation
                @MainActor @Observable final class FilterViewModel {}
                """]),
            RuleExample("""
                import SwiftUI
                struct ToolbarTab: ToolbarContent {
                    let routerPath: RouterPath
                    var body: some ToolbarContent { ToolbarItem { Text("") } }
                }
                struct EpisodeGroup: ContentGroup {
                    let viewModel: SeasonViewModel
                    func body(with viewModel: SeasonViewModel) -> Body { Body(viewModel: viewModel) }
                    struct Body: View {
                        let viewModel: SeasonViewModel
                        var body: some View { Text(viewModel.title) }
                    }
                }
                """, extraFiles: ["Sources/App/Navigation.swift": """
                import SwiftUI
                @Observable final class RouterPath {}
                struct RootView: View {
                    @State private var routerPath = RouterPath()
                    var body: some View { Text("") }
                }
                """]),
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
                import SwiftUI
                struct Theme {
                    var tint: Color
                    var bodyFont: Font
                }
                @MainActor @Observable
                final class GreetingViewModel {
                    private(set) var title: LocalizedStringKey = "Hello"
                    private(set) var body = AttributedString("Welcome")
                    private let results: NSFetchedResultsController<Item>
                    private(set) var badgeColor: Color?
                    init(results: NSFetchedResultsController<Item>) { self.results = results }
                }
                """, extraFiles: ["Sources/App/Color.swift": """
                struct Color: Decodable { let hex: String }
                """]),
            RuleExample("""
                import AppIntents
                import SwiftUI
                import UIKit
                struct RefreshOnAppear: ViewModifier {
                    let viewModel: FeedViewModel
                    func body(content: Content) -> some View { content.task { viewModel.send(.refresh) } }
                }
                struct PlayIntent: AudioPlaybackIntent {
                    static let title: LocalizedStringResource = "Play"
                    var player: PlayerViewModel?
                    func perform() async throws -> some IntentResult { .result() }
                }
                struct StatusRowConfiguration {
                    var viewModel: StatusRowViewModel
                }
                extension StatusRowConfiguration: UIContentConfiguration {
                    func makeContentView() -> any UIView & UIContentView { fatalError() }
                    func updated(for state: any UIConfigurationState) -> Self { self }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct StatusAccessibilityLabel {
                    let viewModel: StatusRowViewModel
                    func label() -> Text { Text(viewModel.author) }
                }
                struct RecommendationCellConfiguration: HomeCarouselCellConfiguration {
                    let viewModel: HomeItemCellViewModel
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class InboxViewModel {
                    struct State { var detail: MessageViewModel? }
                    private(set) var state = State()
                }
                struct InboxViewState {
                    var rows: [MessageRowViewModel]
                }
                enum Destination {
                    case message(MessageViewModel)
                }
                struct InboxDestination {
                    var viewModel: MessageViewModel
                }
                """),
            RuleExample("""
                import SwiftUI
                struct SampleInbox {
                    let viewModel: InboxViewModel
                }
                struct InboxView_Previews: PreviewProvider {
                    static var previews: some View { InboxView(viewModel: SampleInbox(viewModel: InboxViewModel()).viewModel) }
                }
                #Preview {
                    InboxView(viewModel: SampleInbox(viewModel: InboxViewModel()).viewModel)
                }
                struct ComposerPreview {
                    var viewModel: ComposerViewModel
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
            // Settled once per declaration: its qualified name walks up the tree.
            let isViewModel = ArchitectureVocabulary.viewModelConditions(decl)
            for written in Self.typeReferences(in: decl.memberBlock.members) {
                for reference in Self.leafTypes(in: written) {
                    let name = reference.simpleName
                    if let uiName = Self.uiTypeName(reference) {
                        // An app's own `Image` or `Label` model is plain data.
                        found.append(file.report(
                            Self.description, at: reference,
                            "View model '\(decl.typeName)' holds the UI type '\(reference.trimmedText)'; expose plain data instead.",
                            when: isViewModel + [RoleCondition(uiName, is: .declared, holds: false)]
                        ))
                    } else if Self.isSomeView(reference) {
                        found.append(file.report(
                            Self.description, at: reference,
                            "View model '\(decl.typeName)' holds the UI type '\(reference.trimmedText)'; expose plain data instead.",
                            when: isViewModel
                        ))
                    } else if name != decl.typeName && Self.mayNameProjectType(name) {
                        found.append(file.report(
                            Self.description, at: reference,
                            "View model '\(decl.typeName)' references the view '\(name)'; a view model never knows its views.",
                            when: isViewModel + [RoleCondition(name, is: .view)]
                        ))
                    }
                }
            }
        }
        // Models: top-level types that store view models or views.
        let conformances = Self.sameFileConformances(file)
        for decl in file.declarations where decl.enclosingDeclGroup == nil && !decl.is(ExtensionDeclSyntax.self) && !decl.is(ProtocolDeclSyntax.self) {
            // Most declarations store nothing that could be a view or a view model: find that
            // out before asking the costlier questions of what the declaration is.
            let stored = decl.properties.filter { property in
                property.isStored && !property.isStatic
                    && property.declaredType.map { Self.leafTypes(in: $0).contains { Self.mayNameProjectType($0.simpleName) } } == true
            }
            guard !stored.isEmpty else { continue }
            let inherited = conformances[decl.typeName] ?? []
            if ArchitectureVocabulary.isRootOrPreview(decl) || decl.typeName.hasAnySuffix(Self.compositionSuffixes)
                || Self.isFrontEnd(decl, inherited: inherited) || decl.typeName.hasAnySuffix(Self.viewModelStateSuffixes)
                || Self.makesUI(decl) {
                continue
            }
            var pending: [PendingDiagnostic] = []
            for property in stored {
                guard let type = property.declaredType else { continue }
                for reference in Self.leafTypes(in: type) {
                    let name = reference.simpleName
                    guard Self.mayNameProjectType(name) else { continue }
                    let model = decl.typeName
                    for role in [Role.viewModel, .view] {
                        pending.append(file.report(
                            Self.description, at: reference,
                            "Model '\(model)' stores the \(role == .view ? "view" : "view model") '\(name)'; models never reference the layers above them.",
                            when: [RoleCondition(model, is: .viewModel, holds: false), RoleCondition(model, is: .view, holds: false),
                                   RoleCondition(name, is: role)]
                        ))
                    }
                }
            }
            // A type only previews use wraps a view for them; it is no model.
            if !pending.isEmpty && !Self.isUsedOnlyInPreviews(decl, in: file) {
                found += pending
            }
        }
        return found
    }

    /// Types that wire layers together by design.
    static let compositionSuffixes = ["Coordinator", "Router", "Dependencies", "Provider", "Container", "Factory", "Environment", "App", "Assembly"]

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
            if let nested = member.asProtocol(DeclGroupSyntax.self), nested.declaresViewConformance {
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
    /// conformances the file's extensions declare.
    static func isFrontEnd(_ decl: some DeclGroupSyntax, inherited: Set<String> = []) -> Bool {
        if decl.typeName.hasAnySuffix(frontEndSuffixes) {
            return true
        }
        return inherited.union(decl.inheritedNames).contains { name in
            frontEndConformances.contains(name) || name.hasAnySuffix(["Intent"])
                || ["UI", "NS", "WK"].contains { prefix in
                    name.hasPrefix(prefix) && name.dropFirst(2).first?.isUppercase == true
                }
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

    /// Whether every mention of the type's name in its file, other than its declaration, sits in
    /// a `#Preview` or a `PreviewProvider` (and there is at least one).
    static func isUsedOnlyInPreviews(_ decl: some DeclGroupSyntax, in file: FileContext) -> Bool {
        // Most files have no preview: the word is cheaper to look for than every use of the name.
        guard file.source.mentions("Preview") else { return false }
        let declaration = decl.nameNode.positionAfterSkippingLeadingTrivia
        let uses = file.identifiers(decl.typeName).filter { $0.positionAfterSkippingLeadingTrivia != declaration }
        return !uses.isEmpty && uses.allSatisfy(isInPreview)
    }

    private static func isInPreview(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current {
            if let macro = parent.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return true }
            if let macro = parent.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return true }
            if let group = parent.asProtocol(DeclGroupSyntax.self), group.inheritedNames.contains("PreviewProvider") { return true }
            current = parent.parent
        }
        return false
    }

    /// Whether a written type may be one of the project's views or view models; most stored
    /// properties hold standard types, and skipping them keeps pending findings few.
    static func mayNameProjectType(_ name: String) -> Bool {
        guard let first = name.first, first.isUppercase else { return false }
        return !ArchitectureVocabulary.standardTypes.contains(name)
    }

    /// For a UI framework type, the name an app's own declaration of it would have (`UIButton`
    /// for `UIButton.Configuration`); `nil` for anything else.
    static func uiTypeName(_ type: TypeSyntax) -> String? {
        if let member = type.as(MemberTypeSyntax.self) {
            // `UIButton.Configuration`, `UIListContentConfiguration.TextProperties`: nested in UIKit.
            let base = member.baseType.simpleName
            return isUIKitName(base) ? base : nil
        }
        let name = type.simpleName
        return ArchitectureVocabulary.uiTypes.contains(name) || isUIKitName(name) ? name : nil
    }

    /// UIKit and AppKit views, controllers and configurations: `UI` or `NS`, then a capital, and
    /// one of their suffixes (Core Data's `NSFetchedResultsController` is no UI).
    private static func isUIKitName(_ name: String) -> Bool {
        guard name.hasPrefix("UI") || name.hasPrefix("NS"), name.dropFirst(2).first?.isUppercase == true,
              name != "NSFetchedResultsController" else { return false }
        return ArchitectureVocabulary.uiTypes.contains(name)
            || name.hasAnySuffix(["View", "Controller", "Button", "Label", "Configuration", "Control", "Field", "Bar", "Cell", "Window"])
    }

    private static func isSomeView(_ type: TypeSyntax) -> Bool {
        if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
            return someOrAny.constraint.simpleName == "View"
        }
        return false
    }

    /// The named types a written type is made of, through optionals, arrays, dictionaries,
    /// tuples, `some`/`any`, attributes, compositions and generic arguments (`[String: T]`,
    /// `Optional<T>`, `Set<T>`): where a view model or view may hide. `some View` stays whole.
    static func leafTypes(in type: TypeSyntax) -> [TypeSyntax] {
        var leaves: [TypeSyntax] = []
        // Written types nest as deep as their text; the depth bound guards hostile input.
        func visit(_ type: TypeSyntax, depth: Int) {
            guard depth < 32 else { return }
            switch type.as(TypeSyntaxEnum.self) {
            case .identifierType(let identifier):
                leaves.append(type)
                // `?? []` would build an empty syntax collection for every plain name.
                if let arguments = identifier.genericArgumentClause?.arguments {
                    for argument in arguments {
                        if case .type(let argumentType) = argument.argument { visit(argumentType, depth: depth + 1) }
                    }
                }
            case .memberType(let member):
                leaves.append(type)
                // `?? []` would build an empty syntax collection for every plain name.
                if let arguments = member.genericArgumentClause?.arguments {
                    for argument in arguments {
                        if case .type(let argumentType) = argument.argument { visit(argumentType, depth: depth + 1) }
                    }
                }
            case .optionalType(let optional): visit(optional.wrappedType, depth: depth + 1)
            case .implicitlyUnwrappedOptionalType(let optional): visit(optional.wrappedType, depth: depth + 1)
            case .arrayType(let array): visit(array.element, depth: depth + 1)
            case .dictionaryType(let dictionary):
                visit(dictionary.key, depth: depth + 1)
                visit(dictionary.value, depth: depth + 1)
            case .someOrAnyType(let someOrAny):
                if isSomeView(type) { leaves.append(type) } else { visit(someOrAny.constraint, depth: depth + 1) }
            case .attributedType(let attributed): visit(attributed.baseType, depth: depth + 1)
            case .tupleType(let tuple): tuple.elements.forEach { visit($0.type, depth: depth + 1) }
            case .compositionType(let composition): composition.elements.forEach { visit($0.type, depth: depth + 1) }
            default: break
            }
        }
        visit(type, depth: 0)
        return leaves
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
