//
//  CardPresentAnimator.swift
//  A card presentation in the style of popup libraries: the dimming fades in, the card follows
//  a beat later (dispatched to the main queue), and its corners round in a Core Animation
//  transaction whose completion block ends the transition.
//
import Foundation
import UIKit

final class CardPresentAnimator: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    static let dimmingDuration: TimeInterval = 0.2
    static let cardDelay: TimeInterval = 0.15
    static let cardDuration: TimeInterval = 0.35
    static let cornerDuration: CFTimeInterval = 0.4
    static let cornerRadius: CGFloat = 16

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        Self.cardDelay + Self.cardDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toController = transitionContext.viewController(forKey: .to),
              let toView = transitionContext.view(forKey: .to) else { return }
        let container = transitionContext.containerView
        let dimming = UIView(frame: container.bounds)
        dimming.accessibilityIdentifier = "dimming"
        dimming.backgroundColor = UIColor(white: 0, alpha: 0.4)
        dimming.alpha = 0
        container.addSubview(dimming)
        let finalFrame = transitionContext.finalFrame(for: toController)
        toView.frame = finalFrame.offsetBy(dx: 0, dy: container.bounds.height)
        container.addSubview(toView)

        UIView.animate(withDuration: Self.dimmingDuration) { dimming.alpha = 1 }
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.cardDelay) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(Self.cornerDuration)
            CATransaction.setCompletionBlock {
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
            let corners = CABasicAnimation(keyPath: "cornerRadius")
            corners.fromValue = 0
            corners.toValue = Self.cornerRadius
            toView.layer.cornerRadius = Self.cornerRadius
            toView.layer.add(corners, forKey: "corners")
            UIView.animate(withDuration: Self.cardDuration, delay: 0, options: .curveEaseOut, animations: {
                toView.frame = finalFrame
            })
            CATransaction.commit()
        }
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self
    }
}
