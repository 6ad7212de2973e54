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

    /// The hash of bytes given in pieces, the same as ``of(_:)-(UnsafeRawBufferPointer)`` of them
    /// all at once; the length must be known at the start, as the hash begins with it.
    struct Running {
        private var hash: UInt64
        /// Bytes of a word not yet complete, the first in the lowest byte.
        private var partial: UInt64 = 0
        private var partialCount = 0
        private let length: Int
        private var added = 0

        init(length: Int) {
            self.length = length
            hash = StableHash.basis ^ UInt64(length)
        }

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            added += bytes.count
            precondition(added <= length, "more bytes hashed than the length given")
            var index = 0
            // Complete a word begun by the piece before.
            while partialCount > 0 && index < bytes.count {
                take(bytes[index])
                index += 1
            }
            // Whole words straight from the piece, as `of` reads them.
            while index + 8 <= bytes.count {
                mix(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            while index < bytes.count {
                take(bytes[index])
                index += 1
            }
        }

        private mutating func take(_ byte: UInt8) {
            partial |= UInt64(byte) << (8 * UInt64(partialCount))
            partialCount += 1
            if partialCount == 8 {
                mix(partial)
                partial = 0
                partialCount = 0
            }
        }

        private mutating func mix(_ word: UInt64) {
            hash = (hash ^ word) &* StableHash.prime
            hash ^= hash >> 29
        }

        /// The hash, once all `length` bytes are in.
        func finish() -> UInt64 {
            precondition(added == length, "fewer bytes hashed than the length given")
            var hash = self.hash
            for index in 0..<partialCount {
                hash = (hash ^ ((partial >> (8 * UInt64(index))) & 0xFF)) &* StableHash.prime
            }
            return hash
        }
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01B3
    private static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = Running(length: bytes.count)
        hash.add(bytes)
        return hash.finish()
    }
}
