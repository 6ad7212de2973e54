import Foundation
import Testing
@testable import MVVMLint

/// `concurrentMap` writes each worker's results straight into the array it returns.
struct ConcurrentMapTests {
    /// Counts the instances alive, to show each result is made once and let go once.
    private final class Counted: Sendable {
        static let alive = Counter()
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.alive.add(1)
        }
        deinit { Self.alive.add(-1) }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add(_ step: Int) { lock.withLock { count += step } }
        var value: Int { lock.withLock { count } }
    }

    @Test(arguments: [1, 2, 4, 16])
    func resultsComeInIndexOrder(jobs: Int) {
        let results = concurrentMap(count: 5_000, jobs: jobs) { "file \($0) " + String(repeating: "x", count: $0 % 40) }
        #expect(results == (0..<5_000).map { "file \($0) " + String(repeating: "x", count: $0 % 40) })
    }

    @Test func noIndexGivesAnEmptyArrayAndMoreJobsThanIndicesStillOne() {
        #expect(concurrentMap(count: 0, jobs: 4) { $0 }.isEmpty)
        #expect(concurrentMap(count: 1, jobs: 8) { $0 * 3 + 1 } == [1])
        #expect(concurrentMap(count: 3, jobs: 8) { $0 } == [0, 1, 2])
    }

    @Test func eachResultIsMadeOnceAndLetGoWithTheArray() {
        let before = Counted.alive.value
        do {
            let results = concurrentMap(count: 2_000, jobs: 4) { Counted($0) }
            #expect(results.map(\.value) == Array(0..<2_000))
            #expect(Counted.alive.value - before == 2_000)
        }
        #expect(Counted.alive.value == before)
    }
}
