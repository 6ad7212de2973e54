import Foundation
import SwiftSyntax

/// What the linter needs of a `Package.swift`: its targets' folders and whether it turns on
/// main-actor default isolation. Read from its syntax, never run.
struct PackageManifest: Sendable {
    struct Target: Sendable {
        let name: String
        /// The absolute folder of its sources.
        let folder: String
        /// The folder with a slash after it: what the paths of its files start with.
        fileprivate let prefix: String
        /// The folder's length in characters: the deepest folder holding a file wins.
        fileprivate let depth: Int

        init(name: String, folder: String) {
            self.name = name
            self.folder = folder
            prefix = folder + "/"
            depth = folder.count
        }
    }

    var targets: [Target] = []
    var setsMainActor: Bool

    init(text: String, folder: String) {
        let finder = TargetCallFinder(viewMode: .sourceAccurate)
        // A manifest too deep to walk declares no targets and sets nothing: its files fall back
        // to folder modules.
        let tree = SyntaxDepth.parseShallow(text)
        setsMainActor = tree.map(DefaultIsolationDetector.manifestSetsMainActor(tree:)) ?? false
        if let tree {
            finder.walk(tree)
        }
        let manager = FileManager.default
        for call in finder.calls {
            let folderName: String
            if let path = call.path {
                folderName = path
            } else {
                // SwiftPM's predefined source folders, in its order of preference.
                let candidates = call.isTest ? ["Tests"] : ["Sources", "Source", "src", "srcs"]
                folderName = (candidates.first { manager.fileExists(atPath: "\(folder)/\($0)/\(call.name)") } ?? candidates[0]) + "/" + call.name
            }
            // Both are folders: saying so spares Foundation a `stat` of each to find out.
            let absolute = URL(fileURLWithPath: folder, isDirectory: true).appending(path: folderName, directoryHint: .isDirectory)
                .standardizedFileURL.path
            targets.append(Target(name: call.name, folder: absolute))
        }
    }

    /// The target whose folder holds `file` (the deepest, when folders nest).
    func target(holding file: String) -> Target? {
        // Asked for every folder of a run: nothing is made per target here, and a folder no
        // deeper than the one found is not compared. The first of the deepest wins.
        var deepest: Target?
        for target in targets where target.depth > deepest?.depth ?? -1 && file.hasPrefix(target.prefix) {
            deepest = target
        }
        return deepest
    }
}

/// Finds `.target(name: "X", path: "Y")`-style calls with literal names.
private final class TargetCallFinder: SyntaxVisitor {
    struct Call {
        var name: String
        var path: String?
        var isTest: Bool
    }

    private static let kinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "systemLibrary"]
    var calls: [Call] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
              Self.kinds.contains(member.declName.baseName.text),
              let name = literal(node, "name") else { return .visitChildren }
        calls.append(Call(name: name, path: literal(node, "path"), isTest: member.declName.baseName.text == "testTarget"))
        return .visitChildren
    }

    /// A plain string literal argument (no interpolation).
    private func literal(_ call: FunctionCallExprSyntax, _ label: String) -> String? {
        guard let argument = call.arguments.first(where: { $0.label?.text == label }),
              let string = argument.expression.as(StringLiteralExprSyntax.self),
              string.segments.count == 1,
              case .stringSegment(let segment) = string.segments.first else { return nil }
        return segment.content.text
    }
}
