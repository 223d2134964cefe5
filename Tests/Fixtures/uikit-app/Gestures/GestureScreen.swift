//
//  GestureScreen.swift
//  A screen whose gestures the tests drive with fingers: a card with a single tap that waits for
//  its double tap to fail, a small close button with a larger touch area, a banner that lets
//  touches through, a delegate that refuses taps while the card is locked, and an edge pan that
//  slides a drawer in from the left.
//
import UIKit

/// A button whose touch area reaches 20 pt beyond its bounds, as apps enlarge small buttons.
final class RoomyButton: UIControl {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }
}

final class GestureScreenViewController: UIViewController, UIGestureRecognizerDelegate {
    let card = UIView(frame: CGRect(x: 40, y: 200, width: 200, height: 200))
    let closeButton = RoomyButton(frame: CGRect(x: 300, y: 60, width: 24, height: 24))
    let banner = UIView(frame: CGRect(x: 0, y: 180, width: 375, height: 60))
    let drawer = UIView(frame: CGRect(x: -280, y: 0, width: 280, height: 667))
    var isCardLocked = false
    private(set) var events: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        card.accessibilityIdentifier = "card"
        card.backgroundColor = .systemBlue
        banner.isUserInteractionEnabled = false
        banner.backgroundColor = UIColor(white: 0, alpha: 0.2)
        drawer.accessibilityIdentifier = "drawer"
        drawer.backgroundColor = .systemGray
        view.addSubview(card)
        view.addSubview(banner)
        view.addSubview(closeButton)
        view.addSubview(drawer)

        let doubleTap = UITapGestureRecognizer(target: self, action: #selector(cardDoubleTapped(_:)))
        doubleTap.numberOfTapsRequired = 2
        let tap = UITapGestureRecognizer(target: self, action: #selector(cardTapped(_:)))
        tap.require(toFail: doubleTap)
        tap.delegate = self
        card.addGestureRecognizer(doubleTap)
        card.addGestureRecognizer(tap)

        let backgroundTap = UITapGestureRecognizer(target: self, action: #selector(backgroundTapped))
        view.addGestureRecognizer(backgroundTap)
        closeButton.addTarget(self, action: #selector(closeTapped), for: .touchUpInside)

        let edgePan = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(handleEdgePan(_:)))
        edgePan.edges = .left
        view.addGestureRecognizer(edgePan)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        !isCardLocked
    }

    @objc private func cardTapped(_ recognizer: UITapGestureRecognizer) {
        let point = recognizer.location(in: card)
        events.append("card tapped at \(Int(point.x)),\(Int(point.y))")
        UIView.animate(withDuration: 0.25) {
            self.card.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
        }
    }

    @objc private func cardDoubleTapped(_ recognizer: UITapGestureRecognizer) {
        events.append("card double-tapped")
    }

    @objc private func backgroundTapped() {
        events.append("background tapped")
    }

    @objc private func closeTapped() {
        events.append("close")
    }

    @objc private func handleEdgePan(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        let x = recognizer.translation(in: view).x
        switch recognizer.state {
        case .began, .changed:
            drawer.frame.origin.x = min(0, -drawer.bounds.width + x)
        case .ended:
            let open = x > drawer.bounds.width / 2 || recognizer.velocity(in: view).x > 500
            UIView.animate(withDuration: 0.3) {
                self.drawer.frame.origin.x = open ? 0 : -self.drawer.bounds.width
            }
            events.append(open ? "drawer opened" : "drawer closed")
        default:
            break
        }
    }
}
