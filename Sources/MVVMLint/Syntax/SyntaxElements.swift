import SwiftSyntax

/// A syntax collection's elements, read through its untyped children.
///
/// swift-syntax's own iterator and subscript turn each child into the element type in generic
/// code that is not specialised outside its module: about 600 instructions an element, 3% of a
/// lint run's instructions on app code, spent mostly on looking up `Optional<Element>`'s type
/// at run time. Here the conversion is specialised where it is used. The elements and their
/// order are the collection's own.
struct SyntaxElements<Base: SyntaxCollection>: Sequence {
    /// The collection's children, every one of them present (a collection has no missing slot).
    private let children: SyntaxChildren

    init(_ collection: Base) {
        children = collection.children(viewMode: .all)
    }

    func makeIterator() -> Iterator {
        Iterator(children: children.makeIterator())
    }

    /// The first element, if any.
    var first: Base.Element? {
        var iterator = makeIterator()
        return iterator.next()
    }

    /// The last element, if any.
    var last: Base.Element? {
        children.last.flatMap(Base.Element.init)
    }

    /// Reads the elements in order.
    struct Iterator: IteratorProtocol {
        fileprivate var children: SyntaxChildren.Iterator

        mutating func next() -> Base.Element? {
            // Every child of a collection is an element (swift-syntax's own iterator would stop
            // the process on one that were not); here it would be skipped, never ending the
            // walk early.
            while let child = children.next() {
                if let element = Base.Element(child) {
                    return element
                }
            }
            return nil
        }
    }
}

extension SyntaxCollection {
    /// The elements, read without swift-syntax's unspecialised generic cast (see
    /// ``SyntaxElements``). Use it where a collection is walked on every file.
    var elements: SyntaxElements<Self> {
        SyntaxElements(self)
    }
}
