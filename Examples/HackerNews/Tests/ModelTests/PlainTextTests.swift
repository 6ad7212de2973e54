import HackerNewsModel
import Testing

struct PlainTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("It&#x27;s &quot;fine&quot; &amp; &lt;ok&gt;", "It's \"fine\" & <ok>"),
        ("one<p>two<p>three", "one\n\ntwo\n\nthree"),
        ("a <a href=\"https://example.com\">link</a> and <i>italics</i>", "a link and italics"),
        ("&#39;&#X41;&#x1F600;", "'A😀"),
        ("line<br>break", "line\nbreak"),
        // Not references or tags: kept as typed.
        ("5 & 6, a < b, &bogus; &#xZZ;", "5 & 6, a < b, &bogus; &#xZZ;"),
    ])
    func decodesTheSubsetTheAPIUses(html: String, plain: String) {
        #expect(PlainText.from(html: html) == plain)
    }

    // A comment of a server's choosing: a scan for `>` at every `<` would take minutes here.
    @Test(.timeLimit(.minutes(1)))
    func manyOpeningBracketsAndOneCloseConvertInOnePass() {
        let html = String(repeating: "<", count: 300_000) + ">" + String(repeating: "<", count: 300_000)
        #expect(PlainText.from(html: html) == String(repeating: "<", count: 300_000))
    }
}
