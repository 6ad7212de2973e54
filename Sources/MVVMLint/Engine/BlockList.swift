/// A list that grows by blocks of a fixed size: appending never copies what is already held,
/// and the room it keeps beyond its elements is at most one block.
///
/// An array grown by appending keeps up to as much room again as it holds; one made at its
/// final size up front holds room for every element from the start. The collector fills this
/// as files finish, so its memory follows the files done, not the files given.
struct BlockList<Element> {
    /// Elements in one block.
    static var blockSize: Int { 1024 }

    private var blocks: [[Element]] = []

    /// The number of elements.
    private(set) var count = 0

    /// Adds `element` at the end.
    mutating func append(_ element: Element) {
        if count % Self.blockSize == 0 {
            var block: [Element] = []
            block.reserveCapacity(Self.blockSize)
            blocks.append(block)
        }
        blocks[blocks.count - 1].append(element)
        count += 1
    }

    /// The element at `position`, which must be below ``count``.
    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "position out of range")
        return blocks[position / Self.blockSize][position % Self.blockSize]
    }
}
