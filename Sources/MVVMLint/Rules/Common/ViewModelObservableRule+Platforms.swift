import SwiftSyntax

extension ViewModelObservableRule {
    /// The first release of each platform with Observation (`@Observable`, `@Bindable`,
    /// `@Environment(T.self)`).
    static let observationReleases: [(platform: String, version: [Int])] = [
        ("iOS", [17]), ("macOS", [14]), ("tvOS", [17]), ("watchOS", [10]), ("visionOS", [1]), ("macCatalyst", [17]),
    ]

    /// Why the package of the class's file may build for a system before Observation, where the
    /// moved code would not compile: its `Package.swift` names an older platform version, or
    /// none (SwiftPM's defaults are older), and the class is not marked `@available` from
    /// Observation's releases on. `nil` outside a package (an Xcode project's deployment
    /// target is not read) or when every platform has Observation.
    static func platformReason(_ decl: ClassDeclSyntax, in file: FixContext.File, project: FixContext) -> String? {
        guard let manifest = project.packageManifest(above: file.path), let tree = SyntaxDepth.parseShallow(manifest) else { return nil }
        let available = availability(of: decl)
        let covered = { (platform: String, first: [Int]) in available[platform].map { !$0.lexicographicallyPrecedes(first) } ?? false }
        guard let platforms = declaredPlatforms(in: tree) else {
            let uncovered = observationReleases.contains { !covered($0.platform, $0.version) }
            return uncovered ? "the package names no platforms, so it supports systems before Observation" : nil
        }
        for (platform, version) in platforms {
            guard let first = observationReleases.first(where: { $0.platform == platform })?.version else { continue }
            guard let version else { return "the package's \(platform) version is not one the fix can read" }
            if version.lexicographicallyPrecedes(first) && !covered(platform, first) {
                return "the package supports \(platform) \(version.map(String.init).joined(separator: ".")), before Observation"
            }
        }
        return nil
    }

    /// The platforms of `Package(platforms: [...])` with their versions (`nil` for a version
    /// not written as `.v16`, `.v10_15` or `"16.0"`); `nil` when the manifest names none.
    static func declaredPlatforms(in tree: SourceFileSyntax) -> [(String, [Int]?)]? {
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier("platforms") {
            guard let argument = token.parent?.as(LabeledExprSyntax.self), argument.label?.id == token.id,
                  argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package" else {
                continue
            }
            guard let list = argument.expression.as(ArrayExprSyntax.self) else { return [("a platform list", nil)] }
            return list.elements.elements.map { element in
                guard let call = element.expression.as(FunctionCallExprSyntax.self),
                      let platform = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else {
                    return ("a platform", nil)
                }
                return (platform, call.arguments.first.flatMap { version(of: $0.expression) })
            }
        }
        return nil
    }

    /// `[16]` of `.v16`, `[10, 15]` of `.v10_15`, `[16, 0]` of `"16.0"`.
    static func version(of expression: ExprSyntax) -> [Int]? {
        let text: String
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil, member.declName.baseName.text.hasPrefix("v") {
            text = String(member.declName.baseName.text.dropFirst().map { $0 == "_" ? "." : $0 })
        } else if let string = expression.as(StringLiteralExprSyntax.self), let segment = string.segments.first?.as(StringSegmentSyntax.self),
                  string.segments.count == 1 {
            text = segment.content.text
        } else {
            return nil
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// The versions the class's `@available(iOS 17, macOS 14, *)` attributes introduce it in, by platform.
    static func availability(of decl: ClassDeclSyntax) -> [String: [Int]] {
        var versions: [String: [Int]] = [:]
        for case .attribute(let attribute) in decl.attributes where attribute.attributeName.trimmedDescription == "available" {
            guard case .availability(let arguments) = attribute.arguments else { continue }
            for argument in arguments.elements {
                guard case .availabilityVersionRestriction(let restriction) = argument.argument,
                      let version = restriction.version.flatMap({ Self.version(text: $0.trimmedDescription) }) else { continue }
                versions[restriction.platform.text] = version
            }
        }
        return versions
    }

    private static func version(text: String) -> [Int]? {
        let parts = text.split(separator: ".").map { Int($0) }
        return parts.allSatisfy { $0 != nil } ? parts.compactMap { $0 } : nil
    }
}
