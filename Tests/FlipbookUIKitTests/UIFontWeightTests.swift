import FlipbookModel
import XCTest

@testable import FlipbookUIKit

/// `UIFont`'s weights reach the model as the nine named weights, with UIKit's raw values.
final class UIFontWeightTests: XCTestCase {
    func testEachNamedWeightKeepsItsName() {
        let expected: [(UIFont.Weight, FontWeight)] = [
            (.ultraLight, .ultraLight), (.thin, .thin), (.light, .light),
            (.regular, .regular), (.medium, .medium), (.semibold, .semibold),
            (.bold, .bold), (.heavy, .heavy), (.black, .black)
        ]
        for (weight, model) in expected {
            XCTAssertEqual(UIFont.systemFont(ofSize: 17, weight: weight).modelWeight, model, "\(weight.rawValue)")
        }
        XCTAssertEqual(UIFont.boldSystemFont(ofSize: 17).modelWeight, .bold)
    }

    func testACustomRawValueTakesTheNearestNamedWeight() {
        // UIKit's raw values: medium 0.23, semibold 0.3, heavy 0.56, black 0.62.
        XCTAssertEqual(UIFont.systemFont(ofSize: 17, weight: UIFont.Weight(rawValue: 0.25)).modelWeight, .medium)
        XCTAssertEqual(UIFont.systemFont(ofSize: 17, weight: UIFont.Weight(rawValue: 0.28)).modelWeight, .semibold)
        XCTAssertEqual(UIFont.systemFont(ofSize: 17, weight: UIFont.Weight(rawValue: 0.9)).modelWeight, .black)
        XCTAssertEqual(UIFont.systemFont(ofSize: 17, weight: UIFont.Weight(rawValue: -1)).modelWeight, .ultraLight)
    }
}

/// Dynamic Type styles at the Large content size, as Apple's HIG table gives them.
final class UIFontTextStyleTests: XCTestCase {
    func testTextStylesHaveTheirLargeSizes() {
        let expected: [(UIFont.TextStyle, CGFloat, FontWeight)] = [
            (.largeTitle, 34, .regular), (.title1, 28, .regular), (.title2, 22, .regular), (.title3, 20, .regular),
            (.headline, 17, .semibold), (.body, 17, .regular), (.callout, 16, .regular), (.subheadline, 15, .regular),
            (.footnote, 13, .regular), (.caption1, 12, .regular), (.caption2, 11, .regular)
        ]
        for (style, size, weight) in expected {
            let font = UIFont.preferredFont(forTextStyle: style)
            XCTAssertEqual(font.pointSize, size, style.rawValue)
            XCTAssertEqual(font.modelWeight, weight, style.rawValue)
        }
    }
}
