import Foundation
import MVVMScaffold
import Testing

struct ScaffoldWriterTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-new-\(UUID().uuidString)")

    var writer: ScaffoldWriter {
        ScaffoldWriter(sourcesFolder: root.appendingPathComponent("Sources/App"), testsFolder: root.appendingPathComponent("Tests/AppTests"))
    }

    let files = [
        ScaffoldFile(destination: .sources, name: "AView.swift", contents: "// A view\n"),
        ScaffoldFile(destination: .sources, name: "AViewModel.swift", contents: "// A view model\n"),
        ScaffoldFile(destination: .tests, name: "AViewModelTests.swift", contents: "// tests\n"),
    ]

    func text(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file below the root, relative, so a test sees stray temporary files too.
    func allFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        return (enumerator?.allObjects as? [String] ?? []).filter {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue
        }.sorted()
    }

    @Test func writesEveryFileIntoItsFolder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try writer.write(files, force: false)
        #expect(allFiles() == ["Sources/App/AView.swift", "Sources/App/AViewModel.swift", "Tests/AppTests/AViewModelTests.swift"])
        #expect(text("Sources/App/AView.swift") == "// A view\n")
    }

    @Test func refusesToOverwriteAndWritesNothingElse() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let existing = root.appendingPathComponent("Sources/App/AViewModel.swift")
        try FileManager.default.createDirectory(at: existing.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "// mine\n".write(to: existing, atomically: true, encoding: .utf8)

        #expect(throws: ScaffoldError.wouldOverwrite([existing.path])) {
            try writer.write(files, force: false)
        }
        #expect(allFiles() == ["Sources/App/AViewModel.swift"])
        #expect(text("Sources/App/AViewModel.swift") == "// mine\n")
    }

    @Test func forceReplacesExistingFiles() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try writer.write(files, force: false)
        var changed = files
        changed[1].contents = "// new view model\n"
        try writer.write(changed, force: true)
        #expect(text("Sources/App/AViewModel.swift") == "// new view model\n")
        #expect(allFiles().count == 3)
    }

    @Test func aFailurePartWayLeavesEverythingAsItWas() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try writer.write(Array(files.prefix(2)), force: false)
        // A file where the tests folder must go: the sources are staged first, then the test
        // file cannot be; nothing may change and no temporary file may stay behind.
        try "not a folder\n".write(to: root.appendingPathComponent("Tests"), atomically: true, encoding: .utf8)
        let changed = files.map { file in
            var file = file
            file.contents = "// changed\n"
            return file
        }

        #expect(throws: ScaffoldError.self) {
            try writer.write(changed, force: true)
        }
        #expect(text("Sources/App/AView.swift") == "// A view\n")
        #expect(text("Sources/App/AViewModel.swift") == "// A view model\n")
        #expect(allFiles() == ["Sources/App/AView.swift", "Sources/App/AViewModel.swift", "Tests"])
    }

    @Test func neverReplacesAFolder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Sources/App/AView.swift")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("keep"), withIntermediateDirectories: true)

        #expect(throws: ScaffoldError.self) {
            try writer.write(files, force: true)
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("keep").path))
        #expect(allFiles().isEmpty)
    }

    @Test(arguments: ["../Escape.swift", "Nested/../../Escape.swift", "../../../../tmp/Escape.swift"])
    func rejectsPathsThatLeaveTheFolder(_ name: String) {
        defer { try? FileManager.default.removeItem(at: root) }
        let escaping = [ScaffoldFile(destination: .sources, name: name, contents: "")]
        #expect(throws: ScaffoldError.pathEscapes(name, folder: root.appendingPathComponent("Sources/App").path)) {
            try writer.write(escaping, force: true)
        }
        #expect(allFiles().isEmpty)
    }
}
