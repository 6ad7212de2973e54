import MVVM
import MVVMTesting
import XCTest

/// The test kit reports through thrown errors and plain values, so XCTest suites use it as
/// Swift Testing suites do.
final class XCTestCompatibilityTests: XCTestCase {
    @MainActor
    func testChangeRecorderFailsAnXCTestThroughItsError() async throws {
        let form = Form()
        let recorder = try ChangeRecorder(form, tracking: ["name": \.name, "age": \.age, "isAdult": \.isAdult])
        try recorder.expectChanges(["age", "isAdult"]) { form.age = 1 }
        XCTAssertThrowsError(try recorder.expectChanges(["age", "isAdult"]) { form.name = "x" })
    }

    @MainActor
    func testRecordingResponderAndTaskOwnerInXCTest() async throws {
        let parent = RecordingResponder<String>()
        let owner = TaskOwner()
        let responder = parent.responder
        owner.start { responder.send("done") }
        try await owner.untilIdle(timeout: .seconds(30))
        XCTAssertEqual(parent.actions, ["done"])
    }
}
