/// A setting a render is made with, as an error about its value names it. The library's
/// messages name it by `libraryName` (`SceneOptions.selectedIndex 16 is out of range`); a front
/// end names it its own way (the command line: `--select 16 is out of range`) through
/// `SettingNamingError.message(naming:)`, never by rewriting the library's text. (In Geometry
/// because it is the lowest module, seen by every stage whose errors name a setting.)
public enum SettingField: String, CaseIterable, Sendable {
    /// `SceneOptions.selectedIndex`: the photo or card tapped.
    case selectedIndex
    /// `SceneOptions.returnIndex`: the photo or card returned to.
    case returnIndex
    /// `SceneOptions.pageTarget`: the photo `page` swipes to.
    case pageTarget
    /// `SceneOptions.sandboxPhotos`: photos must stay inside their manifest's folder.
    case sandboxPhotos
    /// `RenderSettings.frameRange`: the frames rendered.
    case frameRange
    /// `RenderSettings.framesPerSecond`.
    case framesPerSecond
    /// `RenderSettings.timing`: the main timing, whose duration sets the sequence's length.
    case timing
    /// `Device.scale` of `SceneOptions.device`: device pixels per point.
    case scale
    /// `RenderSettings.gesture`: the finger that drives an interactive transition.
    case gesture
    /// `RenderSettings.decodedPixelBudget`: the most pixels a job's photos may decode to.
    case decodedPixelBudget
    /// `DecodeLimits.maxFileBytes` (`RenderSettings.maxFileBytes`): the largest photo file read.
    case maxFileBytes
    /// `RenderSettings.labelFontPath`: the font file of the contact sheet's and plots' labels.
    case labelFontPath
    /// `PreviewOptions.videoPath`: the video export.
    case videoPath
    /// `PreviewOptions.videoScale`: the video's size relative to the frames.
    case videoScale
    /// The frame index argument of `RenderJob.displayList(frameIndex:)`.
    case frameIndex

    /// How the library's own messages name the setting: its Swift path (or, for the video
    /// export and the frame argument, the words the messages always used).
    package var libraryName: String {
        switch self {
        case .selectedIndex: return "SceneOptions.selectedIndex"
        case .returnIndex: return "SceneOptions.returnIndex"
        case .pageTarget: return "SceneOptions.pageTarget"
        case .sandboxPhotos: return "SceneOptions.sandboxPhotos"
        case .frameRange: return "RenderSettings.frameRange"
        case .framesPerSecond: return "RenderSettings.framesPerSecond"
        case .timing: return "RenderSettings.timing"
        case .scale: return "SceneOptions.device.scale"
        case .gesture: return "RenderSettings.gesture"
        case .decodedPixelBudget: return "RenderSettings.decodedPixelBudget"
        case .maxFileBytes: return "DecodeLimits.maxFileBytes"
        case .labelFontPath: return "RenderSettings.labelFontPath"
        case .videoPath: return "video export"
        case .videoScale: return "PreviewOptions.videoScale"
        case .frameIndex: return "frameIndex"
        }
    }
}

/// An error whose message names settings (`SettingField`): a front end words it with its own
/// names for them (`message.text(naming:)`). `description` is the message in the library's names.
public protocol SettingNamingError: Error, CustomStringConvertible {
    /// The message, its settings kept apart from its words.
    var message: SettingText { get }
}

extension SettingNamingError {
    /// The message in the library's names (`SettingField.libraryName`).
    public var description: String { message.description }
}

/// Message text that names settings: written as a string with `\(field: .frameRange)`
/// interpolations (and `\(error: e)`, which keeps the settings an inner error names), read with
/// a front end's names (`text(naming:)`) or the library's (`description`).
public struct SettingText: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A piece of the text: literal words or a setting's name.
    enum Piece: Sendable, Equatable {
        case words(String)
        case field(SettingField)
    }

    /// The pieces, adjacent words joined (so equal texts have equal pieces).
    private(set) var pieces: [Piece] = []

    /// Plain text, naming no setting.
    public init(stringLiteral value: String) { append(.words(value)) }

    /// Plain text, naming no setting.
    public init(_ words: String) { append(.words(words)) }

    /// The text with interpolated settings.
    public init(stringInterpolation: Interpolation) { pieces = stringInterpolation.text.pieces }

    private init() {}

    private mutating func append(_ piece: Piece) {
        if case let .words(new) = piece {
            if new.isEmpty { return }
            if case let .words(old)? = pieces.last { pieces[pieces.count - 1] = .words(old + new); return }
        }
        pieces.append(piece)
    }

    /// Builds a `SettingText` from a string literal with `\(field:)`, `\(error:)` and ordinary
    /// interpolations.
    public struct Interpolation: StringInterpolationProtocol {
        var text = SettingText()

        /// An empty text; the sizes are hints the pieces do not need.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// The literal words between interpolations.
        public mutating func appendLiteral(_ literal: String) { text.append(.words(literal)) }

        /// A setting, named by the reader of the message.
        public mutating func appendInterpolation(field: SettingField) { text.append(.field(field)) }

        /// An error's message: a `SettingNamingError`'s with its settings kept apart, any
        /// other's as its description.
        public mutating func appendInterpolation(error: any Error) {
            if let named = error as? any SettingNamingError {
                for piece in named.message.pieces { text.append(piece) }
            } else {
                text.append(.words(String(describing: error)))
            }
        }

        /// Another `SettingText`, its settings kept apart.
        public mutating func appendInterpolation(_ other: SettingText) {
            for piece in other.pieces { text.append(piece) }
        }

        /// Any other value, as `String(describing:)` writes it.
        public mutating func appendInterpolation<Value>(_ value: Value) { text.append(.words(String(describing: value))) }
    }

    /// `lhs` then `rhs` (to split a long message over lines).
    public static func + (lhs: SettingText, rhs: SettingText) -> SettingText {
        var result = lhs
        for piece in rhs.pieces { result.append(piece) }
        return result
    }

    /// The text with each setting named by `name`.
    public func text(naming name: (SettingField) -> String) -> String {
        pieces.map { piece in
            switch piece {
            case let .words(words): return words
            case let .field(field): return name(field)
            }
        }.joined()
    }

    /// The text in the library's names.
    public var description: String { text(naming: \.libraryName) }
}
