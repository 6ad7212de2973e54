import Foundation
import SwiftParser
import SwiftSyntax

/// Reads `.defaultIsolation(MainActor.self)` from the nearest `Package.swift` above a folder.
public enum DefaultIsolationDetector {
    /// `.mainActor` when the manifest sets main-actor default isolation for any target.
    public static func detect(from directory: String) -> DefaultIsolation? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let manifest = url.appendingPathComponent("Package.swift").path
            if let text = try? String(contentsOfFile: manifest, encoding: .utf8) {
                return setsMainActor(Parser.parse(source: text)) ? .mainActor : nil
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    static func setsMainActor(_ tree: SourceFileSyntax) -> Bool {
        tree.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "defaultIsolation",
                  let call = token.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
            return call.arguments.first?.expression.trimmedDescription == "MainActor.self"
        }
    }
}
