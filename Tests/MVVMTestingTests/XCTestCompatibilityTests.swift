import MVVM
import MVVMTesting
import XCTest

/// The test kit's parts work in XCTest suites as in Swift Testing suites.
final class XCTestCompatibilityTests: XCTestCase {
    @MainActor
    func testRecordingResponderAndTaskOwnerInXCTest() async throws {
        let parent = RecordingResponder<String>()
        let owner = TaskOwner()
        let responder = parent.responder
        owner.start { responder.send("done") }
        try await owner.untilIdle()
        XCTAssertEqual(parent.actions, ["done"])
    }
}

/// The new expectations fail an XCTest test at the expectation's own file and line.
final class XCTestAttributionTests: XCTestCase {
    private var recorded: [(description: String, file: String, line: Int)] = []
    /// While set, failures are kept for the test to look at instead of failing it.
    private var capturing = false

    #if os(Linux) || os(Windows)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        recorded.append((description, filePath, lineNumber))
    }
    #else
    override func record(_ issue: XCTIssue) {
        guard capturing else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        recorded.append((issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
    }
    #endif

    @MainActor
    func testAFailedExpectationIsRecordedAtItsLine() async throws {
        let form = Form()
        let recorder = try ChangeRecorder(form, tracking: ["name": \.name, "age": \.age, "isAdult": \.isAdult])
        let parent = RecordingResponder<String>()
        parent.responder("left over")

        capturing = true
        let changeLine = #line + 1
        recorder.expectNoChanges { form.name = "Ann" }
        let responderLine = #line + 1
        parent.expectAllAsserted()
        capturing = false

        XCTAssertEqual(recorded.map(\.line), [changeLine, responderLine])
        XCTAssertTrue(recorded.allSatisfy { $0.file.hasSuffix("XCTestCompatibilityTests.swift") })
        XCTAssertTrue(recorded.first?.description.contains("name (unexpected change)") == true)
    }
}
