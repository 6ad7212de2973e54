import CommandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Where `mvvm lint` and `mvvm graph` write their reports, graphs and baselines: devices, FIFOs
/// and links are written through, never replaced; what cannot be written stops the run with 2.
///
/// Every special file is made inside the test's own folder (a character device node with the
/// numbers of `/dev/null` or `/dev/full`, made as root), so a wrong implementation that renames
/// over it replaces only that node.
struct OutputSafetyTests {
    let mvvm = MVVMExecutable()

    static let files = ["Sources/App/ProfileViewModel.swift": MVVMExecutable.viewModelMissingMainActor]

    /// Whether device nodes can be made (and files given away): as root, on Linux, whose device
    /// numbers ``device(_:_:)`` encodes.
    static let asRootOnLinux: Bool = {
        #if os(Linux)
        getuid() == 0
        #else
        false
        #endif
    }()

    /// The `S_IFMT` bits of what is at `url` (links not followed), 0 if nothing is.
    static func kind(_ url: URL) -> mode_t {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// A character device node at `url` with the numbers of `/dev/null` (1, 3) or `/dev/full` (1, 7).
    static func makeDevice(_ url: URL, minor: UInt32) throws {
        try #require(mknod(url.path, S_IFCHR | 0o666, device(1, minor)) == 0, "mknod needs root: \(String(cString: strerror(errno)))")
    }

    /// Linux's device number for small major and minor numbers.
    static func device(_ major: UInt32, _ minor: UInt32) -> dev_t {
        dev_t(major << 8 | minor)
    }

    @Test(.enabled(if: asRootOnLinux, "makes device nodes")) func aReportOntoADeviceNodeIsWrittenThroughAndTheNodeStays() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let null = project.appendingPathComponent("null")
        try Self.makeDevice(null, minor: 3)
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "json:null", "--reporter", "sarif:null", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        #expect(Self.kind(null) == S_IFCHR)
    }

    @Test(.enabled(if: asRootOnLinux, "makes device nodes")) func aFullDeviceStopsTheRunWithTwoNamingThePath() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let full = project.appendingPathComponent("full")
        try Self.makeDevice(full, minor: 7)
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("full-link").path, withDestinationPath: "full")
        for (argument, path) in [("json:full", "full"), ("junit:full-link", "full-link")] {
            let result = try await mvvm.run(["lint", "--no-cache", "--reporter", argument, "Sources"], in: project)
            #expect(result.status == 2)
            #expect(result.error.hasPrefix("mvvm: the \(argument.prefix { $0 != ":" }) report '\(path)' cannot be written (No space left on device)"), "\(result.error)")
        }
        #expect(Self.kind(full) == S_IFCHR)
        #expect(Self.kind(project.appendingPathComponent("full-link")) == S_IFLNK)
        let baseline = try await mvvm.run(["lint", "--no-cache", "--write-baseline", "full", "Sources"], in: project)
        #expect(baseline.status == 2)
        #expect(baseline.error.hasPrefix("mvvm: the baseline 'full' cannot be written (No space left on device)"), "\(baseline.error)")
        let graph = try await mvvm.run(["graph", "--no-cache", "--output", "full-link", "Sources"], in: project)
        #expect(graph.status == 2)
        #expect(graph.error.hasPrefix("mvvm: the graph 'full-link' cannot be written (No space left on device)"), "\(graph.error)")
        #expect(Self.kind(full) == S_IFCHR)
    }

    @Test func reportsGraphsAndBaselinesGoThroughASymbolicLinkToTheRealFile() async throws {
        let project = try temporaryProject(Self.files.merging(["Reports/real.json": "old\n", "Reports/real.md": "old\n", "Reports/real-baseline.json": "old\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: project) }
        for name in ["json", "md", "baseline.json"] {
            let target = name == "baseline.json" ? "Reports/real-baseline.json" : "Reports/real.\(name)"
            try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("link.\(name)").path, withDestinationPath: target)
        }
        let lint = try await mvvm.run(["lint", "--no-cache", "--reporter", "json:link.json", "Sources"], in: project)
        #expect(lint.status == 1, "\(lint.error)")
        let graph = try await mvvm.run(["graph", "--no-cache", "--output", "link.md", "Sources"], in: project)
        #expect(graph.status == 0, "\(graph.error)")
        let baseline = try await mvvm.run(["lint", "--no-cache", "--write-baseline", "link.baseline.json", "Sources"], in: project)
        #expect(baseline.status == 0, "\(baseline.error)")
        for name in ["json", "md", "baseline.json"] {
            #expect(Self.kind(project.appendingPathComponent("link.\(name)")) == S_IFLNK, "link.\(name) is still a link")
        }
        #expect(try String(contentsOf: project.appendingPathComponent("Reports/real.json"), encoding: .utf8).contains("view-model-main-actor"))
        #expect(try String(contentsOf: project.appendingPathComponent("Reports/real.md"), encoding: .utf8).contains("ProfileViewModel"))
        #expect(try String(contentsOf: project.appendingPathComponent("Reports/real-baseline.json"), encoding: .utf8).contains("\"version\" : 2"))
    }

    @Test func aReportIntoAFIFOReachesItsReaderAndAFIFOWithoutOneIsAnError() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let fifo = project.appendingPathComponent("report.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)

        let alone = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode:report.fifo", "Sources"], in: project)
        #expect(alone.status == 2)
        #expect(alone.error == "mvvm: the xcode report 'report.fifo' is a FIFO that no process reads from.\n")

        // A reader opened without waiting for a writer; the report is left in the pipe.
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let read = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode:report.fifo", "Sources"], in: project)
        #expect(read.status == 1, "\(read.error)")
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBytes { readSome(reader, into: $0) }
        #expect(count > 0)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).contains("(view-model-main-actor)"))
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test func aReportToADescriptorGoesToThatDescriptor() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        // Standard output is a regular file here: renaming over it or truncating it would lose
        // the text report printed before.
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode", "--reporter", "json:/dev/fd/1", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        let report = try #require(result.output.firstRange(of: "["), "\(result.output)")
        #expect(result.output[..<report.lowerBound].hasSuffix("(view-model-main-actor)\n"), "the text report came first, whole: \(result.output)")
        #expect(result.output.contains("\"ruleID\" : \"view-model-main-actor\""), "\(result.output)")
    }

    @Test(.enabled(if: asRootOnLinux, "makes device nodes")) func aBlockDeviceIsRefused() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let device = project.appendingPathComponent("disk")
        // Major 60 is reserved for local use: no driver answers it.
        try #require(mknod(device.path, S_IFBLK | 0o600, Self.device(60, 7)) == 0)
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "json:disk", "Sources"], in: project)
        #expect(result.status == 2)
        #expect(result.error == "mvvm: the json report 'disk' is a block device; refusing to write there.\n")
        #expect(Self.kind(device) == S_IFBLK)
    }

    @Test func aReportUnderAFileInsteadOfAFolderStopsTheRunWithTwo() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "json:Sources/App/ProfileViewModel.swift/report.json", "Sources"], in: project)
        #expect(result.status == 2)
        #expect(result.error == "mvvm: the json report 'Sources/App/ProfileViewModel.swift/report.json' cannot be written (Not a directory).\n")
    }

    @Test func aRegularReportFileKeepsItsPermissionsAndItsHardLinks() async throws {
        let project = try temporaryProject(Self.files.merging(["report.json": "old\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: project) }
        let report = project.appendingPathComponent("report.json"), other = project.appendingPathComponent("other-name.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o604], ofItemAtPath: report.path)
        try FileManager.default.linkItem(at: report, to: other)
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "json:report.json", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        #expect(try String(contentsOf: other, encoding: .utf8).contains("view-model-main-actor"), "the hard link is the same file")
        #expect(try FileManager.default.attributesOfItem(atPath: report.path)[.posixPermissions] as? Int == 0o604)
    }

    @Test func aCacheFileThatIsALinkIsNeitherFollowedNorReplaced() async throws {
        let project = try temporaryProject(Self.files.merging(["precious.txt": "keep me\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.createDirectory(at: project.appendingPathComponent("cache"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("cache/facts.bin").path, withDestinationPath: "../precious.txt")
        let result = try await mvvm.run(["lint", "--cache-path", "cache", "Sources"], in: project)
        #expect(result.status == 1)
        #expect(result.error.contains("warning: could not write the cache"), "\(result.error)")
        #expect(result.error.contains("is a symbolic link; only a regular file is replaced there"), "\(result.error)")
        #expect(try String(contentsOf: project.appendingPathComponent("precious.txt"), encoding: .utf8) == "keep me\n")
        #expect(Self.kind(project.appendingPathComponent("cache/facts.bin")) == S_IFLNK)
    }
}

/// `read(2)`, named apart from the methods a test struct may have.
private func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
