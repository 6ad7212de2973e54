import ArgumentParser
import Foundation
import MVVMLint
import MVVMScaffold

/// `mvvm template`: the scaffolds for other tools.
struct TemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "Write the screen scaffolds for other tools.",
        subcommands: [XcodeTemplateCommand.self]
    )
}

/// `mvvm template xcode`: both styles as Xcode file templates.
struct XcodeTemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xcode",
        abstract: "Write both styles as Xcode file templates (.xctemplate folders).",
        discussion: """
            Install them by writing into Xcode's user template folder, for example
            mvvm template xcode --output ~/Library/Developer/Xcode/Templates/File\\ Templates/MVVM
            They come from the same templates as `mvvm new`.
            """
    )

    @Option(help: "The folder to write the .xctemplate folders into.")
    var output: String

    @Flag(help: "Replace templates that exist.")
    var force = false

    func run() throws {
        let folder = URL(fileURLWithPath: output).standardizedFileURL
        let written: [URL]
        do {
            let files = try XcodeTemplate.files()
            written = try ScaffoldWriter(sourcesFolder: folder, testsFolder: folder).write(files, force: force)
        } catch {
            throw CommandFailure(error.description)
        }
        for template in Set(written.map { $0.deletingLastPathComponent().lastPathComponent }).sorted() {
            try StandardStream.print("wrote \(PrintableText.escaping(folder.appendingPathComponent(template).path))\n")
        }
    }
}
