import FlipbookGeometry
import FlipbookSupport
import Foundation

/// Text from inputs — a lock's ops and arguments, layer text, folder and file names, devices —
/// as it goes into a `--markdown` summary: the one place that escapes it.
///
/// A summary is posted as a pull-request comment, and its inputs may come from the pull request:
/// a folder named `![x](https://…)` or `<img src=…>` must show as those characters, not as an
/// image, a link or HTML. Every input goes into a code span, where Markdown and HTML are not
/// read and nothing is linked, delimited by more backticks than the longest run of backticks in
/// it (so a name holding backticks cannot end its span early); a block of several lines goes
/// into a fenced block, likewise longer than any run of backticks inside.
enum MarkdownText {
    /// `text` as an inline code span: cut and with control characters escaped as every echoed
    /// input is (`InputText.excerpt`: at most `limit` scalars, 80 by default; no line break), then
    /// delimited by one backtick more than its longest run (padded with a space where it starts or
    /// ends with a backtick, as CommonMark strips one). `inTable` escapes `|` (`\|`), which GitHub
    /// reads as a cell border even inside a code span. A line made of inputs each already cut (a
    /// lock change in words) passes `limit: .max`.
    static func code(_ text: String, inTable: Bool = false, limit: Int = InputText.maximumShownScalars) -> String {
        var shown = InputText.excerpt(text, limit: limit)
        if inTable { shown = shown.replacingOccurrences(of: "|", with: "\\|") }
        let fence = String(repeating: "`", count: longestBacktickRun(shown) + 1)
        let padding = shown.hasPrefix("`") || shown.hasSuffix("`") || shown.isEmpty ? " " : ""
        return fence + padding + shown + padding + fence
    }

    /// `text` (a command, whole: it is meant to be copied) as a fenced code block, its fence
    /// longer than any run of backticks in it and at least three.
    static func codeBlock(_ text: String) -> String {
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(text) + 1))
        return fence + "\n" + text + "\n" + fence + "\n"
    }

    /// The length of the longest run of consecutive backticks in `text`.
    static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0, run = 0
        for scalar in text.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
