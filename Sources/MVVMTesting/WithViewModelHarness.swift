import Observation

/// Makes a view model in a ``ViewModelHarness``, runs `body` with it, and when `body` returns
/// runs the harness's end check at the line of this call.
///
/// ```swift
/// @Test func opensTheFirstStory() async throws {
///     try await withViewModelHarness(of: { controls in
///         StoryListViewModel(dependencies: deps, responder: controls.responder, tasks: controls.tasks)
///     }, tracking: ["list": \.list, "state": \.state]) { test in
///         ...
///     }
/// }
/// ```
///
/// The type of the actions the view model sends up comes from the responder `make` hands it. A
/// view model that sends nothing up (a root, or a screen without a responder) says so with
/// `sendingUp: Never.self`:
///
/// ```swift
/// try await withViewModelHarness(of: { controls in
///     ReaderViewModel(dependencyProvider: provider, tasks: controls.tasks)
/// }, sendingUp: Never.self, tracking: ["route": \.route]) { test in
///     ...
/// }
/// ```
///
/// When `body` throws, the end check is skipped (the error already fails the test) and the work
/// still running is cancelled.
///
/// - Parameters:
///   - make: Makes the view model from the controls the test holds.
///   - sendingUp: The type of the actions the view model sends up; `Never.self` for one that
///     sends none. Leave it out when `make` gives the view model `controls.responder`.
///   - tracking: Each observed property to record, by name and key path.
///   - privateState: Observed stored properties the view model keeps `private`, by name.
///   - exhaustivity: `.on` (the default) or `.off` for an integration test.
///   - fileID: Where the end check reports (leave the default).
///   - filePath: Where the end check reports, for XCTest (leave the default).
///   - line: Where the end check reports (leave the default).
///   - column: Where the end check reports (leave the default).
///   - body: The test.
/// - Returns: What `body` returns.
/// - Throws: What `make` or `body` throws, or a ``ChangeRecorderError`` when `tracking` leaves an
///   observed stored property out.
@MainActor
public func withViewModelHarness<Model: AnyObject & Observable, ResponderAction, Result>(
    of make: (TestControls<ResponderAction>) throws -> Model,
    sendingUp: ResponderAction.Type = ResponderAction.self,
    tracking: KeyValuePairs<String, PartialKeyPath<Model>>,
    privateState: [String] = [],
    exhaustivity: Exhaustivity = .on,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: (ViewModelHarness<Model, ResponderAction>) async throws -> Result
) async throws -> Result {
    let harness = try ViewModelHarness(of: make, tracking: tracking, privateState: privateState, exhaustivity: exhaustivity)
    let result: Result
    do {
        result = try await body(harness)
    } catch {
        harness.tasks.cancelAll()
        throw error
    }
    harness.finish(fileID: fileID, filePath: filePath, line: line, column: column)
    return result
}
