// swift-tools-version: 6.1
import PackageDescription

// A team's app with architecture rules of its own: declarative ones in `.mvvm.yml`, and rules
// written in Swift in `TeamRules`, which `team-mvvm` (the `mvvm` command line with those rules
// added) runs and `TeamRulesTests` tests through their examples. `.mvvm.yml` names `team-mvvm`
// (`tool:`), so `swift package mvvm-lint` and `mvvm-fix` run it, and `TeamLintBuildPlugin` (the
// build-tool plugin's own files, depending on `team-mvvm`) runs it on every build.
let package = Package(
    name: "CustomRules",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // This repository; an app names it by URL: .package(url: "https://github.com/OWNER/swift-mvvm.git", from: "0.1.0").
        .package(name: "swift-mvvm", path: "../.."),
    ],
    targets: [
        // The app: its model layer, and its view models and views.
        .target(name: "Catalog"),
        .target(
            name: "CatalogUI",
            dependencies: ["Catalog", .product(name: "MVVM", package: "swift-mvvm")],
            plugins: ["TeamLintBuildPlugin"]
        ),
        .testTarget(
            name: "CatalogUITests",
            dependencies: ["CatalogUI", "Catalog", .product(name: "MVVMTesting", package: "swift-mvvm")]
        ),

        // The team's rules, a library so that both the tool and the tests reach them.
        .target(name: "TeamRules", dependencies: [.product(name: "MVVMLint", package: "swift-mvvm")]),
        // `swift run team-mvvm lint`: `mvvm` with the built-in rules and the team's.
        .executableTarget(
            name: "team-mvvm",
            dependencies: [
                "TeamRules",
                .product(name: "MVVMCommandLine", package: "swift-mvvm"),
                .product(name: "MVVMLint", package: "swift-mvvm"),
            ]
        ),
        // swift-mvvm's build-tool plugin, running `team-mvvm`: its two files, linked here
        // (a team copies them from swift-mvvm's Plugins/MVVMLintBuildPlugin).
        .plugin(name: "TeamLintBuildPlugin", capability: .buildTool(), dependencies: ["team-mvvm"]),
        // Every example of every team rule, run as a test.
        .testTarget(
            name: "TeamRulesTests",
            dependencies: [
                "TeamRules",
                .product(name: "MVVMLint", package: "swift-mvvm"),
                .product(name: "MVVMLintTesting", package: "swift-mvvm"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
