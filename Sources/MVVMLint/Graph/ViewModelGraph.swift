/// The app's structure as the code states it: which view model holds or makes which child view
/// model, which view renders each, and which parent handles which child's responder actions.
///
/// Built from the linter's facts, so it reads only declarations: property, function, enum case,
/// parameter, generic parameter and associated type declarations. What happens inside function
/// bodies (a closure that forwards an action, a view model made in an `App`'s `body`) is not
/// seen; the lists after the graph say what could not be placed.
public struct ViewModelGraph: Equatable, Sendable {
    /// A view model class.
    public struct Node: Hashable, Sendable, Comparable, Codable {
        /// The class name.
        public var name: String
        /// The file that declares it.
        public var path: String
        /// The line of its name.
        public var line: Int
        /// The views that render it, sorted.
        public var views: [String]

        /// Orders view models by name.
        public static func < (lhs: Node, rhs: Node) -> Bool { lhs.name < rhs.name }
    }

    /// A parent view model holding or making a child.
    public struct Edge: Hashable, Sendable, Comparable, Codable {
        /// The parent view model.
        public var parent: String
        /// The child view model.
        public var child: String
        /// The parent's members that hold or make the child (properties, factories, enum cases), sorted.
        public var via: [String]

        /// Orders links by parent, then child.
        public static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.parent, lhs.child) < (rhs.parent, rhs.child) }
    }

    /// A parent handling a child's responder actions.
    public struct ResponderLink: Hashable, Sendable, Comparable, Codable {
        /// The view model that sends the actions.
        public var child: String
        /// The view model that handles them.
        public var parent: String
        /// The child's responder action cases, in declaration order.
        public var actions: [String]
        /// The parent's members that take the child's actions (a handler function, an enum case), sorted.
        public var via: [String]

        /// Orders links by child, then parent.
        public static func < (lhs: ResponderLink, rhs: ResponderLink) -> Bool { (lhs.child, lhs.parent) < (rhs.child, rhs.parent) }
    }

    /// A type other than a view model or a view that holds or makes view models: an `App`, a
    /// scene delegate, a UIKit controller.
    public struct Host: Hashable, Sendable, Comparable, Codable {
        /// The type's name.
        public var name: String
        /// The view models it holds or makes, sorted.
        public var viewModels: [String]

        /// Orders hosts by name.
        public static func < (lhs: Host, rhs: Host) -> Bool { lhs.name < rhs.name }
    }

    /// A member whose type names a view model the linted files do not declare.
    public struct Unresolved: Hashable, Sendable, Comparable, Codable {
        /// The view model (or type) with the member.
        public var owner: String
        /// The member.
        public var member: String
        /// The name that could not be resolved.
        public var typeName: String

        /// Orders by owner, member, then name.
        public static func < (lhs: Unresolved, rhs: Unresolved) -> Bool {
            (lhs.owner, lhs.member, lhs.typeName) < (rhs.owner, rhs.member, rhs.typeName)
        }
    }

    /// Every view model, sorted by name.
    public var nodes: [Node]
    /// Parent-to-child links, sorted.
    public var edges: [Edge]
    /// Child-to-parent responder links, sorted.
    public var responders: [ResponderLink]
    /// Types that hold view models without being one.
    public var hosts: [Host]
    /// Cycles of parent-to-child links, each starting at its smallest name.
    public var cycles: [[String]]
    /// Members naming view models that are not declared in the linted files.
    public var unresolved: [Unresolved]
    /// View models no view model or host holds or makes (the app's roots, or children made
    /// where the graph cannot see).
    public var uncreated: [String]
    /// View models with responder actions no parent is seen to handle.
    public var unhandled: [String]
}
