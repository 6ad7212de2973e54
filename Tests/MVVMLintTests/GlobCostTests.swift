import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

/// Globs of `excluded`, `tests` and custom rules' `paths` cost work bounded by the paths they
/// read, counted in words of pattern positions: long patterns full of stars against deep
/// folders had made a lint of a few files take minutes.
struct GlobCostTests {
    /// Folders named with 200 a's, `depth` of them.
    static func deepFolder(_ depth: Int) -> String {
        Array(repeating: String(repeating: "a", count: 200), count: depth).joined(separator: "/")
    }

    /// `**a**a…` needing `count` a's, then `tail`.
    static func globstars(_ count: Int, _ tail: String) -> String {
        String(repeating: "**a", count: count) + tail
    }

    /// The definition, memoised: `*` within a component, `**` (and a `/` after it) across them.
    static func reference(_ pattern: [Character], _ text: [Character]) -> Bool {
        var known: [Int: Bool] = [:]
        func matches(_ p: Int, _ t: Int) -> Bool {
            if let answer = known[p * (text.count + 1) + t] { return answer }
            let answer: Bool
            if p == pattern.count {
                answer = t == text.count
            } else if pattern[p] == "*", p + 1 < pattern.count, pattern[p + 1] == "*" {
                let next = p + 2 < pattern.count && pattern[p + 2] == "/" ? p + 3 : p + 2
                answer = matches(next, t) || (t < text.count && matches(p, t + 1))
            } else if pattern[p] == "*" {
                answer = matches(p + 1, t) || (t < text.count && text[t] != "/" && matches(p, t + 1))
            } else {
                answer = t < text.count && (pattern[p] == "?" ? text[t] != "/" : pattern[p] == text[t]) && matches(p + 1, t + 1)
            }
            known[p * (text.count + 1) + t] = answer
            return answer
        }
        return matches(0, 0)
    }

    /// Patterns of 20 to 200 steps (several words of positions, stars of both kinds) against
    /// texts made from them, some changed in one place: the bit sets, the dropped positions and
    /// the kept folders answer as the definition does.
    @Test func longPatternsAgreeWithTheDefinition() async throws {
        // Seconds of matching: on a thread of its own, so that other tests' tasks are not held
        // back on Swift concurrency's two shared threads.
        let mismatches = try await onOwnThread { Self.mismatchesWithTheDefinition() }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// The patterns and paths, of 400 random ones, where the matcher and the definition differ.
    static func mismatchesWithTheDefinition() -> [String] {
        var mismatches: [String] = []
        var seed: UInt64 = 7
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        let steps = ["a", "b", "/", "*", "**", "**/", "?", "a", "b", "ab"]
        for _ in 0..<400 {
            let pattern = (0..<(20 + random(180))).map { _ in steps[random(steps.count)] }.joined()
            var text = ""
            for step in pattern.replacingOccurrences(of: "**", with: "%") {
                switch step {
                case "%": text += ["", "b", "a/b", "/a", "ab/ba/"][random(5)]
                case "*": text += ["", "a", "ba", "bab"][random(4)]
                case "?": text += ["a", "b"][random(2)]
                default: text.append(step)
                }
            }
            if random(3) == 0, !text.isEmpty {
                var characters = Array(text)
                characters[random(characters.count)] = ["a", "b", "/"][random(3)]
                text = String(characters)
            }
            let expected = Self.reference(Array(pattern), Array(text)) || Self.reference(Array(pattern + "/**"), Array(text))
            if PathMatcher.glob(pattern, text, orBelow: true) != expected { mismatches.append("\(pattern) on \(text)") }
            // Configuration patterns and paths are normalised first (`a//b` is `a/b`); the text's
            // folder, kept by the first match, serves the paths after it.
            let cleanPattern = PathMatcher.normalized(pattern)
            let folder = PathText.parent(of: text)
            for path in [text, text + "/b", folder + "/ab", folder + "/a/b", text + "/a/b"] {
                let cleanPath = PathMatcher.normalized(path)
                let expectedClean = cleanPattern.isEmpty || Self.reference(Array(cleanPattern), Array(cleanPath))
                    || Self.reference(Array(cleanPattern + "/**"), Array(cleanPath))
                if PathMatcher.matches(path, pattern: pattern) != expectedClean { mismatches.append("\(pattern) on \(path)") }
            }
        }
        return mismatches
    }

    @Test func aPatternNeedingMoreCharactersThanThePathHasReadsNothing() {
        var wordsRead = 0
        #expect(!Glob(Self.globstars(1_300, "/x")).matches("Sources/App/View.swift", orBelow: true, wordsRead: &wordsRead))
        #expect(wordsRead == 0)
    }

    /// `**a**a…` against 2,800 characters of a's: each star read makes the ones before it
    /// redundant, so about one word is read a character. Keeping them all would read about
    /// 60,000 words (40 a character by the end).
    @Test func aLiveStarDropsThePositionsBeforeIt() {
        let path = Self.deepFolder(14)
        var wordsRead = 0
        #expect(!Glob(Self.globstars(1_300, "/b")).matches(path, orBelow: true, wordsRead: &wordsRead))
        #expect(wordsRead <= 2 * path.utf8.count)
        wordsRead = 0
        #expect(Glob(Self.globstars(1_300, "/x")).matches(path + "/x", orBelow: true, wordsRead: &wordsRead))
        #expect(wordsRead <= 2 * path.utf8.count)
        // The same for a name, where `*` never meets a `/`.
        let name = "A" + String(repeating: "a", count: 3_999)
        wordsRead = 0
        #expect(Glob("A" + String(repeating: "*a", count: 1_990) + "*b").matches(name, orBelow: false, wordsRead: &wordsRead) == false)
        #expect(wordsRead <= 2 * name.utf8.count)
    }

    /// 300 files in a folder 3,800 characters deep, against patterns that spell the folder out:
    /// the folder is read once, then each file's name alone.
    @Test func theEntriesOfAFolderReadOnlyTheirNames() {
        let folder = "Sources/" + Self.deepFolder(19)
        let patterns = ["**" + Self.deepFolder(18) + "/F7*", "**" + Self.deepFolder(18) + "Q", "Sources/**/a?a/F9*.swift"]
        for pattern in patterns {
            let glob = Glob(pattern)
            var once = 0
            _ = glob.matches(folder + "/F0.swift", orBelow: true, wordsRead: &once)
            let folders = FolderStates()
            var wordsRead = 0, found = 0
            for index in 0..<300 {
                let path = "\(folder)/F\(index).swift"
                let matched = glob.matchesBelow(path, folders: folders, wordsRead: &wordsRead)
                #expect(matched == glob.matches(path, orBelow: true), "\(pattern.suffix(10)) \(index)")
                found += matched ? 1 : 0
            }
            // F7 and F70 to F79, or none.
            #expect(found == (pattern.hasSuffix("Q") ? 0 : 11))
            // Reading each path whole would be 300 times `once`.
            #expect(wordsRead <= 2 * once + 300 * 20 * glob.wordsPerState, "\(pattern.suffix(10)): \(wordsRead) against \(once)")
        }
    }

    /// `excluded` and `tests` patterns of about 4,000 characters against a tree of deep folders.
    /// Before, each entry read each pattern whole: this lint took 96 s (debug build). The files
    /// a matching pattern names are still left out, or taken as tests.
    @Test func hostileExcludedAndTestsPatternsLintQuickly() async throws {
        var yaml = "preset: triad\nexcluded:\n  - \"\(Self.globstars(1_300, "/F1.swift"))\"\n"
        for index in 0..<12 { yaml += "  - \"\(Self.globstars(1_300, "/Q\(index)"))\"\n" }
        yaml += "tests:\n  - \"\(Self.globstars(1_300, "/F2.swift"))\"\n"
        for index in 0..<12 { yaml += "  - \"\(Self.globstars(1_300, "/Q\(index)"))\"\n" }
        var files = [".mvvm.yml": yaml]
        for depth in 1...8 {
            for index in 0..<3 {
                files["Sources/\(Self.deepFolder(depth))/F\(index).swift"] = "final class Thing\(depth)x\(index)ViewModel {\n    var value = 0\n}\n"
            }
        }
        let project = try temporaryProject(files)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await MVVMExecutable().run(["lint", "--no-cache", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        // Each file with findings, as its depth and name.
        let reported = Set(result.output.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: ":").first, path.hasSuffix(".swift") else { return nil }
            let components = path.split(separator: "/")
            return "\(components.count - 2) \(components.last!)"
        })
        // Depth 7 and 8 hold 1,400 and 1,600 a's: F1 is excluded there, F2 is a test (which the
        // view-model rules leave alone); every other file has findings.
        let expected = Set((1...8).flatMap { depth in
            (0..<3).filter { depth < 7 || $0 == 0 }.map { "\(depth) F\($0).swift" }
        })
        #expect(reported == expected, "\(result.output.prefix(2_000))")
    }
}
