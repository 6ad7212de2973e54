import ArgumentParser
import Foundation
import MVVMLint

extension ExitCode {
    /// Says what stopped the command on standard error, as `mvvm: <message>`, and gives the exit
    /// status for usage, configuration and I/O errors (2). Throw the result. Control characters
    /// in the message (from file names) are escaped.
    static func stopped(_ message: String) -> ExitCode {
        StandardStream.note("mvvm: \(PrintableText.escaping(message, keepingNewlines: true))\n")
        return ExitCode(2)
    }
}
