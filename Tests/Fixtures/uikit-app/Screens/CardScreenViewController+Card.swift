import UIKit

// The card's delegate, in its own file: conformance declared in an extension.
extension CardScreenViewController: PhotoCardViewDelegate {
    func photoCardDidToggle(_ card: PhotoCardView) {
        card.captionLabel?.text = card.isExpanded ? "Expanded" : nil
    }

    private func photoCard(_ card: PhotoCardView, expandedHeightFor width: CGFloat) -> CGFloat {
        preferredExpandedHeight ?? width * 1.5
    }
}
