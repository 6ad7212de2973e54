import Foundation
import SwiftSyntax

/// A rule whose fixes reach into other files: the holders of a view model live in its views'
/// files. Its file check reports the finding without a fix; the fix is worked out in the fix
/// pass of `--fix`, where every linted file can be read, so a lint without `--fix` pays nothing
/// for it.
protocol ProjectFixingRule: Rule {
    /// `findings` (this rule's, neither fixed nor left with a reason) each with its whole fix
    /// (``Diagnostic/fix`` and ``Diagnostic/fixInOtherFiles``, made from the texts `project`
    /// gives), left with a one-line ``Diagnostic/unfixedReason``, or as they are.
    func fixes(for findings: [Diagnostic], in project: FixContext) -> [Diagnostic]
}

/// What a ``ProjectFixingRule`` sees in the fix pass: the linted files, read as the fix will
/// find them. Texts and trees are read once and kept for the pass; a file whose text does not
/// mention what a rule looks for is never parsed.
final class FixContext {
    /// A linted file as the fix pass read it.
    struct File {
        /// The path diagnostics name.
        let path: String
        /// Its text (after any byte-order mark).
        let text: String
        /// Its bytes and lines.
        let source: SourceText
        /// Its tree.
        let tree: SourceFileSyntax

        /// Line and column of a node's first token, after its leading trivia.
        func location(of node: some SyntaxProtocol) -> LineColumn {
            source.location(of: node.positionAfterSkippingLeadingTrivia)
        }
    }

    /// Why a fix that reaches other files is left when the run named files one by one.
    static let namedFilesReason = "only some files were named; run --fix over the module's folder"

    /// Every linted file, in the run's order.
    let paths: [String]
    /// Whether the run named some files one by one rather than the folders that hold them, so
    /// that files beside them, which may use what a fix changes, are not among ``paths``.
    let namesFilesOnly: Bool
    private let read: (String) -> String?
    private var texts: [String: String?] = [:]
    private var trees: [String: File?] = [:]

    /// A context over the files at `paths`, whose texts `read` gives (`nil` for a file that
    /// cannot be read, or that changed since it was linted); `namesFilesOnly` when the run was
    /// given files rather than folders.
    init(paths: [String], namesFilesOnly: Bool = false, read: @escaping (String) -> String?) {
        self.paths = paths
        self.namesFilesOnly = namesFilesOnly
        self.read = read
    }

    /// The text of the nearest `Package.swift` above the file at `path` (in its own folder
    /// first), as `read` gives it; a relative path goes up its own folders, then those above the
    /// current folder. `nil` when there is none: the file is not in a package.
    func packageManifest(above path: String) -> String? {
        var candidates: [String] = []
        var folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let isAbsolute = path.hasPrefix("/"), goesUp = folder.contains("..")
        // `..` would lead the walk up the wrong folders; the absolute walk knows them.
        if isAbsolute || !goesUp {
            while true {
                let joined = folder.joined(separator: "/")
                candidates.append(joined.isEmpty ? (isAbsolute ? "/Package.swift" : "Package.swift") : joined + "/Package.swift")
                guard !folder.isEmpty, !(isAbsolute && folder.count == 1) else { break }
                folder = folder.dropLast()
            }
        }
        if !isAbsolute {
            // Past the current folder, which the relative walk ended in.
            var url = goesUp ? URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
                : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.deletingLastPathComponent()
            while true {
                candidates.append(url.appendingPathComponent("Package.swift").path)
                guard url.path != "/", !url.path.isEmpty else { break }
                url = url.deletingLastPathComponent()
            }
        }
        return candidates.lazy.compactMap { self.text(of: $0) }.first
    }

    /// The text of the file at `path`, or `nil` when it cannot be had.
    func text(of path: String) -> String? {
        if let known = texts[path] { return known }
        let text = read(path)
        texts[path] = text
        return text
    }

    /// The file at `path`, parsed; `nil` when it cannot be read or nests too deep to walk here.
    func file(_ path: String) -> File? {
        if let known = trees[path] { return known }
        var file: File?
        if let text = text(of: path), let tree = SyntaxDepth.parseShallow(text) {
            file = File(path: path, text: text, source: SourceText(text), tree: tree)
        }
        trees[path] = file
        return file
    }

    /// The paths of the linted files whose text mentions any of `words`, or that cannot be read
    /// (a caller that must see every use of a word cannot vouch for them). The texts are read
    /// once; only those that mention a word are kept.
    func paths(mentioning words: [String]) -> (mentioning: [String], unreadable: [String]) {
        var mentioning: [String] = [], unreadable: [String] = []
        for path in paths {
            let text: String?
            if let known = texts[path] {
                text = known
            } else {
                text = read(path)
                if text == nil { texts[path] = .some(nil) }
            }
            guard let text else {
                unreadable.append(path)
                continue
            }
            let source = SourceText(text)
            if words.contains(where: { source.contains($0) }) {
                texts[path] = text
                mentioning.append(path)
            }
        }
        return (mentioning, unreadable)
    }
}

extension RuleSet {
    /// `diagnostics` with the fixes that span files worked out: each finding of a rule that
    /// fixes across files (neither fixed nor left with a reason) gets its whole fix, made from
    /// the texts in `sources`, or a reason to be left. What `--fix` does before it writes, for
    /// tools that apply fixes themselves (the example runner).
    public func completingFixes(_ diagnostics: [Diagnostic], in sources: [SourceInput]) -> [Diagnostic] {
        var texts: [String: String] = [:]
        for source in sources where texts[source.path] == nil {
            texts[source.path] = source.text
        }
        let context = FixContext(paths: sources.map(\.path)) { texts[$0] }
        return completingFixes(diagnostics, in: context)
    }

    /// `diagnostics` with the fixes of the rules that fix across files worked out from `context`.
    func completingFixes(_ diagnostics: [Diagnostic], in context: FixContext) -> [Diagnostic] {
        var diagnostics = diagnostics
        for case let rule as any ProjectFixingRule.Type in rules {
            let id = rule.description.id
            let positions = diagnostics.indices.filter { index in
                let found = diagnostics[index]
                return found.ruleID == id && found.fix == nil && found.fixInOtherFiles == nil && found.unfixedReason == nil
            }
            guard !positions.isEmpty else { continue }
            let completed = rule.init().fixes(for: positions.map { diagnostics[$0] }, in: context)
            for (position, diagnostic) in zip(positions, completed) {
                diagnostics[position] = diagnostic
            }
        }
        return diagnostics
    }
}
