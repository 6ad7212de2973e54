import Foundation
import MVVMLint

/// The files derived from the built-in rules, under the package's `root`.
struct GeneratedFiles {
    /// The package's folder.
    var root: URL
    /// Whether to write nothing and only say which files are stale.
    var checkOnly: Bool

    /// Writes `RuleSet.builtIn`'s list; returns whether it changed.
    func writeRuleList() throws -> Bool {
        let list = RuleListFile(rulesFolder: root.appendingPathComponent("Sources/MVVMLint/Rules"))
        let current = try String(contentsOf: list.file, encoding: .utf8)
        return try write(try list.text(updating: current), to: list.file, replacing: current)
    }

    /// Writes the rule book and README's rule table from this build's rule set; returns whether
    /// either changed.
    func writeDocuments() throws -> Bool {
        let book = root.appendingPathComponent("docs/rules.md")
        let bookChanged = try write(RuleBook.markdown(.builtIn), to: book, replacing: try String(contentsOf: book, encoding: .utf8))
        let readme = root.appendingPathComponent("README.md")
        let current = try String(contentsOf: readme, encoding: .utf8)
        guard let begin = current.range(of: "<!-- rules:begin"), let end = current.range(of: "<!-- rules:end -->"),
              begin.upperBound <= end.lowerBound, let afterMarker = current[begin.upperBound...].range(of: "-->\n"),
              afterMarker.upperBound <= end.lowerBound
        else {
            throw GenerationFailure("README.md has no rules:begin/rules:end markers")
        }
        let table = RuleBook.table(.builtIn, page: "docs/rules.md")
        let updated = String(current[..<afterMarker.upperBound]) + table + String(current[end.lowerBound...])
        let readmeChanged = try write(updated, to: readme, replacing: current)
        return bookChanged || readmeChanged
    }

    /// Runs this generator again through `swift run`, which rebuilds it first; returns its exit
    /// status.
    func runRebuilt() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "run", "--package-path", root.path, "generate-rule-files"]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Writes `text` to `file` (atomically) unless it is `current`; says which file it wrote, or
    /// with ``checkOnly`` which is stale and writes nothing. Returns whether the text changed.
    private func write(_ text: String, to file: URL, replacing current: String) throws -> Bool {
        guard text != current else { return false }
        let shown = file.path.hasPrefix(root.path + "/") ? String(file.path.dropFirst(root.path.count + 1)) : file.path
        // Unbuffered, so that what this run wrote is said before what a rebuilt run writes.
        FileHandle.standardOutput.write(Data("\(checkOnly ? "stale" : "wrote"): \(shown)\n".utf8))
        if !checkOnly {
            try Data(text.utf8).write(to: file, options: .atomic)
        }
        return true
    }
}
