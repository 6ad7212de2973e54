import MVVMTesting
import Testing

struct StubTests {
    struct Failure: Error, Equatable {}

    @Test func answersQueuedResultsInOrderThenTheDefault() {
        let stub = Stub<Int, String>(defaultReturnValue: "default")
        stub.enqueue("first", "second")

        #expect(stub(1) == "first")
        #expect(stub(2) == "second")
        #expect(stub(3) == "default")
        #expect(stub.calls == [1, 2, 3])
        #expect(stub.callCount == 3)
        #expect(stub.lastArguments == 3)
    }

    @Test func defaultCanChangeAndResetForgetsCallsAndQueue() {
        let stub = Stub<Int, String>(defaultReturnValue: "a")
        stub.enqueue("queued")
        _ = stub(1)
        stub.reset()
        stub.defaultReturnValue = "b"

        #expect(stub.callCount == 0)
        #expect(stub.lastArguments == nil)
        #expect(stub(2) == "b")
    }

    @Test func voidConveniences() {
        let action = Stub<Void, Void>()
        action()
        action()
        #expect(action.callCount == 2)

        let getter = Stub<Void, Int>(defaultReturnValue: 5)
        #expect(getter() == 5)
    }

    @Test func recordsCallsFromManyTasks() async {
        let stub = Stub<Int, Int>(defaultReturnValue: 0)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { _ = stub(index) }
            }
        }
        #expect(stub.calls.sorted() == Array(0..<200))
    }

    @Test func throwingStubThrowsTheDefaultErrorAfterQueuedResults() throws {
        let stub = ThrowingStub<String, Int>(defaultError: Failure())
        stub.enqueue(.success(1), .failure(Failure()), .success(3))

        #expect(try stub("a") == 1)
        #expect(throws: Failure.self) { try stub("b") }
        #expect(try stub("c") == 3)
        #expect(throws: Failure.self) { try stub("d") }
        #expect(stub.calls == ["a", "b", "c", "d"])
    }

    @Test func throwingStubWithADefaultValue() throws {
        let stub = ThrowingStub<Void, Int>(defaultReturnValue: 9)
        #expect(try stub() == 9)
        stub.defaultResult = .failure(Failure())
        #expect(throws: Failure.self) { try stub() }
        stub.reset()
        #expect(stub.callCount == 0)
        #expect(stub.lastArguments == nil)
    }
}
