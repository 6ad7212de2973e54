import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A bare HTTP/1.1 server on 127.0.0.1 for the faults a well-behaved server library will not
/// produce: an answer that never comes, a body dripped a byte at a time, a body without end.
///
/// Each connection is served on a thread of its own with blocking sockets, never on Swift
/// concurrency's shared threads, so a connection held open for a whole test holds back nothing.
/// ``stop()`` shuts every socket down, which ends every connection's thread.
public final class FaultyServer: @unchecked Sendable {
    /// How to answer one request.
    public enum Reply: Sendable {
        /// A complete answer with a `Content-Length`.
        case answer(status: Int, headers: [String: String] = ["Content-Type": "application/json"], body: [UInt8])
        /// Read the request, then say nothing until the client or the server gives up.
        case silence
        /// Headers at once, then the body a byte per `interval`, with no end.
        case drip(interval: Duration)
        /// A 200 answer with these headers and no length, whose body is `prefix` then `chunk`
        /// sent again and again, up to `limit` bytes (far more than any client should take).
        case endless(headers: [String: String], prefix: [UInt8] = [], chunk: [UInt8], limit: Int)
        /// Read the request, then reset the connection (a TCP RST, as a crashing server or a
        /// middlebox sends).
        case reset

        /// A JSON answer.
        public static func json(_ text: String, status: Int = 200) -> Reply {
            .answer(status: status, body: Array(text.utf8))
        }
    }

    /// The API's root on this server, `http://127.0.0.1:PORT/v0/`.
    public let root: URL
    private let listener: Int32
    private let reply: @Sendable (String) -> Reply
    // `connections` and `isStopping` are only touched while holding `condition`, which also
    // wakes dripping connections when the server stops.
    private let condition = NSCondition()
    private var connections: Set<Int32> = []
    private var isStopping = false

    /// Starts a server answering each request's path (`/v0/item/7.json`) with `reply(path)`.
    public init(reply: @escaping @Sendable (String) -> Reply) throws {
        self.reply = reply
        #if canImport(Darwin)
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard listener >= 0 else { throw LoopbackServerError() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard bound, let root = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/v0/") else {
            close(listener)
            throw LoopbackServerError()
        }
        self.root = root
        self.listener = listener
        let thread = Thread { [self] in acceptConnections() }
        thread.start()
    }

    /// Stops accepting and ends every connection.
    public func stop() {
        condition.withLock {
            isStopping = true
            for connection in connections {
                shutdown(connection, Int32(SHUT_RDWR))
            }
            condition.broadcast()
        }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    deinit {
        close(listener)
    }

    private func acceptConnections() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let accepted = condition.withLock {
                guard !isStopping else { return false }
                connections.insert(connection)
                return true
            }
            guard accepted else {
                close(connection)
                return
            }
            let thread = Thread { [self] in
                serve(connection)
                condition.withLock { _ = connections.remove(connection) }
                close(connection)
            }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        var pending: [UInt8] = []
        // Requests on one connection, until one is answered in a way that ends it.
        while let path = readRequestPath(connection, buffer: &pending) {
            switch reply(path) {
            case .answer(let status, let headers, let body):
                let head = headerBlock(status: status, headers: headers.merging(["Content-Length": "\(body.count)"]) { $1 })
                guard send(connection, head + body) else { return }
            case .silence:
                // Wait until the client closes or the server stops.
                var byte: UInt8 = 0
                while recv(connection, &byte, 1, 0) > 0 {}
                return
            case .drip(let interval):
                guard send(connection, headerBlock(status: 200, headers: ["Content-Type": "application/json"])) else { return }
                let body = Array(#"{"id": 1, "title": ""#.utf8)
                var index = 0
                while send(connection, [index < body.count ? body[index] : UInt8(ascii: "x")]) {
                    index += 1
                    if waitForStop(upTo: interval) { return }
                }
                return
            case .reset:
                // Closing with a zero linger time sends RST instead of FIN.
                var noLinger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &noLinger, socklen_t(MemoryLayout<linger>.size))
                return
            case .endless(let headers, let prefix, let chunk, let limit):
                let head = headerBlock(status: 200, headers: headers.merging(["Connection": "close"]) { $1 })
                guard send(connection, head + prefix) else { return }
                var sent = prefix.count
                while sent < limit, send(connection, chunk) {
                    sent += chunk.count
                }
                return
            }
        }
    }

    /// Reads up to the end of a request's head and returns the path of its request line; `nil`
    /// when the connection ends first or the head is absurdly long.
    private func readRequestPath(_ connection: Int32, buffer: inout [UInt8]) -> String? {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let range = firstRange(of: end, in: buffer) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<range.upperBound)
                let requestLine = head.split(separator: "\r\n").first ?? ""
                let parts = requestLine.split(separator: " ")
                return parts.count >= 2 ? String(parts[1]) : ""
            }
            guard buffer.count < 65_536 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4_096)
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    private func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start..<start + needle.count
        }
        return nil
    }

    private func headerBlock(status: Int, headers: [String: String]) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        return Array((head + "\r\n").utf8)
    }

    /// Writes all of `bytes`; `false` once the connection is gone.
    private func send(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Darwin)
                Darwin.send(connection, buffer.baseAddress, buffer.count, 0)
                #else
                Glibc.send(connection, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #endif
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Waits `interval`, or less if the server stops meanwhile; returns whether it stopped.
    private func waitForStop(upTo interval: Duration) -> Bool {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        let until = Date(timeIntervalSinceNow: seconds)
        return condition.withLock {
            while !isStopping {
                if !condition.wait(until: until) { return false }
            }
            return true
        }
    }
}

/// Runs `body` with a ``FaultyServer`` answering with `reply`, and stops the server afterwards.
public func withFaultyServer(
    _ reply: @escaping @Sendable (String) -> FaultyServer.Reply, _ body: (URL) async throws -> Void
) async throws {
    let server = try FaultyServer(reply: reply)
    defer { server.stop() }
    try await body(server.root)
}

/// A gzip stream that inflates to endless spaces, about 160 times its size: a "compression
/// bomb". Deflate's fixed Huffman codes spell one literal space and then copies of the 258
/// bytes before, each 13 bits long; eight copies end on a byte boundary, so the stream is a
/// short prefix and a 13-byte chunk repeated for as long as a test wants.
public enum GzipBomb {
    /// The gzip header, the block header, one literal and one copy: 3 bytes past the header.
    public static let prefix: [UInt8] = {
        var bits = BitWriter()
        bits.write(0, count: 1)       // not the final block
        bits.write(1, count: 2)       // fixed Huffman codes
        bits.writeCode(0x30 + 0x20, count: 8)  // literal ' '
        writeCopy(into: &bits)
        return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + bits.bytes
    }()

    /// Eight copies of 258 bytes at distance 1: 13 bytes inflating to 2,064.
    public static let chunk: [UInt8] = {
        var bits = BitWriter()
        for _ in 0..<8 { writeCopy(into: &bits) }
        return bits.bytes
    }()

    private static func writeCopy(into bits: inout BitWriter) {
        bits.writeCode(0b1100_0101, count: 8)  // length code 285: 258 bytes
        bits.writeCode(0, count: 5)            // distance code 0: 1 byte back
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var used = 0

        mutating func write(_ value: Int, count: Int) {
            for bit in 0..<count { append((value >> bit) & 1) }
        }

        mutating func writeCode(_ code: Int, count: Int) {
            for bit in (0..<count).reversed() { append((code >> bit) & 1) }
        }

        private mutating func append(_ bit: Int) {
            if used % 8 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8(bit) << UInt8(used % 8)
            used += 1
        }
    }
}
