import Foundation

/// An FNV-1a-style hash taken eight bytes at a time, seeded with the length: fast, stable across
/// processes (unlike Swift's `Hasher`), and collisions of real edits are vanishingly rare. The
/// cache keys files and settings with it, and a rule set's fingerprint is one.
enum StableHash {
    /// The hash of `text`'s UTF-8 bytes.
    static func of(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    /// The hash of `data`.
    static func of(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { of($0) }
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* prime
            hash ^= hash >> 29
            index += 8
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* prime
            index += 1
        }
        return hash
    }
}
