import Foundation

// The waterfall photo browser: the grid screen. Its navigation delegate hands the push to
// XZPhotoBrowserPushTransition; "Add" appends the next photo of the feed, as in the app.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

class XZPhotoBrowserViewController: UIViewController, UICollectionViewDelegate, UICollectionViewDataSource,
    UICollectionViewDelegateFlowLayout, UINavigationControllerDelegate, PhotoDetailDelegate
{
    /// The feed the app reads in `viewDidLoad` (`photos.plist` in its bundle; Samples/photos.json here).
    var photosFile: URL?

    /// Photos shown.
    private(set) var dataArray: [XZPhotoBrowserModel] = []
    /// A reuse identifier per index path (the app's workaround for reuse).
    private var identifierDic: [String: String] = [:]
    /// Every photo of the feed.
    private var plistArray: [XZPhotoBrowserModel] = []
    /// Each shown cell's bottom + 5, by item.
    var offsetDictionary: [String: CGFloat] = [:]

    private static let identifier = "identifierCell"

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        self.navigationController?.delegate = self
    }

    /// The push to the detail uses the custom animation.
    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        if toVC is PhotoDetailViewController {
            let transition = XZPhotoBrowserPushTransition()
            return transition
        } else {
            return nil
        }
    }

    /// Return positioning: scroll so that photo `index`'s cell is fully visible.
    func xzPhotoBrowserSelectIndex(_ index: Int) {
        let attributes = self.flowLayout.itemsAttributes[index]
        let bottomLine = attributes.frame.origin.y + attributes.frame.size.height + 5
        let screenH = UIScreen.main.bounds.size.height - 64
        if bottomLine > screenH {
            self.collectionView.contentOffset = CGPoint(x: 0, y: bottomLine - screenH)
        } else {
            self.collectionView.contentOffset = CGPoint(x: 0, y: 0)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        if let photosFile = photosFile, let models = try? XZPhotoBrowserModel.models(contentsOf: photosFile) {
            plistArray.append(contentsOf: models)
        }
        self.identifierDic = [:]
        self.view.addSubview(self.collectionView)
    }

    /// The "Add" bar button: the next photo of the feed.
    func addAction(_ sender: UIBarButtonItem?) {
        if self.dataArray.count == self.plistArray.count { return }
        self.dataArray.append(self.plistArray[self.dataArray.count])
        self.flowLayout.images = self.dataArray
        self.collectionView.reloadData()
    }

    /// The "Clear" bar button: no photos.
    func clearAction(_ sender: UIBarButtonItem?) {
        self.dataArray.removeAll()
        self.identifierDic.removeAll()
        self.offsetDictionary.removeAll()
        self.collectionView.reloadData()
    }

    // MARK: --- data source and delegate
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return self.dataArray.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        var fier = self.identifierDic["\(indexPath)"]
        if fier == nil {
            fier = "XZPhotoBrowser\(indexPath)"
            self.identifierDic["\(indexPath)"] = fier
            self.collectionView.register(XZPhotoBrowserItem.self, forCellWithReuseIdentifier: fier!)
        }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: fier!, for: indexPath) as! XZPhotoBrowserItem
        let model = self.dataArray[indexPath.row]
        cell.photo.image = UIImage(named: model.url)
        self.offsetDictionary["\(indexPath.row)"] = cell.frame.origin.y + cell.frame.size.height + 5
        return cell
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        return 1
    }

    /// A tap pushes the detail.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let detail = PhotoDetailViewController()
        detail.dataArray = self.dataArray
        detail.delegate = self
        detail.selectIndex = indexPath.row
        self.navigationController?.pushViewController(detail, animated: true)
    }

    // MARK: ---- lazy
    lazy var collectionView: UICollectionView = {
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: self.view.frame.size.width, height: self.view.frame.size.height - 64),
            collectionViewLayout: self.flowLayout)
        collectionView.backgroundColor = UIColor.white
        collectionView.delegate = self
        collectionView.dataSource = self
        return collectionView
    }()

    lazy var flowLayout: XZPhotoBrowserFlowLayout = {
        let flowLayout = XZPhotoBrowserFlowLayout()
        flowLayout.images = self.dataArray
        flowLayout.xzColumnsCount = 3
        return flowLayout
    }()
}
