import MVVM
import MVVMTesting
import Observation

// Measures what the runtime costs, in release builds only (`Scripts/runtime-benchmark.sh`).
// Each case runs a fixed number of operations, several rounds, and prints the best round's time
// per operation: the best round is the one least disturbed by other work on a shared machine.

/// Where benchmarked closures put their results, so the optimizer cannot drop the work.
final class Sink {
    var total = 0
}

@MainActor
func measure(_ name: String, operations: Int, rounds: Int = 7, _ body: () -> Void) -> Double {
    var best = Duration.seconds(1_000)
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        best = min(best, clock.measure(body))
    }
    let perOperation = nanoseconds(best) / Double(operations)
    report(name, perOperation)
    return perOperation
}

@MainActor
func measureAsync(_ name: String, operations: Int, rounds: Int = 7, _ body: () async -> Void) async -> Double {
    var best = Duration.seconds(1_000)
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        let start = clock.now
        await body()
        best = min(best, clock.now - start)
    }
    let perOperation = nanoseconds(best) / Double(operations)
    report(name, perOperation)
    return perOperation
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func report(_ name: String, _ perOperation: Double) {
    print("\(name.padding(toLength: 56, withPad: " ", startingAt: 0)) \(format(perOperation)) ns/op")
}

func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return String(describing: rounded)
}

/// A view model with twenty observed properties, for the cost of one change expectation.
@MainActor
@Observable
final class TwentyProperties {
    var p0 = 0
    var p1 = 0
    var p2 = 0
    var p3 = 0
    var p4 = 0
    var p5 = 0
    var p6 = 0
    var p7 = 0
    var p8 = 0
    var p9 = 0
    var p10 = ""
    var p11 = ""
    var p12 = ""
    var p13 = ""
    var p14 = ""
    var p15 = ""
    var p16 = ""
    var p17 = ""
    var p18 = ""
    var p19 = [0]
}

@MainActor
func run() async {
    let sends = 1_000_000
    let rounds = 21
    let sink = Sink()

    // The baseline: one closure call.
    let direct: (Int) -> Void = { sink.total &+= $0 }

    // Ten plain closures, each transforming the value and calling the next, built at run time
    // the way a chain of parents is.
    var nested: (Int) -> Void = { sink.total &+= $0 }
    for _ in 0..<10 {
        let next = nested
        nested = { next($0 &+ 1) }
    }
    let chain = nested

    // The same chain with each level's transform as a function value of its own, called by the
    // closure: what a pullback chain does (the transform is the argument of `pullback`).
    var nestedWithTransforms: (Int) -> Void = { sink.total &+= $0 }
    for _ in 0..<10 {
        let next = nestedWithTransforms
        let transform: (Int) -> Int = { $0 &+ 1 }
        nestedWithTransforms = { next(transform($0)) }
    }
    let chainWithTransforms = nestedWithTransforms

    let root = Responder<Int> { sink.total &+= $0 }
    let depthOne = root.pullback { (value: Int) in value &+ 1 }
    var deep = root
    for _ in 0..<10 {
        deep = deep.pullback { (value: Int) in value &+ 1 }
    }
    let depthTen = deep

    // The send cases take turns in short rounds, and each keeps its best round: on a shared
    // machine a slow spell then hits every case alike instead of one of them.
    let cases: [(name: String, body: () -> Void)] = [
        ("direct closure call", { for value in 0..<sends { direct(value) } }),
        ("10 nested plain closures", { for value in 0..<sends { chain(value) } }),
        ("10 nested closures, each calling a transform", { for value in 0..<sends { chainWithTransforms(value) } }),
        ("Responder.send, depth 1 (pullback)", { for value in 0..<sends { depthOne.send(value) } }),
        ("Responder.send, depth 10 (pullback)", { for value in 0..<sends { depthTen.send(value) } }),
    ]
    var best = Array(repeating: Duration.seconds(1_000), count: cases.count)
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        for (index, entry) in cases.enumerated() {
            best[index] = min(best[index], clock.measure(entry.body))
        }
    }
    let perSend = best.map { nanoseconds($0) / Double(sends) }
    for (index, entry) in cases.enumerated() {
        report(entry.name, perSend[index])
    }
    let (directTime, nestedTime, transformsTime, depthOneTime, depthTenTime) = (perSend[0], perSend[1], perSend[2], perSend[3], perSend[4])

    let taskCount = 100_000
    let tasks = TaskOwner()
    let taskTime = await measureAsync("TaskOwner.start + completion (waitForAll)", operations: taskCount, rounds: 3) {
        for value in 0..<taskCount {
            tasks.start { sink.total &+= value }
        }
        await tasks.waitForAll()
    }

    let model = TwentyProperties()
    let names: KeyValuePairs<String, PartialKeyPath<TwentyProperties>> = [
        "p0": \.p0, "p1": \.p1, "p2": \.p2, "p3": \.p3, "p4": \.p4, "p5": \.p5, "p6": \.p6, "p7": \.p7,
        "p8": \.p8, "p9": \.p9, "p10": \.p10, "p11": \.p11, "p12": \.p12, "p13": \.p13, "p14": \.p14,
        "p15": \.p15, "p16": \.p16, "p17": \.p17, "p18": \.p18, "p19": \.p19,
    ]
    let expectations = 2_000
    let recorder: ChangeRecorder<TwentyProperties>
    do {
        recorder = try ChangeRecorder(model, tracking: names)
    } catch {
        print("error: \(error)")
        return
    }
    // The names-only check is deprecated; `changes(during:)` records the same names.
    let namesTime = measure("ChangeRecorder.changes(during:) (names), 20 properties", operations: expectations, rounds: 3) {
        for _ in 0..<expectations {
            _ = recorder.changes { model.p0 += 1 }
        }
    }
    let valuesTime = measure("ChangeRecorder.expectChanges { values }, 20 properties", operations: expectations, rounds: 3) {
        for _ in 0..<expectations {
            let next = model.p0 + 1
            recorder.expectChanges(during: { model.p0 = next }) { $0.p0 = next }
        }
    }

    print("")
    print("depth 10 / 10 nested plain closures: \(format(depthTenTime / nestedTime))x (target: at most 2x)")
    print("depth 10 / 10 closures with transforms: \(format(depthTenTime / transformsTime))x")
    print("depth 1 / direct closure call:       \(format(depthOneTime / directTime))x")
    _ = (taskTime, namesTime, valuesTime)
    print("(checksum \(sink.total % 1000))")
}

await run()
