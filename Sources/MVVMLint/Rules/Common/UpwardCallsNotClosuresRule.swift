import SwiftSyntax

/// Children talk to parents through a Responder (or a delegate), not stored callbacks.
struct UpwardCallsNotClosuresRule: FileRule {
    static let description = RuleDescription(
        id: "upward-calls-not-closures",
        summary: "A view model stores no closures used as upward callbacks; use Responder (or a delegate protocol in triad).",
        rationale: """
            The responder rule book's rule 7 replaces stored `() -> Void` actions with a `Responder<ResponderAction>` so \
            the upward channel is typed, testable and uniform; the DevConfiguration architecture notes use delegate protocols. Only \
            closures returning nothing are callbacks: an injected `() -> Date` clock is a dependency, and so \
            is an `async` or `throws` operation the view model awaits (`() async throws -> Void`).
            """,
        presets: .common, defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                @MainActor
                final class ChildViewModel: ObservableObject {
                    let ↓action1: () -> Void
                    private let ↓onFinish: @MainActor (Result<Int, Error>) -> Void
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class PickerViewModel {
                    var ↓didPick: ((String) -> ())?
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class ChildViewModel {
                    private let responder: Responder<ResponderAction>
                    private let now: () -> Date
                    var isEmpty: Bool { true }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class PremiumViewModel {
                    private let restoreSubscription: () async throws -> Void
                    private let signOut: @Sendable () async -> Void
                }
                """),
            RuleExample("""
                final class Debouncer {
                    let action: () -> Void
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewModelCandidates.flatMap { decl in
            decl.properties.filter { $0.isStored && !$0.isStatic }.flatMap { property in
                property.bindings.elements.compactMap { binding -> PendingDiagnostic? in
                    guard let type = binding.typeAnnotation?.type ?? property.declaredType,
                          let function = Self.functionType(type), Self.returnsNothing(function),
                          let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
                    return file.report(
                        Self.description, at: pattern,
                        "View model '\(decl.typeName)' stores the callback '\(pattern.identifier.text)'; send upward actions through a Responder.",
                        hint: "Declare a ResponderAction case and keep `private let responder: Responder<ResponderAction>`.",
                        when: ArchitectureVocabulary.viewModelConditions(decl)
                    )
                }
            }
        }
    }

    static func functionType(_ type: TypeSyntax) -> FunctionTypeSyntax? {
        if let function = type.as(FunctionTypeSyntax.self) { return function }
        if let attributed = type.as(AttributedTypeSyntax.self) { return functionType(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return functionType(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return functionType(unwrapped.wrappedType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return functionType(only.type)
        }
        return nil
    }

    static func returnsNothing(_ function: FunctionTypeSyntax) -> Bool {
        // An operation the view model awaits or handles errors of is a dependency, not a callback.
        if function.effectSpecifiers?.asyncSpecifier != nil || function.effectSpecifiers?.throwsClause != nil {
            return false
        }
        let result = function.returnClause.type
        if result.simpleName == "Void" { return true }
        if let tuple = result.as(TupleTypeSyntax.self) { return tuple.elements.isEmpty }
        return false
    }
}
