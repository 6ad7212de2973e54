import CommandTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MVVMLint
import Testing

/// File names holding bidirectional controls and invisible characters are written escaped by
/// every reporter, so a report cannot read differently from what it holds.
struct HiddenCharacterTests {
    let mvvm = MVVMExecutable()
    /// RLO, a zero-width space, ALM, a word joiner and two tag characters.
    static let name = "Pro\u{202E}file\u{200B}\u{061C}\u{2060}\u{E0041}\u{E007F}.swift"

    static func holdsHidden(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && PrintableText.isHidden($0) }
    }

    @Test(arguments: ReporterKind.allCases.map(\.rawValue))
    func noReporterWritesAHiddenCharacterRaw(reporter: String) async throws {
        let project = try temporaryProject(["Sources/" + Self.name: MVVMExecutable.viewModelMissingMainActor])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", reporter, "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        #expect(!Self.holdsHidden(result.output), "\(result.output.debugDescription)")
        if reporter == "json" {
            #expect(result.output.contains(#"Pro\u202Efile\u200B\u061C\u2060\uDB40\uDC41\uDB40\uDC7F.swift"#), "\(result.output)")
            let entries = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
            #expect(entries.contains { ($0["path"] as? String) == "Sources/" + Self.name })
        }
        if reporter == "junit" {
            #expect(result.output.contains("Pro&#x202E;file&#x200B;&#x61C;&#x2060;&#xE0041;&#xE007F;.swift"), "\(result.output)")
        }
    }

    @Test func theJUnitReportStaysWellFormedWithNoncharactersInAName() async throws {
        let project = try temporaryProject(["Sources/Pro\u{FFFE}file\u{FFFF}.swift": MVVMExecutable.viewModelMissingMainActor])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "junit", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        #expect(!result.output.unicodeScalars.contains { $0 == "\u{FFFE}" || $0 == "\u{FFFF}" })
        #expect(result.output.contains("Pro\u{FFFD}file\u{FFFD}.swift"), "\(result.output)")
        #expect(XMLParser(data: Data(result.output.utf8)).parse())
    }

    @Test func theJSONGraphEscapesHiddenCharactersInNames() async throws {
        let viewModel = "@MainActor @Observable final class Pro\u{202E}fileViewModel {}\n"
        let project = try temporaryProject(["Sources/App/Profile.swift": viewModel])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["graph", "--format", "json", "--no-cache", "Sources"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(!Self.holdsHidden(result.output), "\(result.output.debugDescription)")
        #expect(result.output.contains(#"Pro\u202EfileViewModel"#), "\(result.output)")
    }
}
