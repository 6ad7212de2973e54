import ArgumentParser
import Foundation
import MVVMLint

/// `mvvm graph`: draw the view-model tree and the responder chain from the code.
struct GraphCommand: CommandUsingRules {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the view-model tree, the views that render it and the responder chain.",
        discussion: """
            Reads the same facts as mvvm lint (and shares its cache). Parent-to-child links come \
            from properties, factories, state enum cases, dependency providers and associated \
            types; responder links from a parent's handler parameters and enum cases typed \
            Child.ResponderAction. Cycles, unresolved children, view models nothing creates and \
            responder actions nobody handles are listed after the graph (as comments in Mermaid \
            and DOT, under "findings" in JSON).

            Exit status: 0 when the graph was written, 2 for usage, configuration or I/O errors.
            """
    )

    @OptionGroup var project: ProjectOptions

    @Option(help: "mermaid (renders on GitHub), dot (Graphviz) or json.")
    var format: GraphFormat = .mermaid

    @Option(help: ArgumentHelp("Draw only what is reachable from this view model.", valueName: "type"))
    var root: String?

    @Option(help: ArgumentHelp("Write the graph to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run(rules: RuleSet) throws {
        let session: ProjectSession
        do {
            session = try project.session(rules: rules)
        } catch {
            throw CommandFailure(error.message)
        }
        let discovery = session.discover()
        let result = session.analyze(discovery, with: Linter(jobs: project.jobs, rules: session.rules))
        if let unsaved = session.saveCache() {
            StandardStream.note(unsaved.text)
        }
        var graph = ViewModelGraph(facts: result.facts, modules: session.modules)
        if let root {
            guard let rooted = graph.rooted(at: root) else {
                let names = graph.nodes.map(\.name)
                let suggestion = NameSuggestion.closest(to: root, in: names).map { " Did you mean '\($0)'?" } ?? ""
                throw CommandFailure("'\(root)' is not a view model in \(session.pathsDescription).\(suggestion)")
            }
            graph = rooted
        }
        // A file too deep to read is left out of the graph; say so, as lint does.
        let skipped = result.facts.flatMap(\.notices).filter { $0.ruleID == Notice.tooComplex.rawValue }
        for notice in discovery.notices + result.notices + skipped {
            StandardStream.note("warning: \(PrintableText.escaping(notice.path)): \(PrintableText.escaping(notice.message))\n")
        }
        let text: String
        do {
            text = try format.render(graph)
        } catch {
            // An empty graph would read as a project without view models.
            throw CommandFailure("the \(format.rawValue) graph could not be made: \(error).")
        }
        guard let output else {
            try StandardStream.print(text)
            return
        }
        do {
            try OutputFileWriter.write(Array(text.utf8), to: output, project: session.projectRoot)
        } catch {
            throw CommandFailure("the graph \(error).")
        }
    }
}
