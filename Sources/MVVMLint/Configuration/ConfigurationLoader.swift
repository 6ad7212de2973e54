import Foundation
import Yams

/// Reads `.mvvm.yml`, rejecting unknown keys, unknown rule ids and wrong value types with the
/// file, line and column, and the nearest valid name.
public struct ConfigurationLoader: Sendable {
    /// The config file's name.
    public static let fileName = ".mvvm.yml"

    private let rules: [RuleDescription]

    /// Ids of rules a tool added in Swift beside the built-in ones, for clearer errors.
    private let addedIDs: Set<String>

    /// The presets that need no definition in `.mvvm.yml`.
    private let builtInPresets: [Preset]

    /// The executable reading the configuration, compared with its `tool:`.
    private let runningTool: String?

    /// Creates a loader that validates rule settings against the rules `rules` describes, of
    /// which those in `addedIDs` were added by a tool built on the library, and preset names
    /// against `presets` and the presets a configuration defines. `runningTool` is the name of
    /// the executable reading the file: unless it is the one the file's `tool:` names, rule ids
    /// it does not know are left to that tool instead of stopping the run.
    public init(rules: [RuleDescription], addedIDs: Set<String> = [], presets: [Preset] = Preset.builtIn, runningTool: String? = nil) {
        self.rules = rules
        self.addedIDs = addedIDs
        builtInPresets = presets
        self.runningTool = runningTool
    }

    /// The largest configuration file read.
    static let sizeLimit = 1 << 20

    /// Finds the nearest `.mvvm.yml` in `directory` or above it. Anything of that name counts
    /// (a folder, a broken link): loading it then says what is wrong, where skipping it would
    /// silently lint with other settings.
    public static func find(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            if FileKind.atPath(candidate) != nil {
                return candidate
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path {
                return nil
            }
            url = parent
        }
    }

    /// The text of the configuration file at `path`: a regular file of UTF-8 text, else an error.
    public static func text(at path: String) throws(ConfigurationError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try RegularFileReader.read(path, limit: sizeLimit)
        } catch {
            throw ConfigurationError(path: path, message: "cannot read the configuration file: it \(error.problem)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(path: path, message: "cannot read the configuration file: it is not UTF-8 text")
        }
        return text
    }

    /// Loads a config file; paths in it are relative to its folder.
    public func load(path: String) throws(ConfigurationError) -> Configuration {
        let text = try Self.text(at: path)
        var base = Configuration()
        base.rootDirectory = PathText.parent(of: path)
        if base.rootDirectory.isEmpty {
            base.rootDirectory = "."
        }
        return try parse(text, path: path, over: base)
    }

    /// Applies the settings in `text` on top of `base`. A `nested` configuration (one in a
    /// subfolder of the root's, not beside a package manifest) may not set `included`,
    /// `excluded` or `tool`: which files are linted, and by which tool, is the root's (or a
    /// package's own configuration's) to say, and silently ignoring them would lint what was
    /// meant to be left out.
    public func parse(
        _ text: String, path: String, over base: Configuration = Configuration(), nested: Bool = false
    ) throws(ConfigurationError) -> Configuration {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.error(from: error, path: path)
        } catch {
            throw ConfigurationError(path: path, message: "invalid YAML: \(error)")
        }
        var configuration = base
        // No document, or one that is only `---` (or `~`): a null document means the defaults.
        guard let root, root.null == nil else { return configuration }
        guard let mapping = root.mapping else {
            throw ConfigurationError(path: path, line: root.mark?.line, column: root.mark?.column,
                                     message: "the configuration must be a mapping of keys to values")
        }
        let reader = NodeReader(path: path)
        // Read first: it decides whether rule ids this tool does not know are errors.
        if let (keyNode, value) = mapping.first(where: { $0.key.scalar?.string == ConfigurationKey.tool.rawValue }) {
            configuration.tool = try toolName(value, key: keyNode, nested: nested, reader: reader)
            configuration.isPartialRun = !Self.isTool(configuration.tool, running: runningTool)
        }
        // A preset may be chosen above the `presets:` that defines it, so both are settled
        // once the whole file is read.
        var chosenPreset: (key: String, node: Node)?
        var definedPresets: [PresetDefinition] = []
        for (keyNode, value) in mapping {
            let key = try reader.string(keyNode)
            let known = ConfigurationKey(rawValue: key)
            if nested, known == .included || known == .excluded {
                throw ConfigurationError(
                    path: path, line: keyNode.mark?.line, column: keyNode.mark?.column,
                    message: "'\(key)' is not allowed in a nested configuration; list these paths in the root configuration (relative to its folder), or in a package's own: a .mvvm.yml beside a Package.swift"
                )
            }
            switch known {
            case .preset, .extends:
                if let earlier = chosenPreset {
                    throw ConfigurationError(
                        path: path, line: keyNode.mark?.line, column: keyNode.mark?.column,
                        message: "'\(key)' and '\(earlier.key)' both choose the preset; keep one"
                    )
                }
                guard value.scalar != nil else { throw reader.typeError(value, key: key, expected: "the name of a preset") }
                chosenPreset = (key, value)
            case .presets:
                definedPresets = try PresetsReader(reader: reader, ruleIDs: rules.map(\.id), ignoresUnknownIDs: configuration.isPartialRun)
                    .definitions(value)
            case .included:
                configuration.included = try reader.globs(value, key: key)
            case .excluded:
                configuration.excluded = try reader.globs(value, key: key)
            case .tests:
                configuration.tests = try reader.globs(value, key: key)
            case .observation:
                configuration.observation = try reader.choice(value, of: ObservationMode.self, key: key)
            case .defaultIsolation:
                configuration.defaultIsolation = try reader.choice(value, of: DefaultIsolation.self, key: key)
            case .rules:
                try readRules(value, into: &configuration, reader: reader)
            case .customRules, .layers:
                try readCustomRules(key, value, into: &configuration, reader: reader)
            case .header:
                guard value.scalar != nil else { throw reader.typeError(value, key: key, expected: "a string") }
                configuration.header = try reader.string(value)
            case .tool:
                break
            case nil:
                throw reader.unknown(key: key, at: keyNode, expected: ConfigurationKey.allCases.map(\.rawValue), what: "key")
            }
        }
        let presets = PresetsReader(reader: reader, ruleIDs: rules.map(\.id), ignoresUnknownIDs: configuration.isPartialRun)
        configuration.presets = try presets.settle(definedPresets, over: configuration.presets, builtIn: builtInPresets)
        if let chosenPreset {
            configuration.preset = try presets.choice(
                chosenPreset.node, key: chosenPreset.key, known: builtInPresets.map(\.id) + configuration.presets.map(\.id)
            )
        }
        return configuration
    }

    /// Whether `name` can be an executable product's name as `tool:` gives it.
    /// Whether the executable running is the tool a configuration names. SwiftPM builds a
    /// build-tool plugin's executable `NAME` for the host as `NAME-tool`.
    static func isTool(_ name: String?, running: String?) -> Bool {
        guard let name, let running else { return name == running }
        return running == name || running == name + "-tool"
    }

    static func isToolName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 128 && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        } && !name.hasPrefix(".") && !name.hasPrefix("-")
    }

    /// The plugins find `tool:` by reading lines, without a YAML parser (they can link nothing),
    /// so it must be written as they read it: at the start of a line, a plain name after it.
    private func toolName(_ node: Node, key: Node, nested: Bool, reader: NodeReader) throws(ConfigurationError) -> String {
        if nested {
            throw ConfigurationError(
                path: reader.path, line: key.mark?.line, column: key.mark?.column,
                message: "'tool' is not allowed in a nested configuration; name the tool in the root configuration, or in a package's own: a .mvvm.yml beside a Package.swift"
            )
        }
        guard let name = node.scalar?.string, Self.isToolName(name) else {
            throw reader.typeError(node, key: "tool", expected: "the name of an executable product (letters, digits, '.', '_' and '-')")
        }
        guard key.mark?.column == 1, node.mark?.line == key.mark?.line else {
            throw ConfigurationError(
                path: reader.path, line: key.mark?.line, column: key.mark?.column,
                message: "write 'tool: \(name)' on a line of its own, at the start of the line, as the plugins read it"
            )
        }
        return name
    }

    /// Custom and layer rules (see ``CustomRulesReader``); their ids may not repeat each other's
    /// or take the id of a rule of the run.
    private func readCustomRules(_ key: String, _ node: Node, into configuration: inout Configuration, reader: NodeReader) throws(ConfigurationError) {
        let custom = CustomRulesReader(reader: reader, reservedIDs: Set(rules.map(\.id) + Notice.allCases.map(\.rawValue)), addedIDs: addedIDs)
        var taken = Set(configuration.customRules.map(\.id) + configuration.layers.map(\.id))
        if key == "layers" {
            configuration.layers += try custom.layers(node, taken: &taken)
        } else {
            configuration.customRules += try custom.customRules(node, taken: &taken)
        }
    }

    /// Whether a rule id this tool does not know belongs to another tool: always when `tool:`
    /// names another executable; for `mvvm` itself (a tool that adds no rules) with no `tool:`,
    /// unless it is so close to a known id that it is a typo. A team's tool knows every rule,
    /// so an id it does not know is a mistake.
    private func leavesToAnotherTool(_ id: String, in configuration: Configuration) -> Bool {
        if configuration.tool != nil {
            return configuration.isPartialRun
        }
        return addedIDs.isEmpty && NameSuggestion.closest(to: id, in: rules.map(\.id)) == nil
    }

    private func readRules(_ node: Node, into configuration: inout Configuration, reader: NodeReader) throws(ConfigurationError) {
        guard let mapping = node.mapping else {
            throw reader.typeError(node, key: "rules", expected: "a mapping of rule ids to settings")
        }
        for (idNode, value) in mapping {
            let id = try reader.string(idNode)
            guard let rule = rules.first(where: { $0.id == id }) else {
                guard leavesToAnotherTool(id, in: configuration) else {
                    throw reader.unknown(key: id, at: idNode, expected: rules.map(\.id), what: "rule id")
                }
                configuration.rulesLeftToTool.insert(id)
                continue
            }
            var setting = configuration.rules[id] ?? RuleSetting()
            if let scalar = value.scalar {
                switch scalar.string {
                case "off", "false": setting.enabled = false
                case "on", "true": setting.enabled = true
                case "error": setting.enabled = true; setting.severity = .error
                case "warning": setting.enabled = true; setting.severity = .warning
                default:
                    throw reader.typeError(value, key: id, expected: "on, off, error, warning or a mapping")
                }
            } else if let options = value.mapping {
                for (optionNode, optionValue) in options {
                    let option = try reader.string(optionNode)
                    switch option {
                    case "severity":
                        setting.severity = try reader.choice(optionValue, of: Severity.self, key: "\(id).severity")
                        setting.enabled = setting.enabled ?? true
                    case "enabled":
                        guard let flag = optionValue.bool else {
                            throw reader.typeError(optionValue, key: "\(id).enabled", expected: "true or false")
                        }
                        setting.enabled = flag
                    default:
                        guard let described = rule.options.first(where: { $0.key == option }) else {
                            throw reader.unknown(
                                key: option, at: optionNode,
                                expected: ["severity", "enabled"] + rule.options.map(\.key),
                                what: "option of '\(id)'"
                            )
                        }
                        setting.options[option] = try reader.option(optionValue, as: described, key: "\(id).\(option)")
                    }
                }
            } else {
                throw reader.typeError(value, key: id, expected: "on, off, error, warning or a mapping")
            }
            configuration.rules[id] = setting
        }
    }

    private static func error(from error: YamlError, path: String) -> ConfigurationError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return ConfigurationError(path: path, line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ConfigurationError(path: path, line: context.mark.line, column: context.mark.column,
                                      message: "duplicate keys: \(duplicates.joined(separator: ", "))")
        default:
            return ConfigurationError(path: path, message: "invalid YAML: \(error)")
        }
    }
}
