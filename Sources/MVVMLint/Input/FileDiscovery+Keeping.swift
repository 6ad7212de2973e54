extension FileDiscovery {
    /// This walk with only the files `keeps` accepts, each with its stamp: how a nested
    /// package's own `included` and `excluded` apply below the folder the walk settled them in.
    func keeping(_ keeps: (String) -> Bool) -> FileDiscovery {
        var copy = self
        copy.found = []
        copy.stamps = []
        for (position, path) in found.enumerated() where keeps(path) {
            copy.found.append(path)
            if keepsStamps, position < stamps.count {
                copy.stamps.append(stamps[position])
            }
        }
        return copy
    }
}
