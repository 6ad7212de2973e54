import Foundation

/// A role question as a file of some modules asks it.
struct RoleQuestion: Hashable {
    var role: Role
    var typeName: String
    var visible: [Int]
}

/// The answers ``ProjectIndex`` has given, kept because the index never changes once built.
final class RoleAnswers: @unchecked Sendable {
    // `known` is only touched while holding `lock`.
    private let lock = NSLock()
    private var known: [RoleQuestion: Bool] = [:]

    func answer(_ question: RoleQuestion, _ compute: () -> Bool) -> Bool {
        if let answer = lock.withLock({ known[question] }) {
            return answer
        }
        let answer = compute()
        lock.withLock { known[question] = answer }
        return answer
    }
}
