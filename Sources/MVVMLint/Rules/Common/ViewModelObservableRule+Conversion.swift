import SwiftSyntax

extension ViewModelObservableRule {
    /// The class's own part of the move from `ObservableObject` to `@Observable`, or why the
    /// class alone shows that the move would change what the program does.
    ///
    /// The class drops `ObservableObject` and gains `@Observable`; each `@Published var` becomes
    /// a plain `var`, which the macro tracks; every other stored `var` gains
    /// `@ObservationIgnored`, so that it stays as unobserved as it was. The class must be
    /// internal (a public one may be held by code outside the linted files), not generic, and
    /// conform to nothing that could be a base class or an `ObservableObject`; its stored
    /// properties must be ones the macro can track: one name each, no `lazy`, no property wrapper
    /// but `@Published`, no observer on a published one (the macro moves observers onto its
    /// storage, and newer Observation skips a set that keeps the value, where `@Published` ran
    /// them on every set). Nothing in it may use what only an `ObservableObject` has:
    /// `objectWillChange`, a `$property` publisher, the `_property` storage of `@Published`.
    struct Conversion {
        /// The class.
        let decl: ClassDeclSyntax
        /// Its name.
        var name: String { decl.name.text }
        /// The names of its published properties.
        private(set) var published: [String] = []
        /// Its `@Published` attributes.
        private(set) var publishedAttributes: [AttributeSyntax] = []
        /// Its other stored `var`s, which gain `@ObservationIgnored`.
        private(set) var unobserved: [VariableDeclSyntax] = []
        /// Whether it has a `deinit`.
        private(set) var hasDeinit = false
        /// Why the move would change meaning, as far as the class shows; `nil` when it would not.
        private(set) var reason: String?

        /// Conformances that are no class and say nothing about observation.
        static let plainConformances: Set<String> = [
            "Identifiable", "Equatable", "Hashable", "Sendable", "CustomStringConvertible", "CustomDebugStringConvertible",
            "AnyObject", "Comparable", "Error", "ActionSending",
        ]
        /// Member names the macro adds, whose own declarations would replace the macro's.
        static let macroNames: Set<String> = ["access", "withMutation", "_$observationRegistrar", "_$ObservationCachedKeyPaths", "observationComparison"]
        /// Attributes of a stored property that are no property wrapper.
        static let plainAttributes: Set<String> = ["available", "objc", "nonobjc", "MainActor", "preconcurrency"]

        /// The analysis of `decl`. `protocols` gives the inherited names of a protocol declared in
        /// the files at hand, or `nil` for one declared elsewhere; with `seesProject`, such a
        /// protocol (or base class) is a reason to leave the class, otherwise it is left to the
        /// fix pass to look for.
        init(_ decl: ClassDeclSyntax, protocols: (String) -> [String]?, seesProject: Bool) {
            self.decl = decl
            reason = access() ?? conformances(protocols: protocols, seesProject: seesProject) ?? members()
            if reason == nil {
                reason = uses(in: decl)
            }
        }

        private func access() -> String? {
            for modifier in decl.modifiers.elements where modifier.detail == nil {
                switch modifier.name.tokenKind {
                case .keyword(.open): return "'\(name)' is open, so it may have subclasses the fix cannot see"
                case .keyword(.public), .keyword(.package): return "'\(name)' is \(modifier.name.text), so files outside the linted ones may hold it"
                default: continue
                }
            }
            if decl.genericParameterClause != nil { return "'\(name)' is generic" }
            return nil
        }

        private func conformances(protocols: (String) -> [String]?, seesProject: Bool) -> String? {
            for inherited in decl.inheritedNames where inherited != "ObservableObject" && !Self.plainConformances.contains(inherited) {
                if ["Codable", "Encodable", "Decodable"].contains(inherited) {
                    return "'\(name)' is \(inherited), and @Observable renames the stored properties its coding reads"
                }
                if inherited == "Observable" { return "'\(name)' names Observable, which @Observable adds" }
                // A protocol's refinements, followed a bounded number of steps.
                var pending = [inherited], seen: Set<String> = []
                while let next = pending.popLast(), seen.count < 16 {
                    guard seen.insert(next).inserted, !Self.plainConformances.contains(next) else { continue }
                    if next == "ObservableObject" { return "'\(inherited)' refines ObservableObject" }
                    guard let refined = protocols(next) else {
                        guard seesProject else { break }
                        return "'\(next)' is declared outside the linted files, so it may be a class or an ObservableObject"
                    }
                    pending += refined
                }
            }
            return nil
        }

        private mutating func members() -> String? {
            var names: Set<String> = []
            for member in decl.memberBlock.members.elements {
                if member.decl.is(IfConfigDeclSyntax.self) { return "'\(name)' declares members in an #if block" }
                if member.decl.is(DeinitializerDeclSyntax.self) { hasDeinit = true }
                if let function = member.decl.as(FunctionDeclSyntax.self) { names.insert(function.name.text) }
                guard let property = member.decl.as(VariableDeclSyntax.self) else { continue }
                names.formUnion(property.boundNames)
                guard !property.isStatic, property.isVar, !Self.isComputed(property) else { continue }
                guard property.bindings.count == 1, let binding = property.bindings.first,
                      let propertyName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    return "'\(name)' declares stored properties together, which @Observable cannot track"
                }
                if property.modifiers.contains(.lazy) { return "'\(propertyName)' is lazy, which @Observable does not support" }
                let attributes = property.attributes.names
                if attributes.contains("ObservationIgnored") { continue }
                if let wrapper = attributes.first(where: { $0 != "Published" && !Self.plainAttributes.contains($0) }) {
                    return "'\(propertyName)' has the property wrapper @\(wrapper), which @Observable does not support"
                }
                guard let attribute = property.attributes.attribute(named: "Published") else {
                    unobserved.append(property)
                    continue
                }
                if binding.accessorBlock != nil {
                    return "'\(propertyName)' has an observer, which @Observable may skip when a set keeps the value"
                }
                published.append(propertyName)
                publishedAttributes.append(attribute)
            }
            if let clash = names.sorted().first(where: { Self.macroNames.contains($0) || published.contains("_" + $0) || published.map({ "_" + $0 }).contains($0) }) {
                return "'\(clash)' is a name @Observable adds to '\(name)'"
            }
            return nil
        }

        /// Why a use of ObservableObject's own members inside `scope` (the class, or an extension
        /// of it) keeps the class from moving; `nil` when there is none.
        func uses(in scope: some SyntaxProtocol) -> String? {
            for token in scope.tokens(viewMode: .sourceAccurate) {
                switch token.tokenKind {
                case .identifier("objectWillChange"):
                    return "'\(name)' uses objectWillChange, which only an ObservableObject has"
                case .identifier(let text) where text.hasPrefix("$") && published.contains(String(text.dropFirst())):
                    return "'\(text)' publishes '\(text.dropFirst())' through Combine"
                case .identifier(let text) where text.hasPrefix("_") && published.contains(String(text.dropFirst())):
                    return "'\(text)', the storage of @Published '\(text.dropFirst())', is used"
                default:
                    continue
                }
            }
            return nil
        }

        /// Whether the property is computed: it has a getter, or accessors other than observers.
        static func isComputed(_ property: VariableDeclSyntax) -> Bool {
            property.bindings.contains { binding in
                switch binding.accessorBlock?.accessors {
                case .getter: true
                case .accessors(let accessors):
                    accessors.elements.contains { ![.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
                case nil: false
                }
            }
        }
    }
}
