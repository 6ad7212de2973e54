import CommandTestSupport
import Foundation
import MVVMLint
import Testing

/// `mvvm lint --fix --dry-run`: the diff of every fix on standard output, no byte changed on
/// disk, and the summary line of a fix.
struct FixPreviewTests {
    let mvvm = MVVMExecutable()

    /// A triad project with fixes of three rules (one in a CRLF file), findings with no fix, and
    /// one left with a reason.
    static let files: [String: String] = [
        ".mvvm.yml": "preset: triad\n",
        "Sources/App/SearchView.swift": """
            import SwiftUI
            struct SearchView<ViewModel: SearchViewModeling>: View {
                @State private var model: ViewModel
                init(model: ViewModel) {
                    _model = State(initialValue: model)
                }
                var body: some View {
                    List(model.results) { Text($0.title) }
                        .searchable(text: $model.query)
                }
            }

            """,
        "Sources/App/SearchViewModel.swift": """
            import Observation
            @MainActor @Observable
            class SearchViewModel: SearchViewModeling {
                var results: [String] = []
            }
            @MainActor protocol SearchViewModeling: Observable {}

            """.replacingOccurrences(of: "\n", with: "\r\n"),
        "Sources/App/CartView.swift": """
            import SwiftUI
            struct CartView<VM: CartViewModeling>: View {
                @State var model: VM
                var body: some View { Text(model.total) }
            }
            @MainActor protocol CartViewModeling: Observable {}

            """,
    ]

    static let summary = "findings in 2 files; 1 has no fix; 1 left (1: '…' is not private, so other files may use it).\n"

    @Test func aDryRunPrintsTheDiffAndChangesNoByteOnDisk() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let before = try Self.snapshot(of: project)

        let preview = try await mvvm.run(["lint", "--fix", "--dry-run"], in: project)
        #expect(preview.status == 0, "\(preview.error)")
        #expect(try Self.snapshot(of: project, leavingOut: ".build/mvvm-cache") == before)
        #expect(preview.output.hasPrefix("--- a/Sources/App/SearchView.swift\n+++ b/Sources/App/SearchView.swift\n@@ -1,11 +1,11 @@\n"))
        #expect(preview.output.contains("-    @State private var model: ViewModel\n+    @State private var viewModel: ViewModel\n"))
        #expect(preview.output.contains("+final class SearchViewModel: SearchViewModeling {\r\n"), "a CRLF file's line endings reach patch as they are")
        // The report moves to standard error, after the summary: standard output is the diff alone.
        #expect(!preview.output.contains("warning:"))
        #expect(preview.error.hasPrefix("Would fix 2 " + Self.summary))
        #expect(preview.error.contains("Sources/App/CartView.swift:3:16: warning: View 'CartView' names its view model 'model'. [view-model-property-name]\n"
            + "    hint: Rename it `viewModel`. --fix leaves it: 'model' is not private, so other files may use it.\n"))

        // Without the cache nothing at all is written, the cache's folder included.
        let withCache = try Self.snapshot(of: project)
        let uncached = try await mvvm.run(["lint", "--fix", "--dry-run", "--no-cache"], in: project)
        #expect(uncached.output == preview.output)
        #expect(try Self.snapshot(of: project) == withCache)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/patch"), "applies the diff with patch"))
    func theDiffAppliedWithPatchGivesWhatTheFixWritesAndASecondFixChangesNothing() async throws {
        let previewed = try temporaryProject(Self.files), fixed = try temporaryProject(Self.files)
        defer {
            try? FileManager.default.removeItem(at: previewed)
            try? FileManager.default.removeItem(at: fixed)
        }
        let preview = try await mvvm.run(["lint", "--fix", "--dry-run", "--no-cache"], in: previewed)
        try Data(preview.output.utf8).write(to: previewed.appendingPathComponent("fix.patch"))
        let patched = try await BuiltCommand.shell.run(["-c", "patch -p1 -s < fix.patch && rm fix.patch"], in: previewed)
        #expect(patched.status == 0, "\(patched.output)\(patched.error)")

        let fix = try await mvvm.run(["lint", "--fix", "--no-cache"], in: fixed)
        #expect(fix.error == "Fixed 2 " + Self.summary)
        #expect(try Self.contents(of: previewed) == Self.contents(of: fixed))
        #expect(try Self.contents(of: fixed) != Self.files.mapValues { Data($0.utf8) })

        let again = try await mvvm.run(["lint", "--fix", "--no-cache"], in: fixed)
        #expect(again.error == "Fixed 0 findings in 0 files; 1 has no fix; 1 left (1: '…' is not private, so other files may use it).\n")
        #expect(try Self.contents(of: previewed) == Self.contents(of: fixed))
        let nothingLeft = try await mvvm.run(["lint", "--fix", "--dry-run", "--no-cache"], in: fixed)
        #expect(nothingLeft.output.isEmpty)
    }

    @Test func theSummaryGroupsWhatIsLeftByReasonAndADryRunCountsTheSame() async throws {
        var files = Self.files
        files["Sources/App/ProfileViewModel.swift"] = "import Observation\n@MainActor @Observable\nclass ProfileViewModel: ProfileViewModeling {}\n"
            + "@MainActor protocol ProfileViewModeling: Observable {}\n"
        let project = try temporaryProject(files)
        defer { try? FileManager.default.removeItem(at: project) }
        let readOnly = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly.path)
        let left = "1 has no fix; 2 left (1: '…' is not private, so other files may use it; 1: the file may not be replaced: it is read-only).\n"

        let preview = try await mvvm.run(["lint", "--fix", "--dry-run", "--no-cache", "--reporter", "json:report.json"], in: project)
        #expect(preview.error.hasSuffix("Would fix 2 findings in 2 files; " + left), "\(preview.error)")
        let fix = try await mvvm.run(["lint", "--fix", "--no-cache", "--reporter", "json:report.json"], in: project)
        #expect(fix.error.hasSuffix("Fixed 2 findings in 2 files; " + left), "\(fix.error)")
        let report = try String(contentsOf: project.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(report.contains("\"unfixedReason\" : \"'model' is not private, so other files may use it\""))
    }

    @Test func dryRunWithoutFixIsAUsageError() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--dry-run"], in: project)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("Error: --dry-run shows what --fix would change; use it with --fix (mvvm lint --fix --dry-run).\n"))
    }

    /// Every file under `root` (but those under `leavingOut`) with its bytes, size, inode,
    /// mode and modification time.
    static func snapshot(of root: URL, leavingOut: String? = nil) throws -> [String: String] {
        var snapshot: [String: String] = [:]
        for (path, data) in try contents(of: root) where leavingOut.map({ !path.hasPrefix($0) }) ?? true {
            let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(path).path)
            let stamp = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            snapshot[path] = "\(data.base64EncodedString()) \(data.count) \(attributes[.systemFileNumber] ?? "") \(attributes[.posixPermissions] ?? "") \(stamp)"
        }
        return snapshot
    }

    /// Every regular file under `root`, by its path relative to `root`.
    static func contents(of root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let prefix = root.resolvingSymlinksInPath().path + "/"
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in enumerator {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = url.resolvingSymlinksInPath().path
            files[path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path] = try Data(contentsOf: url)
        }
        return files
    }
}
