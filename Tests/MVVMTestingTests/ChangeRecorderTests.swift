import MVVMTesting
import Observation
import Testing

@MainActor
@Observable
final class Form {
    var name = ""
    var age = 0
    @ObservationIgnored var scratch = 0
    var isAdult: Bool { age >= 18 }

    func rename(_ newName: String) { name = newName }
    func birthday() { age += 1 }
    func renameAndAge() { name = "x"; age += 1 }
}

@MainActor
struct ChangeRecorderTests {
    let form = Form()

    func makeRecorder() throws -> ChangeRecorder<Form> {
        try ChangeRecorder(form, tracking: ["name": \.name, "age": \.age, "isAdult": \.isAdult])
    }

    @Test func reportsOnlyThePropertiesAnActionChanged() throws {
        let recorder = try makeRecorder()
        #expect(recorder.changes { form.rename("Ann") } == ["name"])
        #expect(recorder.changes { form.renameAndAge() } == ["name", "age", "isAdult"])
        #expect(recorder.changes { form.scratch = 9 } == [])
    }

    @Test func changedPropertiesAccumulateUntilReset() throws {
        let recorder = try makeRecorder()
        form.rename("Ann")
        form.birthday()
        // A computed property counts as changed when a property it reads changes.
        #expect(recorder.changedProperties == ["name", "age", "isAdult"])
        recorder.reset()
        #expect(recorder.changedProperties == [])
        form.rename("Bo")
        #expect(recorder.changedProperties == ["name"])
    }

    @Test func theMismatchErrorNamesUnexpectedAndMissingChanges() {
        let message = ChangeRecorderError.mismatch(expected: ["name", "isAdult"], actual: ["name", "age"]).description
        #expect(message.contains("Unexpected: age."))
        #expect(message.contains("Missing: isAdult."))
    }

    @Test func refusesToStartWhenAnObservedPropertyIsNotTracked() {
        #expect(throws: ChangeRecorderError.untrackedProperties(type: "Form", names: ["age"])) {
            try ChangeRecorder(form, tracking: ["name": \.name])
        }
    }

    @Test func refusesDuplicateAndUnknownNames() throws {
        #expect(throws: ChangeRecorderError.duplicateNames(["name"])) {
            try ChangeRecorder(form, tracking: ["name": \.name, "name": \.age])
        }
        let failures = try withExpectationFailuresCaptured {
            try makeRecorder().expectChanges { $0.set("nmae", to: "Ann") }
        }
        #expect(failures.first?.message.contains("does not track: nmae") == true)
    }
}
