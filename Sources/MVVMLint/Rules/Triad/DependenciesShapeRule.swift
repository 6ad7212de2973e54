import SwiftSyntax

/// Dependencies arrive through a `Dependencies` struct or a `DependencyProviding` protocol.
struct DependenciesShapeRule: FileRule {
    static let suffixes = RuleOption("suffixes", default: RoleVocabulary.serviceSuffixes, summary: "Type-name suffixes that mark a service.")

    static let description = RuleDescription(
        id: "dependencies-shape",
        summary: "A view model receives its services through a nested `struct Dependencies` or a `DependencyProviding` protocol, passed first and stored `private let`; never as separate initializer parameters.",
        rationale: """
            The DevConfiguration architecture notes and the triad write-up follow one dependency-injection guide (architecture.md §3): a view model \
            takes one `dependencies` (a nested struct of `let`, protocol-typed services) or one \
            `dependencyProvider` (when it makes children fresh), always as the first argument, so call \
            sites and test doubles look alike on every screen. A parameter is service-like when its \
            type is an existential or opaque protocol (`any ItemFetching`), ends in a service suffix \
            (the `suffixes` option, shared in spirit with `view-model-creates-no-services`), or is a protocol \
            written without `any` that a type named with a service suffix conforms to (`DataLoading`). \
            A delegate is no dependency: §3 puts delegates after the `dependencies` argument. A \
            parameter is a delegate when its type is named `*Delegate` or `*ModuleOutput` (a module's \
            output in the VIPER style), or when the view model keeps it in a `weak` or `unowned` \
            property (it does not own what it reports to). A type merely ending in `Output` or \
            `Listener` (`AudioOutput`, `LocationListener`) is no delegate by its name.
            """,
        presets: [.triad], defaultSeverity: .warning,
        options: [suffixes],
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class ItemListViewModel: ItemListViewModeling {
                    private let fetcher: any ItemFetching
                    init(↓fetcher: any ItemFetching, ↓analytics: AnalyticsService) {
                        self.fetcher = fetcher
                    }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class FeedViewModel: FeedViewModeling {
                    private let api: APIClientProtocol
                    init(↓api: APIClientProtocol, ↓store: any FeedStoring) {
                        self.api = api
                    }
                }
                """),
            // A protocol written without `any` that a service conforms to, whatever its name.
            RuleExample("""
                @MainActor @Observable
                final class ReportViewModel: ReportViewModeling {
                    private let loader: DataLoading
                    init(↓loader: DataLoading, title: String, ↓cache: ReportCaching?) {
                        self.loader = loader
                    }
                }
                """, extraFiles: ["Sources/App/Loading.swift": """
                protocol DataLoading { func load() async throws -> Data }
                protocol ReportCaching {}
                final class RemoteDataService: DataLoading {
                    func load() async throws -> Data { Data() }
                }
                struct DiskReportStore {}
                extension DiskReportStore: ReportCaching {}
                """]),
            // Kept strongly and named for no delegate: a service, whatever its label; a name ending
            // in `Output` or `Listener` alone does not make one.
            RuleExample("""
                protocol AudioOutput: AnyObject { func play() }
                protocol NetworkListener: AnyObject { func start() }
                @MainActor @Observable
                final class PlayerViewModel: PlayerViewModeling {
                    private let audio: any AudioOutput
                    private let network: any NetworkListener
                    init(↓audio: any AudioOutput, ↓network: any NetworkListener) {
                        self.audio = audio
                        self.network = network
                    }
                }
                """),
            RuleExample("""
                protocol SettingsReporting: AnyObject { func didFinish() }
                @MainActor @Observable
                final class SettingsViewModel: SettingsViewModeling {
                    @ObservationIgnored private weak var output: (any SettingsReporting)?
                    private let reporter: any SettingsReporting
                    init(output: some SettingsReporting, ↓reporter: any SettingsReporting) {
                        self.output = output
                        self.reporter = reporter
                    }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class HomeViewModel: HomeViewModeling {
                    struct Dependencies {
                        ↓var itemFetcher: any ItemFetching
                    }
                    ↓let dependencies: Dependencies
                    init(title: String, ↓dependencies: Dependencies) {
                        self.dependencies = dependencies
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class ItemListViewModel: ItemListViewModeling {
                    struct Dependencies {
                        let itemFetcher: any ItemFetching
                    }
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies, title: String = "Items") {
                        self.dependencies = dependencies
                    }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class HomeViewModel: HomeViewModeling {
                    private let dependencyProvider: any DependencyProviding
                    init(dependencyProvider: any DependencyProviding, delegate: (any HomeDelegate)? = nil) {
                        self.dependencyProvider = dependencyProvider
                    }
                }
                """),
            // A protocol no service conforms to is a value's (a formatter, a clock), not a service.
            RuleExample("""
                @MainActor @Observable
                final class ReceiptViewModel: ReceiptViewModeling {
                    private let formatter: AmountFormatting
                    init(formatter: AmountFormatting, receipt: Receipt) {
                        self.formatter = formatter
                    }
                }
                """, extraFiles: ["Sources/App/Formatting.swift": """
                protocol AmountFormatting { func string(for amount: Decimal) -> String }
                struct CurrencyFormatter: AmountFormatting {
                    func string(for amount: Decimal) -> String { "" }
                }
                struct Receipt {}
                """]),
            // A delegate, named as one or kept weakly, comes after the dependencies.
            RuleExample("""
                protocol SettingsModuleOutput: AnyObject { func onClose() }
                protocol SettingsReporting: AnyObject { func didFinish() }
                @MainActor @Observable
                final class SettingsViewModel: SettingsViewModeling {
                    @ObservationIgnored private weak var output: (any SettingsModuleOutput)?
                    @ObservationIgnored private weak var reporter: (any SettingsReporting)?
                    init(output: some SettingsModuleOutput, reporter: any SettingsReporting) {
                        self.output = output
                        self.reporter = reporter
                    }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class TimerViewModel: TimerViewModeling {
                    private(set) var seconds: Int
                    init(seconds: Int, label: String) {
                        self.seconds = seconds
                    }
                }
                """),
        ]
    )

    static let argumentNames: Set<String> = ["dependencies", "dependencyProvider"]

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        let suffixes = file.configuration.option(Self.suffixes, of: Self.description.id)
        var found: [PendingDiagnostic] = []
        for decl in file.declarations(ClassDeclSyntax.self) {
            let conditions = ArchitectureVocabulary.viewModelConditions(decl)
            let weakNames = Self.weakPropertyNames(of: decl)
            for initializer in decl.memberDecls.compactMap({ $0.as(InitializerDeclSyntax.self) }) {
                let keptWeakly = weakNames.isEmpty ? [] : Self.parametersAssigned(to: weakNames, in: initializer)
                for (index, parameter) in initializer.signature.parameterClause.parameters.elements.enumerated() {
                    let label = parameter.firstName.text
                    if keptWeakly.contains((parameter.secondName ?? parameter.firstName).text) {
                        // Kept `weak`: something the view model reports to, not a service it uses.
                        continue
                    }
                    if Self.argumentNames.contains(label) {
                        if index != 0 {
                            found.append(file.report(
                                Self.description, at: parameter,
                                "'\(label)' is not the first parameter of '\(decl.name.text)'s initializer.",
                                hint: "Move `\(label):` to the front.", when: conditions
                            ))
                        }
                    } else if Self.isServiceLike(parameter.type, suffixes: suffixes) {
                        found.append(file.report(
                            Self.description, at: parameter,
                            "'\(decl.name.text)' takes the service '\(parameter.type.trimmedText)' as its own initializer parameter.",
                            hint: "Put it in a nested `struct Dependencies` (or a `DependencyProviding` protocol) and take `dependencies:` first.",
                            when: conditions
                        ))
                    } else if let name = Self.protocolName(parameter.type) {
                        // `loader: DataLoading`: a service if some service conforms to it.
                        found.append(file.report(
                            Self.description, at: parameter,
                            "'\(decl.name.text)' takes the service '\(parameter.type.trimmedText)' as its own initializer parameter.",
                            hint: "Put it in a nested `struct Dependencies` (or a `DependencyProviding` protocol) and take `dependencies:` first.",
                            when: conditions + [RoleCondition(name, is: .serviceProtocol)]
                        ))
                    }
                }
            }
            for property in decl.properties where !property.isStatic {
                guard let name = property.boundNames.first, Self.argumentNames.contains(name) else { continue }
                let access = property.modifiers.accessLevel
                if !property.isVar && (access == .private || access == .fileprivate) { continue }
                found.append(file.report(
                    Self.description, at: property,
                    "'\(decl.name.text).\(name)' is not stored as `private let`.",
                    hint: "Declare it `private let \(name)`.", when: conditions
                ))
            }
            for member in decl.memberDecls {
                guard let dependencies = member.as(StructDeclSyntax.self), dependencies.name.text == "Dependencies" else { continue }
                for property in dependencies.properties where property.isVar && property.isStored && !property.isStatic {
                    found.append(file.report(
                        Self.description, at: property,
                        "'\(decl.name.text).Dependencies.\(property.boundNames.first ?? "")' is a `var`; dependencies do not change.",
                        hint: "Declare it `let`.", when: conditions
                    ))
                }
            }
        }
        return found
    }

    /// The type-name suffixes of a delegate: what a view model reports to, which comes after
    /// its dependencies (architecture.md §3) and is none of them.
    static let delegateSuffixes = ["Delegate", "ModuleOutput"]

    /// The view model's `weak` and `unowned` stored properties: references it does not own.
    private static func weakPropertyNames(of decl: ClassDeclSyntax) -> Set<String> {
        var names: Set<String> = []
        for property in decl.properties where !property.isStatic {
            let isWeak = property.modifiers.elements.contains { ["weak", "unowned"].contains($0.name.text) }
            if isWeak { names.formUnion(property.boundNames) }
        }
        return names
    }

    /// The names of the parameters the initialiser assigns, as they are, to one of `properties`
    /// (`self.output = output`, `delegate = listener`) in its top-level statements.
    private static func parametersAssigned(to properties: Set<String>, in initializer: InitializerDeclSyntax) -> Set<String> {
        var names: Set<String> = []
        guard let statements = initializer.body?.statements else { return names }
        for item in statements.elements {
            guard let sequence = item.item.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                  let target = elements[0].assignedPropertyName, properties.contains(target),
                  let value = elements[2].as(DeclReferenceExprSyntax.self) else { continue }
            names.insert(value.baseName.text)
        }
        return names
    }

    /// Whether a parameter's type looks like a service: a protocol existential or opaque type that
    /// is not a view-modeling, plain or delegate protocol, or a name with a service suffix.
    static func isServiceLike(_ type: TypeSyntax, suffixes: [String]) -> Bool {
        var type = type
        if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        if type.is(FunctionTypeSyntax.self) { return false }
        let name = type.simpleName
        if let someOrAny = type.as(SomeOrAnyTypeSyntax.self), someOrAny.constraint.is(IdentifierTypeSyntax.self) || someOrAny.constraint.is(MemberTypeSyntax.self) {
            return !ArchitectureVocabulary.plainProtocols.contains(name) && !RoleVocabulary.isViewModelingName(name) && !name.hasAnySuffix(Self.delegateSuffixes)
                && !["DependencyProviding", "View"].contains(name)
        }
        // A protocol written without `any` and named for what it stands for (`APIClientProtocol`,
        // `NetworkServiceType`) is the service too.
        for marker in ["Protocol", "Type"] where name.hasSuffix(marker) && name.count > marker.count {
            return String(name.dropLast(marker.count)).hasAnySuffix(suffixes)
        }
        return name.hasAnySuffix(suffixes)
    }

    /// The name of a parameter's type when it may be one of the project's protocols written
    /// without `any` (`DataLoading`, `DataLoading?`), for the project to settle; `nil` for
    /// standard and plain types, delegates and generic types.
    static func protocolName(_ type: TypeSyntax) -> String? {
        var type = type
        if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else { return nil }
        let name = identifier.name.text
        guard WrittenTypes.mayNameProjectType(name), !ArchitectureVocabulary.plainProtocols.contains(name),
              !RoleVocabulary.isViewModelingName(name), !name.hasAnySuffix(Self.delegateSuffixes), name != "DependencyProviding" else { return nil }
        return name
    }
}
