import Foundation
import Testing
@testable import MVVMLint

@Suite struct CodeWordsTests {
    @Test func findsEveryWordAndNothingElse() {
        let words: CodeWords = ["send", "sut", "se", "sender", "a", "café", "send", "Z"]
        #expect(words.count == 7)
        for word in ["send", "sut", "se", "sender", "a", "café", "Z"] {
            #expect(words.contains(word), "\(word)")
        }
        // Prefixes, extensions and neighbours of words are not words.
        for word in ["s", "sen", "sends", "", "b", "caf", "z", "sutx"] {
            #expect(!words.contains(word), "\(word)")
        }
    }

    @Test func keepsWordsInByteOrderOnce() {
        let words = CodeWords(["b", "a", "B", "ab", "a", "é"])
        #expect(Array(words) == ["B", "a", "ab", "b", "é"])
        #expect(words == ["é", "ab", "b", "B", "a"])
        #expect(words != ["a"])
    }

    @Test func wordsAcrossManyBlocksAreFoundAsASetFindsThem() {
        // Words that share long prefixes, across many blocks, and words longer than one and two
        // bytes of length can say.
        var list: [String] = []
        for stem in ["test", "testLoad", "testLoadFails", "load", "loader", "Z", "_x"] {
            for suffix in ["", "A", "AB", "ABC", "B", "Ba", "z", "0", "_"] {
                list.append(stem + suffix)
            }
        }
        list += [String(repeating: "a", count: 200), String(repeating: "a", count: 300) + "b", String(repeating: "b", count: 128)]
        let words = CodeWords(list)
        let distinct = Set(list)
        #expect(words.count == distinct.count)
        #expect(words.count > CodeWords.wordsPerBlock * 3)
        #expect(Array(words) == distinct.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        for word in distinct {
            #expect(words.contains(word), "\(word)")
        }
        // Between, before and after the words, and a long word's prefix.
        for word in ["", "a", "tes", "testLoadF", "testLoadFailsAC", "loadeq", "Zz", "zzz", "__", String(repeating: "a", count: 300)] {
            #expect(words.contains(word) == distinct.contains(word), "\(word)")
        }
    }

    @Test(arguments: [1, 15, 16, 17, 32, 33])
    func blocksEndingAtAnyWordFindEveryWord(count: Int) {
        // With the empty word too, which always comes first.
        let list = [""] + (1..<count).map { "item" + String(repeating: "x", count: $0 % 5) + "\($0)" }
        let words = CodeWords(list)
        #expect(words.count == count)
        #expect(Array(words) == list.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        for word in list {
            #expect(words.contains(word), "\(word)")
            #expect(!words.contains(word + "!") && !words.contains(word + "~"), "\(word)")
        }
        #expect(!words.contains("item") && !words.contains("itemy") && !words.contains("it"))
    }

    @Test func emptyHasNoWords() {
        let words = CodeWords()
        #expect(words.isEmpty && words.count == 0)
        #expect(!words.contains("") && !words.contains("a"))
        #expect(words == CodeWords([String]()))
    }

    @Test func wordsOfTextRangesAreTheSameAsOfStrings() {
        let text = Array("load reload load go Load".utf8)
        let ranges = [0..<4, 5..<11, 12..<16, 17..<19, 20..<24]
        let words = text.withUnsafeBufferPointer { CodeWords(ranges, in: $0) }
        #expect(words == ["load", "reload", "go", "Load"])
        #expect(words.contains("reload") && !words.contains("lo"))
    }

    @Test func codesAsAListOfWords() throws {
        let words: CodeWords = ["go", "load", "\u{1F600}"]
        let data = try JSONEncoder().encode(words)
        #expect(try JSONDecoder().decode([String].self, from: data) == ["go", "load", "\u{1F600}"])
        #expect(try JSONDecoder().decode(CodeWords.self, from: data) == words)
    }

    @Test func aWordMatchesAsAStringDoes() {
        // Composed and decomposed spellings, and the Kelvin sign, are equal as strings.
        let composed: CodeWords = ["caf\u{E9}", "\u{212A}"]
        #expect(composed.contains("cafe\u{301}") && composed.contains("caf\u{E9}"))
        #expect(composed.contains("K") && composed.contains("\u{212A}"))
        #expect(!composed.contains("cafe") && !composed.contains("k"))
        let decomposed = Array("let x = cafe\u{301}".utf8).withUnsafeBufferPointer { CodeWords([0..<3, 8..<14], in: $0) }
        #expect(decomposed.contains("caf\u{E9}") && decomposed.contains("let"))
    }

    @Test func brokenUTF8IsKeptRepairedAsItComesBackFromTheCache() throws {
        // A word cut inside a character: `\` in a raw string skips the letter's first byte.
        let text: [UInt8] = [0x61, 0x9C, 0x62]
        let words = text.withUnsafeBufferPointer { CodeWords([0..<3], in: $0) }
        #expect(Array(words) == ["a\u{FFFD}b"])
        #expect(words.contains("a\u{FFFD}b"))
        let data = try JSONEncoder().encode(words)
        #expect(try JSONDecoder().decode(CodeWords.self, from: data) == words)
    }
}
