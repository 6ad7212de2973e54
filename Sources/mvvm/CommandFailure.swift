import ArgumentParser
import Foundation

extension ExitCode {
    /// Says what stopped the command on standard error, as `mvvm: <message>`, and gives the exit
    /// status for usage, configuration and I/O errors (2). Throw the result.
    static func stopped(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("mvvm: \(message)\n".utf8))
        return ExitCode(2)
    }
}
