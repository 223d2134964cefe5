//
//  PhotoCardView.swift
//  A photo card that expands on a tap and follows a pan. Storyboard-free; the properties marked
//  @IBInspectable show in Interface Builder when the card is placed in a nib.
//
import UIKit

/// What the card asks its owner. Only `photoCardDidToggle(_:)` is required.
@objc protocol PhotoCardViewDelegate: NSObjectProtocol {
    func photoCardDidToggle(_ card: PhotoCardView)
    /// The expanded height for a width; the card uses 1.5 × width when the delegate is silent.
    @objc optional func photoCard(_ card: PhotoCardView, expandedHeightFor width: CGFloat) -> CGFloat
    @objc optional func photoCardShouldExpand(_ card: PhotoCardView) -> Bool
    @objc(photoCardDidFinishPanning:withVelocity:)
    optional func photoCardDidFinishPanning(_ card: PhotoCardView, velocity: CGPoint)
}

@IBDesignable
class PhotoCardView: UIView {
    weak var delegate: PhotoCardViewDelegate?
    @IBOutlet weak var captionLabel: UILabel?
    @IBInspectable var cornerRadius: CGFloat = 12 {
        didSet { layer.cornerRadius = cornerRadius }
    }
    @objc dynamic var progress: CGFloat = 0
    private(set) var isExpanded = false
    private(set) var panCount = 0

    /// `#selector(toggle)` in a comment is not code; nor is "#selector(toggle)" in a string.
    let note = "tap uses #selector(toggle); pan uses \"#selector(handlePan(_:))\""

    private(set) lazy var tapRecognizer = UITapGestureRecognizer(target: self, action: #selector(toggle))
    private(set) lazy var panRecognizer: UIPanGestureRecognizer = {
        let pan = UIPanGestureRecognizer()
        pan.addTarget(self, action: #selector(PhotoCardView.handlePan(_:)))
        return pan
    }()

    override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(tapRecognizer)
        addGestureRecognizer(panRecognizer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The height the card expands to: the delegate's answer, or 1.5 × its width.
    var expandedHeight: CGFloat {
        delegate?.photoCard?(self, expandedHeightFor: bounds.width) ?? bounds.width * 1.5
    }

    @objc private func toggle() {
        if let allowed = delegate?.photoCardShouldExpand?(self), !allowed { return }
        isExpanded.toggle()
        bounds.size.height = isExpanded ? expandedHeight : bounds.width
        delegate?.photoCardDidToggle(self)
    }

    @objc func handlePan(_ pan: UIPanGestureRecognizer) {
        panCount += 1
        if pan.state == .ended || panCount > 1 {
            delegate?.photoCardDidFinishPanning?(self, velocity: pan.velocity(in: self))
        }
    }
}
