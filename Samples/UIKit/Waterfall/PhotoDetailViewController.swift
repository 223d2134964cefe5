import Foundation

// The waterfall photo browser: the detail screen, a horizontal paging collection view and the
// temporary image view the transitions fly to and from. Its navigation delegate hands the pop
// to XZPhotoBrowserPopTransition.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

@MainActor
protocol PhotoDetailDelegate: AnyObject {
    func xzPhotoBrowserSelectIndex(_ index: Int)
}

class PhotoDetailViewController: UIViewController, UICollectionViewDelegate, UICollectionViewDataSource,
    UICollectionViewDelegateFlowLayout, UINavigationControllerDelegate
{
    var dataArray: [XZPhotoBrowserModel] = []
    /// The photo shown.
    var selectIndex = 0
    weak var delegate: PhotoDetailDelegate?
    /// The app declares it for an edge-swipe pop it never wires up; nil unless a gesture sets it.
    var percentDrivenTransition: UIPercentDrivenInteractiveTransition?

    override func viewDidLoad() {
        super.viewDidLoad()
        self.title = "Browzer"
        self.navigationController?.delegate = self
        self.collectionView.register(PhotoDetailItem.self, forCellWithReuseIdentifier: "identifier")
        self.view.addSubview(self.collectionView)
        self.view.backgroundColor = UIColor.black
        self.collectionView.contentOffset = CGPoint(x: self.view.frame.size.width * CGFloat(self.selectIndex), y: 0)
        self.initTmpImageView(self.selectIndex)
        self.collectionView.isHidden = true
    }

    /// Points the temporary image view at photo `index`, fitted to the width, and tells the grid
    /// to reveal that photo's cell.
    func initTmpImageView(_ index: Int) {
        self.delegate?.xzPhotoBrowserSelectIndex(index)
        let model = self.dataArray[index]
        self.tmpImageView.image = UIImage(named: model.url)
        let w = self.view.frame.size.width - 10
        let h = PublicMethod.getImageHeight(CGSize(width: model.width, height: model.height), width: w)
        self.tmpImageView.frame = CGRect(x: 5, y: (self.view.frame.size.height - 64 - h) / 2.0, width: w, height: h)
    }

    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        if animationController is XZPhotoBrowserPopTransition {
            return self.percentDrivenTransition
        } else {
            return nil
        }
    }

    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        let pop = XZPhotoBrowserPopTransition()
        return pop
    }

    /// After a swipe: the photo now shown becomes the one the pop returns.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        self.selectIndex = Int(scrollView.contentOffset.x / self.view.frame.size.width)
        self.initTmpImageView(self.selectIndex)
    }

    // MARK: --- data source and delegate
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return self.dataArray.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "identifier", for: indexPath) as! PhotoDetailItem
        let model = self.dataArray[indexPath.row]
        cell.detailImageView.image = UIImage(named: model.url)
        return cell
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        return 1
    }

    // MARK: ---- lazy
    lazy var collectionView: UICollectionView = {
        let flowLayout = UICollectionViewFlowLayout()
        flowLayout.scrollDirection = .horizontal
        flowLayout.itemSize = CGSize(width: self.view.frame.size.width - 10, height: self.view.frame.size.height - 64)
        flowLayout.minimumLineSpacing = 10
        flowLayout.sectionInset = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: self.view.frame.size.width, height: self.view.frame.size.height - 64),
            collectionViewLayout: flowLayout)
        collectionView.backgroundColor = UIColor.black
        collectionView.delegate = self
        collectionView.dataSource = self
        collectionView.isPagingEnabled = true
        return collectionView
    }()

    /// The temporary image view: aspect-fit, invisible; the transitions read its image and frame.
    lazy var tmpImageView: UIImageView = {
        let tmpImageView = UIImageView()
        self.view.addSubview(tmpImageView)
        tmpImageView.contentMode = .scaleAspectFit
        tmpImageView.alpha = 0
        return tmpImageView
    }()
}
