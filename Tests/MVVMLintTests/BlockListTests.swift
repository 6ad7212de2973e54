import Testing
@testable import MVVMLint

@Suite("BlockList")
struct BlockListTests {
    @Test("keeps every element in order across blocks")
    func keepsOrderAcrossBlocks() {
        var list = BlockList<Int>()
        let total = BlockList<Int>.blockSize * 2 + 3
        for value in 0..<total {
            list.append(value * 7)
        }
        #expect(list.count == total)
        #expect((0..<total).allSatisfy { list[$0] == $0 * 7 })
    }

    @Test("an empty list has no elements")
    func emptyList() {
        let list = BlockList<String>()
        #expect(list.count == 0)
    }
}
