import Foundation

/// Gives each file its settings: the root configuration, overlaid by any `.mvvm.yml` in a folder
/// between the file and the root (so one repository can hold screens in both styles).
public struct ConfigurationResolver {
    private let root: Configuration
    private let loader: ConfigurationLoader
    private let adjust: (Configuration) -> Configuration
    /// The root configuration's folder, standardised once (Foundation's standardisation costs
    /// about 30,000 instructions, and every folder of the project asks).
    private let rootDirectory: String
    /// The current folder when the resolver was made, against which relative paths are read.
    private let currentDirectory = FileManager.default.currentDirectoryPath
    private var byDirectory: [String: Configuration] = [:]
    // Keyed by the folder as written, so most files skip URL standardisation.
    private var byWrittenDirectory: [String: Configuration] = [:]
    /// Folders, by absolute path, whose listing showed no configuration file
    /// (``DirectoryListing/showsNo(_:among:)``): they are not asked again.
    var listedWithoutConfiguration: Set<String> = []

    /// Creates a resolver; `adjust` applies command-line overrides after every file's overlay.
    public init(root: Configuration, loader: ConfigurationLoader, adjust: @escaping (Configuration) -> Configuration = { $0 }) {
        self.root = root
        self.loader = loader
        self.adjust = adjust
        rootDirectory = URL(fileURLWithPath: root.rootDirectory).standardizedFileURL.path
    }

    /// The settings for the file at `path`.
    public mutating func configuration(forFile path: String) throws(ConfigurationError) -> Configuration {
        let written = PathText.parent(of: path)
        if let known = byWrittenDirectory[written] {
            return known
        }
        // A clean path is made absolute by its bytes, without Foundation's standardising and the
        // stat behind it.
        let directory = PathText.parent(of: PathText.absolute(path, in: currentDirectory))
        let resolved = try configuration(forDirectory: directory, filesRelative: !path.hasPrefix("/"))
        byWrittenDirectory[written] = resolved
        return resolved
    }

    /// `filesRelative`: whether the files below are written relative to the current folder, as
    /// a nested package's folder is then written too.
    private mutating func configuration(forDirectory directory: String, filesRelative: Bool) throws(ConfigurationError) -> Configuration {
        if let known = byDirectory[directory] {
            return known
        }
        let resolved: Configuration
        if directory == rootDirectory || !directory.hasPrefix(rootDirectory + "/") {
            resolved = adjust(root)
        } else {
            let parent = try configuration(forDirectory: PathText.parent(of: directory), filesRelative: filesRelative)
            // A folder whose listing showed no configuration file is not asked (nor its path made).
            let nested = listedWithoutConfiguration.contains(directory) ? nil : PathText.joined(directory, ConfigurationLoader.fileName)
            // Anything of that name is read: one that cannot be (not UTF-8, a folder, a FIFO)
            // stops the run as the root configuration does, never lints with the wrong settings.
            if let nested, FileKind.atPath(nested) != nil {
                let text = try ConfigurationLoader.text(at: nested)
                if Self.isPackage(directory) {
                    let written = filesRelative ? PathText.climbing(to: directory, from: currentDirectory) : directory
                    resolved = adjust(try packageConfiguration(text, path: nested, in: written, under: parent))
                } else {
                    var overlay = try loader.parse(text, path: nested, over: parent, nested: true)
                    // Paths stay relative to the root configuration.
                    overlay.rootDirectory = parent.rootDirectory
                    resolved = adjust(overlay)
                }
            } else {
                resolved = parent
            }
        }
        byDirectory[directory] = resolved
        return resolved
    }

    /// Whether `directory` holds a package manifest: its `.mvvm.yml` is then that package's own
    /// root configuration, which a monorepo's packages keep when the whole tree is linted.
    static func isPackage(_ directory: String) -> Bool {
        [.regular, .symbolicLink].contains(FileKind.atPath(PathText.joined(directory, "Package.swift")))
    }

    /// A nested package's configuration, read as when that package is linted alone: the
    /// built-in defaults under it (not the enclosing settings), its own `tool:`, and paths
    /// relative to its `folder`, written as the files' paths are so that patterns match them.
    /// Presets defined above stay known, so that `--preset` means the same in every package.
    private func packageConfiguration(
        _ text: String, path: String, in folder: String, under parent: Configuration
    ) throws(ConfigurationError) -> Configuration {
        var base = Configuration()
        base.presets = parent.presets
        base.rootDirectory = folder
        return try loader.parse(text, path: path, over: base)
    }
}
