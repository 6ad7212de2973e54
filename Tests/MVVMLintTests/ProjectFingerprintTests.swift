import Foundation
@testable import MVVMLint
import Testing

/// The fingerprint hashes each file on its own, on any number of threads; it must be the hash of
/// the modules and then every file's hash in path order, whatever order the files come in.
struct ProjectFingerprintTests {
    private let files = (0..<500).map { number in
        ProjectFingerprint.File(
            path: "Sources/Module\(number % 7)/File\(number * 7919 % 500).swift",
            contentHash: UInt64(number) &* 0x9E37_79B9_7F4A_7C15, configurationHash: UInt64(number % 3)
        )
    }

    /// The definition, written whole.
    private func wholeHash(_ files: [ProjectFingerprint.File], modules: ModuleMap) -> UInt64 {
        var writer = BinaryWriter()
        writer.array(modules.modules) { writer, module in
            writer.string(module.name); writer.string(module.folder); writer.string(module.project)
            writer.bool(module.defaultsToMainActor)
        }
        writer.array(files.sorted { $0.path < $1.path }) { writer, file in
            var own = BinaryWriter()
            own.string(file.path); own.uint64(file.contentHash); own.uint64(file.configurationHash)
            own.int(modules.moduleIndex(of: file.path))
            writer.uint64(own.bytes.withUnsafeBytes { StableHash.of($0) })
        }
        return writer.bytes.withUnsafeBytes { StableHash.of($0) }
    }

    @Test(arguments: [1, 4])
    func isTheHashOfTheFilesHashesInAnyOrder(jobs: Int) {
        let expected = wholeHash(files, modules: .single)
        #expect(ProjectFingerprint.of(files, modules: .single, jobs: jobs) == expected)
        #expect(ProjectFingerprint.of(files.reversed(), modules: .single, jobs: jobs) == expected)
        #expect(ProjectFingerprint.of([], modules: .single, jobs: jobs) == wholeHash([], modules: .single))
    }

    @Test func changesWithAFilesModule() {
        // Folders that do not exist, under none with a build description: each file's module is
        // the linted root that holds it.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("fingerprint-\(UUID().uuidString)").path
        let files = files.map { file in
            var file = file
            file.path = base + "/" + file.path
            return file
        }
        let paths = files.map(\.path)
        let whole = ModuleMap(paths: paths, roots: [base + "/Sources"])
        let split = ModuleMap(paths: paths, roots: [base + "/Sources/Module3", base + "/Sources"])
        #expect(whole.modules.count == 1 && split.modules.count == 2)
        // The definition holds each file's module: a fingerprint without it would differ here.
        #expect(ProjectFingerprint.of(files, modules: split, jobs: 4) == wholeHash(files, modules: split))
        #expect(ProjectFingerprint.of(files, modules: split) != ProjectFingerprint.of(files, modules: whole))
    }

    @Test func changesWithAnyFilesPart() {
        let base = ProjectFingerprint.of(files, modules: .single)
        var renamed = files, edited = files, reconfigured = files
        renamed[17].path += "x"
        edited[17].contentHash &+= 1
        reconfigured[17].configurationHash &+= 1
        for changed in [renamed, edited, reconfigured, Array(files.dropLast())] {
            #expect(ProjectFingerprint.of(changed, modules: .single) != base)
        }
    }
}
