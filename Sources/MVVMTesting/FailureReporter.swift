import Foundation
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where the test kit's expectations report their failures.
///
/// The default, ``testFramework``, records an issue in the running Swift Testing test, or fails the
/// running XCTest test, in both cases at the file and line of the expectation that failed (not the
/// test's first line, which is where an error thrown out of a test is reported).
///
/// A test of the kit itself, or of a helper built on it, captures failures instead of failing,
/// with ``withExpectationFailuresCaptured(_:)``.
public struct FailureReporter: Sendable {
    private let record: @Sendable (ExpectationFailure) -> Void

    /// Creates a reporter that hands each failure to `record`.
    public init(_ record: @escaping @Sendable (ExpectationFailure) -> Void) {
        self.record = record
    }

    /// Reports one failure.
    public func report(_ failure: ExpectationFailure) {
        record(failure)
    }

    /// The reporter in effect for the current task: ``testFramework`` unless a test bound another.
    @TaskLocal public static var current = FailureReporter.testFramework

    /// Records a Swift Testing issue when a Swift Testing test is running, otherwise an XCTest
    /// failure, each at the failure's file and line.
    public static let testFramework = FailureReporter { failure in
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.fileID,
                    filePath: failure.filePath.description,
                    line: failure.line,
                    column: failure.column
                )
            )
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(failure.message, file: failure.filePath, line: UInt(failure.line))
        #else
        print("error: \(failure)")
        #endif
    }
}

/// Collects failures reported while a test of the kit runs, so the test can look at their messages.
final class FailureCollector: @unchecked Sendable {
    // `failures` is only touched while holding `lock`.
    private let lock = NSLock()
    private var failures: [ExpectationFailure] = []

    var collected: [ExpectationFailure] {
        lock.withLock { failures }
    }

    var reporter: FailureReporter {
        FailureReporter { [self] failure in
            lock.withLock { failures.append(failure) }
        }
    }
}

/// Runs `body` with failures captured instead of reported, and returns them in order.
///
/// ```swift
/// let failures = withExpectationFailuresCaptured {
///     parent.expectAllAsserted()
/// }
/// #expect(failures.first?.message.contains("not asserted") == true)
/// ```
public func withExpectationFailuresCaptured(_ body: () throws -> Void) rethrows -> [ExpectationFailure] {
    let collector = FailureCollector()
    try FailureReporter.$current.withValue(collector.reporter) {
        try body()
    }
    return collector.collected
}

/// Runs the asynchronous `body` with failures captured instead of reported, and returns them.
public func withExpectationFailuresCaptured(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
) async rethrows -> [ExpectationFailure] {
    let collector = FailureCollector()
    try await FailureReporter.$current.withValue(collector.reporter) {
        try await body()
    }
    return collector.collected
}

/// Reports a failure through the current reporter.
func reportFailure(_ message: String, fileID: String, filePath: StaticString, line: Int, column: Int) {
    FailureReporter.current.report(
        ExpectationFailure(message: message, fileID: fileID, filePath: filePath, line: line, column: column)
    )
}
