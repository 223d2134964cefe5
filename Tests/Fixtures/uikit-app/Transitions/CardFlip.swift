//
//  CardFlip.swift
//  A playing card that flips over when tapped: its front and back are two views in a container
//  whose sublayerTransform gives them one perspective; each face is single-sided, the back
//  starts turned half way round, and both turn by half a turn about y with
//  CABasicAnimation(keyPath: "transform.rotation.y").
//
import UIKit

final class CardFlipViewController: UIViewController {
    let card = UIView(frame: CGRect(x: 60, y: 134, width: 200, height: 300))
    let front = UIView()
    let back = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.93, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 600
        card.layer.sublayerTransform = perspective
        view.addSubview(card)
        for (face, color) in [(back, UIColor(red: 0.15, green: 0.3, blue: 0.75, alpha: 1)), (front, UIColor(red: 0.85, green: 0.15, blue: 0.2, alpha: 1))] {
            face.frame = card.bounds
            face.backgroundColor = color
            face.layer.cornerRadius = 14
            face.layer.isDoubleSided = false
            card.addSubview(face)
        }
        back.layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        let tap = UITapGestureRecognizer(target: self, action: #selector(flip(_:)))
        card.addGestureRecognizer(tap)
    }

    @objc func flip(_ sender: Any) {
        for (face, start) in [(front, CGFloat(0)), (back, -CGFloat.pi)] {
            let turn = CABasicAnimation(keyPath: "transform.rotation.y")
            turn.fromValue = start
            turn.toValue = start + .pi
            turn.duration = 0.6
            turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            face.layer.transform = CATransform3DMakeRotation(start + .pi, 0, 1, 0)
            face.layer.add(turn, forKey: "flip")
        }
    }
}
