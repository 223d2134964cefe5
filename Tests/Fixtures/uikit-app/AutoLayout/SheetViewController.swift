//
//  SheetViewController.swift
//  A bottom sheet over a dimmed screen. The sheet hangs below the screen's bottom edge; showing
//  it animates its top constraint up by the sheet's height while the dimming fades in.
//
import UIKit

final class SheetViewController: UIViewController {
    let dimmingView = UIView()
    let sheetView = UIView()
    let grabberView = UIView()
    let titleLabel = UILabel()
    let doneButton = UIView()

    static let sheetHeight: CGFloat = 360
    private var sheetTop: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white

        dimmingView.translatesAutoresizingMaskIntoConstraints = false
        dimmingView.accessibilityIdentifier = "dimming"
        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        view.addSubview(dimmingView)

        sheetView.translatesAutoresizingMaskIntoConstraints = false
        sheetView.accessibilityIdentifier = "sheet"
        sheetView.backgroundColor = .secondarySystemBackground
        sheetView.layer.cornerRadius = 12
        view.addSubview(sheetView)

        grabberView.translatesAutoresizingMaskIntoConstraints = false
        grabberView.accessibilityIdentifier = "grabber"
        grabberView.backgroundColor = .systemGray3
        grabberView.layer.cornerRadius = 2.5
        sheetView.addSubview(grabberView)

        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        titleLabel.accessibilityIdentifier = "sheetTitle"
        titleLabel.text = "Share"
        titleLabel.font = .boldSystemFont(ofSize: 20)
        sheetView.addSubview(titleLabel)

        doneButton.translatesAutoresizingMaskIntoConstraints = false
        doneButton.accessibilityIdentifier = "done"
        doneButton.backgroundColor = .systemBlue
        doneButton.layer.cornerRadius = 10
        sheetView.addSubview(doneButton)

        sheetTop = sheetView.topAnchor.constraint(equalTo: view.bottomAnchor)
        sheetTop.identifier = "sheetTop"

        NSLayoutConstraint.activate([
            dimmingView.topAnchor.constraint(equalTo: view.topAnchor),
            dimmingView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            dimmingView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            dimmingView.trailingAnchor.constraint(equalTo: view.trailingAnchor),

            sheetTop,
            sheetView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            sheetView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            sheetView.heightAnchor.constraint(equalToConstant: Self.sheetHeight),

            grabberView.topAnchor.constraint(equalTo: sheetView.topAnchor, constant: 6),
            grabberView.centerXAnchor.constraint(equalTo: sheetView.centerXAnchor),
            grabberView.widthAnchor.constraint(equalToConstant: 36),
            grabberView.heightAnchor.constraint(equalToConstant: 5),

            titleLabel.topAnchor.constraint(equalTo: grabberView.bottomAnchor, constant: 16),
            titleLabel.leadingAnchor.constraint(equalTo: sheetView.layoutMarginsGuide.leadingAnchor),
            titleLabel.trailingAnchor.constraint(equalTo: sheetView.layoutMarginsGuide.trailingAnchor),
            titleLabel.heightAnchor.constraint(equalToConstant: 24),

            doneButton.leadingAnchor.constraint(equalTo: sheetView.leadingAnchor, constant: 16),
            doneButton.trailingAnchor.constraint(equalTo: sheetView.trailingAnchor, constant: -16),
            doneButton.heightAnchor.constraint(equalToConstant: 50),
            doneButton.bottomAnchor.constraint(equalTo: sheetView.safeAreaLayoutGuide.bottomAnchor, constant: -16),
        ])
    }

    /// Slides the sheet up by its height and dims the screen behind it.
    func showSheet() {
        view.layoutIfNeeded()
        sheetTop.constant = -Self.sheetHeight
        UIView.animate(withDuration: 0.35, delay: 0, options: .curveEaseOut, animations: {
            self.dimmingView.alpha = 0.4
            self.view.layoutIfNeeded()
        })
    }
}
