import Foundation
import RuleDeclarations

// `rule-declarations FOLDER`: the rule types the Swift files under FOLDER declare, one per line,
// for Scripts/generate-rule-files.py.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: rule-declarations FOLDER\n".utf8))
    exit(2)
}
do {
    for name in try RuleDeclarations.names(under: URL(fileURLWithPath: folder)) {
        print(name)
    }
} catch {
    FileHandle.standardError.write(Data("rule-declarations: \(error)\n".utf8))
    exit(1)
}
