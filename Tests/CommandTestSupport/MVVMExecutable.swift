import Foundation

/// The package's `mvvm`, run as users and CI run it: in the package's folder unless a test
/// names another. Suites that run the command share it here, not by making another suite.
public struct MVVMExecutable: Sendable {
    /// The package's folder, where the repository's own `.mvvm.yml`, `Fixtures` and `Examples` are.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A view model missing `@MainActor`, as the text of a source file: one error, from
    /// `view-model-main-actor`.
    public static let viewModelMissingMainActor = "import Observation\n\n@Observable\nfinal class ProfileViewModel {}\n"

    /// Creates a runner of the built `mvvm`.
    public init() {}

    /// Runs `mvvm` with `arguments` in `directory`, with `input` on standard input.
    public func run(_ arguments: [String], in directory: URL = packageRoot, input: String? = nil) async throws -> CommandRun {
        try await BuiltCommand("mvvm").run(arguments, in: directory, input: input)
    }
}
