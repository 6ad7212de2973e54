import ArgumentParser
import MVVMLint

/// `mvvm rules`: the rule book, generated from the rules themselves.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the lint rules, or print the full rule book with examples."
    )

    @Flag(help: "Print the rule book in Markdown, with each rule's rationale and examples.")
    var markdown = false

    func run() {
        print(markdown ? RuleBook.markdown(MVVMCommand.rules) : RuleBook.list(MVVMCommand.rules), terminator: "")
    }
}
