import Foundation

/// Where `mvvm new` puts a screen's tests and which module they import, inferred from the output
/// folder when the options do not say. SwiftPM's layout makes the guess sound: for
/// `Sources/MODULE/Sub/Folder` the module is `MODULE` and its tests live in
/// `Tests/MODULETests/Sub/Folder`. Where the guess could be wrong (no `Sources/MODULE` in the
/// path, or no `Tests/MODULETests` folder), it is refused with what to pass instead, because
/// tests written into the app's own target, or importing a module that does not exist, stop
/// the app from building.
struct ScreenDestination: Equatable {
    /// The folder for the view and view model files.
    var sources: URL
    /// The folder for the test files.
    var tests: URL
    /// The module the tests `@testable import`.
    var module: String

    /// Resolves the destination of `output` (absolute, standardized); `tests` and `module` are
    /// the options as given. `folderExists` answers for the inferred tests folder.
    static func resolve(
        output: URL, tests: URL?, module: String?, folderExists: (URL) -> Bool
    ) throws(ScreenDestinationError) -> ScreenDestination {
        let layout = SwiftPMLayout(output)
        if let tests {
            guard let module = module ?? layout?.module else {
                throw .unknownModule(output: output)
            }
            return ScreenDestination(sources: output, tests: tests, module: module)
        }
        guard let layout else {
            throw .notInSwiftPMLayout(output: output)
        }
        guard folderExists(layout.testTarget) else {
            throw .noTestFolder(layout.testTarget, module: layout.module)
        }
        return ScreenDestination(sources: output, tests: layout.tests, module: module ?? layout.module)
    }
}

/// `ROOT/Sources/MODULE/SUB...` taken apart; `nil` for a path without a module under `Sources`.
struct SwiftPMLayout {
    /// The module: the folder right below `Sources`.
    let module: String
    /// `ROOT/Tests/MODULETests`: the module's test target.
    let testTarget: URL
    /// The test target's folder mirroring the output's subfolders.
    let tests: URL

    init?(_ output: URL) {
        let components = output.pathComponents
        // The last `Sources`: a package inside a folder that is itself called Sources still works.
        guard let index = components.lastIndex(of: "Sources"), index + 1 < components.count else { return nil }
        module = components[index + 1]
        var root = URL(fileURLWithPath: "/")
        for component in components[..<index].dropFirst() {
            root.appendPathComponent(component)
        }
        testTarget = root.appendingPathComponent("Tests").appendingPathComponent(module + "Tests")
        tests = components[(index + 2)...].reduce(testTarget) { $0.appendingPathComponent($1) }
    }
}

/// Why `mvvm new` cannot tell where a screen's tests go.
enum ScreenDestinationError: Error, Equatable, CustomStringConvertible {
    /// The output is not `Sources/MODULE/...`, so neither the tests folder nor the module is known.
    case notInSwiftPMLayout(output: URL)
    /// `--tests` was given, but the module cannot be inferred from the output.
    case unknownModule(output: URL)
    /// The inferred test target's folder does not exist.
    case noTestFolder(URL, module: String)

    var description: String {
        switch self {
        case .notInSwiftPMLayout(let output):
            "\(NewCommand.display(output)) is not inside Sources/MODULE, so the tests' folder and module are unknown; pass --tests FOLDER and --module NAME (the module the tests @testable import)."
        case .unknownModule(let output):
            "\(NewCommand.display(output)) is not inside Sources/MODULE, so the module the tests import is unknown; pass --module NAME."
        case .noTestFolder(let folder, let module):
            "the tests for module \(module) would go to \(NewCommand.display(folder)), which does not exist; create that test target's folder, or pass --tests FOLDER (and --module NAME)."
        }
    }
}
