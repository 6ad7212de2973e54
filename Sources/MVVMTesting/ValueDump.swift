/// Renders any value as indented, readable text for failure messages: structs and classes with
/// their properties, enum cases with their payloads, optionals, collections, dictionaries with
/// sorted keys, quoted strings.
///
/// Written for this kit rather than taken from a package so `MVVMTesting` adds nothing to an
/// app's dependency graph. Depth and element counts are bounded, so a cyclic object graph or a
/// huge array still renders in bounded time and space.
struct ValueDump {
    /// How deep nested values are rendered before `…` stands for the rest.
    var maxDepth = 12
    /// How many elements or properties of one value are rendered before the rest is counted.
    var maxChildren = 100

    /// The rendering of `value`, one line per leaf or container boundary.
    func render(_ value: Any) -> String {
        var lines: [String] = []
        append(value, label: nil, indent: 0, to: &lines)
        return lines.joined(separator: "\n")
    }

    private func append(_ value: Any, label: String?, indent: Int, to lines: inout [String]) {
        let pad = String(repeating: "  ", count: indent)
        let prefix = pad + (label.map { "\($0): " } ?? "")
        let mirror = Mirror(reflecting: value)

        // Unwrapped first: a cast such as `is any BinaryInteger` sees through an optional.
        if mirror.displayStyle == .optional {
            if let wrapped = mirror.children.first?.value {
                append(wrapped, label: label, indent: indent, to: &lines)
            } else {
                lines.append(prefix + "nil")
            }
            return
        }
        if let leaf = Self.leafText(value, mirror: mirror) {
            lines.append(prefix + leaf)
            return
        }
        if indent >= maxDepth {
            lines.append(prefix + "…")
            return
        }
        let typeName = Self.typeName(of: value)
        switch mirror.displayStyle {
        case .enum:
            guard let payload = mirror.children.first else {
                lines.append(prefix + "." + Self.caseName(of: value))
                return
            }
            // A case with a payload reflects as one child labelled with the case name.
            let caseName = "." + (payload.label ?? Self.caseName(of: value))
            let fields = Mirror(reflecting: payload.value)
            if fields.displayStyle == .tuple, !fields.children.isEmpty {
                lines.append(prefix + caseName + "(")
                appendChildren(fields.children, indent: indent + 1, to: &lines)
                lines.append(pad + ")")
            } else {
                lines.append(prefix + caseName + "(")
                append(payload.value, label: nil, indent: indent + 1, to: &lines)
                lines.append(pad + ")")
            }
        case .collection, .set:
            if mirror.children.isEmpty {
                lines.append(prefix + "[]")
                return
            }
            var children = Array(mirror.children.lazy.map { (label: String?.none, value: $0.value) }.prefix(maxChildren + 1))
            if mirror.displayStyle == .set {
                // A set has no order; sorting by rendering makes equal sets render alike.
                children.sort { render($0.value) < render($1.value) }
            }
            lines.append(prefix + "[")
            appendChildren(children, indent: indent + 1, to: &lines)
            lines.append(pad + "]")
        case .dictionary:
            if mirror.children.isEmpty {
                lines.append(prefix + "[:]")
                return
            }
            // Keys sorted by their rendering, so two equal dictionaries always render alike.
            let pairs = mirror.children.prefix(maxChildren + 1).map { pair -> (key: String, value: Any) in
                let parts = Array(Mirror(reflecting: pair.value).children)
                let key = parts.first.map { render($0.value) } ?? "?"
                return (key, parts.count > 1 ? parts[1].value : ())
            }.sorted { $0.key < $1.key }
            lines.append(prefix + "[")
            appendChildren(pairs.map { (label: String?.some($0.key), value: $0.value) }, indent: indent + 1, to: &lines)
            lines.append(pad + "]")
        case .tuple:
            lines.append(prefix + "(")
            appendChildren(mirror.children, indent: indent + 1, to: &lines)
            lines.append(pad + ")")
        default:
            // Structs and classes: the type name, then each stored property.
            var children = Array(mirror.children)
            var superclass = mirror.superclassMirror
            while let current = superclass {
                children.insert(contentsOf: current.children, at: 0)
                superclass = current.superclassMirror
            }
            if children.isEmpty {
                lines.append(prefix + typeName + "()")
                return
            }
            lines.append(prefix + typeName + "(")
            appendChildren(children, indent: indent + 1, to: &lines)
            lines.append(pad + ")")
        }
    }

    private func appendChildren<Children: Collection>(
        _ children: Children,
        indent: Int,
        to lines: inout [String]
    ) where Children.Element == Mirror.Child {
        for (index, child) in children.enumerated() {
            if index == maxChildren {
                let pad = String(repeating: "  ", count: indent)
                lines.append(pad + "… (more not shown)")
                return
            }
            append(child.value, label: child.label, indent: indent, to: &lines)
        }
    }

    /// A one-line rendering for values without parts worth showing one by one.
    private static func leafText(_ value: Any, mirror: Mirror) -> String? {
        switch value {
        case let text as String:
            return quoted(text)
        case let text as Substring:
            return quoted(String(text))
        case let character as Character:
            return quoted(String(character))
        case is any BinaryInteger, is any BinaryFloatingPoint, is Bool:
            return String(describing: value)
        default:
            break
        }
        if mirror.displayStyle == nil || (mirror.children.isEmpty && mirror.displayStyle != .enum
            && mirror.displayStyle != .optional && mirror.displayStyle != .collection
            && mirror.displayStyle != .dictionary && mirror.displayStyle != .set) {
            // Types with a custom or empty reflection (URL, Date, a class without stored
            // properties) print through their own description.
            return String(describing: value)
        }
        return nil
    }

    /// A string literal as Swift would write it, with control characters escaped so a message
    /// never carries a terminal control sequence from the value under test.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func typeName(of value: Any) -> String {
        String(describing: type(of: value))
    }

    private static func caseName(of value: Any) -> String {
        // `String(describing:)` of an enum value starts with its case name.
        let text = String(describing: value)
        return String(text.prefix { $0 != "(" })
    }
}
