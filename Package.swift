// swift-tools-version: 6.1
import PackageDescription

/// Example screens live under `Examples/NAME/Sources` with tests in `Examples/NAME/Tests`.
func example(_ name: String, dependencies: [Target.Dependency] = []) -> [Target] {
    [
        .target(
            name: "\(name)Example",
            dependencies: ["MVVM"] + dependencies,
            path: "Examples/\(name)/Sources"
        ),
        .testTarget(
            name: "\(name)ExampleTests",
            dependencies: [.target(name: "\(name)Example"), "MVVM", "MVVMTesting"],
            path: "Examples/\(name)/Tests"
        ),
    ]
}

/// Everything beyond the runtime needs the `Tooling` trait: with it off (`traits: []` on the
/// consumer's `.package` line), SwiftPM resolves none of these packages for the consumer.
func tooling(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Tooling"]))
}

let package = Package(
    name: "swift-mvvm",
    // The Observation framework's first releases.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "MVVM", targets: ["MVVM"]),
        .library(name: "MVVMTesting", targets: ["MVVMTesting"]),
        .library(name: "MVVMLint", targets: ["MVVMLint"]),
        // Runs rule examples as Swift Testing tests, for the built-in rules and a team's own.
        .library(name: "MVVMLintTesting", targets: ["MVVMLintTesting"]),
        // The `mvvm` command line, for a team's executable that adds rules written in Swift.
        .library(name: "MVVMCommandLine", targets: ["MVVMCommandLine"]),
        .library(name: "MVVMScaffold", targets: ["MVVMScaffold"]),
        .executable(name: "mvvm", targets: ["mvvm"]),
        // The command plugins (Plugins/MVVMLintCommandPlugin, MVVMFixCommandPlugin) ship only in
        // the plugins package with a prebuilt mvvm: an app depends on it and on this package, and
        // two plugins with one verb would make `swift package mvvm-lint` ambiguous.
        .plugin(name: "MVVMLintBuildPlugin", targets: ["MVVMLintBuildPlugin"]),
    ],
    traits: [
        .trait(
            name: "Tooling",
            description: """
                The linter and scaffolder (MVVMLint, MVVMScaffold, `mvvm`), the SwiftPM plugins, the \
                example apps' terminal front end and test server, and DocC. On by default; apps that \
                use only MVVM and MVVMTesting write `traits: []` and resolve no other package.
                """
        ),
        .default(enabledTraits: ["Tooling"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        // Test-only: a real HTTP server on 127.0.0.1 for the Hacker News client's tests.
        .package(url: "https://github.com/swhitty/FlyingFox.git", from: "0.27.1"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        // `swift package generate-documentation` for the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
        // The Hacker News client's HTTP on Linux, where URLSession cannot bound a request.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        .target(name: "MVVM"),
        .target(name: "MVVMTesting", dependencies: ["MVVM"]),
        // The runtime's cost per operation (`Scripts/runtime-benchmark.sh`); not a product.
        .executableTarget(name: "MVVMBenchmarks", dependencies: ["MVVM", "MVVMTesting"], path: "Benchmarks/MVVMBenchmarks"),
        .target(
            name: "MVVMLint",
            dependencies: [
                tooling("SwiftSyntax", "swift-syntax"),
                tooling("SwiftParser", "swift-syntax"),
                tooling("Yams", "Yams"),
            ]
        ),
        .target(name: "MVVMLintTesting", dependencies: ["MVVMLint"]),
        // Templates and the generator behind `mvvm new` and the Xcode file templates.
        .target(name: "MVVMScaffold"),
        // The commands of `mvvm`, run with a rule set the executable chooses.
        .target(
            name: "MVVMCommandLine",
            dependencies: [
                "MVVMLint",
                "MVVMScaffold",
                tooling("ArgumentParser", "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "mvvm", dependencies: ["MVVMCommandLine", "MVVMLint"]),
        .plugin(name: "MVVMLintBuildPlugin", capability: .buildTool(), dependencies: ["mvvm"]),
        .testTarget(name: "MVVMTests", dependencies: ["MVVM", "MVVMTesting"]),
        .testTarget(name: "MVVMTestingTests", dependencies: ["MVVM", "MVVMTesting"]),
        // Runs the package's executables from tests without holding a Swift concurrency thread.
        .target(name: "CommandTestSupport", path: "Tests/CommandTestSupport"),
        // Reads rule declarations from the syntax, for the rule-file generator and RuleSetTests.
        .target(
            name: "RuleDeclarations",
            dependencies: [tooling("SwiftSyntax", "swift-syntax"), tooling("SwiftParser", "swift-syntax")],
            path: "Tests/RuleDeclarations"
        ),
        // `swift run generate-rule-files`: the built-in rule list, the rule book and README's rule
        // table, written from the rules (CONTRIBUTING, "Adding a built-in rule").
        .executableTarget(name: "generate-rule-files", dependencies: ["RuleDeclarations", "MVVMLint"], path: "Tests/GenerateRuleFiles"),
        .testTarget(
            name: "MVVMLintTests",
            dependencies: [
                "MVVMLint", "MVVMLintTesting", "mvvm", "mvvm-with-added-rules", "CommandTestSupport", "RuleDeclarations",
                // `LayerTests` reads the library's own sources as syntax.
                tooling("SwiftSyntax", "swift-syntax"), tooling("SwiftParser", "swift-syntax"),
            ],
            exclude: ["GraphGolden"]
        ),
        // `mvvm` with two rules written in Swift added, so tests can run a team's tool.
        .executableTarget(
            name: "mvvm-with-added-rules",
            dependencies: ["MVVMCommandLine", "MVVMLint", tooling("SwiftSyntax", "swift-syntax")],
            path: "Tests/AddedRulesCommand"
        ),
        .testTarget(
            name: "MVVMScaffoldTests",
            dependencies: ["MVVMScaffold", "MVVMLint", "mvvm", "CommandTestSupport"],
            exclude: ["Golden"]
        ),
    ]
        + example("ItemList")
        + example("Login")
        + example("Counter")
        + [
            // The Hacker News reader: its model layer is portable (Linux included).
            .target(
                name: "HackerNewsModel",
                dependencies: [
                    // URLSession on Apple platforms; on Linux it deadlocks and cannot bound a body.
                    .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux], traits: ["Tooling"])),
                ],
                path: "Examples/HackerNews/Sources/Model",
                resources: [.process("Sample")]
            ),
            // Its view models and SwiftUI views; the views compile only where SwiftUI exists.
            .target(name: "HackerNewsReader", dependencies: ["HackerNewsModel", "MVVM"], path: "Examples/HackerNews/Sources/Reader"),
            // What the reader's test targets share; not part of the app.
            .target(
                name: "HackerNewsTestSupport",
                dependencies: [tooling("FlyingFox", "FlyingFox")],
                path: "Examples/HackerNews/Tests/Support"
            ),
            .testTarget(
                name: "HackerNewsReaderTests",
                dependencies: ["HackerNewsReader", "HackerNewsModel", "MVVM", "MVVMTesting"],
                path: "Examples/HackerNews/Tests/ReaderTests"
            ),
            // `hn`: the terminal front end on the same view models, for Linux and macOS.
            .target(
                name: "HackerNewsTerminal",
                dependencies: ["HackerNewsReader", "HackerNewsModel", "MVVM"],
                path: "Examples/HackerNews/Sources/Terminal"
            ),
            .executableTarget(
                name: "hn",
                dependencies: [
                    "HackerNewsTerminal", "HackerNewsReader", "HackerNewsModel",
                    tooling("ArgumentParser", "swift-argument-parser"),
                ],
                path: "Examples/HackerNews/Sources/hn"
            ),
            .testTarget(
                name: "HackerNewsTerminalTests",
                dependencies: [
                    "HackerNewsTerminal", "HackerNewsReader", "HackerNewsModel", "MVVMTesting", "HackerNewsTestSupport", "CommandTestSupport", "hn",
                    tooling("FlyingFox", "FlyingFox"),
                ],
                path: "Examples/HackerNews/Tests/TerminalTests"
            ),
            .testTarget(
                name: "HackerNewsModelTests",
                dependencies: ["HackerNewsModel", "HackerNewsTestSupport", tooling("FlyingFox", "FlyingFox")],
                path: "Examples/HackerNews/Tests/ModelTests"
            ),
        ],
    swiftLanguageModes: [.v6]
)
