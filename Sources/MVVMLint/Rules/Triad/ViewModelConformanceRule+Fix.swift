import SwiftSyntax

extension ViewModelConformanceRule: ProjectFixingRule {
    /// Writes `XViewModeling` from the members of `XViewModel` that the views holding it use,
    /// above the class, and conforms the class to it; or leaves the finding with the first
    /// reason the protocol could not say what the class already offers.
    func fixes(for findings: [Diagnostic], in project: FixContext) -> [Diagnostic] {
        let classes = findings.map { Self.conformanceCandidate(of: $0, in: project) }
        let names = Set(classes.compactMap { $0?.decl.name.text })
        // Every linted file is read only when a class may get a protocol, and none when the run
        // named files: views in the others cannot be seen.
        let scan = names.isEmpty || project.namesFilesOnly ? nil : ViewModelViewScan(project, classNames: names)
        return project.fixes(
            findings, classes: classes.map { $0.map { ($0.file, $0.decl) } }, scan: scan,
            make: { file, decl, scan in Self.protocolAdoption(of: decl, in: file, scan: scan, project: project) },
            apply: { finding, edits in finding.fix = edits }
        )
    }

    /// The fix of one class (the edits of its file: the protocol and the conformance), or why
    /// the protocol is left to a person.
    typealias Adoption = ClassFix<[TextEdit]>

    /// The class the finding names, in its file as the fix pass reads it.
    static func conformanceCandidate(of finding: Diagnostic, in project: FixContext) -> (file: FixContext.File, decl: ClassDeclSyntax)? {
        guard let file = project.file(finding.path) else { return nil }
        for token in file.tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.class) {
            if let decl = token.parent?.as(ClassDeclSyntax.self), file.location(of: decl.name) == LineColumn(line: finding.line, column: finding.column) {
                return (file, decl)
            }
        }
        return nil
    }

    static func protocolAdoption(of decl: ClassDeclSyntax, in file: FixContext.File, scan: ViewModelViewScan, project: FixContext) -> Adoption {
        let name = decl.name.text, protocolName = name + "ing"
        if let path = scan.unread.first { return .unsafe("\(path) could not be read for the fix") }
        if scan.classes[name, default: []].count > 1 { return .unsafe("more than one class is named '\(name)'") }
        if scan.protocols.contains(protocolName) {
            return .unsafe("'\(protocolName)' exists already; whether '\(name)' meets it is for a person to check")
        }
        guard decl.parent?.parent?.parent?.is(SourceFileSyntax.self) == true else {
            return .unsafe("'\(name)' is not declared at the top level of its file")
        }
        if decl.genericParameterClause != nil { return .unsafe("'\(name)' is generic") }
        if let access = decl.modifiers.accessLevel, access == .private || access == .fileprivate {
            return .unsafe("'\(name)' is private to its file")
        }
        // What the class inherits counts: its superclasses among the linted files.
        let chain = scan.classChain(of: name)
        // The protocol refines `Observable` (the default `observation`); an `ObservableObject`
        // gets one once view-model-observable's fix has moved it.
        guard decl.attributes.contains(named: "Observable") else {
            let isObject = chain.contains { $0.inheritedNames.contains("ObservableObject") }
            return .unsafe(isObject ? "'\(name)' is an ObservableObject; its protocol can refine Observable once it is @Observable"
                : "'\(name)' is not @Observable")
        }
        // `AnyObject` lets a view set through the protocol and hold it in `@Bindable`.
        let refined = "AnyObject, Observable"
        // A @MainActor protocol would isolate a class that is not isolated already.
        let isolatedByDefault = project.packageManifest(above: file.path)?.contains("defaultIsolation(MainActor.self)") == true
        guard chain.contains(where: { $0.attributes.contains(named: "MainActor") }) || isolatedByDefault else {
            return .unsafe("'\(name)' is not @MainActor, which a @MainActor protocol would make it")
        }
        let groups: [any DeclGroupSyntax] = [decl] + (scan.extensions[name] ?? []).map(\.decl).filter { $0.extendedType.trimmedText == name }
        let members = Members(groups)
        var lines: [(String, Int)] = []
        for (member, use) in (scan.uses[name] ?? [:]).sorted(by: { $0.key < $1.key }) {
            switch requirementLine(member, use: use, of: name, members: members) {
            case .line(let line, let position):
                lines.append((line, position))
            case .unsafe(let reason):
                return .unsafe(reason)
            }
        }
        if let child = lines.first(where: { namesViewModel($0.0, besides: name) }) {
            return .unsafe("'\(child.0)' holds a child view model, which the protocol needs as an associated type")
        }
        let access = protocolAccess(of: decl, members: members, used: (scan.uses[name] ?? [:]).keys)
        let indent = memberIndentation(in: decl, file: file)
        let body = lines.sorted { $0.1 < $1.1 }.map { indent + $0.0 + "\n" }.joined()
        let text = """
            /// What the views of `\(name)` use.
            @MainActor
            \(access)protocol \(protocolName): \(refined) {\(body.isEmpty ? "}" : "\n" + body + "}")


            """
        return .edits([.insert(text, at: protocolPosition(of: decl, in: file)), conformanceEdit(of: decl, to: protocolName)])
    }

    /// `public ` (or `package `) when the class and every member the views use are, so that a
    /// public view can be generic over the protocol; otherwise nothing (internal).
    static func protocolAccess(of decl: ClassDeclSyntax, members: Members, used: some Sequence<String>) -> String {
        let outward: [Keyword: String] = [.public: "public ", .open: "public ", .package: "package "]
        guard let access = decl.modifiers.accessLevel, let written = outward[access] else { return "" }
        for name in used {
            guard let member = members.byName[name]?.first?.decl else { continue }
            let modifiers = member.as(VariableDeclSyntax.self)?.modifiers ?? member.as(FunctionDeclSyntax.self)?.modifiers
            guard let memberAccess = modifiers?.accessLevel, outward[memberAccess] == written else { return "" }
        }
        return written
    }

    /// Whether a requirement's line names a view model class other than `own`.
    private static func namesViewModel(_ line: String, besides own: String) -> Bool {
        var word = ""
        for character in line + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            if word != own && RoleVocabulary.isViewModelName(word) { return true }
            word = ""
        }
        return false
    }

    /// Where the protocol goes: at the start of the line of the class's doc comment, or of its
    /// first attribute or keyword.
    static func protocolPosition(of decl: ClassDeclSyntax, in file: FixContext.File) -> AbsolutePosition {
        let start = decl.positionAfterSkippingLeadingTrivia
        var lineStart = start.utf8Offset - (file.location(of: decl).column - 1)
        let bytes = file.source.bytes
        while lineStart > 0 {
            // The line above, without its line break.
            var previous = lineStart - 1
            while previous > 0 && bytes[previous - 1] != UInt8(ascii: "\n") { previous -= 1 }
            let line = String(decoding: bytes[previous..<(lineStart - 1)], as: UTF8.self)
            guard line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("///") else { break }
            lineStart = previous
        }
        return AbsolutePosition(utf8Offset: lineStart)
    }

    /// The indentation of the class's first member, or four spaces.
    static func memberIndentation(in decl: ClassDeclSyntax, file: FixContext.File) -> String {
        guard let first = decl.memberBlock.members.first else { return "    " }
        let column = file.location(of: first).column
        guard column > 1 else { return "    " }
        let start = first.positionAfterSkippingLeadingTrivia.utf8Offset
        let indentation = file.source.bytes[(start - column + 1)..<start]
        guard indentation.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return "    " }
        return String(decoding: indentation, as: UTF8.self)
    }

    /// The edit that adds `protocolName` to the class's conformances.
    static func conformanceEdit(of decl: ClassDeclSyntax, to protocolName: String) -> TextEdit {
        if let last = decl.inheritanceClause?.inheritedTypes.last {
            return .insert(", " + protocolName, at: last.type.endPositionBeforeTrailingTrivia)
        }
        return .insert(": " + protocolName, at: decl.name.endPositionBeforeTrailingTrivia)
    }
}
