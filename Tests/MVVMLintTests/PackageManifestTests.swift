@testable import MVVMLint
import Testing

/// A file's target is the one whose folder holds it, the deepest where target folders nest.
struct PackageManifestTests {
    @Test func aFileBelongsToTheDeepestTargetFolderThatHoldsIt() {
        let manifest = PackageManifest(text: """
            let package = Package(name: "P", targets: [
                .target(name: "App", path: "Sources/App"),
                .target(name: "Feature", path: "Sources/App/Feature"),
                .target(name: "Twin", path: "Sources/App/Feature"),
                .target(name: "Apple", path: "Sources/Apple"),
            ])
            """, folder: "/p")
        #expect(manifest.targets.map(\.name) == ["App", "Feature", "Twin", "Apple"])
        // Two targets with one folder: the first named takes its files.
        #expect(manifest.target(holding: "/p/Sources/App/Feature/View.swift")?.name == "Feature")
        #expect(manifest.target(holding: "/p/Sources/App/Model.swift")?.name == "App")
        // A folder that starts with another's name is not inside it.
        #expect(manifest.target(holding: "/p/Sources/Apple/A.swift")?.name == "Apple")
        #expect(manifest.target(holding: "/p/Tests/A.swift") == nil)
    }
}
