/// The files of one run, each handed out as a ``SourceInput`` when a worker asks for it.
///
/// A caller's inputs are kept as given. A discovery's files are kept as its paths and stamps:
/// an array of inputs beside them (72 bytes a file) would be held through the whole file phase,
/// and it grows with the files as nothing else in that phase does but the paths themselves.
struct SourceList: Sendable {
    private enum Storage: Sendable {
        case inputs([SourceInput])
        // `stamps` is empty, or has a stamp (or none) for each path.
        case found(paths: [String], stamps: [FileStamp?])
    }

    private let storage: Storage

    /// The inputs as given.
    init(_ inputs: [SourceInput]) {
        storage = .inputs(inputs)
    }

    /// Files found at `paths`, each read by path when it is linted, with the stamp discovery
    /// took where `stamps` has one.
    init(paths: [String], stamps: [FileStamp?]) {
        precondition(stamps.isEmpty || stamps.count == paths.count, "a stamp for some paths but not all")
        storage = .found(paths: paths, stamps: stamps)
    }

    var count: Int {
        switch storage {
        case .inputs(let inputs): inputs.count
        case .found(let paths, _): paths.count
        }
    }

    subscript(index: Int) -> SourceInput {
        switch storage {
        case .inputs(let inputs): inputs[index]
        case .found(let paths, let stamps): SourceInput(path: paths[index], stamp: stamps.isEmpty ? nil : stamps[index])
        }
    }

    /// Each file's path, in order: the discovery's own array, or one made from the inputs.
    var paths: [String] {
        switch storage {
        case .inputs(let inputs): inputs.map(\.path)
        case .found(let paths, _): paths
        }
    }
}
