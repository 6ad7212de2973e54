import SwiftSyntax

extension ViewModelObservableRule: ProjectFixingRule {
    /// Moves each class from `ObservableObject` to `@Observable` together with every property
    /// that holds it and every `.environmentObject(_:)` that provides it, in whichever linted
    /// file they are, or leaves the finding with the first reason the move could change meaning.
    func fixes(for findings: [Diagnostic], in project: FixContext) -> [Diagnostic] {
        let classes = findings.map { Self.candidate(of: $0, in: project) }
        let names = classes.compactMap { $0?.1.name.text }
        let inherited = classes.flatMap { $0?.1.inheritedNames ?? [] }
        // Every linted file is read only when a class may move, and none when the run named
        // files: the holders in the others cannot be seen.
        let scan = names.isEmpty || project.namesFilesOnly ? nil : ProjectScan(project, names: names, inherited: inherited)
        return project.fixes(
            findings, classes: classes, scan: scan,
            make: { file, decl, scan in Self.move(decl, in: file, scan: scan, project: project) },
            apply: { finding, edits in finding.fixByPath = edits }
        )
    }

    /// The fix of one class (the edits, by path), or why the move is left to a person.
    typealias Move = ClassFix<[String: [TextEdit]]>

    /// The class the finding names, in its file as the fix pass reads it, when it conforms to
    /// `ObservableObject` itself (a plain class, or one that is an object through a protocol,
    /// has no fix).
    static func candidate(of finding: Diagnostic, in project: FixContext) -> (FixContext.File, ClassDeclSyntax)? {
        guard let file = project.file(finding.path) else { return nil }
        for token in file.tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.class) {
            guard let decl = token.parent?.as(ClassDeclSyntax.self), file.location(of: decl.name) == LineColumn(line: finding.line, column: finding.column) else {
                continue
            }
            let isObject = decl.inheritedNames.contains("ObservableObject") && !decl.attributes.contains(named: "Observable")
            return isObject ? (file, decl) : nil
        }
        return nil
    }

    static func move(_ decl: ClassDeclSyntax, in file: FixContext.File, scan: ProjectScan, project: FixContext) -> Move {
        let name = decl.name.text
        if let path = scan.unread.first { return .unsafe("\(path) could not be read for the fix") }
        if scan.declarations[name, default: 0] > 1 { return .unsafe("more than one type is named '\(name)'") }
        if let subclass = scan.classes.first(where: { $0.inherited.contains(name) }) {
            return .unsafe("'\(name)' has a subclass, '\(subclass.name)'")
        }
        let conversion = Conversion(decl, protocols: { scan.protocols[$0] }, seesProject: true)
        if let reason = conversion.reason { return .unsafe(reason) }
        if let reason = platformReason(decl, in: file, project: project) { return .unsafe(reason) }
        for (_, extended) in scan.extensions[name] ?? [] {
            if let conformance = extended.inheritedNames.first(where: { !Conversion.plainConformances.contains($0) }) {
                return .unsafe("an extension conforms '\(name)' to '\(conformance)'")
            }
            if let reason = conversion.uses(in: extended) { return .unsafe(reason) }
        }
        if let use = scan.objectUses.first { return .unsafe("\(use.what) in \(use.path), where it may stand for '\(name)'") }
        if let property = conversion.published.first(where: { scan.projectedMembers[$0] != nil }), let path = scan.projectedMembers[property] {
            return .unsafe("'$\(property)' in \(path) may be the publisher of '\(name).\(property)'")
        }
        if let unknown = scan.holders.first(where: { $0.typeName == nil }) {
            return .unsafe("a @\(unknown.wrapper) property in \(unknown.file.path) does not say which type it holds")
        }
        if let unknown = scan.providers.first(where: { $0.typeName == nil }) {
            return .unsafe("an .environmentObject(_:) call in \(unknown.file.path) does not say which type it provides")
        }
        // Another name is another type only when it is known to be another object class: a
        // typealias or generic parameter may stand for this one.
        for holder in scan.holders {
            guard let held = holder.typeName, held != name, !scan.isOtherObjectClass(held, than: name, at: Syntax(holder.property)) else { continue }
            return .unsafe("a @\(holder.wrapper) in \(holder.file.path) holds '\(held)', which may be '\(name)'")
        }
        for provider in scan.providers {
            guard let provided = provider.typeName, provided != name, !scan.isOtherObjectClass(provided, than: name, at: Syntax(provider.name)) else { continue }
            return .unsafe("an .environmentObject(_:) in \(provider.file.path) provides '\(provided)', which may be '\(name)'")
        }
        var edits: [String: [TextEdit]] = [:]
        switch classEdits(conversion, in: file) {
        case .edits(let own): edits = own
        case .unsafe(let reason): return .unsafe(reason)
        }
        // Every holder's recognised storage assignment is accounted for: this class's are renamed
        // with their holders, another class's stay with theirs.
        var handled = scan.storageCallees
        for holder in scan.holders where holder.typeName == name {
            switch HolderMove(holder, of: conversion, scan: scan) {
            case .moved(let holderEdits, let callees):
                edits[holder.file.path, default: []] += holderEdits
                handled.formUnion(callees)
            case .unsafe(let reason):
                return .unsafe(reason)
            }
        }
        if let use = scan.wrapperUses.first(where: { !handled.contains($0.token.id) && $0.file.source.mentions(name) }) {
            return .unsafe("'\(use.token.text)' is used in \(use.file.path) where the fix cannot follow it")
        }
        for provider in scan.providers where provider.typeName == name {
            edits[provider.file.path, default: []].append(.replace(provider.name, with: "environment"))
        }
        return .edits(edits)
    }

    /// The edits of the class's own file: `@Observable` in, `ObservableObject` out, each
    /// `@Published` dropped, `@ObservationIgnored` on the other stored `var`s, and
    /// `import Observation` when the file imports neither it nor a module that re-exports it.
    static func classEdits(_ conversion: Conversion, in file: FixContext.File) -> Move {
        let decl = conversion.decl
        let entries = decl.inheritanceClause.map { Array($0.inheritedTypes.elements) } ?? []
        guard let clause = decl.inheritanceClause, let position = entries.firstIndex(where: { $0.type.simpleName == "ObservableObject" }) else {
            return .unsafe("'\(conversion.name)' conforms to ObservableObject in a way the fix cannot follow")
        }
        let entry = entries[position]
        let range: Range<Int>
        if entries.count == 1 {
            // From the name (or generic clause) on, so that a space before the colon goes too.
            let before = clause.colon.previousToken(viewMode: .sourceAccurate)?.endPositionBeforeTrailingTrivia ?? clause.colon.positionAfterSkippingLeadingTrivia
            range = before.utf8Offset..<entry.type.endPositionBeforeTrailingTrivia.utf8Offset
        } else if position < entries.count - 1 {
            range = entry.positionAfterSkippingLeadingTrivia.utf8Offset..<entries[position + 1].positionAfterSkippingLeadingTrivia.utf8Offset
        } else {
            let comma = entries[position - 1].trailingComma?.positionAfterSkippingLeadingTrivia.utf8Offset ?? entry.positionAfterSkippingLeadingTrivia.utf8Offset
            range = comma..<entry.type.endPositionBeforeTrailingTrivia.utf8Offset
        }
        let removed = String(decoding: file.source.bytes[range], as: UTF8.self)
        if removed.contains("//") || removed.contains("/*") {
            return .unsafe("a comment sits beside ObservableObject in '\(conversion.name)''s conformances")
        }
        var edits = [TextEdit(offset: range.lowerBound, length: range.count, replacement: "")]
        let start = decl.modifiers.first?.positionAfterSkippingLeadingTrivia ?? decl.classKeyword.positionAfterSkippingLeadingTrivia
        edits.append(insertion("@Observable", at: start, in: file))
        for attribute in conversion.publishedAttributes {
            edits.append(removal(of: attribute, in: file))
        }
        for property in conversion.unobserved {
            edits.append(.insert("@ObservationIgnored ", at: property.positionAfterSkippingLeadingTrivia))
        }
        // `import struct SwiftUI.Text` imports one declaration, not Observation.
        let imports = Set(file.tree.statements.elements.compactMap { item in
            item.item.as(ImportDeclSyntax.self).flatMap { $0.importKindSpecifier == nil ? $0.path.first?.name.text : nil }
        })
        if imports.isDisjoint(with: ["Observation", "SwiftUI", "MVVM"]) {
            let importDecls = file.tree.statements.elements.compactMap { $0.item.as(ImportDeclSyntax.self) }
            if let last = importDecls.last {
                edits.append(.insert("\nimport Observation", at: last.endPositionBeforeTrailingTrivia))
            } else if let first = file.tree.statements.first {
                edits.append(.insert("import Observation\n\n", at: first.positionAfterSkippingLeadingTrivia))
            }
        }
        return .edits([file.path: edits])
    }

    /// Inserts `attribute` at `position`: on a line of its own, indented alike, when the
    /// position starts its line; otherwise before it on the same line.
    static func insertion(_ attribute: String, at position: AbsolutePosition, in file: FixContext.File) -> TextEdit {
        let column = file.source.location(of: position).column
        let lineStart = position.utf8Offset - (column - 1)
        let indentation = file.source.bytes[lineStart..<position.utf8Offset]
        guard indentation.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
            return .insert(attribute + " ", at: position)
        }
        return .insert(attribute + "\n" + String(decoding: indentation, as: UTF8.self), at: position)
    }

    /// Removes an attribute, and the white space after it up to the next token unless a
    /// comment sits there.
    static func removal(of attribute: AttributeSyntax, in file: FixContext.File) -> TextEdit {
        let start = attribute.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = attribute.endPositionBeforeTrailingTrivia.utf8Offset
        let next = attribute.nextToken(viewMode: .sourceAccurate)?.positionAfterSkippingLeadingTrivia.utf8Offset ?? end
        let between = file.source.bytes[end..<max(end, next)]
        let isBlank = between.allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0) }
        return TextEdit(offset: start, length: (isBlank ? max(end, next) : end) - start, replacement: "")
    }
}
