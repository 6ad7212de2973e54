/// The part of the architecture a custom rule applies to, as the linter recognises it.
public enum CustomRuleRole: String, Hashable, Codable, Sendable, CaseIterable {
    /// Code inside a type the project recognises as a SwiftUI view.
    case view
    /// Code inside a type the project recognises as a view model.
    case viewModel = "view-model"
    /// Code inside a type outside tests that is neither a view, a view model, a front end nor a
    /// view model's state.
    case model
    /// Code inside a front end: a controller, cell, delegate, modifier, intent or screen.
    case frontEnd = "front-end"
    /// Any code in a test file.
    case test
}
