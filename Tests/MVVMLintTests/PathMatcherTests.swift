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
