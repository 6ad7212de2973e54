import Foundation

/// A module of the linted code: the unit in which a type name means one declaration.
public struct Module: Hashable, Sendable {
    /// The name other modules import it by (a package target's name, an Xcode project's name).
    public var name: String
    /// The folder its files are in, as an absolute path.
    public var folder: String
    /// The outermost folder with a build description or repository above it: imports resolve only
    /// to modules of the same project, so apps linted together never see each other's types.
    public var project: String
    /// Whether its build description turns on main-actor default isolation.
    public var defaultsToMainActor: Bool

    /// Creates a module.
    public init(name: String, folder: String, project: String, defaultsToMainActor: Bool = false) {
        self.name = name
        self.folder = folder
        self.project = project
        self.defaultsToMainActor = defaultsToMainActor
    }
}

/// Which module each linted file belongs to, found from the build descriptions around it.
///
/// A file belongs to the target of the nearest `Package.swift` above it whose folder holds it
/// (the default `Sources/NAME` and `Tests/NAME` layouts and explicit `path:`), or, when no target
/// does, to the folder of that manifest, an Xcode project or a repository. Everything is found from
/// the file system around each file, never from the other paths of the run, so a file's module
/// does not depend on what else is linted.
public struct ModuleMap: Sendable {
    /// Every module that holds a linted file.
    public private(set) var modules: [Module]
    /// The module of each folder files are written in: a file's module depends only on its
    /// folder, and a run has far fewer folders than files.
    private var moduleOfFolder: [PathText.FolderKey: Int]

    /// One module holding every file: for code linted from memory, such as rule examples.
    public static let single = ModuleMap(modules: [Module(name: "", folder: "", project: "")], moduleOfFolder: [:])

    private init(modules: [Module], moduleOfFolder: [PathText.FolderKey: Int]) {
        self.modules = modules
        self.moduleOfFolder = moduleOfFolder
    }

    /// Finds the modules of `paths` (as reported); a file with no build description or repository
    /// above it belongs to the folder of the linted path that holds it (`roots`).
    public init(paths: [String], roots: [String]) {
        self.init(paths: paths, roots: roots, jobs: 1)
    }

    /// Like ``init(paths:roots:)``, reading the folders' build descriptions on up to `jobs` threads;
    /// the folders of `listedWithoutBuildDescription` (absolute) are known to hold none.
    init(paths: [String], roots: [String], jobs: Int, listedWithoutBuildDescription: Set<String> = []) {
        var finder = ModuleFinder(roots: roots, listedWithoutBuildDescription: listedWithoutBuildDescription)
        if jobs > 1 {
            finder.prefetch(paths, jobs: jobs)
        }
        var indexOfFolder: [String: Int] = [:]
        modules = []
        moduleOfFolder = [:]
        // A file's module depends only on its folder.
        var run = PathText.FolderRun()
        for path in paths where !run.continues(with: path) {
            let module = finder.module(of: path)
            let index = indexOfFolder[module.folder] ?? modules.count
            if index == modules.count {
                indexOfFolder[module.folder] = index
                modules.append(module)
            }
            moduleOfFolder[PathText.FolderKey(of: path)] = index
        }
        if modules.isEmpty {
            modules = Self.single.modules
        }
    }

    /// Whether a folder whose entries are `entries` shows no build description (a
    /// `Package.swift`, a `.git`, an Xcode project or workspace): the module finder then asks
    /// the file system nothing of it. Where the listing shows one, the file system is asked as
    /// before (``DirectoryListing/showsNo(_:among:)`` says why).
    static func showsNoBuildDescription(among entries: [DirectoryListing.Entry]) -> Bool {
        !entries.contains { $0.name.hasSuffix(".xcodeproj") || $0.name.hasSuffix(".xcworkspace") }
            && DirectoryListing.showsNo("Package.swift", among: entries) && DirectoryListing.showsNo(".git", among: entries)
    }

    /// The index in ``modules`` of the module `path` belongs to: that of the files found in its
    /// folder, or the first module for a folder the map has no file of.
    public func moduleIndex(of path: String) -> Int {
        moduleOfFolder[PathText.FolderKey(of: path)] ?? 0
    }

    /// The module `path` belongs to.
    public func module(of path: String) -> Module {
        modules[moduleIndex(of: path)]
    }

    /// The modules named `name` that code in module `importer` can import: those of its own
    /// project, nearest first (a project may hold two packages with a target of the same name).
    func importable(_ name: String, from importer: Int) -> [Int] {
        let project = modules[importer].project
        let folder = modules[importer].folder
        return modules.indices
            .filter { modules[$0].name == name && modules[$0].project == project && $0 != importer }
            .sorted { commonPrefixLength(modules[$0].folder, folder) > commonPrefixLength(modules[$1].folder, folder) }
    }

    private func commonPrefixLength(_ first: String, _ second: String) -> Int {
        zip(first.utf8, second.utf8).prefix { $0 == $1 }.count
    }
}

/// Walks up from files to their build descriptions, reading each folder and manifest once.
private struct ModuleFinder {
    private struct Owner {
        /// The nearest folder with a manifest, an Xcode project or a repository.
        var nearest: String?
        /// The outermost such folder.
        var outermost: String?
    }

    /// The current folder when the finder was made, against which relative paths are read.
    private let currentDirectory: String
    private let roots: [String]
    private var owners: [String: Owner] = [:]
    private var packages: [String: PackageManifest] = [:]
    /// Folders (absolute) whose listing showed no build description: not asked again.
    private let listedWithoutBuildDescription: Set<String>
    /// Whether each folder holds a build description, where ``prefetch(_:jobs:)`` found out.
    private var described: [String: Bool] = [:]
    private var isolation: [String: Bool] = [:]
    private var xcodeProjectFolders: [String: Bool] = [:]
    // The module of each folder without a manifest: every file below it shares one.
    private var folderModules: [String: Module] = [:]
    private var moduleOfFolder: [String: Module] = [:]

    init(roots: [String], listedWithoutBuildDescription: Set<String>) {
        self.listedWithoutBuildDescription = listedWithoutBuildDescription
        let current = FileManager.default.currentDirectoryPath
        currentDirectory = current
        self.roots = roots.map { PathText.absolute($0, in: current) }
    }

    /// Finds out, on up to `jobs` threads, what ``module(of:)`` asks of the folders above
    /// `paths`: which hold a build description, and their manifests. The walk over the paths
    /// then looks these up instead of asking the file system one folder at a time.
    mutating func prefetch(_ paths: [String], jobs: Int) {
        var folders: Set<String> = []
        var parents: Set<String> = []
        var run = PathText.FolderRun()
        for path in paths where !run.continues(with: path) {
            parents.insert(PathText.parent(of: absolute(path)))
        }
        for folder in parents {
            var current = folder
            while folders.insert(current).inserted {
                let parent = PathText.parent(of: current)
                guard parent != current, !parent.isEmpty else { break }
                current = parent
            }
        }
        let list = Array(folders)
        let listed = listedWithoutBuildDescription
        // A package's folder is also asked whether an Xcode project is near, for its files that
        // no target holds: a listing of the folder and of each folder in it.
        let found = concurrentMap(count: list.count, jobs: jobs) { index -> (Bool, PackageManifest?, Bool) in
            guard Self.hasBuildDescription(list[index], unlessListedIn: listed) else { return (false, nil, false) }
            let manifest = Self.readManifest(in: list[index])
            return (true, manifest, manifest != nil && Self.findsXcodeProject(near: list[index]))
        }
        for (folder, (isDescribed, manifest, nearXcodeProject)) in zip(list, found) {
            described[folder] = isDescribed
            if let manifest {
                packages[folder] = manifest
                xcodeProjectFolders[folder] = nearXcodeProject
            }
        }
    }

    mutating func module(of path: String) -> Module {
        let file = absolute(path)
        let folder = PathText.parent(of: file)
        // Targets and roots are folders, so every file of a folder has the same module.
        if let known = moduleOfFolder[folder] { return known }
        let module = findModule(of: file, in: folder)
        moduleOfFolder[folder] = module
        return module
    }

    private mutating func findModule(of file: String, in folder: String) -> Module {
        let owner = self.owner(of: folder)
        guard let nearest = owner.nearest, let project = owner.outermost else {
            let root = roots.filter { file.hasPrefix($0 == "/" ? $0 : $0 + "/") }.max { $0.count < $1.count } ?? folder
            return Module(name: PathText.lastComponent(of: root), folder: root, project: root, defaultsToMainActor: xcodeSetsMainActor(root))
        }
        if let manifest = manifest(in: nearest) {
            let mainActor = manifest.setsMainActor
            if let target = manifest.target(holding: file) {
                return Module(name: target.name, folder: target.folder, project: project, defaultsToMainActor: mainActor)
            }
            // A file no target holds is not the package's: beside an Xcode project (a manifest
            // for the repository's tooling, say) the project builds it, with its settings.
            if !hasXcodeProject(nearest) {
                return Module(name: PathText.lastComponent(of: nearest), folder: nearest, project: project, defaultsToMainActor: mainActor)
            }
        }
        if let known = folderModules[nearest] { return known }
        let projects = DefaultIsolationDetector.xcodeProjects(in: URL(fileURLWithPath: nearest))
        let name = projects.first.map { $0.deletingPathExtension().lastPathComponent } ?? PathText.lastComponent(of: nearest)
        let module = Module(name: name, folder: nearest, project: project, defaultsToMainActor: xcodeSetsMainActor(nearest))
        folderModules[nearest] = module
        return module
    }

    /// The nearest and outermost owners of `folder`, walking up iteratively and remembering each folder.
    private mutating func owner(of folder: String) -> Owner {
        var chain: [String] = []
        var current = folder
        var found: Owner?
        while found == nil {
            if let known = owners[current] {
                found = known
                break
            }
            chain.append(current)
            let parent = PathText.parent(of: current)
            if parent == current || parent.isEmpty {
                found = Owner()
                break
            }
            current = parent
        }
        var above = found ?? Owner()
        for folder in chain.reversed() {
            if described[folder] ?? Self.hasBuildDescription(folder, unlessListedIn: listedWithoutBuildDescription) {
                above = Owner(nearest: folder, outermost: above.outermost ?? folder)
            }
            owners[folder] = above
        }
        return above
    }

    private mutating func manifest(in folder: String) -> PackageManifest? {
        if let known = packages[folder] { return known }
        let manifest = Self.readManifest(in: folder)
        packages[folder] = manifest
        return manifest
    }

    private static func readManifest(in folder: String) -> PackageManifest? {
        // A FIFO or device named Package.swift must not stall the run.
        guard let bytes = try? RegularFileReader.read(folder + "/Package.swift", limit: 16 << 20),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return PackageManifest(text: text, folder: folder)
    }

    private mutating func xcodeSetsMainActor(_ folder: String) -> Bool {
        if let known = isolation[folder] { return known }
        let url = URL(fileURLWithPath: folder)
        // A repository often keeps its app's project one folder down (`ios/App.xcodeproj`).
        let projects = DefaultIsolationDetector.xcodeProjects(in: url)
            + DefaultIsolationDetector.subfolders(of: url).flatMap(DefaultIsolationDetector.xcodeProjects(in:))
        let answer = projects.contains(where: DefaultIsolationDetector.projectSetsMainActor)
        isolation[folder] = answer
        return answer
    }

    /// Whether an Xcode project lies in `folder` or one folder down, where
    /// ``xcodeSetsMainActor(_:)`` looks for one.
    private mutating func hasXcodeProject(_ folder: String) -> Bool {
        if let known = xcodeProjectFolders[folder] { return known }
        let answer = Self.findsXcodeProject(near: folder)
        xcodeProjectFolders[folder] = answer
        return answer
    }

    private static func findsXcodeProject(near folder: String) -> Bool {
        let url = URL(fileURLWithPath: folder)
        return !DefaultIsolationDetector.xcodeProjects(in: url).isEmpty
            || DefaultIsolationDetector.subfolders(of: url).contains { !DefaultIsolationDetector.xcodeProjects(in: $0).isEmpty }
    }

    /// Whether `folder` holds a build description, asking the file system only for a folder not
    /// in `listed` (folders whose listing showed none).
    private static func hasBuildDescription(_ folder: String, unlessListedIn listed: Set<String>) -> Bool {
        guard !listed.contains(folder) else { return false }
        let manager = FileManager.default
        if manager.fileExists(atPath: folder + "/Package.swift") || manager.fileExists(atPath: folder + "/.git") {
            return true
        }
        let names = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
    }

    private func absolute(_ path: String) -> String {
        // Paths from discovery are already clean; Foundation's standardising is kept for the rest.
        PathText.absolute(path, in: currentDirectory)
    }
}
