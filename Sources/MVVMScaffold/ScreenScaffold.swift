/// The two styles a screen can be written in.
public enum ScreenStyle: String, CaseIterable, Sendable {
    /// View, `*ViewModeling` protocol and view model (the DevConfiguration architecture notes and the triad write-up).
    case triad
    /// View and an action-sending view model with a responder (the responder rule book).
    case responder
}

/// How a triad view model receives its dependencies (architecture.md §3).
public enum DependencyPattern: String, CaseIterable, Sendable {
    /// No dependencies: the screen's logic is all local.
    case none
    /// A nested `Dependencies` struct, created once.
    case `struct`
    /// A nested `DependencyProviding` protocol that makes what is needed on each use.
    case provider
}

/// One file of a scaffold.
public struct ScaffoldFile: Hashable, Sendable {
    /// Which folder the file belongs in.
    public enum Destination: Hashable, Sendable {
        /// The module's sources.
        case sources
        /// The module's tests.
        case tests
    }

    /// The folder it belongs in.
    public var destination: Destination
    /// The file's name.
    public var name: String
    /// The file's text.
    public var contents: String

    /// Creates a file.
    public init(destination: Destination, name: String, contents: String) {
        self.destination = destination
        self.name = name
        self.contents = contents
    }
}

/// A screen's files in one style: the single template source behind both `mvvm new` and the
/// Xcode file templates, so the two never drift.
public struct ScreenScaffold: Sendable {
    /// The style.
    public let style: ScreenStyle
    /// The dependency pattern (triad only).
    public let dependencies: DependencyPattern

    /// Chooses a style; `dependencies` applies to the triad style only (default `struct`).
    public init(style: ScreenStyle, dependencies: DependencyPattern? = nil) throws(ScaffoldError) {
        if style == .responder, dependencies != nil {
            throw .optionNotForStyle(option: "--dependencies", style: style)
        }
        self.style = style
        self.dependencies = dependencies ?? .struct
    }

    /// The files with their placeholders: `{{Name}}` for the screen's name, `{{Module}}` for the
    /// module the tests import.
    public var templates: [ScaffoldFile] {
        switch style {
        case .responder:
            return [
                ScaffoldFile(destination: .sources, name: "{{Name}}View.swift", contents: ResponderTemplates.view),
                ScaffoldFile(destination: .sources, name: "{{Name}}ViewModel.swift", contents: ResponderTemplates.viewModel),
                ScaffoldFile(destination: .tests, name: "{{Name}}ViewModelTests.swift", contents: ResponderTemplates.tests),
            ]
        case .triad:
            return triadTemplates
        }
    }

    private var triadTemplates: [ScaffoldFile] {
        let protocolText: String
        let viewModel: String
        let view: String
        var tests: String
        var extra: [ScaffoldFile] = []
        switch dependencies {
        case .none:
            protocolText = TriadTemplates.viewModelingWithoutDependencies
            viewModel = TriadTemplates.viewModelWithoutDependencies
            view = TriadTemplates.viewWithoutDependencies
            tests = TriadTestTemplates.testsWithoutDependencies
        case .struct:
            protocolText = TriadTemplates.viewModelingWithLoading
            viewModel = TriadTemplates.viewModelWithDependenciesStruct
            view = TriadTemplates.viewWithLoading.replacing(
                "{{PreviewViewModel}}", with: "{{Name}}ViewModel(dependencies: .init(loader: Preview{{Name}}Loader()))")
            tests = TriadTestTemplates.testsWithLoading
                .replacing("{{MakeViewModel}}", with: TriadTestTemplates.makeWithDependenciesStruct)
                .replacing("{{ExtraFixtures}}", with: "")
                .replacing("{{ExtraTests}}", with: "")
        case .provider:
            protocolText = TriadTemplates.viewModelingWithLoading
            viewModel = TriadTemplates.viewModelWithDependencyProvider
            view = TriadTemplates.viewWithLoading.replacing(
                "{{PreviewViewModel}}",
                with: "{{Name}}ViewModel(dependencyProvider: {{Name}}ViewModel.DependencyProvider(loader: Preview{{Name}}Loader()))")
            tests = TriadTestTemplates.testsWithLoading
                .replacing("{{MakeViewModel}}", with: TriadTestTemplates.makeWithDependencyProvider)
                .replacing("{{ExtraFixtures}}", with: TriadTestTemplates.providerFixture)
                .replacing("{{ExtraTests}}", with: TriadTestTemplates.providerTests)
            extra.append(ScaffoldFile(
                destination: .tests, name: "Mock{{Name}}ViewModelDependencyProvider.swift",
                contents: TriadTestTemplates.mockDependencyProvider))
        }
        return [
            ScaffoldFile(destination: .sources, name: "{{Name}}View.swift", contents: view),
            ScaffoldFile(destination: .sources, name: "{{Name}}ViewModeling.swift", contents: protocolText),
            ScaffoldFile(destination: .sources, name: "{{Name}}ViewModel.swift", contents: viewModel),
            ScaffoldFile(destination: .tests, name: "{{Name}}ViewModelTests.swift", contents: tests),
        ] + extra
    }

    /// The screen's files for `mvvm new`.
    ///
    /// - Parameters:
    ///   - name: The screen's name.
    ///   - module: The module the tests `@testable import`.
    ///   - header: Comment lines for the top of every file (`//` is added where missing).
    public func files(name: ScreenName, module: String, header: String? = nil) -> [ScaffoldFile] {
        let headerText = Self.headerComment(header)
        return templates.map { template in
            var file = template
            file.name = template.name.replacing("{{Name}}", with: name.text)
            file.contents = headerText + template.contents
                .replacing("{{Name}}", with: name.text)
                .replacing("{{Module}}", with: module)
            return file
        }
    }

    /// Checks a header for characters that must not be in a `//` comment: a carriage return or a
    /// line or paragraph separator ends it (the rest of the line would be code), other control
    /// characters and bidirectional overrides can hide or reorder what a reader sees. Line
    /// feeds separate the header's lines and tabs are allowed.
    public static func checkHeader(_ header: String) throws(ScaffoldError) {
        guard let scalar = header.unicodeScalars.first(where: isForbiddenInHeader) else { return }
        let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        let what = scalar == "\r" ? "a carriage return, which would end the comment and make the rest of the line code"
            : "the control character \(code), which could end the comment or hide what follows it"
        throw .invalidHeader(reason: "it contains \(what); use line feeds (\\n) between lines")
    }

    private static func isForbiddenInHeader(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `header` as `//` comment lines followed by a blank line, or nothing. Characters that
    /// ``checkHeader(_:)`` refuses are written as `\u{…}` here, so that even an unchecked header
    /// stays a comment.
    static func headerComment(_ header: String?) -> String {
        guard let header, !header.isEmpty else { return "" }
        var safe = ""
        for scalar in header.unicodeScalars {
            if isForbiddenInHeader(scalar) {
                safe += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        let lines = safe.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("//") ? String(line) : (line.isEmpty ? "//" : "// " + line)
        }
        return lines.joined(separator: "\n") + "\n\n"
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
