/// Why a scaffold cannot be made or written. Each case's description says what to do.
public enum ScaffoldError: Error, Equatable, CustomStringConvertible {
    /// The screen name is not a Swift type identifier.
    case invalidName(String, reason: String)
    /// The module name for the tests is not a Swift identifier.
    case invalidModule(String, reason: String)
    /// The header holds a character that could end its comment or hide what follows.
    case invalidHeader(reason: String)
    /// A file to be written is in the way and is not a regular file (a link, a FIFO, a device).
    case notARegularFile(String, kind: String)
    /// An option does not apply to the chosen style.
    case optionNotForStyle(option: String, style: ScreenStyle)
    /// A generated path would leave its destination folder.
    case pathEscapes(String, folder: String)
    /// Files exist and `--force` was not given.
    case wouldOverwrite([String])
    /// Writing failed; nothing was left behind.
    case writeFailed(String, reason: String)

    public var description: String {
        switch self {
        case .invalidName(let name, let reason):
            "'\(name)' is not a valid screen name: \(reason)."
        case .invalidModule(let name, let reason):
            "'\(name)' is not a valid module name: \(reason); name the module with --module."
        case .invalidHeader(let reason):
            "the header cannot be used: \(reason)."
        case .notARegularFile(let path, let kind):
            "'\(path)' is \(kind); mvvm replaces only regular files, so nothing was written."
        case .optionNotForStyle(let option, let style):
            "\(option) does not apply to the \(style.rawValue) style."
        case .pathEscapes(let path, let folder):
            "'\(path)' would be written outside '\(folder)'; refusing."
        case .wouldOverwrite(let paths):
            "these files exist (use --force to replace them): \(paths.joined(separator: ", "))"
        case .writeFailed(let path, let reason):
            "could not write '\(path)' (\(reason)); no file was changed."
        }
    }
}
