import Foundation
@testable import MVVMLint
import Testing

struct PathMatcherTests {
    /// The definition `normalized` must keep: drop empty and `.` components.
    static func slowNormalized(_ path: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
    }

    @Test(arguments: [
        "a/b", "./a", "a/./b", "a//b", "/a/b", "a/b/", "a/.", ".", "", "/", "..", "../a", "a/..", ".hidden/x",
        "a/.b", "a./b", "//a", "/./a", "./", "a/b/.", "..a/b", "Sources/App/View.swift", "/tmp/x/./y", "a/.../b",
    ])
    func theFastPathAgreesWithTheDefinition(_ path: String) {
        #expect(PathMatcher.normalized(path) == Self.slowNormalized(path))
    }

    @Test func globsMatchWithinAndAcrossComponents() {
        #expect(PathMatcher.matches("Examples/Login/Tests/A.swift", pattern: "Examples/*/Tests"))
        #expect(!PathMatcher.matches("Examples/Login/Sources/A.swift", pattern: "Examples/*/Tests"))
        #expect(PathMatcher.matches("Sources/Generated/Deep/A.swift", pattern: "**/Generated"))
        #expect(PathMatcher.matches("./Sources/A.swift", pattern: "Sources"))
    }
}

/// The glob matcher against the definition it replaced, and against patterns built to blow up.
struct GlobMatcherTests {
    /// The recursive definition: `*` within a component, `**` (and a `/` after it) across them.
    static func reference(_ pattern: [Character], _ text: [Character], _ p: Int = 0, _ t: Int = 0) -> Bool {
        if p == pattern.count { return t == text.count }
        if pattern[p] == "*" {
            if p + 1 < pattern.count, pattern[p + 1] == "*" {
                var next = p + 2
                if next < pattern.count, pattern[next] == "/" { next += 1 }
                return reference(pattern, text, next, t) || (t < text.count && reference(pattern, text, p, t + 1))
            }
            return reference(pattern, text, p + 1, t) || (t < text.count && text[t] != "/" && reference(pattern, text, p, t + 1))
        }
        if t < text.count, pattern[p] == "?" ? text[t] != "/" : pattern[p] == text[t] {
            return reference(pattern, text, p + 1, t + 1)
        }
        return false
    }

    @Test func agreesWithTheDefinitionOnEveryShortPatternAndPath() {
        let alphabet: [Character] = ["a", "/", "*", "?"]
        var patterns: [String] = [""]
        for _ in 0..<4 {
            patterns += patterns.flatMap { prefix in alphabet.map { prefix + String($0) } }
        }
        let paths = Set(patterns.map { $0.replacingOccurrences(of: "*", with: "b").replacingOccurrences(of: "?", with: "a") })
        for pattern in Set(patterns) {
            for path in paths {
                let expected = Self.reference(Array(pattern), Array(path)) || Self.reference(Array(pattern + "/**"), Array(path))
                #expect(PathMatcher.glob(pattern, path, orBelow: true) == expected, "\(pattern) on \(path)")
            }
        }
    }

    @Test func thousandsOfStarsMatchAtOnce() {
        let stars = String(repeating: "*", count: 10_000)
        #expect(PathMatcher.matches("Sources/App/View.swift", pattern: stars))
        #expect(!PathMatcher.matches("Sources/App/View.swift", pattern: String(repeating: "*/", count: 3_000) + "x"))
        #expect(!PathMatcher.matches("Sources/App/View.swift", pattern: String(repeating: "*a", count: 3_000)))
        #expect(!PathMatcher.matches(String(repeating: "a", count: 5_000), pattern: String(repeating: "?*", count: 2_000) + "b"))
    }

    @Test func aPatternLongerThanTheLimitIsAConfigurationErrorWithItsPlace() throws {
        let long = String(repeating: "*", count: PathMatcher.maximumPatternLength + 1)
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationLoader(rules: .builtIn).parse("preset: triad\nexcluded:\n  - Sources\n  - \"\(long)\"\n", path: ".mvvm.yml")
        }
        #expect(error.line == 4)
        #expect(error.column != nil)
        #expect(error.message.contains("at most \(PathMatcher.maximumPatternLength)"))
        let fine = try ConfigurationLoader(rules: .builtIn).parse("tests: \"\(String(repeating: "*", count: 4_000))\"\n", path: ".mvvm.yml")
        #expect(fine.tests.count == 1)
    }
}

/// Discovery joins a folder and an entry's name itself, the way Foundation does.
struct DiscoveryJoinTests {
    @Test(arguments: ["Sources", "/a/b", "/", "a//b", "a/", "", ".", "./x", "/a/./b", "../up", "//", "/a//"])
    func aJoinIsFoundationsJoin(folder: String) {
        #expect(PathText.joined(folder, "File.swift") == (folder as NSString).appendingPathComponent("File.swift"))
    }

    /// Short names make a string held in place, long ones one of its own; both keep every byte.
    @Test(arguments: ["F.swift", "Ünïcode Näme.swift", String(repeating: "n", count: 300)])
    func aJoinKeepsTheBytesOfBothParts(name: String) {
        for folder in ["a", "/a/b", "/tmp/" + String(repeating: "f", count: 200)] {
            #expect(Array(PathText.joined(folder, name).utf8) == Array((folder + "/" + name).utf8))
        }
    }
}

/// A file's folder is found from the bytes of its path, the way Foundation finds it.
struct PathParentTests {
    @Test(arguments: [
        "Sources/App/File.swift", "/a/b/File.swift", "/File.swift", "File.swift", "", "/", "a//b/c", "a/b/", "//",
        "./x", "/a/./b", "../up/File.swift", "a/..", "~/File.swift", "Sources/Ünïcode/File.swift", ".hidden/x",
        "Sources/Cafe\u{301}/File.swift",
    ])
    func aParentIsFoundationsParent(path: String) {
        // Byte for byte: `==` takes a composed and a decomposed accent for the same.
        #expect(Array(PathText.parent(of: path).utf8) == Array((path as NSString).deletingLastPathComponent.utf8))
    }

    /// Foundation stops the process on this one (swift-corelibs-foundation on Linux).
    @Test func aFileNamedTildeIsInTheCurrentFolder() {
        #expect(PathText.parent(of: "~") == "")
    }
}

/// A path's last component is found from the bytes of its path, the way Foundation finds it.
struct PathLastComponentTests {
    @Test(arguments: [
        "Sources/App/File.swift", "/a/b/File.swift", "/File.swift", "File.swift", "", "/", "a//b/c", "a/b/", "//",
        "./x", "/a/./b", "../up/File.swift", "a/..", "~/File.swift", "Sources/Ünïcode", ".hidden/x", "/a/b.c", "App",
        "Sources/Cafe\u{301}",
    ])
    func aLastComponentIsFoundationsLastComponent(path: String) {
        // Byte for byte; the empty path and those with a doubled or trailing slash are
        // Foundation's own answer, kept here so a change of that hand-off shows.
        #expect(Array(PathText.lastComponent(of: path).utf8) == Array((path as NSString).lastPathComponent.utf8))
    }
}
