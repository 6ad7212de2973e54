@testable import MVVMLint
import Testing

/// The fingerprint is hashed a file at a time; it must be the hash of the whole encoding, the
/// modules then every file in path order, whatever order the files come in.
struct ProjectFingerprintTests {
    private let files = (0..<500).map { number in
        ProjectFingerprint.File(
            path: "Sources/Module\(number % 7)/File\(number * 7919 % 500).swift",
            contentHash: UInt64(number) &* 0x9E37_79B9_7F4A_7C15, settingsHash: UInt64(number % 3)
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
            writer.string(file.path); writer.uint64(file.contentHash); writer.uint64(file.settingsHash)
            writer.int(modules.moduleIndex(of: file.path))
        }
        return writer.bytes.withUnsafeBytes { StableHash.of($0) }
    }

    @Test func isTheHashOfTheWholeEncodingInAnyOrder() {
        let expected = wholeHash(files, modules: .single)
        #expect(ProjectFingerprint.of(files, modules: .single) == expected)
        #expect(ProjectFingerprint.of(files.reversed(), modules: .single) == expected)
        #expect(ProjectFingerprint.of([], modules: .single) == wholeHash([], modules: .single))
    }

    @Test func changesWithAnyFilesPart() {
        let base = ProjectFingerprint.of(files, modules: .single)
        var renamed = files, edited = files, reconfigured = files
        renamed[17].path += "x"
        edited[17].contentHash &+= 1
        reconfigured[17].settingsHash &+= 1
        for changed in [renamed, edited, reconfigured, Array(files.dropLast())] {
            #expect(ProjectFingerprint.of(changed, modules: .single) != base)
        }
    }
}
