import Foundation
@testable import MVVMLint
import Testing

/// What `view-model-observable`'s fix does when the files show a holder, a provider or a
/// making it cannot vouch for: it leaves the finding with the reason, or fixes what it can show.
struct ObservableFixReasonTests {
    static let model = """
        import Combine

        @MainActor
        final class CounterViewModel: ObservableObject {
            @Published private(set) var count = 0
        }

        """

    /// The finding of the class in `Sources/App/CounterViewModel.swift` (unless `files` names
    /// another main file) with its fix worked out, and every file after the fix.
    static func fix(_ files: [String: String], main: String = "Sources/App/CounterViewModel.swift") -> (Diagnostic?, [String: String]) {
        var files = files
        if files[main] == nil { files[main] = model }
        let sources = files.sorted { $0.key < $1.key }.map { SourceInput(path: $0.key, text: $0.value) }
        let result = Linter(jobs: 1, rules: .builtIn).lint(sources, configurationForFile: { _ in
            var configuration = Configuration()
            configuration.preset = .responder
            return configuration
        })
        let found = RuleSet.builtIn.completingFixes(result.diagnostics.filter { $0.ruleID == "view-model-observable" && $0.path == main }, in: sources)
        var fixed = files
        for (path, text) in files {
            fixed[path] = FileFixer.apply(found.flatMap { $0.fixByPath[path] ?? [] }, to: text)
        }
        return (found.first, fixed)
    }

    static func view(_ body: String) -> [String: String] {
        ["Sources/App/CounterView.swift": "import SwiftUI\n\n" + body]
    }

    @Test(arguments: [
        ("""
            typealias CounterModel = CounterViewModel
            struct CounterView: View {
                @StateObject private var viewModel = CounterModel()
                var body: some View { Text("\\(viewModel.count)") }
            }
            """, "a @StateObject in Sources/App/CounterView.swift holds 'CounterModel', which may be 'CounterViewModel'"),
        ("""
            struct Label2<VM: CounterViewModel>: View {
                @ObservedObject var viewModel: VM
                var body: some View { Text("\\(viewModel.count)") }
            }
            """, "a @ObservedObject in Sources/App/CounterView.swift holds 'VM', which may be 'CounterViewModel'"),
        ("""
            typealias CounterModel = CounterViewModel
            struct CounterView: View {
                var body: some View { Text("x").environmentObject(CounterModel()) }
            }
            """, "an .environmentObject(_:) in Sources/App/CounterView.swift provides 'CounterModel', which may be 'CounterViewModel'"),
    ])
    func aHolderOrProviderUnderAnotherNameLeavesTheFinding(code: String, reason: String) {
        let (found, fixed) = Self.fix(Self.view(code))
        #expect(found?.unfixedReason == reason)
        #expect(fixed["Sources/App/CounterViewModel.swift"] == Self.model)
    }

    @Test func aHolderOfAnotherObjectClassDoesNotStopTheFix() {
        let (found, fixed) = Self.fix(Self.view("""
            final class Settings: ObservableObject {}
            struct CounterView: View {
                @StateObject private var settings = Settings()
                @StateObject private var viewModel = CounterViewModel()
                var body: some View { Text("\\(viewModel.count)").environmentObject(settings) }
            }
            """))
        #expect(found?.unfixedReason == nil && found?.fixInOtherFiles != nil, "\(String(describing: found))")
        #expect(fixed["Sources/App/CounterView.swift"]?.contains("@StateObject private var settings = Settings()") == true)
        #expect(fixed["Sources/App/CounterView.swift"]?.contains("@State private var viewModel = CounterViewModel()") == true)
    }

    @Test(arguments: [
        "if let model = pending.first { Text(\"x\").environmentObject(model) }",
        "if case let model? = pending.first { Text(\"x\").environmentObject(model) }",
        "ForEach(pending) { _ in EmptyView() }; for model in pending { Text(\"x\").environmentObject(model) }",
        "while let model = pending.first { Text(\"x\").environmentObject(model) }",
        "switch pending.first { case .some(let model): Text(\"x\").environmentObject(model); case .none: EmptyView() }",
        "switch pending.first { case let .some(model): Text(\"x\").environmentObject(model); case .none: EmptyView() }",
        "guard let model = pending.first else { return }; Text(\"x\").environmentObject(model)",
        "do { try run() } catch let model { Text(\"x\").environmentObject(model) }",
    ])
    func aNameBoundOnTheWayUpIsNotTheProperty(statement: String) {
        let (found, _) = Self.fix(Self.view("""
            final class Settings: ObservableObject {}
            struct CounterView: View {
                @StateObject private var model = CounterViewModel()
                let pending: [Settings] = []
                func show() { \(statement) }
                var body: some View { Text("\\(model.count)") }
            }
            """))
        #expect(found?.unfixedReason == "an .environmentObject(_:) call in Sources/App/CounterView.swift does not say which type it provides", "\(statement)")
    }

    @Test func makingAnotherObjectInTheStateValueLeavesTheFinding() {
        let model = """
            import Combine

            final class Poller {
                init() { print("polling") }
            }
            struct Options { var step = 1 }
            enum Mode { case fast, slow }

            @MainActor
            final class CounterViewModel: ObservableObject {
                @Published private(set) var count = 0
                private let poller: Poller?
                private let options: Options
                private var mode = Mode.fast
                init(poller: Poller? = nil, options: Options = Options()) {
                    self.poller = poller
                    self.options = options
                }
            }

            """
        let holder = { (making: String) in Self.view("""
            struct CounterView: View {
                @StateObject private var viewModel\(making)
                var body: some View { Text("\\(viewModel.count)") }
            }
            """).merging(["Sources/App/CounterViewModel.swift": model]) { $1 }
        }
        #expect(Self.fix(holder(" = CounterViewModel(poller: Poller())")).0?.unfixedReason == "making 'Poller' may run code each time the view is made")
        #expect(Self.fix(holder(" = CounterViewModel(options: Options(step: 2))")).0?.unfixedReason == nil)
        #expect(Self.fix(holder(": CounterViewModel = CounterViewModel.shared")).0?.unfixedReason == "making 'CounterViewModel.shared' may run code each time the view is made")
        let plainUUID = model.replacingOccurrences(of: "private var mode = Mode.fast", with: "private var id = UUID()")
        #expect(Self.fix(holder(" = CounterViewModel()").merging(["Sources/App/CounterViewModel.swift": plainUUID]) { $1 }).0?.unfixedReason == nil)
        let making = model.replacingOccurrences(of: "private var mode = Mode.fast", with: "private var other = Poller()")
        #expect(Self.fix(holder(" = CounterViewModel()").merging(["Sources/App/CounterViewModel.swift": making]) { $1 }).0?.unfixedReason
            == "making 'Poller' may run code each time the view is made")
    }

    @Test func aProtocolInAFileWithoutTheScanWordsIsFound() {
        let model = Self.model.replacingOccurrences(of: "ObservableObject {", with: "ObservableObject, Resettable {")
            .replacingOccurrences(of: "var count = 0\n", with: "var count = 0\n    func reset() {}\n")
        let (found, fixed) = Self.fix([
            "Sources/App/CounterViewModel.swift": model,
            "Sources/App/Resettable.swift": "protocol Resettable: Clearing {\n    func reset()\n}\n",
            "Sources/App/Clearing.swift": "protocol Clearing {}\n",
        ])
        #expect(found?.unfixedReason == nil, "\(String(describing: found?.unfixedReason))")
        #expect(fixed["Sources/App/CounterViewModel.swift"]?.contains("final class CounterViewModel: Resettable {") == true)
    }

    @Test(arguments: [
        ("platforms: [.iOS(.v16), .macOS(.v14)]", "", "the package supports iOS 16, before Observation"),
        ("platforms: [.iOS(\"17.0\"), .macOS(.v10_15)]", "", "the package supports macOS 10.15, before Observation"),
        ("targets: []", "", "the package names no platforms, so it supports systems before Observation"),
        ("platforms: [.iOS(.v16), .macOS(.v13)]", "@available(iOS 17, macOS 14, *)\n", nil),
        ("platforms: [.iOS(.v17), .macOS(.v14)]", "", nil),
    ] as [(String, String, String?)])
    func aPackageForSystemsBeforeObservationLeavesTheFinding(arguments: String, available: String, reason: String?) {
        let manifest = "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(name: \"App\", \(arguments))\n"
        let model = Self.model.replacingOccurrences(of: "@MainActor\n", with: "@MainActor\n" + available)
        let (found, _) = Self.fix(["Package.swift": manifest, "Sources/App/CounterViewModel.swift": model])
        #expect(found?.unfixedReason == reason)
        #expect((found?.fix != nil) == (reason == nil))
    }

    @Test func theConformanceGoesWithTheSpaceBeforeItsColonAndAScopedImportIsNoImport() {
        let model = "import struct SwiftUI.Text\n\nfinal class CounterViewModel : ObservableObject {\n    @Published var count = 0\n}\n"
        let (_, fixed) = Self.fix(["Sources/App/CounterViewModel.swift": model])
        #expect(fixed["Sources/App/CounterViewModel.swift"] == "import struct SwiftUI.Text\nimport Observation\n\n@Observable\nfinal class CounterViewModel {\n    var count = 0\n}\n")
    }
}
