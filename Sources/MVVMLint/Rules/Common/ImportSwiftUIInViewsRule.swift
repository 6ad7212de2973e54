import SwiftSyntax

/// View files import SwiftUI.
struct ImportSwiftUIInViewsRule: FileRule {
    static let description = RuleDescription(
        id: "import-swiftui-in-views",
        summary: "A file that declares a view imports SwiftUI.",
        rationale: """
            The triad write-up asks that view files always `import SwiftUI`, rather than relying on another file \
            or a re-exporting module; the view layer states its framework where it is used.
            """,
        presets: .common, defaultSeverity: .error, isFixable: true,
        triggering: [
            RuleExample("""
                import Foundation

                struct ↓BadgeView: View {
                    var body: some View { Text("New") }
                }
                """, fixed: """
                import SwiftUI
                import Foundation

                struct BadgeView: View {
                    var body: some View { Text("New") }
                }
                """),
            RuleExample("""
                import DesignSystem
                extension ↓Avatar: View {
                    var body: some View { Circle() }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                import SwiftUI

                struct BadgeView: View {
                    var body: some View { Text("New") }
                }
                """),
            RuleExample("""
                import Foundation
                struct Badge: Hashable { let text: String }
                """),
            RuleExample("""
                #if canImport(SwiftUI)
                import SwiftUI
                struct BadgeView: View {
                    var body: some View { Text("New") }
                }
                #endif
                """),
        ]
    )

    /// `import SwiftUI` above the file's first top-level import, or above its first statement.
    static func importEdit(in file: FileContext) -> TextEdit {
        let items = file.tree.statements
        if let firstImport = items.first(where: { $0.item.as(DeclSyntax.self)?.is(ImportDeclSyntax.self) == true }) {
            return file.insertLine("import SwiftUI", above: firstImport)
        }
        guard let first = items.first else {
            return .insert("import SwiftUI\n", at: file.tree.endOfFileToken.positionAfterSkippingLeadingTrivia)
        }
        return .insert("import SwiftUI\n\n", at: first.positionAfterSkippingLeadingTrivia)
    }

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        guard !file.imports.contains("SwiftUI") else { return [] }
        return file.viewCandidates.filter(\.declaresViewConformance).prefix(1).map { decl in
            file.report(
                Self.description, at: decl.nameNode,
                "File declares the view '\(decl.typeName)' but does not import SwiftUI.",
                hint: "Add `import SwiftUI`.",
                fix: [Self.importEdit(in: file)]
            )
        }
    }
}
