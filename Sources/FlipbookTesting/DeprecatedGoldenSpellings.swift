public import Flipbook
public import FlipbookImageDiff
public import FlipbookRaster
// The spellings FlipbookTesting had before every value was asserted through a strategy and one
// `assertGolden(of:as:)`. They still compile (with a deprecation warning in the caller's build)
// and run the same checks; nothing in this package calls them but `DeprecatedSpellingsTests`.
import Foundation

#if canImport(Testing)
    public import Testing
#endif

/// The image checks' old namespace; `verifyGolden(of:as:named:)` with `.image`, `.image(deltaE:)`
/// or `.image(flip:)` replaces its methods.
public enum GoldenImage {
    /// `verifyGolden(of: image, as: .image(tolerance:maxDifferingFraction:), named: name)`.
    @available(
        *, deprecated, renamed: "verifyGolden(of:as:named:goldensDirectory:file:)",
        message: "use verifyGolden(of: image, as: .image(tolerance:maxDifferingFraction:), named:)"
    )
    public static func verify(
        _ image: PremultipliedImage, named name: String, tolerance: Int = 0,
        maxDifferingFraction: Double = 0, goldensDirectory: String? = nil,
        file: StaticString = #filePath
    ) -> GoldenResult {
        GoldenNames.check(
            image, as: .image(tolerance: tolerance, maxDifferingFraction: maxDifferingFraction), named: name,
            record: nil, goldensDirectory: goldensDirectory, testFilePath: "\(file)", testName: "")
    }

    /// `verifyGolden(of: image, as: .image(deltaE:), named: name)`.
    @available(
        *, deprecated, renamed: "verifyGolden(of:as:named:goldensDirectory:file:)",
        message: "use verifyGolden(of: image, as: .image(deltaE:), named:)"
    )
    public static func verify(
        _ image: PremultipliedImage, named name: String, deltaE: DeltaETolerance,
        goldensDirectory: String? = nil, file: StaticString = #filePath
    ) -> GoldenResult {
        GoldenNames.check(
            image, as: .image(deltaE: deltaE), named: name, record: nil, goldensDirectory: goldensDirectory,
            testFilePath: "\(file)", testName: "")
    }

    /// `verifyGolden(of: image, as: .image(flip:), named: name)`.
    @available(
        *, deprecated, renamed: "verifyGolden(of:as:named:goldensDirectory:file:)",
        message: "use verifyGolden(of: image, as: .image(flip:), named:)"
    )
    public static func verify(
        _ image: PremultipliedImage, named name: String, flip: FLIPTolerance,
        goldensDirectory: String? = nil, file: StaticString = #filePath
    ) -> GoldenResult {
        GoldenNames.check(
            image, as: .image(flip: flip), named: name, record: nil, goldensDirectory: goldensDirectory,
            testFilePath: "\(file)", testName: "")
    }
}

/// The sequence checks' old namespace; `verifyGolden(of: job, as: .sequence, named:)` replaces it.
public enum GoldenSequence {
    /// `verifyGolden(of: job, as: .sequence, named: name)`.
    @available(
        *, deprecated, renamed: "verifyGolden(of:as:named:goldensDirectory:file:)",
        message: "use verifyGolden(of: job, as: .sequence, named:)"
    )
    public static func verify(
        _ job: RenderJob, named name: String, goldensDirectory: String? = nil,
        file: StaticString = #filePath
    ) -> GoldenResult {
        GoldenNames.check(
            job, as: .sequence, named: name, record: nil, goldensDirectory: goldensDirectory,
            testFilePath: "\(file)", testName: "")
    }
}

/// `assertGolden(of: image, as: .image(tolerance:maxDifferingFraction:), named: name)`.
@available(
    *, deprecated, renamed: "assertGolden(of:as:named:goldensDirectory:file:line:)",
    message: "use assertGolden(of: image, as: .image(tolerance:maxDifferingFraction:), named:)"
)
@discardableResult
public func assertGolden(
    _ image: PremultipliedImage, named name: String, tolerance: Int = 0,
    maxDifferingFraction: Double = 0, goldensDirectory: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
) -> GoldenResult {
    assertGolden(
        of: image, as: .image(tolerance: tolerance, maxDifferingFraction: maxDifferingFraction), named: name,
        goldensDirectory: goldensDirectory, file: file, line: line)
}

/// `assertGolden(of: image, as: .image(deltaE:), named: name)`.
@available(
    *, deprecated, renamed: "assertGolden(of:as:named:goldensDirectory:file:line:)",
    message: "use assertGolden(of: image, as: .image(deltaE:), named:)"
)
@discardableResult
public func assertGolden(
    _ image: PremultipliedImage, named name: String, deltaE: DeltaETolerance,
    goldensDirectory: String? = nil, file: StaticString = #filePath, line: UInt = #line
) -> GoldenResult {
    assertGolden(of: image, as: .image(deltaE: deltaE), named: name, goldensDirectory: goldensDirectory, file: file, line: line)
}

/// `assertGolden(of: image, as: .image(flip:), named: name)`.
@available(
    *, deprecated, renamed: "assertGolden(of:as:named:goldensDirectory:file:line:)",
    message: "use assertGolden(of: image, as: .image(flip:), named:)"
)
@discardableResult
public func assertGolden(
    _ image: PremultipliedImage, named name: String, flip: FLIPTolerance,
    goldensDirectory: String? = nil, file: StaticString = #filePath, line: UInt = #line
) -> GoldenResult {
    assertGolden(of: image, as: .image(flip: flip), named: name, goldensDirectory: goldensDirectory, file: file, line: line)
}

/// `assertGolden(of: job, as: .sequence, named: name)`.
@available(
    *, deprecated, renamed: "assertGolden(of:as:named:goldensDirectory:file:line:)",
    message: "use assertGolden(of: job, as: .sequence, named:)"
)
@discardableResult
public func assertGoldenSequence(
    _ job: RenderJob, named name: String, goldensDirectory: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
) -> GoldenResult {
    assertGolden(of: job, as: .sequence, named: name, goldensDirectory: goldensDirectory, file: file, line: line)
}

#if canImport(Testing)
    /// `assertGolden(of:as:named:)`, which reports through Swift Testing inside a Swift Testing test.
    @available(*, deprecated, renamed: "assertGolden(of:as:named:goldensDirectory:)")
    @discardableResult
    public func expectGolden<Value>(
        of value: Value, as strategy: GoldenStrategy<Value>, named name: String,
        goldensDirectory: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> GoldenResult {
        let result = GoldenNames.check(
            value, as: strategy, named: name, record: nil, goldensDirectory: goldensDirectory,
            testFilePath: sourceLocation.filePath, testName: "")
        if !result.passed { GoldenFailure.recordIssue(result, at: sourceLocation) }
        return result
    }

    /// `assertGolden(of: image, as: .image(tolerance:maxDifferingFraction:), named: name)`.
    @available(
        *, deprecated, renamed: "assertGolden(of:as:named:goldensDirectory:)",
        message: "use assertGolden(of: image, as: .image(tolerance:maxDifferingFraction:), named:)"
    )
    @discardableResult
    public func expectGolden(
        _ image: PremultipliedImage, named name: String, tolerance: Int = 0,
        maxDifferingFraction: Double = 0, goldensDirectory: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> GoldenResult {
        let result = GoldenNames.check(
            image, as: .image(tolerance: tolerance, maxDifferingFraction: maxDifferingFraction), named: name,
            record: nil, goldensDirectory: goldensDirectory, testFilePath: sourceLocation.filePath, testName: "")
        if !result.passed { GoldenFailure.recordIssue(result, at: sourceLocation) }
        return result
    }
#endif
