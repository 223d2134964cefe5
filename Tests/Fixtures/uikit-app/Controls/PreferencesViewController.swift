//
//  PreferencesViewController.swift
//  A settings-style screen: a switch that tints the preview card, a segmented control whose
//  value switches the preview between a grid and a list with a cross-dissolve, and a page
//  control under a paging scroll view of tips, kept on the page the scroll view shows by
//  observing its content offset.
//
import UIKit

final class PreferencesViewController: UIViewController {
    let darkCardsSwitch = UISwitch()
    let layoutControl = UISegmentedControl(items: ["Grid", "List"])
    let gridView = UIView(frame: CGRect(x: 16, y: 220, width: 343, height: 200))
    let listView = UIView(frame: CGRect(x: 16, y: 220, width: 343, height: 200))
    let tipsScrollView = UIScrollView(frame: CGRect(x: 0, y: 460, width: 375, height: 120))
    let pageControl = UIPageControl(frame: CGRect(x: 0, y: 590, width: 375, height: 37))
    private var offsetObservation: NSKeyValueObservation?
    private(set) var events: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground

        let row = UIView(frame: CGRect(x: 0, y: 90, width: 375, height: 51))
        row.backgroundColor = .white
        let rowTitle = UILabel(frame: CGRect(x: 16, y: 0, width: 250, height: 51))
        rowTitle.text = "Dark cards"
        row.addSubview(rowTitle)
        // The usual trailing switch in a 51 pt row: 16 pt from the edge, centred.
        darkCardsSwitch.frame.origin = CGPoint(x: 375 - 16 - 51, y: 10)
        darkCardsSwitch.addTarget(self, action: #selector(darkCardsChanged(_:)), for: .valueChanged)
        row.addSubview(darkCardsSwitch)
        view.addSubview(row)

        layoutControl.frame = CGRect(x: 16, y: 170, width: 343, height: 32)
        layoutControl.selectedSegmentIndex = 0
        layoutControl.addTarget(self, action: #selector(layoutChanged(_:)), for: .valueChanged)
        view.addSubview(layoutControl)

        gridView.accessibilityIdentifier = "grid"
        gridView.backgroundColor = .systemBlue
        gridView.layer.cornerRadius = 12
        listView.accessibilityIdentifier = "list"
        listView.backgroundColor = .systemOrange
        listView.layer.cornerRadius = 12
        listView.isHidden = true
        view.addSubview(gridView)
        view.addSubview(listView)

        tipsScrollView.isPagingEnabled = true
        tipsScrollView.contentSize = CGSize(width: 375 * 3, height: 120)
        for (index, color) in [UIColor.systemTeal, .systemPink, .systemPurple].enumerated() {
            let tip = UIView(frame: CGRect(x: CGFloat(index) * 375 + 16, y: 0, width: 343, height: 120))
            tip.backgroundColor = color
            tip.layer.cornerRadius = 12
            tipsScrollView.addSubview(tip)
        }
        view.addSubview(tipsScrollView)

        pageControl.numberOfPages = 3
        pageControl.pageIndicatorTintColor = .systemGray4
        pageControl.currentPageIndicatorTintColor = .systemBlue
        pageControl.addTarget(self, action: #selector(pageChanged(_:)), for: .valueChanged)
        view.addSubview(pageControl)

        offsetObservation = tipsScrollView.observe(\.contentOffset, options: [.new, .initial]) { [weak self] scrollView, change in
            guard let self = self, let offset = change.newValue, scrollView.bounds.width > 0 else { return }
            self.pageControl.currentPage = Int((offset.x / scrollView.bounds.width).rounded())
        }
    }

    deinit {
        offsetObservation?.invalidate()
    }

    @objc private func darkCardsChanged(_ sender: UISwitch) {
        events.append("dark cards \(sender.isOn ? "on" : "off")")
        UIView.animate(withDuration: 0.3) {
            self.gridView.backgroundColor = sender.isOn ? .systemIndigo : .systemBlue
        }
    }

    @objc private func layoutChanged(_ sender: UISegmentedControl) {
        events.append("layout \(sender.selectedSegmentIndex)")
        let showList = sender.selectedSegmentIndex == 1
        UIView.transition(from: showList ? gridView : listView, to: showList ? listView : gridView, duration: 0.3,
                          options: [.transitionCrossDissolve, .showHideTransitionViews], completion: nil)
    }

    @objc private func pageChanged(_ sender: UIPageControl) {
        events.append("page \(sender.currentPage)")
        tipsScrollView.setContentOffset(CGPoint(x: CGFloat(sender.currentPage) * tipsScrollView.bounds.width, y: 0), animated: true)
    }
}
