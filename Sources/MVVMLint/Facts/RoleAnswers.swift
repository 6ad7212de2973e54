import Foundation

/// A role question as a file of some modules asks it.
struct RoleQuestion: Hashable {
    var role: Role
    var typeName: String
    var visible: [Int]
}

/// The answers ``ProjectIndex`` has given, kept because the index never changes once built.
/// Files are admitted on many workers at once, so the answers are split by question into
/// shards, each with its own lock.
final class RoleAnswers: @unchecked Sendable {
    private final class Shard: @unchecked Sendable {
        // `known` is only touched while holding `lock`.
        let lock = NSLock()
        var known: [RoleQuestion: Bool] = [:]
    }

    private let shards = (0..<16).map { _ in Shard() }

    func answer(_ question: RoleQuestion, _ compute: () -> Bool) -> Bool {
        let shard = shards[Int(UInt(bitPattern: question.hashValue) % UInt(shards.count))]
        if let answer = shard.lock.withLock({ shard.known[question] }) {
            return answer
        }
        let answer = compute()
        shard.lock.withLock { shard.known[question] = answer }
        return answer
    }
}
