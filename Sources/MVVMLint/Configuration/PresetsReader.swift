import Yams

/// A preset as `presets:` in `.mvvm.yml` declares it, with the nodes its errors point at.
struct PresetDefinition {
    var preset: Preset
    var idNode: Node
    var parentNode: Node?
}

/// Reads `presets:` and the preset a configuration chooses (`preset:` or `extends:`), with the
/// file, line and column of anything wrong: an unknown key, preset or rule id (with the
/// nearest name), an id that is not kebab case, defined twice or taken by a built-in preset,
/// and presets that extend each other in a cycle.
struct PresetsReader {
    let reader: NodeReader
    /// The ids of the run's rules, which a preset may add or remove.
    let ruleIDs: [String]
    /// Whether ids of rules another tool runs are dropped (that tool reads the file for itself)
    /// rather than refused.
    var ignoresUnknownIDs = false

    static let keys = ["id", "summary", "extends", "add", "remove"]

    /// The presets listed under `presets:`, each checked on its own; how they relate to each
    /// other and to those already known is ``settle(_:over:builtIn:)``'s to check.
    func definitions(_ node: Node) throws(ConfigurationError) -> [PresetDefinition] {
        guard let sequence = node.sequence else {
            throw reader.typeError(node, key: "presets", expected: "a list of presets")
        }
        var definitions: [PresetDefinition] = []
        for element in sequence {
            guard let mapping = element.mapping else {
                throw reader.typeError(element, key: "presets", expected: "a list of mappings, one per preset")
            }
            var fields: [String: Node] = [:]
            for (keyNode, value) in mapping {
                let name = try reader.string(keyNode)
                guard Self.keys.contains(name) else {
                    throw reader.unknown(key: name, at: keyNode, expected: Self.keys, what: "key in 'presets'")
                }
                fields[name] = value
            }
            guard let idNode = fields["id"] else {
                throw positioned(element, "a preset needs an 'id'")
            }
            guard let id = idNode.scalar?.string, !id.isEmpty else {
                throw reader.typeError(idNode, key: "id", expected: "a non-empty string")
            }
            guard CustomRulesReader.isKebabCase(id) else {
                throw positioned(idNode, "the preset id '\(PrintableText.escaping(id))' must be kebab case: lowercase letters and digits in words joined by '-'")
            }
            var preset = Preset(id: Preset.ID(rawValue: id), summary: "")
            if let summary = fields["summary"] {
                guard let text = summary.scalar?.string else {
                    throw reader.typeError(summary, key: "\(id).summary", expected: "a string")
                }
                preset.summary = text
            }
            if let parent = fields["extends"] {
                guard let name = parent.scalar?.string else {
                    throw reader.typeError(parent, key: "\(id).extends", expected: "the name of a preset")
                }
                preset.parent = Preset.ID(rawValue: name)
            }
            preset.addedRules = try rules(fields["add"], key: "\(id).add")
            preset.removedRules = try rules(fields["remove"], key: "\(id).remove")
            definitions.append(PresetDefinition(preset: preset, idNode: idNode, parentNode: fields["extends"]))
        }
        return definitions
    }

    /// `known` (the presets of the configurations this one is nested in) followed by
    /// `definitions`, once each id is free and each parent exists without a cycle.
    func settle(_ definitions: [PresetDefinition], over known: [Preset], builtIn: [Preset]) throws(ConfigurationError) -> [Preset] {
        var presets = known
        // Sets and dictionaries, not scans: a file may define thousands of presets in a chain.
        let builtInIDs = Set(builtIn.map(\.id))
        var ids = Set(known.map(\.id))
        for definition in definitions {
            let id = definition.preset.id
            if builtInIDs.contains(id) {
                throw positioned(definition.idNode, "the preset id '\(id)' is the id of a built-in preset; choose another (a preset can extend it with 'extends: \(id)')")
            }
            if !ids.insert(id).inserted {
                throw positioned(definition.idNode, "the preset id '\(id)' is defined twice")
            }
            presets.append(definition.preset)
        }
        let names = builtIn.map(\.id) + presets.map(\.id)
        let nameSet = Set(names)
        let onCycle = Self.presetsOnCycles(presets)
        // In file order, the first preset whose parent is unknown or that extends itself is the
        // error, as when each chain was walked in turn.
        for definition in definitions {
            guard let parent = definition.preset.parent, let node = definition.parentNode else { continue }
            if !nameSet.contains(parent) {
                _ = try choice(node, key: "\(definition.preset.id).extends", known: names)
            }
            guard onCycle.contains(definition.preset.id) else { continue }
            let parents = Dictionary(presets.map { ($0.id, $0.parent) }, uniquingKeysWith: { first, _ in first })
            var chain = [definition.preset.id]
            var next = parent
            while next != definition.preset.id, chain.count <= presets.count, let above = parents[next] ?? nil {
                chain.append(next)
                next = above
            }
            let path = (chain + [definition.preset.id]).map { "'\($0)'" }.joined(separator: " → ")
            throw positioned(node, "the preset '\(definition.preset.id)' extends itself: \(path)")
        }
        return presets
    }

    /// The presets that lie on a cycle of `extends`, found in one pass: each preset is walked
    /// once, and a walk that reaches a preset an earlier walk settled stops there.
    static func presetsOnCycles(_ presets: [Preset]) -> Set<Preset.ID> {
        let parents = Dictionary(presets.map { ($0.id, $0.parent) }, uniquingKeysWith: { first, _ in first })
        var settled: Set<Preset.ID> = []
        var onCycle: Set<Preset.ID> = []
        for preset in presets where !settled.contains(preset.id) {
            var walk: [Preset.ID] = []
            var position: [Preset.ID: Int] = [:]
            var current: Preset.ID? = preset.id
            while let id = current, !settled.contains(id), parents[id] != nil {
                if let start = position[id] {
                    onCycle.formUnion(walk[start...])
                    break
                }
                position[id] = walk.count
                walk.append(id)
                current = parents[id] ?? nil
            }
            settled.formUnion(walk)
        }
        return onCycle
    }

    /// The preset `node` names, one of `known`.
    func choice(_ node: Node, key: String, known: [Preset.ID]) throws(ConfigurationError) -> Preset.ID {
        guard let name = node.scalar?.string else {
            throw reader.typeError(node, key: key, expected: "the name of a preset")
        }
        let id = Preset.ID(rawValue: name)
        guard known.contains(id) else {
            throw reader.unknown(key: name, at: node, expected: known.map(\.rawValue), what: "preset")
        }
        return id
    }

    /// Rule ids of the run, from a list (or one id).
    private func rules(_ node: Node?, key: String) throws(ConfigurationError) -> [String] {
        guard let node else { return [] }
        let values = try reader.strings(node, key: key)
        if ignoresUnknownIDs {
            return values.filter(ruleIDs.contains)
        }
        let elements = node.sequence.map(Array.init) ?? [node]
        for (value, element) in zip(values, elements) where !ruleIDs.contains(value) {
            throw reader.unknown(key: value, at: element, expected: ruleIDs, what: "rule id in '\(key)'")
        }
        return values
    }

    private func positioned(_ node: Node, _ message: String) -> ConfigurationError {
        ConfigurationError(path: reader.path, line: node.mark?.line, column: node.mark?.column, message: message)
    }
}
