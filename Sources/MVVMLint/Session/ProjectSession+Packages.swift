extension ProjectSession {
    /// Whether `configuration` is a nested package's own (its paths are relative to another
    /// folder than the root's) and chooses files with `included` or `excluded`.
    static func choosesFiles(_ configuration: Configuration, under root: Configuration) -> Bool {
        configuration.rootDirectory != root.rootDirectory && (!configuration.included.isEmpty || !configuration.excluded.isEmpty)
    }

    /// Whether `path` stays in the run: the root configuration's walk found it, and the nested
    /// package it lies in (if any) does not leave it out, as linting that package alone would not.
    static func keeps(
        _ path: String, among distinct: [Configuration], of configurations: [PathText.FolderKey: Int32], root: Configuration
    ) -> Bool {
        guard let place = configurations[PathText.FolderKey(of: path)] else { return true }
        let configuration = distinct[Int(place)]
        guard choosesFiles(configuration, under: root) else { return true }
        let relative = PathMatcher.relative(path, to: configuration.rootDirectory)
        if configuration.excluded.contains(where: { PathMatcher.matches(relative, pattern: $0) }) {
            return false
        }
        return configuration.included.isEmpty || configuration.included.contains { PathMatcher.matches(relative, pattern: $0) }
    }
}

extension ProjectSession {
    /// The own configurations of the nested packages the run lints (a `.mvvm.yml` beside a
    /// `Package.swift` below the root's folder), one a package, in file order: each says which
    /// tool runs that package's whole rule set.
    public var packageConfigurations: [Configuration] {
        var seen: Set<String> = []
        return distinctConfigurations.filter { $0.rootDirectory != root.rootDirectory && seen.insert($0.rootDirectory).inserted }
    }
}
