//
//  LeakyScreens.swift
//  Two screens that get the run loop wrong: one leaves a repeating timer running, one loads its
//  image on a background queue.
//
import UIKit

final class PollingViewController: UIViewController {
    private var pollTimer: Timer?
    private(set) var polls = 0

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        pollTimer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in self?.polls += 1 }
    }
}

final class BackgroundLoadingViewController: UIViewController {
    let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(imageView)
        DispatchQueue.global(qos: .userInitiated).async {
            let image = UIImage(named: "photo")
            DispatchQueue.main.async { self.imageView.image = image }
        }
    }
}
