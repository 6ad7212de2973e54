/// A value of a rule option as `.mvvm.yml` gives it, before a rule reads it as its own type.
public enum OptionValue: Hashable, Codable, Sendable {
    /// One name.
    case string(String)
    /// A list of names.
    case strings([String])
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case integer(Int)

    /// The value as the rule book and messages write it.
    public var text: String {
        switch self {
        case .string(let value): value
        case .strings(let values): values.isEmpty ? "none" : values.joined(separator: ", ")
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        }
    }
}
