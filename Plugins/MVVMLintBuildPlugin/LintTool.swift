import Foundation
#if canImport(PackagePlugin)
import PackagePlugin
#endif

// Shared by the three plugins (the command plugins link this file too): which executable
// lints, and which files it reads for a target. MVVMLintTests compiles it too, without
// PackagePlugin, to check that it reads `tool:` as `mvvm` does.

/// The executable a plugin runs: `mvvm`, or the team's own tool that `.mvvm.yml` names with
/// `tool:` (the `mvvm` command line with rules written in Swift added).
enum LintTool {
    /// The linter that needs no configuration.
    static let standard = "mvvm"

    #if canImport(PackagePlugin)
    /// The team's tool when `.mvvm.yml` in `folder` names one and the plugin depends on it (a
    /// team declares a build-tool plugin of its own with these files); else `mvvm`, which lints
    /// with the rules it knows and says which command runs them all.
    ///
    /// SwiftPM's look-up answers from the toolchain's folder and every `PATH` folder as well as
    /// from the plugin's own tools, so a name it finds in one of those (`sh`, `true`, a program
    /// that shadows the team's) is not run: a repository's configuration must not choose a
    /// program of the machine.
    static func executable(configuredIn folder: URL, lookup: (String) throws -> URL) throws -> URL {
        if let name = configuredName(in: folder), name != standard, let tool = try? lookup(name) {
            guard isMachineProgram(tool) else { return tool }
            Diagnostics.warning(".mvvm.yml names '\(name)' as its tool, but that is a program of this machine, not a tool this plugin depends on; linting with mvvm instead.")
        }
        return try lookup(standard)
    }
    #endif

    /// Whether `tool` lies in a folder of `PATH` or of a toolchain (one that holds `swiftc`, or
    /// the folder of `SWIFT_EXEC`), where SwiftPM's look-up finds programs that are no plugin's
    /// dependency. Folders are compared as written and with links resolved, on both sides.
    static func isMachineProgram(_ tool: URL) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        func spellings(of folder: URL) -> [String] {
            [folder.standardizedFileURL.path, folder.resolvingSymlinksInPath().standardizedFileURL.path]
        }
        var searched = Set((environment["PATH"] ?? "").split(separator: ":").flatMap { spellings(of: URL(fileURLWithPath: String($0))) })
        if let compiler = environment["SWIFT_EXEC"], !compiler.isEmpty {
            searched.formUnion(spellings(of: URL(fileURLWithPath: compiler).deletingLastPathComponent()))
        }
        let folders = spellings(of: tool.deletingLastPathComponent()) + spellings(of: tool.resolvingSymlinksInPath().deletingLastPathComponent())
        return folders.contains { searched.contains($0) || FileManager.default.isExecutableFile(atPath: $0 + "/swiftc") }
    }

    /// The `tool:` of the `.mvvm.yml` in `directory`, if any. A plugin can link nothing but
    /// PackagePlugin, so the file is read by lines; `mvvm` refuses any other way of writing the
    /// key (it must start its line, with a plain name after it), so both read the same name.
    static func configuredName(in directory: URL) -> String? {
        let file = directory.appendingPathComponent(".mvvm.yml")
        // The configuration's own limit; a larger or unreadable file is `mvvm`'s to report, and
        // so is a FIFO or device in its place, which would hold the plugin on its first read.
        // Links followed, as `mvvm` follows them.
        var status = stat()
        guard stat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1 << 20), let text = String(data: data, encoding: .utf8) else { return nil }
        var lines = TopLevelLines()
        // Every line break YAML knows: LF, CRLF, a lone CR, NEL, and the line and paragraph separators.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        where lines.startsTopLevelKey(line) && line.hasPrefix("tool:") {
            var value = line.dropFirst("tool:".count)
            if let comment = value.firstIndex(of: "#") {
                value = value[..<comment]
            }
            var name = value.trimmingCharacters(in: .whitespaces)
            if name.count >= 2, let quote = name.first, quote == "\"" || quote == "'", name.last == quote {
                name = String(name.dropFirst().dropLast())
            }
            // `mvvm`'s own rule for a tool's name.
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
            guard !name.isEmpty, name.count <= 128, !name.hasPrefix("."), !name.hasPrefix("-"),
                  name.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else { return nil }
            return name
        }
        return nil
    }

    #if canImport(PackagePlugin)
    /// The test targets that depend on `target`, so that `every-action-tested` sees the tests
    /// of the code it checks; test files are only read for the names they mention.
    static func testModules(of target: Target, in package: Package) -> [SourceModuleTarget] {
        package.targets.compactMap(\.sourceModule).filter { candidate in
            candidate.kind == .test && candidate.dependencies.contains { dependency in
                if case .target(let dependedOn) = dependency { dependedOn.id == target.id } else { false }
            }
        }
    }

    /// `url`'s path relative to `directory` when it lies inside it, so that findings name files
    /// as the package's own paths; otherwise the whole path.
    static func path(of url: URL, relativeTo directory: URL) -> String {
        let base = directory.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path == base {
            return "."
        }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
    #endif
}
