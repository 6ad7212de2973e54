// swift-tools-version: 6.1
import PackageDescription

// A team's app with architecture rules of its own: declarative ones in `.mvvm.yml`, and rules
// written in Swift in `TeamRules`, which `team-mvvm` (the `mvvm` command line with those rules
// added) runs and `TeamRulesTests` tests through their examples. `.mvvm.yml` names `team-mvvm`
// (`tool:`), and the plugins declared below (swift-mvvm's plugin files, depending on `team-mvvm`)
// run it: `swift package mvvm-lint`, `mvvm-fix`, and on every build of CatalogUI.
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
        // swift-mvvm's plugins, running `team-mvvm`: their files, linked here (a team copies
        // swift-mvvm's Plugins/ folders, or takes the command plugins from swift-mvvm-plugins,
        // which build and run the tool .mvvm.yml names).
        .plugin(name: "TeamLintBuildPlugin", capability: .buildTool(), dependencies: ["team-mvvm"]),
        .plugin(
            name: "TeamLintCommandPlugin",
            capability: .command(intent: .custom(verb: "mvvm-lint", description: "Lint the package with team-mvvm.")),
            dependencies: ["team-mvvm"]
        ),
        .plugin(
            name: "TeamFixCommandPlugin",
            capability: .command(
                intent: .custom(verb: "mvvm-fix", description: "Correct what team-mvvm's fixable rules find, then lint."),
                permissions: [.writeToPackageDirectory(reason: "mvvm lint --fix rewrites source files in place.")]
            ),
            dependencies: ["team-mvvm"]
        ),
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
