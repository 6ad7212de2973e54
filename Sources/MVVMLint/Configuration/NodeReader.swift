import Foundation
import Yams

/// Typed reads from YAML nodes that fail with a positioned ``ConfigurationError``.
struct NodeReader {
    let path: String

    func string(_ node: Node) throws(ConfigurationError) -> String {
        guard let scalar = node.scalar else {
            throw typeError(node, key: nil, expected: "a plain value")
        }
        return scalar.string
    }

    func strings(_ node: Node, key: String) throws(ConfigurationError) -> [String] {
        if let scalar = node.scalar {
            return [scalar.string]
        }
        guard let sequence = node.sequence else {
            throw typeError(node, key: key, expected: "a list of strings")
        }
        var values: [String] = []
        for element in sequence {
            guard let scalar = element.scalar else {
                throw typeError(element, key: key, expected: "a string")
            }
            values.append(scalar.string)
        }
        return values
    }

    /// Paths and globs: strings short enough for the matcher's bound on its work.
    func globs(_ node: Node, key: String) throws(ConfigurationError) -> [String] {
        let values = try strings(node, key: key)
        let elements = node.sequence.map(Array.init) ?? [node]
        for (value, element) in zip(values, elements) where value.count > PathMatcher.maximumPatternLength {
            throw ConfigurationError(
                path: path, line: element.mark?.line, column: element.mark?.column,
                message: "a pattern in '\(key)' is \(value.count) characters long; patterns may have at most \(PathMatcher.maximumPatternLength)"
            )
        }
        return values
    }

    func choice<T: RawRepresentable & CaseIterable>(_ node: Node, of type: T.Type, key: String) throws(ConfigurationError) -> T
    where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        guard let text = node.scalar?.string else {
            throw typeError(node, key: key, expected: "one of \(names.joined(separator: ", "))")
        }
        guard let value = T(rawValue: text) else {
            throw unknown(key: text, at: node, expected: names, what: "value for '\(key)'")
        }
        return value
    }

    func option(_ node: Node, as option: RuleOptionDescription, key: String) throws(ConfigurationError) -> OptionValue {
        switch option.kind {
        case .strings:
            return .strings(try strings(node, key: key))
        case .string:
            guard let text = node.scalar?.string else { throw typeError(node, key: key, expected: "a string") }
            return .string(text)
        case .bool:
            guard let flag = node.bool else { throw typeError(node, key: key, expected: "true or false") }
            return .bool(flag)
        case .integer:
            guard let number = node.int else { throw typeError(node, key: key, expected: "an integer") }
            return .integer(number)
        case .choice(let names):
            guard let text = node.scalar?.string else {
                throw typeError(node, key: key, expected: "one of \(names.joined(separator: ", "))")
            }
            guard names.contains(text) else {
                throw unknown(key: text, at: node, expected: names, what: "value for '\(key)'")
            }
            return .string(text)
        }
    }

    func unknown(key: String, at node: Node, expected: [String], what: String) -> ConfigurationError {
        let hint = NameSuggestion.closest(to: key, in: expected).map { "; did you mean '\($0)'?" }
            ?? "; expected one of \(expected.joined(separator: ", "))"
        return ConfigurationError(path: path, line: node.mark?.line, column: node.mark?.column,
                                  message: "unknown \(what) '\(key)'\(hint)")
    }

    func typeError(_ node: Node, key: String?, expected: String) -> ConfigurationError {
        let subject = key.map { "'\($0)' must be " } ?? "expected "
        return ConfigurationError(path: path, line: node.mark?.line, column: node.mark?.column,
                                  message: "\(subject)\(expected)")
    }
}
