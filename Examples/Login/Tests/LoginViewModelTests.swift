import LoginExample
import MVVM
import MVVMTesting
import Testing

@MainActor
struct LoginViewModelTests {
    let authenticator = MockAuthenticator()
    let parent = RecordingResponder<LoginViewModel.ResponderAction>()
    let tasks = TaskOwner()
    let ann = User(id: "u1", displayName: "Ann")

    func makeSUT(authenticator: (any Authenticating)? = nil) -> LoginViewModel {
        LoginViewModel(authenticator: authenticator ?? self.authenticator, responder: parent.responder, tasks: tasks)
    }

    @Test func startsIdleWithNoError() {
        let sut = makeSUT()
        #expect(sut.state == .idle)
        #expect(sut.errorMessage == nil)
        #expect(sut.isSubmitEnabled)
    }

    @Test func authenticateChangesOnlyStateThenRespondsWithTheUser() async throws {
        authenticator.authenticateStub.enqueue(.success(ann))
        let sut = makeSUT()
        let recorder = try ChangeRecorder(sut, tracking: ["state": \.state])

        try recorder.expectChanges(["state"]) {
            sut.send(.authenticate(username: "ann", password: "secret"))
        }
        #expect(sut.state == .authenticating)
        #expect(!sut.isSubmitEnabled)
        #expect(parent.actions.isEmpty)

        try await tasks.untilIdle(timeout: .seconds(30))

        #expect(sut.state == .idle)
        #expect(parent.actions == [.authenticated(ann)])
        #expect(authenticator.authenticateStub.calls.map(\.username) == ["ann"])
        #expect(authenticator.authenticateStub.calls.map(\.password) == ["secret"])
    }

    @Test func authenticateFailureShowsTheErrorAndRespondsNothing() async throws {
        authenticator.authenticateStub.enqueue(.failure(AuthenticationError.locked))
        let sut = makeSUT()

        sut.send(.authenticate(username: "ann", password: "secret"))
        try await tasks.untilIdle(timeout: .seconds(30))

        #expect(sut.state == .failed("This account is locked."))
        #expect(sut.errorMessage == "This account is locked.")
        #expect(sut.isSubmitEnabled)
        #expect(parent.actions.isEmpty)
    }

    @Test(arguments: [("", "secret"), ("ann", ""), ("", "")])
    func authenticateWithAnEmptyFieldFailsWithoutARequest(username: String, password: String) {
        let sut = makeSUT()

        sut.send(.authenticate(username: username, password: password))

        #expect(sut.state == .failed("Enter a username and a password."))
        #expect(authenticator.authenticateStub.callCount == 0)
        #expect(tasks.isIdle)
    }

    @Test func authenticationSucceededGoesBackToIdleAndRespondsOnce() {
        let sut = makeSUT()
        sut.send(.authenticationFailed("old error"))

        sut.send(.authenticationSucceeded(ann))

        #expect(sut.state == .idle)
        #expect(parent.actions == [.authenticated(ann)])
    }

    @Test func authenticationFailedChangesOnlyState() throws {
        let sut = makeSUT()
        let recorder = try ChangeRecorder(sut, tracking: [
            "state": \.state, "errorMessage": \.errorMessage, "isSubmitEnabled": \.isSubmitEnabled,
        ])

        sut.send(.authenticationFailed("Nope."))

        // The computed outputs change with `state`; no other stored output changes.
        try recorder.expectChanges(["state", "errorMessage", "isSubmitEnabled"])
        #expect(sut.errorMessage == "Nope.")
    }

    @Test func dismissErrorClearsTheError() {
        let sut = makeSUT()
        sut.send(.authenticationFailed("Nope."))

        sut.send(.dismissError)

        #expect(sut.state == .idle)
        #expect(sut.errorMessage == nil)
    }

    @Test func cancelStopsTheRequestAndRespondsCancelled() async throws {
        let held = HeldAuthenticator()
        let sut = makeSUT(authenticator: held)
        let recorder = try ChangeRecorder(sut, tracking: [
            "state": \.state, "errorMessage": \.errorMessage, "isSubmitEnabled": \.isSubmitEnabled,
        ])

        recorder.expectChanges(during: { sut.send(.authenticate(username: "ann", password: "secret")) }) {
            $0.state = .authenticating
            $0.isSubmitEnabled = false
        }
        let request = try await held.authenticateStub.nextCall()

        recorder.expectNoChanges { sut.send(.cancel) }
        #expect(request.wasCancelled)
        try await tasks.untilIdle(timeout: .seconds(30))

        parent.expect(.cancelled)
        parent.expectAllAsserted()
        tasks.expectNoWorkLeftBehind()
    }

    @Test func authenticatingThenAuthenticatedInOrder() async throws {
        let held = HeldAuthenticator()
        let sut = makeSUT(authenticator: held)
        let recorder = try ChangeRecorder(sut, tracking: [
            "state": \.state, "errorMessage": \.errorMessage, "isSubmitEnabled": \.isSubmitEnabled,
        ])

        recorder.expectChanges(during: { sut.send(.authenticate(username: "ann", password: "secret")) }) {
            $0.state = .authenticating
            $0.isSubmitEnabled = false
        }
        let request = try await held.authenticateStub.nextCall()
        #expect(request.arguments == "ann")
        parent.expectAllAsserted()

        request.answer(ann)
        try await tasks.untilIdle(timeout: .seconds(30))
        recorder.expectChanges {
            $0.state = .idle
            $0.isSubmitEnabled = true
        }
        parent.expect(.authenticated(ann))
        parent.expectAllAsserted()
        tasks.expectNoWorkLeftBehind()
    }

    @Test func aFailedRequestShowsItsMessage() async throws {
        let held = HeldAuthenticator()
        let sut = makeSUT(authenticator: held)
        let recorder = try ChangeRecorder(sut, tracking: [
            "state": \.state, "errorMessage": \.errorMessage, "isSubmitEnabled": \.isSubmitEnabled,
        ])

        sut.send(.authenticate(username: "ann", password: "secret"))
        try await held.authenticateStub.nextCall().fail(AuthenticationError.locked)
        try await tasks.untilIdle(timeout: .seconds(30))

        recorder.expectChanges {
            $0.state = .failed("This account is locked.")
            $0.errorMessage = "This account is locked."
        }
        parent.expectAllAsserted()
        tasks.expectNoWorkLeftBehind()
    }
}
