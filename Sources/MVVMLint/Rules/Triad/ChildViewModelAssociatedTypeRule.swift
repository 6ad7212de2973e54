import SwiftSyntax

/// Child view models in a `*ViewModeling` protocol are associated types.
struct ChildViewModelAssociatedTypeRule: FileRule {
    static let description = RuleDescription(
        id: "child-view-model-associated-type",
        summary: "A child view model in a *ViewModeling protocol is an associated type constrained to a *ViewModeling protocol, never an existential or a concrete class.",
        rationale: """
            The DevConfiguration architecture notes and the triad write-up keep the view tree generic all the way down: the parent's protocol names \
            its child as `associatedtype SomeYViewModel: YViewModeling`, so the child view can be \
            generic too and a preview can substitute a mock. An existential child erases the type the \
            child view needs; a concrete class couples the parent's protocol to one implementation.
            """,
        presets: [.triad], defaultSeverity: .error,
        triggering: [
            RuleExample("""
                @MainActor
                protocol HomeViewModeling: Observable {
                    func makeItemListViewModel() -> ↓any ItemListViewModeling
                }
                """),
            RuleExample("""
                @MainActor
                protocol HomeViewModeling: Observable {
                    var detail: ↓DetailViewModel? { get }
                    var rows: [↓RowViewModeling] { get }
                }
                """),
            RuleExample("""
                @MainActor
                protocol PlayerViewModeling: Observable {
                    var queue: (↓any QueueViewModeling)? { get }
                    var chapters: Optional<[↓any ChapterViewModeling]> { get }
                }
                """),
            RuleExample("""
                @MainActor
                protocol CartViewModeling: Observable {
                    associatedtype SomeCheckoutViewModel: ↓CheckoutViewModel
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor
                protocol HomeViewModeling: Observable {
                    associatedtype SomeItemListViewModel: ItemListViewModeling
                    var title: String { get }
                    func makeItemListViewModel() -> SomeItemListViewModel
                }
                """),
            RuleExample("""
                @MainActor
                protocol InboxViewModeling: Observable {
                    associatedtype SomeRowViewModel: RowViewModeling
                    var rows: [SomeRowViewModel] { get }
                    var selected: SomeRowViewModel? { get }
                }
                """),
            RuleExample("""
                protocol ReportBuilding {
                    func makeSummary() -> any SummaryProviding
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.declarations(ProtocolDeclSyntax.self) where RoleVocabulary.isViewModelingName(decl.name.text) {
            var associated: Set<String> = []
            for member in decl.memberDecls {
                guard let associatedType = member.as(AssociatedTypeDeclSyntax.self) else { continue }
                associated.insert(associatedType.name.text)
                // A constraint names a protocol or a class; only a view model class is wrong.
                for constraint in associatedType.inheritanceClause.map({ Array($0.inheritedTypes) }) ?? []
                where !RoleVocabulary.isViewModelingName(constraint.type.simpleName) {
                    found += findings(for: constraint.type, in: decl, associated: [], file: file)
                }
            }
            for property in decl.properties {
                if let type = property.declaredType {
                    found += findings(for: type, in: decl, associated: associated, file: file)
                }
            }
            for function in decl.functions {
                if let type = function.signature.returnClause?.type {
                    found += findings(for: type, in: decl, associated: associated, file: file)
                }
            }
        }
        return found
    }

    private func findings(
        for type: TypeSyntax, in decl: ProtocolDeclSyntax, associated: Set<String>, file: FileContext
    ) -> [PendingDiagnostic] {
        let element = type.elementType
        let name = element.simpleName
        if associated.contains(name) { return [] }
        if RoleVocabulary.isViewModelingName(name) {
            guard element.isExistential || !element.is(SomeOrAnyTypeSyntax.self) else { return [] }
            return [file.report(
                Self.description, at: element,
                "'\(decl.name.text)' exposes the child view model as the existential '\(element.trimmedText)'.",
                hint: "Add `associatedtype \(Self.associatedTypeName(for: name)): \(name)` and use it."
            )]
        }
        // Any other type is reported only if the project resolves it to a view model class.
        return [file.report(
            Self.description, at: element,
            "'\(decl.name.text)' exposes the concrete view model '\(name)'.",
            hint: "Add `associatedtype Some\(name): \(name)ing` and use it.",
            when: [RoleCondition(name, is: .viewModel)]
        )]
    }

    /// The name `associated-type-naming` expects for a child of protocol `protocolName`.
    static func associatedTypeName(for protocolName: String) -> String {
        "Some" + protocolName.dropLast("ing".count)
    }
}

extension TypeSyntax {
    /// The element of an optional, array or dictionary value, repeatedly, through parentheses
    /// (`(any X)?`) and the generic spellings (`Optional<X>`, `Array<X>`, `Set<X>`,
    /// `Dictionary<K, X>`); the type itself otherwise.
    var elementType: TypeSyntax {
        var current = TypeSyntax(self)
        // Each step unwraps one level of the written type; the bound guards hostile input.
        for _ in 0..<32 {
            if let optional = current.as(OptionalTypeSyntax.self) {
                current = optional.wrappedType
            } else if let unwrapped = current.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                current = unwrapped.wrappedType
            } else if let array = current.as(ArrayTypeSyntax.self) {
                current = array.element
            } else if let dictionary = current.as(DictionaryTypeSyntax.self) {
                current = dictionary.value
            } else if let tuple = current.as(TupleTypeSyntax.self), tuple.elements.count == 1,
                      let only = tuple.elements.first, only.firstName == nil {
                current = only.type
            } else if let identifier = current.as(IdentifierTypeSyntax.self),
                      ["Optional", "Array", "Set", "Dictionary", "ContiguousArray"].contains(identifier.name.text),
                      case .type(let argument)? = identifier.genericArgumentClause?.arguments.last?.argument {
                current = argument
            } else {
                break
            }
        }
        return current
    }
}
