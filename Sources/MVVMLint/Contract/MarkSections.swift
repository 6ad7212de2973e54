import SwiftSyntax

/// The `// MARK:` headings of a type body, and the members under each: how the responder rule book's anatomy
/// rules see a declaration's layout.
struct MarkSections {
    /// One heading and the members below it, up to the next heading.
    struct Section {
        /// The heading's text after `MARK:` and an optional `-`, trimmed.
        var title: String
        /// Where the comment starts.
        var position: AbsolutePosition
        /// The members under the heading, in source order.
        var members: [MemberBlockItemSyntax]
    }

    /// The headings in source order; members above the first heading belong to none.
    private(set) var sections: [Section] = []

    init(_ block: MemberBlockSyntax) {
        for member in block.members {
            // A heading is a comment on its own line, so it is part of the member's leading trivia.
            for heading in Self.headings(before: member.firstToken(viewMode: .sourceAccurate)) {
                sections.append(Section(title: heading.title, position: heading.position, members: []))
            }
            if !sections.isEmpty {
                sections[sections.count - 1].members.append(member)
            }
        }
        // An empty last section's heading sits before the closing brace.
        for heading in Self.headings(before: block.rightBrace) {
            sections.append(Section(title: heading.title, position: heading.position, members: []))
        }
    }

    private static func headings(before token: TokenSyntax?) -> [(title: String, position: AbsolutePosition)] {
        guard let token else { return [] }
        var found: [(String, AbsolutePosition)] = []
        var position = token.position
        for piece in token.leadingTrivia {
            defer { position = position.advanced(by: piece.sourceLength.utf8Length) }
            let text: String
            switch piece {
            case .lineComment(let comment): text = String(comment.dropFirst(2))
            case .blockComment(let comment): text = String(comment.dropFirst(2).dropLast(2))
            default: continue
            }
            var body = Substring(text).drop(while: \.isWhitespace)
            guard body.hasPrefix("MARK:") else { continue }
            body = body.dropFirst(5).drop(while: \.isWhitespace)
            if body.hasPrefix("-") {
                body = body.dropFirst().drop(while: \.isWhitespace)
            }
            found.append((String(body).trimmingTrailingWhitespace, position))
        }
        return found
    }

    /// Reports each known section that appears after a section meant to come later and, with
    /// `checksTypeOrder` (the rule book asks it of view models only), each nested type declared
    /// below a member of its own section that uses it.
    func anatomyFindings(
        order: [AnatomySection], owner: String, in file: FileContext, rule: RuleDescription,
        conditions: [RoleCondition], checksTypeOrder: Bool
    ) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        var latest: (section: AnatomySection, rank: Int)?
        for section in sections {
            guard let known = AnatomySection(heading: section.title),
                  let rank = order.firstIndex(of: known) else { continue }
            if let previous = latest, rank < previous.rank {
                found.append(file.report(
                    rule, at: section.position,
                    "'\(known.title)' section of '\(owner)' comes after '\(previous.section.title)'; the order is \(order.map(\.title).joined(separator: ", ")).",
                    hint: "Move the '\(known.title)' section above '\(previous.section.title)'.",
                    when: conditions
                ))
            } else {
                latest = (known, rank)
            }
            if checksTypeOrder {
                found += typeOrderFindings(section, owner: owner, in: file, rule: rule, conditions: conditions)
            }
        }
        return found
    }

    private func typeOrderFindings(
        _ section: Section, owner: String, in file: FileContext, rule: RuleDescription, conditions: [RoleCondition]
    ) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for (index, member) in section.members.enumerated() {
            guard let typeName = member.decl.nestedTypeName else { continue }
            let earlierUser = section.members[..<index].first { earlier in
                earlier.decl.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(typeName) }
            }
            guard let user = earlierUser else { continue }
            let userName = user.decl.memberName ?? "a member"
            found.append(file.report(
                rule, at: member.decl.nestedTypeNameNode ?? Syntax(member.decl),
                "'\(owner).\(typeName)' is declared below '\(userName)', which uses it; declare types above the members that use them.",
                hint: "Move '\(typeName)' to the top of the '\(section.title)' section.",
                when: conditions
            ))
        }
        return found
    }
}

/// The sections the responder rule book's anatomy names, for view models and for views.
enum AnatomySection: CaseIterable {
    case propertiesAndDependencies, lifecycle, responder, input, output, support
    case environment, localState, viewModel, body

    /// The order of a view model's sections.
    static let viewModelOrder: [AnatomySection] = [.propertiesAndDependencies, .lifecycle, .responder, .input, .output, .support]
    /// The order of a view's sections.
    static let viewOrder: [AnatomySection] = [.environment, .localState, .viewModel, .body, .support]

    /// The section a heading names, if any; case, `&`/`and` and spacing do not matter.
    init?(heading: String) {
        let key = heading.lowercased()
            .replacingOccurrences(of: "&", with: " and ")
            .split(whereSeparator: { !$0.isLetter })
            .joined(separator: " ")
        switch key {
        case "properties and dependencies", "properties", "dependencies", "dependencies and properties": self = .propertiesAndDependencies
        case "lifecycle", "life cycle", "init", "initialization", "initializers": self = .lifecycle
        case "responder": self = .responder
        case "input", "inputs", "actions": self = .input
        case "output", "outputs": self = .output
        case "support", "helpers", "private": self = .support
        case "environment": self = .environment
        case "local state", "state": self = .localState
        case "view model", "viewmodel": self = .viewModel
        case "body": self = .body
        default: return nil
        }
    }

    /// The heading as the rule book writes it.
    var title: String {
        switch self {
        case .propertiesAndDependencies: "Properties & Dependencies"
        case .lifecycle: "Lifecycle"
        case .responder: "Responder"
        case .input: "Input"
        case .output: "Output"
        case .support: "Support"
        case .environment: "Environment"
        case .localState: "Local State"
        case .viewModel: "View Model"
        case .body: "Body"
        }
    }
}

extension DeclSyntax {
    /// The name of a nested type or type alias this declares.
    var nestedTypeName: String? {
        if let node = self.asDeclGroup, self.kind != .extensionDecl {
            return node.typeName
        }
        return self.as(TypeAliasDeclSyntax.self)?.name.text
    }

    /// The node naming a nested type or type alias.
    var nestedTypeNameNode: Syntax? {
        if let node = self.asDeclGroup, self.kind != .extensionDecl {
            return node.nameNode
        }
        return self.as(TypeAliasDeclSyntax.self).map { Syntax($0.name) }
    }

    /// A name for a member in messages: a property's, function's or type's name, or `init`.
    var memberName: String? {
        if let variable = self.as(VariableDeclSyntax.self) { return variable.boundNames.first }
        if let function = self.as(FunctionDeclSyntax.self) { return function.name.text }
        if self.is(InitializerDeclSyntax.self) { return "init" }
        if self.is(SubscriptDeclSyntax.self) { return "subscript" }
        return nestedTypeName
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var result = self
        while let last = result.last, last.isWhitespace {
            result.removeLast()
        }
        return result
    }
}
