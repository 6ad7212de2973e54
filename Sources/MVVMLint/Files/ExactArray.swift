extension Array {
    /// An array of `count` elements that `initialize` writes in place, as
    /// `init(unsafeUninitializedCapacity:initializingWith:)` makes, but `[]` without calling
    /// `initialize` when `count` is 0: the standard library then writes the element count of its
    /// one shared empty array, and two threads doing so at once race (ThreadSanitizer reports
    /// it, from the cache's facts decoded on the workers).
    init(
        exactCount count: Int,
        initializingWith initialize: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
    ) rethrows {
        if count == 0 {
            self = []
        } else {
            try self.init(unsafeUninitializedCapacity: count, initializingWith: initialize)
        }
    }
}
