import MVVM

extension TaskOwner {
    /// Fails the test if work is still running in this owner, naming the ids still running,
    /// unless the test said it expects exactly those; then cancels what is left so it does not
    /// outlive the test. Call it at the end of a test, after the last expectation; a
    /// ``ViewModelHarness`` runs the same check on its task owner when its scope ends.
    ///
    /// ```swift
    /// tasks.expectNoWorkLeftBehind()                      // nothing may still run
    /// tasks.expectNoWorkLeftBehind(expecting: ["poll"])   // the poll loop runs on purpose
    /// ```
    ///
    /// - Parameters:
    ///   - expecting: The ids of work the test expects to be running still. Each must be
    ///     running: an expected id that is not is a failure too.
    ///   - fileID: The caller's file, where a failure is reported (leave the default).
    ///   - filePath: The caller's file path, for XCTest (leave the default).
    ///   - line: The caller's line (leave the default).
    ///   - column: The caller's column (leave the default).
    public func expectNoWorkLeftBehind(
        expecting: [AnyHashable] = [],
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        let ids = runningIDs
        let leftover = ids.filter { !expecting.contains($0) }
        let withoutID = runningCount - ids.count
        let notRunning = expecting.filter { !ids.contains($0) }
        var problems: [String] = []
        if !leftover.isEmpty || withoutID > 0 {
            var running = leftover.map { ValueDump().render($0.base) }
            if withoutID > 0 {
                running.append("\(withoutID) task(s) started without an id")
            }
            problems.append(
                "Work is still running at the end of the test: \(running.joined(separator: ", ")). "
                    + "Await it (`try await tasks.untilIdle()`) or answer the stub it waits on; "
                    + "if it is meant to outlive the test, pass its id in `expecting:`."
            )
        }
        if !notRunning.isEmpty {
            problems.append(
                "Expected still running, but not running: \(notRunning.map { ValueDump().render($0.base) }.joined(separator: ", "))."
            )
        }
        cancelAll()
        guard !problems.isEmpty else { return }
        reportFailure(problems.joined(separator: "\n"), fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
