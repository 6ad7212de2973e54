import Foundation
import MVVMLint
import Testing

struct ProgressLineTests {
    /// A clock the test moves by hand, and the text written.
    final class Recorder: @unchecked Sendable {
        let lock = NSLock()
        var time = ContinuousClock.now
        var written: [String] = []

        func advance(_ duration: Duration) { lock.withLock { time += duration } }
        var now: ContinuousClock.Instant { lock.withLock { time } }
        func write(_ text: String) { lock.withLock { written.append(text) } }
        var lines: [String] { lock.withLock { written } }
    }

    func makeLine(_ recorder: Recorder) -> ProgressLine {
        ProgressLine(delay: .milliseconds(500), interval: .milliseconds(100),
                     write: { recorder.write($0) }, now: { recorder.now })
    }

    @Test func aShortRunDrawsNothing() {
        let recorder = Recorder()
        let line = makeLine(recorder)
        for done in 1...50 {
            recorder.advance(.milliseconds(5))
            line.update(done: done, total: 50)
        }
        line.finish()
        #expect(recorder.lines.isEmpty)
    }

    @Test func aLongRunRedrawsAtMostEveryIntervalAndErasesAtTheEnd() {
        let recorder = Recorder()
        let line = makeLine(recorder)
        for done in 1...100 {
            recorder.advance(.milliseconds(20))
            line.update(done: done, total: 100)
        }
        line.finish()
        let lines = recorder.lines
        // 2 s in all, drawn from 0.5 s on, every 100 ms, plus the last file and the erase.
        #expect(lines.first == "\r\u{1B}[KLinting: 25/100 files")
        #expect(lines.dropLast().last == "\r\u{1B}[KLinting: 100/100 files")
        #expect(lines.last == "\r\u{1B}[K")
        #expect((15...18).contains(lines.count), "\(lines.count) redraws")
    }
}
