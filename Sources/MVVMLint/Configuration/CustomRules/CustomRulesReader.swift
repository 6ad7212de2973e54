import Foundation
import Yams

/// Reads `custom-rules:` and `layers:` from `.mvvm.yml`, with the file, line and column of
/// anything wrong: an unknown key, role or severity, an empty pattern, an id that is not kebab
/// case, used twice, or taken by a rule of the run (built in, or added in Swift).
struct CustomRulesReader {
    let reader: NodeReader
    /// Ids no custom rule may take: the run's rules' and the linter's notices'.
    let reservedIDs: Set<String>
    /// The reserved ids of rules a tool added in Swift.
    var addedIDs: Set<String> = []

    static let ruleKeys = ["id", "message", "hint", "severity", "roles", "paths", "modules", "forbid"]
    static let forbiddenKeys = ["types", "calls", "members", "attributes", "imports"]
    static let layerKeys = ["id", "message", "hint", "severity", "modules", "may-not-import"]

    /// The rules under `custom-rules:`; `taken` holds the custom ids already declared.
    func customRules(_ node: Node, taken: inout Set<String>) throws(ConfigurationError) -> [CustomRule] {
        var rules: [CustomRule] = []
        for element in try entries(node, key: "custom-rules") {
            let fields = try self.fields(element, key: "custom-rules", allowed: Self.ruleKeys)
            let id = try identifier(fields, in: element, taken: &taken)
            guard let messageNode = fields["message"]?.value else {
                throw missing("message", in: element, rule: id)
            }
            var rule = CustomRule(id: id, message: try text(messageNode, key: "\(id).message"), forbidden: ForbiddenSyntax())
            rule.hint = try fields["hint"].map { field throws(ConfigurationError) in try text(field.value, key: "\(id).hint") }
            if let severity = fields["severity"]?.value {
                rule.severity = try reader.choice(severity, of: Severity.self, key: "\(id).severity")
            }
            if let roles = fields["roles"]?.value {
                rule.roles = try self.roles(roles, key: "\(id).roles")
            }
            if let paths = fields["paths"]?.value {
                rule.paths = try patterns(paths, key: "\(id).paths")
            }
            if let modules = fields["modules"]?.value {
                rule.modules = try patterns(modules, key: "\(id).modules")
            }
            guard let forbid = fields["forbid"] else {
                throw missing("forbid", in: element, rule: id)
            }
            rule.forbidden = try forbidden(forbid.value, rule: id)
            rules.append(rule)
        }
        return rules
    }

    /// The rules under `layers:`; `taken` holds the custom ids already declared.
    func layers(_ node: Node, taken: inout Set<String>) throws(ConfigurationError) -> [LayerRule] {
        var layers: [LayerRule] = []
        for element in try entries(node, key: "layers") {
            let fields = try self.fields(element, key: "layers", allowed: Self.layerKeys)
            let id = try identifier(fields, in: element, taken: &taken)
            guard let modules = fields["modules"]?.value else { throw missing("modules", in: element, rule: id) }
            guard let forbidden = fields["may-not-import"]?.value else { throw missing("may-not-import", in: element, rule: id) }
            var layer = LayerRule(
                id: id, modules: try patterns(modules, key: "\(id).modules"),
                forbiddenImports: try patterns(forbidden, key: "\(id).may-not-import")
            )
            layer.message = try fields["message"].map { field throws(ConfigurationError) in try text(field.value, key: "\(id).message") }
            layer.hint = try fields["hint"].map { field throws(ConfigurationError) in try text(field.value, key: "\(id).hint") }
            if let severity = fields["severity"]?.value {
                layer.severity = try reader.choice(severity, of: Severity.self, key: "\(id).severity")
            }
            layers.append(layer)
        }
        return layers
    }

    private func entries(_ node: Node, key: String) throws(ConfigurationError) -> [Node] {
        guard let sequence = node.sequence else {
            throw reader.typeError(node, key: key, expected: "a list of rules")
        }
        return Array(sequence)
    }

    /// A rule's keys and values, each key checked against `allowed`.
    private func fields(_ node: Node, key: String, allowed: [String]) throws(ConfigurationError) -> [String: (key: Node, value: Node)] {
        guard let mapping = node.mapping else {
            throw reader.typeError(node, key: key, expected: "a list of mappings, one per rule")
        }
        var fields: [String: (key: Node, value: Node)] = [:]
        for (keyNode, value) in mapping {
            let name = try reader.string(keyNode)
            guard allowed.contains(name) else {
                throw reader.unknown(key: name, at: keyNode, expected: allowed, what: "key in '\(key)'")
            }
            fields[name] = (keyNode, value)
        }
        return fields
    }

    private func identifier(
        _ fields: [String: (key: Node, value: Node)], in element: Node, taken: inout Set<String>
    ) throws(ConfigurationError) -> String {
        guard let node = fields["id"]?.value else {
            throw ConfigurationError(path: reader.path, line: element.mark?.line, column: element.mark?.column,
                                     message: "a custom rule needs an 'id'")
        }
        let id = try text(node, key: "id")
        guard Self.isKebabCase(id) else {
            throw positioned(node, "the rule id '\(PrintableText.escaping(id))' must be kebab case: lowercase letters and digits in words joined by '-'")
        }
        guard !reservedIDs.contains(id) else {
            // The run's rules are the built-in ones and any a tool built on the library adds.
            let owner = addedIDs.contains(id) ? "a rule this tool adds in Swift" : "a built-in rule"
            throw positioned(node, "the custom rule id '\(id)' is the id of \(owner); choose another")
        }
        guard taken.insert(id).inserted else {
            throw positioned(node, "the custom rule id '\(id)' is declared twice")
        }
        return id
    }

    private func forbidden(_ node: Node, rule id: String) throws(ConfigurationError) -> ForbiddenSyntax {
        let fields = try self.fields(node, key: "\(id).forbid", allowed: Self.forbiddenKeys)
        var forbidden = ForbiddenSyntax()
        if let types = fields["types"]?.value { forbidden.types = try patterns(types, key: "\(id).forbid.types") }
        if let calls = fields["calls"]?.value { forbidden.calls = try patterns(calls, key: "\(id).forbid.calls") }
        if let members = fields["members"]?.value { forbidden.members = try patterns(members, key: "\(id).forbid.members") }
        if let attributes = fields["attributes"]?.value {
            forbidden.attributes = try patterns(attributes, key: "\(id).forbid.attributes").map { name in
                name.hasPrefix("@") ? String(name.dropFirst()) : name
            }
        }
        if let imports = fields["imports"]?.value { forbidden.imports = try patterns(imports, key: "\(id).forbid.imports") }
        guard !forbidden.isEmpty else {
            throw positioned(node, "'\(id).forbid' must name at least one of \(Self.forbiddenKeys.joined(separator: ", "))")
        }
        return forbidden
    }

    private func roles(_ node: Node, key: String) throws(ConfigurationError) -> [CustomRuleRole] {
        let elements = node.sequence.map(Array.init) ?? [node]
        var roles: [CustomRuleRole] = []
        for element in elements {
            roles.append(try reader.choice(element, of: CustomRuleRole.self, key: key))
        }
        return roles
    }

    /// Globs: non-empty, within the matcher's bound on length.
    private func patterns(_ node: Node, key: String) throws(ConfigurationError) -> [String] {
        let values = try reader.globs(node, key: key)
        let elements = node.sequence.map(Array.init) ?? [node]
        if values.isEmpty {
            throw positioned(node, "'\(key)' must list at least one pattern")
        }
        for (value, element) in zip(values, elements) where value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw positioned(element, "'\(key)' has an empty pattern")
        }
        return values
    }

    private func text(_ node: Node, key: String) throws(ConfigurationError) -> String {
        guard let scalar = node.scalar, !scalar.string.isEmpty else {
            throw reader.typeError(node, key: key, expected: "a non-empty string")
        }
        return scalar.string
    }

    private func missing(_ key: String, in element: Node, rule id: String) -> ConfigurationError {
        positioned(element, "the custom rule '\(id)' needs '\(key)'")
    }

    private func positioned(_ node: Node, _ message: String) -> ConfigurationError {
        ConfigurationError(path: reader.path, line: node.mark?.line, column: node.mark?.column, message: message)
    }

    static func isKebabCase(_ id: String) -> Bool {
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        return !id.isEmpty && id.count <= 100 && words.allSatisfy { word in
            !word.isEmpty && word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        } && id.first.map { ("a"..."z").contains($0) } == true
    }
}
