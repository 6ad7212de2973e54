/// Which style's rules a project follows.
public enum Preset: String, Codable, Sendable, CaseIterable {
    /// View, `*ViewModeling` protocol, view model (the DevConfiguration architecture notes and the triad write-up).
    case triad
    /// `send(_:)`, `Action`, `Responder` (the responder rule book).
    case responder
}
