import Foundation

/// The findings of a whole run and what they were made from, kept in a small file beside the
/// facts cache: every file's stamp and the hashes of its text and settings, and the fingerprint
/// of the lot with the modules. A re-run whose files all still have their stamps, under the same
/// fingerprint, reports these findings without reading the files or the facts cache; one where a
/// few files changed re-checks those alone when what the project phase answered for them still
/// holds (``ProjectAnswers``).
struct StoredProjectResult: Equatable, Sendable {
    /// What one file was when the findings were made.
    struct File: Equatable, Sendable {
        var path: String
        /// `nil` for a file that had not settled when it was read: the next run reads it.
        var stamp: FileStamp?
        var contentHash: UInt64
        /// The file's facts' ``FileFacts/shapeDigest``.
        var shapeDigest: UInt64 = 0
        /// What the project phase answered for the file, encoded (``ProjectAnswers``; empty
        /// when it kept none or they were not read): kept in a file of their own, read only by
        /// a run after an edit, and decoded only for a file that changed.
        var answers: ArraySlice<UInt8> = []

        /// The answers, decoded; `nil` if none were kept or they do not decode.
        var decodedAnswers: ProjectAnswers? {
            var reader = BinaryReader(Array(answers))
            guard !answers.isEmpty, let decoded = try? ProjectAnswers(from: &reader), reader.isAtEnd else { return nil }
            return decoded
        }
    }

    var fingerprint: UInt64
    /// Every file, in the order the run that stored them took them.
    var files: [File]
    var diagnostics: [Diagnostic]
    /// What the project rules found, before each file's settings and suppressions admitted it.
    var projectFindings: [Diagnostic] = []

    /// The file stored at `index`, if it is `path`. A re-run's discovery takes the files in the
    /// order the stored run did, so each is found at its place: a table of every path, hashed
    /// on the main thread before any file is asked about, was a large share of a re-run's
    /// serial work. Files taken in another order (the paths given in another order) find
    /// nothing here, and the project is linted.
    func file(at index: Int, path: String) -> File? {
        index < files.count && files[index].path == path ? files[index] : nil
    }

    static let magic = Array("mvvm-project".utf8)

    /// The result stored at `url` by the tool `tool` in the cache's current format, if any.
    static func read(_ url: URL, tool: String) -> StoredProjectResult? {
        guard var reader = framedReader(url, magic: magic, tool: tool) else { return nil }
        do throws(BinaryReader.Damaged) {
            let fingerprint = try reader.uint64()
            var files: [File] = []
            let count = try reader.count()
            // Room made once rather than grown: read on the main thread of every re-run. A
            // damaged count is bounded by the bytes left, and the room made by a fixed cap.
            files.reserveCapacity(min(count, 1 << 18))
            for _ in 0..<count {
                let path = try reader.string()
                let stamp = try reader.optional { reader throws(BinaryReader.Damaged) in try FileStamp(from: &reader) }
                let contentHash = try reader.uint64()
                let shapeDigest = try reader.uint64()
                files.append(File(path: path, stamp: stamp, contentHash: contentHash, shapeDigest: shapeDigest))
            }
            let diagnostics: [Diagnostic] = try reader.values()
            let projectFindings: [Diagnostic] = try reader.values()
            guard reader.isAtEnd else { return nil }
            return StoredProjectResult(fingerprint: fingerprint, files: files, diagnostics: diagnostics, projectFindings: projectFindings)
        } catch {
            return nil
        }
    }

    /// The file's bytes, for the tool `tool`.
    func encoded(tool: String) -> [UInt8] {
        var writer = Self.framedWriter(magic: Self.magic, tool: tool)
        writer.uint64(fingerprint)
        writer.array(files) { writer, file in
            writer.string(file.path)
            writer.optional(file.stamp) { writer, stamp in stamp.write(to: &writer) }
            writer.uint64(file.contentHash)
            writer.uint64(file.shapeDigest)
        }
        writer.values(diagnostics)
        writer.values(projectFindings)
        return CacheFileFrame.sealed(consume writer, magic: Self.magic)
    }

    static let answersMagic = Array("mvvm-answers".utf8)

    /// The result with each file's answers read from `url`, where the tool `tool` stored them
    /// with this very result (its fingerprint and number of files); without them (none stored,
    /// damaged, or of another result) each file has none, and an edit lints the project.
    func withAnswers(from url: URL, tool: String) -> StoredProjectResult {
        var result = self
        guard var reader = Self.framedReader(url, magic: Self.answersMagic, tool: tool) else { return result }
        do throws(BinaryReader.Damaged) {
            guard try reader.uint64() == fingerprint, try reader.count() == files.count else { return result }
            for index in files.indices {
                // A slice of the bytes read: one buffer for every file's answers.
                result.files[index].answers = try reader.slice(try reader.count())
            }
            return reader.isAtEnd ? result : self
        } catch {
            return self
        }
    }

    /// The bytes of the file of answers that goes with this result, for the tool `tool`.
    func encodedAnswers(tool: String) -> [UInt8] {
        var writer = Self.framedWriter(magic: Self.answersMagic, tool: tool)
        writer.uint64(fingerprint)
        writer.array(files) { writer, file in
            writer.int(file.answers.count)
            writer.raw(file.answers)
        }
        return CacheFileFrame.sealed(consume writer, magic: Self.answersMagic)
    }

    /// A reader of the payload of the file at `url` past its format and tool, if it is framed
    /// with `magic`, intact, and written by `tool` in the cache's current format.
    private static func framedReader(_ url: URL, magic: [UInt8], tool: String) -> BinaryReader? {
        guard let file = try? RegularFileReader.read(url.path, limit: LintCache.sizeLimit),
              let payload = CacheFileFrame.payload(of: file, magic: magic) else { return nil }
        var reader = BinaryReader(file, range: payload)
        guard (try? reader.int()) == LintCache.format, (try? reader.string()) == tool else { return nil }
        return reader
    }

    /// A writer of a file framed with `magic`, its format and `tool` written.
    private static func framedWriter(magic: [UInt8], tool: String) -> BinaryWriter {
        var writer = CacheFileFrame.writer(magic: magic)
        writer.int(LintCache.format)
        writer.string(tool)
        return writer
    }
}
