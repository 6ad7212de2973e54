import MVVM
import MVVMTesting
import Testing

@MainActor
struct ResponderTests {
    enum GrandchildAction: Equatable { case picked(Int), dismissed }
    enum ChildAction: Equatable { case grandchild(GrandchildAction), closed }
    enum ParentAction: Equatable { case child(ChildAction) }

    @Test func sendAndCallAsFunctionDeliverInOrder() {
        var received: [Int] = []
        let responder = Responder<Int> { received.append($0) }

        responder.send(1)
        responder(2)
        responder.send(3)

        #expect(received == [1, 2, 3])
    }

    @Test func pullbackComposesAThreeLevelChainWithCaseConstructors() {
        let parent = RecordingResponder<ParentAction>()
        let child: Responder<ChildAction> = parent.responder.pullback(ParentAction.child)
        let grandchild: Responder<GrandchildAction> = child.pullback(ChildAction.grandchild)

        grandchild.send(.picked(4))
        child.send(.closed)
        grandchild(.dismissed)

        #expect(parent.actions == [
            .child(.grandchild(.picked(4))),
            .child(.closed),
            .child(.grandchild(.dismissed)),
        ])
    }

    @Test func compactPullbackForwardsOnlyMappedActions() {
        let parent = RecordingResponder<ChildAction>()
        let child: Responder<GrandchildAction> = parent.responder.compactPullback { action in
            if case .dismissed = action { return .closed }
            return nil
        }

        child.send(.picked(1))
        child.send(.dismissed)

        #expect(parent.actions == [.closed])
    }

    final class Echo: ActionSending {
        var received: [String] = []
        func send(_ action: String) { received.append(action) }
    }

    @Test func actionResponderSendsToTheViewModelWithoutRetainingIt() {
        var echo: Echo? = Echo()
        let responder = echo!.actionResponder
        responder.send("a")
        #expect(echo?.received == ["a"])

        weak let released = echo
        echo = nil
        #expect(released == nil)
        responder.send("after release is ignored")
    }
}
