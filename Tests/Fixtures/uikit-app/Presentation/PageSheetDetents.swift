//
//  PageSheetDetents.swift
//  A page sheet with detents, as Maps-style apps present details: UIKit's own sheet at the
//  medium detent with the grabber, expanded to the large detent with animateChanges once it
//  has appeared.
//
import UIKit

final class PlacesMapViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "map"
        view.backgroundColor = UIColor(red: 0.55, green: 0.75, blue: 0.95, alpha: 1)
    }

    func showDetails(expandOnAppear: Bool) {
        let details = PlaceDetailsViewController()
        details.expandsOnAppear = expandOnAppear
        if let sheet = details.sheetPresentationController {
            sheet.detents = [.medium(), .large()]
            sheet.prefersGrabberVisible = true
        }
        present(details, animated: true, completion: nil)
    }
}

final class PlaceDetailsViewController: UIViewController {
    var expandsOnAppear = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "details"
        view.backgroundColor = .white
        let title = UIView(frame: CGRect(x: 16, y: 24, width: 160, height: 20))
        title.backgroundColor = UIColor(white: 0.2, alpha: 1)
        view.addSubview(title)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard expandsOnAppear, let sheet = sheetPresentationController else { return }
        sheet.animateChanges {
            sheet.selectedDetentIdentifier = .large
        }
    }
}
