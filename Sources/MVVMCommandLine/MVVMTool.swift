import Foundation
import MVVMLint

/// The `mvvm` command line as a library: `lint`, `rules`, `new`, `template` and `graph`, run
/// with a rule set chosen by the caller.
///
/// The `mvvm` executable is one line, `MVVMTool.main(rules: .builtIn)`. A team that writes
/// rules of its own in Swift adds a small executable target that depends on this library and
/// runs the same command line with the built-in rules and its own:
///
/// ```swift
/// import MVVMCommandLine
/// import MVVMLint
///
/// MVVMTool.main(rules: try .builtIn + [NoCombineInViewModelsRule.self])
/// ```
///
/// Suppression comments, `.mvvm.yml` settings, severities, the facts cache, every reporter and
/// `rules` (with `--markdown`) then treat the added rules as they treat the built-in ones.
public enum MVVMTool {
    /// Runs the command line given by the process's arguments with the rules `rules` makes,
    /// and exits with the command's status: 0 for success, 1 for violations, 2 for usage,
    /// configuration or I/O errors.
    ///
    /// Two rules with the same id stop the tool before it reads anything: the message names the
    /// id on standard error and the status is 2. So does a rule of `.mvvm.yml` (under
    /// `custom-rules:` or `layers:`) that takes the id of a rule in the set, with the file and
    /// line of the clash.
    ///
    /// - Parameter rules: The rules the commands run, check settings and suppressions against,
    ///   and list; `.builtIn` for the linter's own, `try .builtIn + [MyRule.self]` to add yours.
    public static func main(rules: @autoclosure () throws -> RuleSet) -> Never {
        main(Array(CommandLine.arguments.dropFirst()), rules: try rules())
    }

    /// Runs the command line `arguments` (without the executable's name) with the rules
    /// `rules` makes, and exits with the command's status, as ``main(rules:)`` does.
    // An array, not `some Collection<String>`: Swift 6.3.1's optimised build of the generic
    // version lost the arguments (every release `mvvm` ran a plain `lint` of the current folder);
    // The release workflow runs each release build with arguments so that cannot come back unseen.
    public static func main(_ arguments: [String], rules: @autoclosure () throws -> RuleSet) -> Never {
        // A process of its own: few allocator arenas keep peak memory flat in the workers.
        AllocatorArenas.limit()
        // Before anything is opened or written: a closed standard descriptor must not be
        // taken by a report or cache file, and a broken pipe must not be a signal.
        StandardStream.prepare()
        let set: RuleSet
        do {
            set = try rules()
        } catch {
            StandardStream.note("mvvm: \(PrintableText.escaping(String(describing: error), keepingNewlines: true))\n")
            exit(2)
        }
        MVVMCommand.run(Array(arguments), rules: set)
    }
}
