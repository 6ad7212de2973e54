import Foundation
import SwiftSyntax

/// Finds out whether the code being linted is built with main-actor default isolation, from the
/// build description nearest above it: a `Package.swift`, or an Xcode project and its `.xcconfig`
/// files.
///
/// Xcode has made `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` the default for new app projects, so
/// an app linted without this would get a `view-model-main-actor` error on every view model.
public enum DefaultIsolationDetector {
    /// `.mainActor` when the nearest package manifest or Xcode project above `directory` sets
    /// main-actor default isolation for any target; `nil` when it sets none or there is none.
    ///
    /// Any target counts: a framework target built without it only means some violations there
    /// go unreported, where the opposite guess would flag every view model of the app.
    public static func detect(from directory: String) -> DefaultIsolation? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        // A repository linted from its root often keeps the app's project one folder down
        // (`ios/App.xcodeproj`).
        var projects = xcodeProjects(in: url) + subfolders(of: url).flatMap(xcodeProjects(in:))
        while true {
            let manifest = text(of: url.appendingPathComponent("Package.swift"))
            if manifest != nil || !projects.isEmpty {
                let found = manifest.map(manifestSetsMainActor) == true || projects.contains(where: projectSetsMainActor)
                return found ? .mainActor : nil
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
            projects = xcodeProjects(in: url)
        }
    }

    /// Whether a package manifest sets `.defaultIsolation(MainActor.self)`, or passes
    /// `-default-isolation MainActor` to the compiler, for any target.
    static func manifestSetsMainActor(_ text: String) -> Bool {
        // A manifest too deep to walk sets nothing.
        SyntaxDepth.parseShallow(text).map(manifestSetsMainActor(tree:)) ?? false
    }

    /// ``manifestSetsMainActor(_:)`` for a manifest already parsed.
    static func manifestSetsMainActor(tree: SourceFileSyntax) -> Bool {
        var strings: [String] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            // `.defaultIsolation(MainActor.self)`: the name sits in a member access that is called.
            if token.text == "defaultIsolation",
               let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
               let call = member.parent?.as(FunctionCallExprSyntax.self),
               call.arguments.first?.expression.trimmedText == "MainActor.self" {
                return true
            }
            if case .stringSegment(let segment) = token.tokenKind {
                strings.append(segment)
            }
        }
        return passesMainActorFlag(strings.flatMap { $0.split(separator: "=") })
    }

    /// Whether Xcode build settings (a `project.pbxproj` or an `.xcconfig` file) set main-actor
    /// default isolation, through the build setting or the compiler flag.
    static func buildSettingsSetMainActor(_ text: String) -> Bool {
        // Both ways spell out `MainActor`; most projects (some of megabytes) never do, and a byte
        // search settles those before the line-by-line reading.
        guard SourceText(text).contains("MainActor") else { return false }
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.drop { $0 == " " || $0 == "\t" || $0 == "\"" } }
            .filter { !$0.hasPrefix("//") }
        // `SWIFT_DEFAULT_ACTOR_ISOLATION[sdk=iphoneos*] = MainActor;`: the value follows the last `=`.
        let setting = lines.contains { line in
            guard line.hasPrefix("SWIFT_DEFAULT_ACTOR_ISOLATION"), let equals = line.lastIndex(of: "=") else { return false }
            return line[line.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t;\"")) == "MainActor"
        }
        // A flag list may be quoted and span lines, so flags are read as a sequence of words.
        return setting || passesMainActorFlag(lines.flatMap { $0.split(whereSeparator: { " \t=\";,()".contains($0) }) })
    }

    /// Whether compiler arguments, split at spaces and `=`, pass `-default-isolation MainActor`.
    private static func passesMainActorFlag(_ words: [Substring]) -> Bool {
        zip(words, words.dropFirst()).contains { $0 == "-default-isolation" && $1 == "MainActor" }
    }

    /// The project's own settings, and those of `.xcconfig` files beside it or one folder down
    /// (`Configs/Release.xcconfig`), where teams keep shared settings.
    static func projectSetsMainActor(_ project: URL) -> Bool {
        let settings = project.appendingPathComponent("project.pbxproj")
        if let text = text(of: settings), buildSettingsSetMainActor(text) {
            return true
        }
        let folder = project.deletingLastPathComponent()
        let configs = ([folder] + subfolders(of: folder)).flatMap { files(in: $0, extension: "xcconfig") }
        return configs.contains { url in
            text(of: url).map(buildSettingsSetMainActor) == true
        }
    }

    /// A build description's text, if it is a regular file of UTF-8 text: a FIFO or device in
    /// its place must not stall the run.
    private static func text(of url: URL) -> String? {
        (try? RegularFileReader.read(url.path, limit: 16 << 20)).flatMap { String(validating: $0, as: UTF8.self) }
    }

    static func xcodeProjects(in folder: URL) -> [URL] {
        files(in: folder, extension: "xcodeproj")
    }

    private static func files(in folder: URL, extension suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("." + suffix) }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Visible folders directly inside `folder`, leaving out build output and dependency checkouts.
    static func subfolders(of folder: URL) -> [URL] {
        let skipped: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules", "build"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard !name.hasPrefix("."), !skipped.contains(name), !name.hasSuffix(".xcodeproj"),
                  !name.hasSuffix(".xcworkspace") else { return nil }
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
            return url
        }
    }
}
