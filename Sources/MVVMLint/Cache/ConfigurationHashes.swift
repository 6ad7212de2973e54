import Foundation

/// Stable fingerprints of the few distinct configurations of a run, computed once each. Each
/// folds in the rule set's fingerprint: the same settings under other rules give other facts.
final class ConfigurationHashes: @unchecked Sendable {
    // `known` is only touched while holding `lock`.
    private let lock = NSLock()
    private var known: [Configuration: UInt64] = [:]
    private let rulesFingerprint: UInt64

    init(rulesFingerprint: UInt64) {
        self.rulesFingerprint = rulesFingerprint
    }

    func hash(_ configuration: Configuration) -> UInt64 {
        if let hash = lock.withLock({ known[configuration] }) {
            return hash
        }
        var hash = (LintCache.hash(configuration) ^ rulesFingerprint) &* 0x0000_0100_0000_01B3
        hash ^= hash >> 29
        lock.withLock { known[configuration] = hash }
        return hash
    }
}
