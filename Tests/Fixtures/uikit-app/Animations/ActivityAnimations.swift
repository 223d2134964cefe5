//
//  ActivityAnimations.swift
//  An activity screen animated by hand with Core Animation, in the idioms apps and animation
//  libraries use: a like button's keyframe "pop", a badge that fades and rises in a group and
//  stays (fillMode forwards, not removed), a card sliding on a CASpringAnimation, a status label
//  whose new text is pushed in with a CATransition, and a dot that moves out and back, the
//  second move started from animationDidStop.
//
import UIKit

final class ActivityViewController: UIViewController, CAAnimationDelegate {
    let likeButton = UIView(frame: CGRect(x: 24, y: 40, width: 64, height: 64))
    let badge = UILabel(frame: CGRect(x: 200, y: 58, width: 60, height: 28))
    let card = UIView(frame: CGRect(x: 24, y: 140, width: 120, height: 80))
    let statusLabel = UILabel(frame: CGRect(x: 24, y: 250, width: 240, height: 40))
    let dot = UIView(frame: CGRect(x: 24, y: 330, width: 24, height: 24))
    private var dotMoves = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        likeButton.backgroundColor = UIColor(red: 0.95, green: 0.2, blue: 0.35, alpha: 1)
        likeButton.layer.cornerRadius = 32
        likeButton.accessibilityIdentifier = "like"
        badge.backgroundColor = UIColor(red: 0.1, green: 0.45, blue: 0.95, alpha: 1)
        badge.textColor = .white
        badge.textAlignment = .center
        badge.text = "3 new"
        badge.font = UIFont.systemFont(ofSize: 13, weight: .semibold)
        badge.layer.cornerRadius = 14
        badge.clipsToBounds = true
        badge.accessibilityIdentifier = "badge"
        card.backgroundColor = UIColor(red: 0.2, green: 0.7, blue: 0.45, alpha: 1)
        card.layer.cornerRadius = 12
        card.accessibilityIdentifier = "card"
        statusLabel.text = "Syncing…"
        statusLabel.font = UIFont.systemFont(ofSize: 22, weight: .bold)
        statusLabel.textColor = .black
        statusLabel.accessibilityIdentifier = "status"
        dot.backgroundColor = .orange
        dot.layer.cornerRadius = 12
        dot.accessibilityIdentifier = "dot"
        [likeButton, badge, card, statusLabel, dot].forEach { view.addSubview($0) }
    }

    /// Everything at once, as a refresh finishing would.
    func refreshFinished() {
        popLike()
        showBadge()
        slideCard()
        pushStatus("Up to date")
        nudgeDot()
    }

    /// Grows past its size, undershoots, settles: the "pop" of a like.
    func popLike() {
        let pop = CAKeyframeAnimation(keyPath: "transform.scale")
        pop.values = [1, 1.2, 0.9, 1]
        pop.keyTimes = [0, 0.4, 0.7, 1]
        pop.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeInEaseOut),
                               CAMediaTimingFunction(name: .easeIn)]
        pop.duration = 0.5
        likeButton.layer.add(pop, forKey: "pop")
    }

    /// Fades in while rising 30 pt, and stays.
    func showBadge() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.timingFunction = CAMediaTimingFunction(name: .easeOut)
        let rise = CABasicAnimation(keyPath: "position.y")
        rise.fromValue = badge.layer.position.y + 30
        rise.toValue = badge.layer.position.y
        let group = CAAnimationGroup()
        group.animations = [fade, rise]
        group.duration = 0.4
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        badge.layer.add(group, forKey: "appear")
    }

    /// Slides to the right on a spring; the model moves too, so nothing snaps back.
    func slideCard() {
        let spring = CASpringAnimation(keyPath: "position")
        let target = CGPoint(x: card.center.x + 150, y: card.center.y)
        spring.fromValue = card.layer.position
        spring.toValue = target
        spring.mass = 1
        spring.stiffness = 170
        spring.damping = 12
        spring.duration = spring.settlingDuration
        card.center = target
        card.layer.add(spring, forKey: "slide")
    }

    /// The new text pushed in from the right over the old.
    func pushStatus(_ text: String) {
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 0.35
        push.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        statusLabel.layer.add(push, forKey: "push")
        statusLabel.text = text
    }

    /// Out 200 pt and kept there; back from animationDidStop.
    func nudgeDot() {
        let out = CABasicAnimation(keyPath: "position.x")
        out.fromValue = dot.layer.position.x
        out.toValue = dot.layer.position.x + 200
        out.duration = 0.3
        out.fillMode = .forwards
        out.isRemovedOnCompletion = false
        out.delegate = self
        dot.layer.add(out, forKey: "out")
    }

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // Core Animation calls its delegate on the main thread.
        MainActor.assumeIsolated {
            guard flag, dotMoves == 0 else { return }
            dotMoves += 1
            let back = CABasicAnimation(keyPath: "position.x")
            back.fromValue = dot.layer.position.x + 200
            back.toValue = dot.layer.position.x
            back.duration = 0.3
            back.timingFunction = CAMediaTimingFunction(name: .easeIn)
            dot.layer.add(back, forKey: "back")
            dot.layer.removeAnimation(forKey: "out")
        }
    }
}
