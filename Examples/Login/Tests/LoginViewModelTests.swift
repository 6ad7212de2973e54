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
        try await withViewModelHarness(of: { controls in
            LoginViewModel(authenticator: authenticator, responder: controls.responder, tasks: controls.tasks)
        }, tracking: ["state": \.state, "errorMessage": \.errorMessage, "isSubmitEnabled": \.isSubmitEnabled]) { test in
            test.expectChanges(during: { test.viewModel.send(.authenticate(username: "ann", password: "secret")) }) {
                $0.state = .authenticating
                $0.isSubmitEnabled = false
            }

            try await test.untilIdle()

            test.expectChanges {
                $0.state = .idle
                $0.isSubmitEnabled = true
            }
            test.expectSent(.authenticated(ann))
            #expect(authenticator.authenticateStub.calls.map(\.username) == ["ann"])
            #expect(authenticator.authenticateStub.calls.map(\.password) == ["secret"])
        }
    }

    @Test func authenticateFailureShowsTheErrorAndRespondsNothing() async throws {
        authenticator.authenticateStub.enqueue(.failure(AuthenticationError.locked))
        let sut = makeSUT()

        sut.send(.authenticate(username: "ann", password: "secret"))
        try await tasks.untilIdle()

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

        // The computed outputs change with `state`; `isSubmitEnabled` keeps its value.
        recorder.expectChanges(during: { sut.send(.authenticationFailed("Nope.")) }) {
            $0.state = .failed("Nope.")
            $0.errorMessage = "Nope."
        }
    }

    @Test func dismissErrorClearsTheError() {
        let sut = makeSUT()
        sut.send(.authenticationFailed("Nope."))

        sut.send(.dismissError)

        #expect(sut.state == .idle)
        #expect(sut.errorMessage == nil)
    }

    /// The harness for the tests that hold the request in flight.
    func withHeldRequest(
        _ body: (ViewModelHarness<LoginViewModel, LoginViewModel.ResponderAction>, HeldAuthenticator) async throws -> Void
    ) async throws {
        let held = HeldAuthenticator()
        try await withViewModelHarness(of: { controls in
            LoginViewModel(authenticator: held, responder: controls.responder, tasks: controls.tasks)
        }, tracking: ["state": \.state, "errorMessage": \.errorMessage, "isSubmitEnabled": \.isSubmitEnabled]) { test in
            try await body(test, held)
        }
    }

    @Test func cancelStopsTheRequestAndRespondsCancelled() async throws {
        try await withHeldRequest { test, held in
            test.expectChanges(during: { test.viewModel.send(.authenticate(username: "ann", password: "secret")) }) {
                $0.state = .authenticating
                $0.isSubmitEnabled = false
            }
            let request = try await held.authenticateStub.nextCall()

            test.expectNoChanges { test.viewModel.send(.cancel) }
            #expect(request.wasCancelled)
            try await test.untilIdle()
            test.expectSent(.cancelled)
        }
    }

    @Test func authenticatingThenAuthenticatedInOrder() async throws {
        try await withHeldRequest { test, held in
            test.expectChanges(during: { test.viewModel.send(.authenticate(username: "ann", password: "secret")) }) {
                $0.state = .authenticating
                $0.isSubmitEnabled = false
            }
            let request = try await held.authenticateStub.nextCall()
            #expect(request.arguments == "ann")
            #expect(test.responder.unassertedActions.isEmpty)

            request.answer(ann)
            try await test.untilIdle()
            test.expectChanges {
                $0.state = .idle
                $0.isSubmitEnabled = true
            }
            test.expectSent(.authenticated(ann))
        }
    }

    @Test func aFailedRequestShowsItsMessage() async throws {
        try await withHeldRequest { test, held in
            test.viewModel.send(.authenticate(username: "ann", password: "secret"))
            try await held.authenticateStub.nextCall().fail(AuthenticationError.locked)
            try await test.untilIdle()

            // The closure states the end result: `.authenticating` came and went in between.
            test.expectChanges {
                $0.state = .failed("This account is locked.")
                $0.errorMessage = "This account is locked."
            }
        }
    }
}
