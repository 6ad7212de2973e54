import Foundation

/// A role question as a file of some modules asks it.
///
/// The modules a file sees are one shared array per distinct list (``ProjectIndex``), so a
/// question tells them apart by where the array's elements are instead of reading them: asked
/// for every condition of every pending finding, hashing and comparing the lists cost more than
/// the answers did. Two equal lists in different arrays only make two entries with one answer,
/// and the question holds its array, so no other list can take its place while it is kept.
struct RoleQuestion: Hashable {
    var role: Role
    var typeName: String
    var visible: [Int]

    private var visibleStorage: UnsafeRawPointer? {
        visible.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    static func == (left: RoleQuestion, right: RoleQuestion) -> Bool {
        left.role == right.role && left.visibleStorage == right.visibleStorage && left.typeName == right.typeName
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(role)
        hasher.combine(visibleStorage)
        hasher.combine(typeName)
    }

    /// Which of `count` parts holds the question.
    func part(of count: Int) -> Int {
        typeName.part(of: count)
    }
}

extension String {
    /// Which of `count` locked parts a table keeps this name in: from its length and last byte,
    /// cheap (no pass over the name) and spread enough for the parts' locks.
    func part(of count: Int) -> Int {
        (utf8.count &* 31 &+ Int(utf8.last ?? 0)) % count
    }
}

/// The answers ``ProjectIndex`` has given, kept because the index never changes once built.
/// Files are admitted on many workers at once, so the answers are split by question into
/// shards, each with its own lock.
///
/// A shard holds at most `limit` answers and starts again empty when full. Files are admitted
/// in order and the files of one module ask the same questions, so recent answers are the ones
/// asked again; kept without a limit, the answers grew with the files and made the run's peak.
final class RoleAnswers: @unchecked Sendable {
    private final class Shard: @unchecked Sendable {
        // `known` is only touched while holding `lock`.
        let lock = NSLock()
        var known: [RoleQuestion: Bool] = [:]
    }

    private let shards = (0..<16).map { _ in Shard() }
    private let limit: Int

    /// Answers kept up to `limit` per shard (at least one).
    init(limit: Int = 2048) {
        precondition(limit > 0, "a shard keeps at least one answer")
        self.limit = limit
    }

    func answer(_ question: RoleQuestion, _ compute: () -> Bool) -> Bool {
        let shard = shards[question.part(of: shards.count)]
        if let answer = shard.lock.withLock({ shard.known[question] }) {
            return answer
        }
        let answer = compute()
        shard.lock.withLock {
            if shard.known.count >= limit {
                shard.known.removeAll(keepingCapacity: true)
            }
            shard.known[question] = answer
        }
        return answer
    }

    /// Lets go of every answer; later questions are answered afresh.
    func forget() {
        for shard in shards {
            shard.lock.withLock { shard.known = [:] }
        }
    }
}
