import SwiftSyntax

/// A child view model's associated type for `YViewModeling` is `SomeYViewModel`.
struct AssociatedTypeNamingRule: FileRule {
    static let description = RuleDescription(
        id: "associated-type-naming",
        summary: "An associated type constrained to `YViewModeling` is named `SomeYViewModel`.",
        rationale: """
            The DevConfiguration architecture notes name a child's associated type after the protocol it stands for, with `Some` in \
            front (`SomeItemListViewModel: ItemListViewModeling`), so a reader knows at once which \
            screen it is and that it is a placeholder, not a class.
            """,
        presets: [.triad], defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                @MainActor
                protocol HomeViewModeling: Observable {
                    associatedtype ↓ListVM: ItemListViewModeling
                    func makeItemListViewModel() -> ListVM
                }
                """),
            RuleExample("""
                @MainActor
                protocol InboxViewModeling: Observable {
                    associatedtype ↓Row: MessageRowViewModeling
                    associatedtype ↓DetailViewModel: MessageDetailViewModeling
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor
                protocol HomeViewModeling: Observable {
                    associatedtype SomeItemListViewModel: ItemListViewModeling
                    func makeItemListViewModel() -> SomeItemListViewModel
                }
                """),
            RuleExample("""
                @MainActor
                protocol GalleryViewModeling: Observable {
                    associatedtype Photo: Identifiable
                    var photos: [Photo] { get }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.declarations(ProtocolDeclSyntax.self) where RoleVocabulary.isViewModelingName(decl.name.text) {
            for member in decl.memberDecls {
                guard let associatedType = member.as(AssociatedTypeDeclSyntax.self) else { continue }
                let constraints = associatedType.inheritanceClause?.inheritedTypes.map(\.type.simpleName) ?? []
                guard let child = constraints.first(where: { RoleVocabulary.isViewModelingName($0) }) else { continue }
                let expected = ChildViewModelAssociatedTypeRule.associatedTypeName(for: child)
                guard associatedType.name.text != expected else { continue }
                found.append(file.report(
                    Self.description, at: associatedType.name,
                    "Associated type '\(associatedType.name.text)' for '\(child)' should be named '\(expected)'.",
                    hint: "Rename it `\(expected)`."
                ))
            }
        }
        return found
    }
}
