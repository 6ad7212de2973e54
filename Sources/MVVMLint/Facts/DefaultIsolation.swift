/// The isolation a module gives its types when they say nothing.
public enum DefaultIsolation: String, Codable, Sendable, CaseIterable {
    /// `.defaultIsolation(MainActor.self)`: every type is main-actor isolated unless `nonisolated`.
    case mainActor = "main-actor"
    /// The language default.
    case nonisolated
}
