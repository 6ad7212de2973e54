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

    @Test func expectChangesPassesOnAnExactMatch() throws {
        let recorder = try makeRecorder()
        try recorder.expectChanges(["name"]) { form.rename("Ann") }
        form.birthday()
        try recorder.expectChanges(["age", "isAdult"])
        try recorder.expectNoChanges()
    }

    @Test func anUnexpectedChangeFailsAndNamesIt() throws {
        let recorder = try makeRecorder()
        #expect(throws: ChangeRecorderError.mismatch(expected: ["name"], actual: ["name", "age", "isAdult"])) {
            try recorder.expectChanges(["name"]) { form.renameAndAge() }
        }
        let message = ChangeRecorderError.mismatch(expected: ["name"], actual: ["name", "age"]).description
        #expect(message.contains("Unexpected: age."))
    }

    @Test func aMissingChangeFailsAndNamesIt() throws {
        let recorder = try makeRecorder()
        let error = #expect(throws: ChangeRecorderError.self) {
            try recorder.expectChanges(["name", "age"]) { form.rename("Ann") }
        }
        #expect(error?.description.contains("Missing: age.") == true)
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
        let recorder = try makeRecorder()
        #expect(throws: ChangeRecorderError.unknownNames(["nmae"])) {
            try recorder.expectChanges(["nmae"])
        }
    }
}
