import ArgumentParser
import Foundation
import MVVMLint

/// What stopped a command: a usage, configuration or I/O error. Thrown, it reaches
/// ``MVVMCommand``, which says it on standard error as `mvvm: <message>`, with control characters
/// (from file names) escaped, and exits with status 2.
struct CommandFailure: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
