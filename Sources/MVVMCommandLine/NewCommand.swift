import ArgumentParser
import Foundation
import MVVMLint
import MVVMScaffold

/// `mvvm new`: write a new screen that compiles, is tested and lints clean.
struct NewCommand: CommandUsingRules {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new screen: view, view model (and protocol in the triad style), and tests.",
        discussion: """
            Nothing is overwritten without --force, and either every file is written or none is.
            The style defaults to the preset of the nearest .mvvm.yml, or the built-in preset a team
            preset extends (triad without one). A screen in another style than that gets a
            .mvvm.yml of its own folder choosing its preset, so the linter checks it by its style;
            when that folder has a .mvvm.yml already, a note says which line it needs.
            """
    )

    @Argument(help: "The screen's name, a Swift type name without the View suffix (for example Login).")
    var name: String

    @Option(help: "The screen's style (default: the preset of the nearest .mvvm.yml, else triad).")
    var style: ScreenStyle?

    @Option(help: "How a triad view model gets its dependencies (default: struct).")
    var dependencies: DependencyPattern?

    @Option(help: "The folder for the view and view model files, usually Sources/MODULE or a folder below it.")
    var output: String = "."

    @Option(help: "The folder for the test files (default: Tests/MODULETests/SUB for an output of Sources/MODULE/SUB, if Tests/MODULETests exists).")
    var tests: String?

    @Option(help: "The module the tests import (default: MODULE of an output of Sources/MODULE/...).")
    var module: String?

    @Option(help: "A comment for the top of every file (default: the `header` of .mvvm.yml, else none).")
    var header: String?

    @Flag(help: "Replace files that exist.")
    var force = false

    @Flag(help: "Print the files that would be written, and write nothing.")
    var dryRun = false

    func run(rules: RuleSet) throws {
        let (configuration, configurationPath) = try nearestConfiguration(rules)
        let configuredStyle: ScreenStyle = configuration?.presetLineage.contains(.responder) == true ? .responder : .triad
        let chosenStyle = style ?? configuredStyle
        let screen: ScreenName
        let scaffold: ScreenScaffold
        let headerText = header ?? configuration?.header
        do {
            screen = try ScreenName(name)
            scaffold = try ScreenScaffold(style: chosenStyle, dependencies: dependencies)
            if let module {
                _ = try ModuleName(module)
            }
            if let headerText {
                try ScreenScaffold.checkHeader(headerText)
            }
        } catch {
            throw CommandFailure(error.description)
        }
        // A file where the folder should be: say so, before any write fails on it.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), !isFolder.boolValue {
            throw CommandFailure("the output '\(output)' is a file, not a folder; give the folder to write the screen in.")
        }
        let destination: ScreenDestination
        do {
            destination = try ScreenDestination.resolve(
                output: URL(fileURLWithPath: output).standardizedFileURL,
                tests: tests.map { URL(fileURLWithPath: $0).standardizedFileURL },
                module: module,
                folderExists: { Self.isFolder($0) }
            )
        } catch {
            throw CommandFailure(error.description)
        }
        // A module inferred from a folder name is made an identifier the way SwiftPM does.
        let moduleName = (try? ModuleName(destination.module)) ?? ModuleName(folderName: destination.module)
        var files = scaffold.files(name: screen, module: moduleName.inImport, header: headerText)
        // The linter checks a folder by the preset its nearest .mvvm.yml chooses: a screen in
        // another style needs its own folder's configuration, or it fails the lint (and the
        // build-tool plugin) as written.
        var note: String?
        if chosenStyle != configuredStyle {
            let ownConfiguration = destination.sources.appendingPathComponent(".mvvm.yml").standardizedFileURL.path
            if configurationPath.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }) == ownConfiguration {
                note = "note: \(Self.display(URL(fileURLWithPath: ownConfiguration))) chooses a \(configuredStyle.rawValue) preset; "
                    + "the \(chosenStyle.rawValue) screen written here lints clean only with `preset: \(chosenStyle.rawValue)` "
                    + "in it, or in a folder of its own."
            } else if let other = Self.firstSwiftFile(under: destination.sources, except: Self.ownFiles(of: name, files)) {
                // The new configuration would check the screens already there by the other style.
                let folder = Self.display(destination.sources)
                let own = Self.display(destination.sources.appendingPathComponent(name))
                throw CommandFailure(
                    "\(PrintableText.escaping(folder)) holds Swift files checked against the \(configuredStyle.rawValue) preset "
                        + "(\(PrintableText.escaping(Self.display(other))), ...), and a \(chosenStyle.rawValue) screen needs "
                        + "`preset: \(chosenStyle.rawValue)` in its folder, which would check them by the \(chosenStyle.rawValue) style too. "
                        + "Write it into a folder of its own: mvvm new \(name) --style \(chosenStyle.rawValue) --output \(PrintableText.escaping(own))"
                )
            } else {
                files.append(ScaffoldFile(
                    destination: .sources,
                    name: ".mvvm.yml",
                    contents: "# Written by `mvvm new`: the screens in this folder are in the \(chosenStyle.rawValue) style.\n"
                        + "preset: \(chosenStyle.rawValue)\n"
                ))
            }
        }
        let writer = ScaffoldWriter(sourcesFolder: destination.sources, testsFolder: destination.tests)
        // Written first, printed after: a stream error is not the scaffold's.
        let lines: [String]
        do {
            if dryRun {
                lines = try writer.plan(files).map { url, contents in
                    "would write \(PrintableText.escaping(Self.display(url))) (\(contents.split(separator: "\n", omittingEmptySubsequences: false).count - 1) lines)\n"
                }
            } else {
                lines = try writer.write(files, force: force).map { "wrote \(PrintableText.escaping(Self.display($0)))\n" }
            }
            if let note {
                print(PrintableText.escaping(note))
            }
        } catch .wouldOverwrite(let paths) {
            throw CommandFailure(ScaffoldError.wouldOverwrite(paths.map { Self.display(URL(fileURLWithPath: $0)) }).description)
        } catch {
            throw CommandFailure(error.description)
        }
        for line in lines {
            try StandardStream.print(line)
        }
    }

    /// The names of screen `name`'s own files in its sources folder, in either style: a
    /// `--force` that rewrites the screen in the other style replaces them.
    private static func ownFiles(of name: String, _ files: [ScaffoldFile]) -> Set<String> {
        Set(files.filter { $0.destination == .sources }.map(\.name))
            .union(["View", "ViewModel", "ViewModeling"].map { "\(name)\($0).swift" })
            .union(["Mock\(name)ViewModelDependencyProvider.swift"])
    }

    /// A Swift file in `folder` or below it other than `own` files directly in it, if any: the
    /// first the walk meets. A tree too large to look through is answered by `folder` itself, as
    /// if it held one: refusing is safer than checking other screens by the wrong style.
    private static func firstSwiftFile(under folder: URL, except own: Set<String>) -> URL? {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return nil }
        let folderPath = folder.standardizedFileURL.path
        var looked = 0
        while let next = walk.nextObject() as? URL {
            looked += 1
            guard looked <= 100_000 else { return folder }
            guard next.pathExtension == "swift" else { continue }
            let isOwn = own.contains(next.lastPathComponent) && next.deletingLastPathComponent().standardizedFileURL.path == folderPath
            if !isOwn { return next }
        }
        return nil
    }

    /// The configuration that governs the output folder, and its path.
    private func nearestConfiguration(_ rules: RuleSet) throws -> (Configuration?, String?) {
        let start = FileManager.default.fileExists(atPath: output) ? output : "."
        guard let path = ConfigurationLoader.find(from: start) else { return (nil, nil) }
        do {
            return (try ConfigurationLoader(rules: rules, runningTool: ProjectOptions.toolName).load(path: path), path)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A path relative to the current folder when it lies below it.
    static func display(_ url: URL) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path + "/"
        return url.path.hasPrefix(current) ? String(url.path.dropFirst(current.count)) : url.path
    }
}
