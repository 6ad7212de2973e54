/// The rule book entry of ``LayeringRule``: its documentation, and the examples that run as its tests.
extension LayeringRule {
    static let description = RuleDescription(
        id: "layering",
        summary: "A view model holds no view or UI type; a model stores no view model or view.",
        rationale: """
            The DevConfiguration architecture notes want view models portable enough to drive non-visual interfaces and models that know \
            nothing of the layers above. A `Text` or a view type inside a view model ties it to SwiftUI; a \
            model storing a view model inverts the direction of references. UI framework types count \
            (`Color`, `Font`, `UIImage`, `UIColor`, UIKit and AppKit views, controllers and configurations \
            such as `UIButton.Configuration`, `some View`), unless the app declares its own type of that \
            name; text types (`LocalizedStringKey`, `AttributedString`) are data. A reference inside a \
            generic argument counts (`[String: XViewModel]`, `Optional<X>`, arrays, tuples). Only view \
            models are restricted from UI types: a theme model may hold a `Color`. Front ends are no \
            models (controllers, cells and their content configurations, delegates, view modifiers, \
            styles, representables, App Intents, helpers whose members return `Text` or views), nor \
            are types that wire layers together (`*Coordinator`, `*Router`, `*Container`, `*Provider`, \
            `*Factory`, `*Dependencies`), nor is a view model's state (`*State`, \
            `*ViewState`, a `Destination`) or a preview wrapper (`*Preview`, `*Previews`, or a type only \
            previews use): each may hold view models. A name means the type nested where it is written \
            first (a view model's own `struct Limits` is no view `Limits`); a view model's state is also what \
            its base class takes as generic arguments, and a flow's parameters struct what its initializer \
            copies fields from.
            """,
        presets: .common, defaultSeverity: .error,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class BannerViewModel {
                    var title: ↓Text = Text("Hi")
                    func makeIcon() -> ↓AnyView { AnyView(EmptyView()) }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class ProfileViewModel {
                    var header: ↓ProfileHeaderView?
                }
                """, extraFiles: ["Sources/App/ProfileHeaderView.swift": """
                import SwiftUI
                struct ProfileHeaderView: View { var body: some View { EmptyView() } }
                """]),
            RuleExample("""
                struct Order {
                    let id: Int
                    var screen: ↓OrderViewModel
                    var receipt = ↓ReceiptViewModel()
                }
                """),
            RuleExample("""
                import SwiftUI
                import UIKit
                @MainActor @Observable
                final class ComposerViewModel {
                    private(set) var tint: ↓Color = .blue
                    private(set) var titleFont: ↓Font?
                    private(set) var avatar: ↓UIImage?
                    private(set) var attachments: [String: ↓UIImage] = [:]
                    private(set) var sendButton: ↓UIButton.Configuration = .filled()
                    private(set) var preview: ↓UIImageView?
                    private(set) var highlight: ↓UIColor?
                    func makeToolbar() -> ↓some View { EmptyView() }
                }
                """),
            RuleExample("""
                struct Session {
                    var screens: [String: ↓ScreenViewModel]
                    var rows: [↓RowViewModel] = []
                    var detail: Optional<↓DetailViewModel>
                    var sheet: (title: String, model: ↓SheetViewModel)?
                }
                """),
            // A type alias of a generic base makes its arguments view-model state only for a
            // view model deriving from it: a model's state stays a model.
            RuleExample("""
                struct RoomCacheContent {
                    var preview: ↓MediaPreviewViewModel?
                }
                """, extraFiles: ["Sources/App/RoomCache.swift": """
                import Observation
                class Store<State> {
                    var state: State
                    init(state: State) { self.state = state }
                }
                typealias RoomCacheStore = Store<RoomCacheContent>
                final class RoomCache: RoomCacheStore {}
                @MainActor @Observable final class MediaPreviewViewModel {}
                """]),
            // A view named only in the generic arguments of a generic type's nested type,
            // directly or through a type alias.
            RuleExample("""
                @MainActor @Observable
                final class CatalogViewModel {
                    typealias Section = Grouped<Product, ↓ProductRow>.Section
                    private(set) var sections: [Section] = []
                    private(set) var featured: [Grouped<Product, ↓ProductRow>.Section] = []
                }
                struct Catalog {
                    var sections: [Grouped<Product, ↓ProductRow>.Section]
                }
                """, extraFiles: ["Sources/App/Grouped.swift": """
                import SwiftUI
                struct Product { let name: String }
                struct Grouped<Item, Row: View> {
                    struct Section { let items: [Item] }
                }
                struct ProductRow: View { var body: some View { Text("") } }
                """]),
            // The same through a top-level type alias another file declares; an alias of plain
            // values (`Prices`) names no view.
            RuleExample("""
                @MainActor @Observable
                final class CatalogViewModel {
                    private(set) var featured: [↓FeaturedSection] = []
                    private(set) var prices: Prices = [:]
                }
                struct Catalog {
                    var featured: [↓FeaturedSection]
                    var prices: Prices
                }
                """, extraFiles: ["Sources/App/Grouped.swift": """
                import SwiftUI
                typealias FeaturedSection = Grouped<Product, ProductRow>.Section
                typealias Prices = [String: PriceTag]
                struct PriceTag { let amount: Decimal }
                struct Product { let name: String }
                struct Grouped<Item, Row: View> {
                    struct Section { let items: [Item] }
                }
                struct ProductRow: View { var body: some View { Text("") } }
                """]),
        ],
        nonTriggering: nonTriggeringExamples + resolutionExamples
    )
}
