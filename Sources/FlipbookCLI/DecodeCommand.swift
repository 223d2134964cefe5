import FlipbookCodecs

/// `flipbook decode IN --out OUT.png` (the codecs helper fills this in).
enum DecodeCommand: Command {
    static let name = "decode"
    static let summary = "decode a PNG or JPEG (EXIF-oriented) and write it as an RGBA PNG"
    static let help = """
    Usage: flipbook decode IN --out OUT.png [--max-pixels N]
    """
    static func run(_ arguments: [String]) throws -> Int32 { 0 }
}
