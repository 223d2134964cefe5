//
//  ProgressViewController.swift
//  A screen whose progress bar fills from a display link, whose ticker steps on a repeating
//  timer with a target and selector, and whose badge appears from a delayed perform.
//
import UIKit
import Foundation

final class ProgressViewController: UIViewController {
    static let fillDuration: CFTimeInterval = 0.5
    static let barWidth: CGFloat = 335
    static let tickInterval: TimeInterval = 0.1
    static let badgeDelay: TimeInterval = 0.25

    let bar = UIView(frame: CGRect(x: 20, y: 200, width: 0, height: 4))
    let ticker = UIView(frame: CGRect(x: 0, y: 300, width: 10, height: 10))
    let badge = UIView(frame: CGRect(x: 300, y: 40, width: 20, height: 20))
    private var displayLink: CADisplayLink?
    private var fillStart: CFTimeInterval?
    private var ticks = 0
    private(set) var staleWorkRan = false
    private(set) var linkTimestamps: [CFTimeInterval] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        bar.accessibilityIdentifier = "bar"
        bar.backgroundColor = .systemBlue
        ticker.accessibilityIdentifier = "ticker"
        ticker.backgroundColor = .systemRed
        badge.accessibilityIdentifier = "badge"
        badge.backgroundColor = .systemGreen
        badge.isHidden = true
        view.addSubview(bar)
        view.addSubview(ticker)
        view.addSubview(badge)
    }

    func start() {
        let link = CADisplayLink(target: self, selector: #selector(step(_:)))
        link.add(to: .main, forMode: .common)
        displayLink = link
        Timer.scheduledTimer(timeInterval: Self.tickInterval, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: true)
        perform(#selector(showBadge), with: nil, afterDelay: Self.badgeDelay)
        let stale = DispatchWorkItem { [weak self] in self?.staleWorkRan = true }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.05, execute: stale)
        stale.cancel()
    }

    @objc private func step(_ link: CADisplayLink) {
        let start = fillStart ?? link.timestamp
        fillStart = start
        linkTimestamps.append(link.timestamp)
        // Draw the frame about to be shown: progress at the next refresh.
        let progress = min(1, (link.targetTimestamp - start) / Self.fillDuration)
        bar.frame.size.width = Self.barWidth * CGFloat(progress)
        if progress >= 1 {
            link.invalidate()
            displayLink = nil
        }
    }

    @objc private func tick(_ timer: Timer) {
        ticks += 1
        ticker.frame.origin.x = CGFloat(ticks) * 10
        if ticks == 5 { timer.invalidate() }
    }

    @objc private func showBadge() {
        badge.isHidden = false
    }
}
