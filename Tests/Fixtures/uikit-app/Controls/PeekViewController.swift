//
//  PeekViewController.swift
//  A long press on a thumbnail peeks at it (the preview springs up over a dimmed screen and
//  goes away at the lift), and a slider scrubs a paused property animator that flies a card
//  across the screen.
//
import UIKit

final class PeekViewController: UIViewController {
    let thumbnail = UIView(frame: CGRect(x: 40, y: 80, width: 100, height: 100))
    let dimming = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let preview = UIView(frame: CGRect(x: 37.5, y: 150, width: 300, height: 300))
    let scrubber = UISlider(frame: CGRect(x: 20, y: 600, width: 335, height: 31))
    let flyingCard = UIView(frame: CGRect(x: 20, y: 500, width: 60, height: 60))
    private var flight: UIViewPropertyAnimator?
    private(set) var events: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        thumbnail.accessibilityIdentifier = "thumbnail"
        thumbnail.backgroundColor = .systemPink
        thumbnail.layer.cornerRadius = 8
        view.addSubview(thumbnail)

        let press = UILongPressGestureRecognizer(target: self, action: #selector(handlePress(_:)))
        thumbnail.addGestureRecognizer(press)

        flyingCard.accessibilityIdentifier = "flyingCard"
        flyingCard.backgroundColor = .systemGreen
        view.addSubview(flyingCard)
        scrubber.addTarget(self, action: #selector(scrub(_:)), for: .valueChanged)
        view.addSubview(scrubber)

        dimming.accessibilityIdentifier = "dimming"
        dimming.backgroundColor = UIColor(white: 0, alpha: 0.4)
        dimming.alpha = 0
        dimming.isUserInteractionEnabled = false
        preview.accessibilityIdentifier = "preview"
        preview.backgroundColor = .systemPink
        preview.layer.cornerRadius = 14
        preview.alpha = 0
        preview.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        view.addSubview(dimming)
        view.addSubview(preview)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
            self.flyingCard.frame.origin.x = 295
        }
        animator.pauseAnimation()
        flight = animator
    }

    @objc private func handlePress(_ recognizer: UILongPressGestureRecognizer) {
        switch recognizer.state {
        case .began:
            events.append("peek")
            UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [], animations: {
                self.dimming.alpha = 1
                self.preview.alpha = 1
                self.preview.transform = .identity
            })
        case .ended, .cancelled:
            events.append("pop back")
            UIView.animate(withDuration: 0.25) {
                self.dimming.alpha = 0
                self.preview.alpha = 0
                self.preview.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
            }
        default:
            break
        }
    }

    @objc private func scrub(_ sender: UISlider) {
        flight?.fractionComplete = CGFloat(sender.value)
    }
}
