import Foundation
import MVVMLint

// `swift run generate-rule-files [--check]`: writes every file derived from the built-in rules,
// so adding a rule takes its own file and its fixture only:
//
// 1. `Sources/MVVMLint/Rules/BuiltInRules.swift`: `RuleSet.builtIn`'s list, from the rule types
//    the rules folders declare, read from their syntax by `RuleDeclarations` (which
//    `RuleSetTests` checks the list with too);
// 2. `docs/rules.md`: the rule book, `RuleBook.markdown(.builtIn)`;
// 3. README.md: the rule table between the `rules:begin` and `rules:end` markers, its links
//    pointing into `docs/rules.md`.
//
// Each file is written only when its text changes. The rule book comes from the rule set this
// executable was built with, so when the list changes it runs itself again through `swift run`,
// which rebuilds it with the new list. `--check` writes nothing and exits 1 if a file is stale.

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.allSatisfy({ $0 == "--check" }) else {
    FileHandle.standardError.write(Data("usage: swift run generate-rule-files [--check]\n".utf8))
    exit(2)
}
let generated = GeneratedFiles(root: root, checkOnly: arguments.contains("--check"))
do {
    let listChanged = try generated.writeRuleList()
    if listChanged && !generated.checkOnly {
        // This executable's rule set is the old list: the rebuilt one writes the documents.
        exit(try generated.runRebuilt())
    }
    let documentsChanged = try generated.writeDocuments()
    exit(generated.checkOnly && (listChanged || documentsChanged) ? 1 : 0)
} catch {
    FileHandle.standardError.write(Data("generate-rule-files: \(error)\n".utf8))
    exit(1)
}
