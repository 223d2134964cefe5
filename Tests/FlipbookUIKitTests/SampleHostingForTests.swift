import Flipbook
import FlipbookCodecs
import FlipbookImageDiff
import FlipbookUIKit
import Foundation

@testable import FlipbookUIKitSamples

/// What a user does before and during a sample's transition, done in code: the app's screens in
/// a navigation controller with an opaque bar (the reference apps lay their grids out under it),
/// a tap (`selectItem` then the delegate's `didSelectItemAt`, as UIKit delivers one), a swipe
/// (the offset a swipe leaves, then `scrollViewDidEndDecelerating`).
@MainActor
enum SampleHost {
    /// Photos as the samples read them: Samples/photos.json, names relative to Samples/.
    static var photos: [XZPhotoBrowserModel] { (try? XZPhotoBrowserModel.models(contentsOf: URL(fileURLWithPath: Samples.photos))) ?? [] }
    /// Where `UIImage(named:)` finds "photos/…".
    static let resources = URL(fileURLWithPath: Samples.directory)

    /// The device at 1× (small frames, fast tests; the geometry is the same at every scale).
    static var device: Device {
        var device = Device.iPhone8
        device.scale = 1
        return device
    }

    /// A navigation controller showing `root` in `window`, its bar opaque (or translucent, UIKit's
    /// default, when not `opaqueBar`), with the grid's "Clear" and "Add" items when `gridItems`
    /// (the presets' grid bar).
    static func install(_ root: UIViewController, in window: UIWindow, gridItems: Bool, opaqueBar: Bool = true) -> UINavigationController {
        let navigation = UINavigationController(rootViewController: root)
        navigation.navigationBar.isTranslucent = !opaqueBar
        if gridItems {
            root.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Clear", style: .plain, target: nil, action: nil)
            root.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Add", style: .plain, target: nil, action: nil)
        }
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return navigation
    }

    /// A tap on item `index` of `collectionView`.
    static func tap(_ index: Int, in collectionView: UICollectionView, delegate: UICollectionViewDelegate) {
        let path = IndexPath(item: index, section: 0)
        collectionView.selectItem(at: path, animated: false, scrollPosition: [])
        delegate.collectionView(collectionView, didSelectItemAt: path)
    }

    // MARK: The waterfall app

    /// The waterfall grid with every photo added ("Add" tapped once per photo, as a user fills it).
    static func waterfall(in window: UIWindow) -> (grid: XZPhotoBrowserViewController, navigation: UINavigationController) {
        let grid = XZPhotoBrowserViewController()
        grid.photosFile = URL(fileURLWithPath: Samples.photos)
        let navigation = install(grid, in: window, gridItems: true)
        for _ in photos { grid.addAction(nil) }
        window.layoutIfNeeded()
        return (grid, navigation)
    }

    /// A phone at 1×: its geometry with small frames.
    static func oneX(_ device: Device) -> Device {
        var copy = device
        copy.scale = 1
        return copy
    }

    /// push: tap photo `index`.
    static func waterfallPush(_ index: Int, on device: Device = device) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let (grid, _) = waterfall(in: window)
            tap(index, in: grid.collectionView, delegate: grid)
        }
    }

    /// pop: photo `index` pushed (without animation), swiped to `returnIndex`, then Back.
    static func waterfallPop(_ index: Int, returnIndex: Int, on device: Device = device) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let (grid, navigation) = waterfall(in: window)
            let path = IndexPath(item: index, section: 0)
            grid.collectionView.selectItem(at: path, animated: false, scrollPosition: [])
            let detail = PhotoDetailViewController()
            detail.dataArray = grid.dataArray
            detail.delegate = grid
            detail.selectIndex = index
            navigation.pushViewController(detail, animated: false)
            window.layoutIfNeeded()
            if returnIndex != index {
                detail.collectionView.contentOffset = CGPoint(x: window.bounds.width * CGFloat(returnIndex), y: 0)
                detail.scrollViewDidEndDecelerating(detail.collectionView)
            }
            _ = navigation.popViewController(animated: true)
        }
    }

    // MARK: The zoom browser

    static func zoomGrid(in window: UIWindow, revealing index: Int) -> (grid: ZoomGridViewController, navigation: UINavigationController) {
        let grid = ZoomGridViewController()
        grid.photos = photos
        // The zoom app's screens lay out under a translucent bar (ZoomViewControllers.swift).
        let navigation = install(grid, in: window, gridItems: true, opaqueBar: false)
        // The user scrolled the photo into view (the presets' rule: its bottom + 5 at the bottom edge).
        if let frame = grid.collectionView.layoutAttributesForItem(at: IndexPath(item: index, section: 0))?.frame {
            let visible = window.bounds.height - 64
            grid.collectionView.contentOffset = CGPoint(x: 0, y: max(0, frame.maxY + 5 - visible))
        }
        window.layoutIfNeeded()
        return (grid, navigation)
    }

    static func zoomPush(_ index: Int) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let (grid, _) = zoomGrid(in: window, revealing: index)
            tap(index, in: grid.collectionView, delegate: grid)
        }
    }

    static func zoomPop(_ index: Int) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let (grid, navigation) = zoomGrid(in: window, revealing: index)
            grid.collectionView.selectItem(at: IndexPath(item: index, section: 0), animated: false, scrollPosition: [])
            let detail = ZoomDetailViewController()
            detail.photo = photos[index]
            navigation.pushViewController(detail, animated: false)
            window.layoutIfNeeded()
            _ = navigation.popViewController(animated: true)
        }
    }

    // MARK: The modal browsers

    static func modalPresent(_ index: Int) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let grid = LYUMainCVC(items: photos.map(\.url))
            _ = install(grid, in: window, gridItems: true)
            tap(index, in: grid.collectionView, delegate: grid)
        }
    }

    /// dismiss: photo `index` presented (without animation), swiped to `returnIndex`, then a touch.
    static func modalDismiss(_ index: Int, returnIndex: Int) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let grid = LYUMainCVC(items: photos.map(\.url))
            _ = install(grid, in: window, gridItems: true)
            let path = IndexPath(item: index, section: 0)
            let browser = LYUBrowserVC()
            browser.indexPath = path
            browser.items = grid.items
            browser.modalPresentationStyle = .custom
            browser.transitioningDelegate = grid.animater
            grid.animater.presentDelegate = grid
            grid.animater.dismissDelegate = browser
            grid.animater.indexPath = path
            grid.present(browser, animated: false, completion: nil)
            window.layoutIfNeeded()
            browser.collectionView.contentOffset = CGPoint(x: window.bounds.width * CGFloat(returnIndex), y: 0)
            window.layoutIfNeeded()
            browser.dismiss(animated: true, completion: nil)
        }
    }

    static var chatPhotos: [ChatPhoto] { photos.map { ChatPhoto(name: $0.url, width: $0.width, height: $0.height) } }

    static func fadePresent(_ index: Int) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let grid = ChatGridViewController(photos: chatPhotos)
            _ = install(grid, in: window, gridItems: true)
            tap(index, in: grid.collectionView, delegate: grid)
        }
    }

    static func fadeDismiss(_ index: Int) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let grid = ChatGridViewController(photos: chatPhotos)
            _ = install(grid, in: window, gridItems: true)
            let cell = grid.collectionView.cellForItem(at: IndexPath(item: index, section: 0)) as! ChatImageCell
            let browser = ImageBrowserController.imageBrowserController(cell.chatImageView.message!)
            browser.modalPresentationStyle = .custom
            browser.transitioningDelegate = grid.picBrowserAnimation
            grid.picBrowserAnimation.presentDelegate = cell.chatImageView
            grid.picBrowserAnimation.dismissDelegate = browser
            grid.present(browser, animated: false, completion: nil)
            window.layoutIfNeeded()
            browser.dismiss(animated: true, completion: nil)
        }
    }

    // MARK: The card carousel

    static var cards: [CardModel] { (try? CardModel.cards(contentsOf: URL(fileURLWithPath: Samples.cards))) ?? [] }

    static func cardPush(_ index: Int) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let carousel = CardViewController()
            carousel.cards = cards
            _ = install(carousel, in: window, gridItems: false)
            carousel.show(index)
            window.layoutIfNeeded()
            tap(index, in: carousel.cardScrollView.collectionView, delegate: carousel)
        }
    }

    /// card-pop: card `index` tapped (the animated push and its follow-up), then, once the
    /// follow-up has ended, the detail's back button (`popViewController(animated: true)`, as
    /// the app's `clickBackBtn`): the pop takes the push's snapshots from the container.
    static func cardPop(_ index: Int) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let carousel = CardViewController()
            carousel.cards = cards
            let navigation = install(carousel, in: window, gridItems: false)
            carousel.show(index)
            window.layoutIfNeeded()
            tap(index, in: carousel.cardScrollView.collectionView, delegate: carousel)
            after(cardPushSeconds) { _ = navigation.popViewController(animated: true) }
        }
    }

    /// card-push's length: the 0.5 s move and the 0.3 s follow-up.
    static let cardPushSeconds: TimeInterval = 0.8

    /// Runs `action` `seconds` from now on the recording's clock (a user acting later): the
    /// completion of a property animator with nothing to animate.
    static func after(_ seconds: TimeInterval, _ action: @escaping () -> Void) {
        let wait = UIViewPropertyAnimator(duration: seconds, curve: .linear)
        wait.addCompletion { _ in action() }
        wait.startAnimation()
    }

    // MARK: Modern

    static func defaultPush(_ index: Int) throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let grid = PhotosViewController()
            grid.photos = photos
            _ = install(grid, in: window, gridItems: false)
            tap(index, in: grid.collectionView, delegate: grid)
        }
    }

    static func cardExpansion() throws -> Transition {
        try Transition.record(device: device, resources: resources) { window in
            let today = TodayViewController()
            today.photoName = photos[14].url
            today.secondPhotoName = photos[2].url
            window.rootViewController = today
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            today.expand()
        }
    }
}

/// Renders two transitions frame by frame and compares the pixels.
enum SampleComparison {
    /// A frame's pixel differences: a pixel counts when a channel differs by more than 2 (the
    /// rasterizer's rounding on edges that two equal geometries reach by different arithmetic).
    struct Frame {
        var index: Int
        var comparison: ImageComparison
        var differingFraction: Double { Double(comparison.differingPixels) / Double(max(1, comparison.comparedPixels)) }
    }

    static let channelTolerance = 2

    /// The recorded transition against the reference, both at 60 fps, at the given frames (default: every fourth and the last).
    /// `skippingRecordedFrames`: the recording's first frames that come before the reference's
    /// frame 0 (what the user did first: card-pop's push); the counts returned are what is left.
    static func compare(
        recorded: Transition, reference referenceSettings: RenderSettings, frames: [Int]? = nil, frameName: String? = nil,
        skippingRecordedFrames skipped: Int = 0
    ) throws -> (frames: [Frame], recordedCount: Int, referenceCount: Int) {
        var recordedSettings = RenderSettings(transition: recorded)
        recordedSettings.framesPerSecond = 60
        let recordedJob = try RenderJob(settings: recordedSettings)
        let referenceJob = try RenderJob(settings: referenceSettings)
        let recordedCount = recordedJob.sequence.count - skipped
        let count = min(recordedCount, referenceJob.sequence.count)
        let indices = frames ?? Array(Set(Array(stride(from: 0, to: count, by: 4)) + [count - 1])).sorted()
        let left = try recordedJob.renderFrames(indices.map { $0 + skipped })
        let right = try referenceJob.renderFrames(indices)
        // FLIPBOOK_SAMPLE_FRAMES=DIR writes both sides' frames there, to look at.
        if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_SAMPLE_FRAMES"], let name = frameName {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (k, index) in indices.enumerated() {
                try PNGEncoder.write(left[k], toPath: "\(folder)/\(name)-\(index)-recorded.png")
                try PNGEncoder.write(right[k], toPath: "\(folder)/\(name)-\(index)-reference.png")
            }
        }
        let results = indices.indices.map {
            Frame(index: indices[$0], comparison: ImageComparison.compare(right[$0], left[$0], tolerance: channelTolerance))
        }
        return (results, recordedCount, referenceJob.sequence.count)
    }

    /// A preset's settings at the samples' device.
    @MainActor
    static func preset(_ preset: TransitionPreset, select: Int = 0, returnIndex: Int? = nil, on device: Device = SampleHost.device)
        -> RenderSettings
    {
        var settings = RenderSettings(preset: preset)
        settings.scene.device = device
        settings.scene.selectedIndex = select
        settings.scene.returnIndex = returnIndex
        return settings
    }

    /// One line per frame, for the failure message and docs/UIKIT.md.
    static func summary(_ frames: [Frame]) -> String {
        frames.map {
            "frame \($0.index): \($0.comparison.differingPixels) px differ (\(String(format: "%.2f", 100 * $0.differingFraction)) %), largest \($0.comparison.largestDifference)"
        }
        .joined(separator: "\n")
    }
}
