public import Foundation

/// UIKit's `UICollectionViewController`: a view controller whose view is a collection view it
/// is the data source and delegate of. Override the data source and delegate methods.
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    /// The collection view (made by `loadView`).
    open var collectionView: UICollectionView!
    private let initialLayout: UICollectionViewLayout
    /// Deselects on `viewWillAppear` (recorded; UIKit's default true).
    open var clearsSelectionOnViewWillAppear = true

    /// A controller whose collection view uses `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// A controller whose collection view uses a flow layout with UIKit's defaults (UIKit's
    /// designated initialiser; no nib is loaded).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Not supported: there are no archives on Linux.
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported by FlipbookUIKit") }

    /// The layout of the collection view.
    open var collectionViewLayout: UICollectionViewLayout { collectionView?.collectionViewLayout ?? initialLayout }

    open override func loadView() {
        let collectionView = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: initialLayout)
        collectionView.dataSource = self
        collectionView.delegate = self
        self.collectionView = collectionView
        view = collectionView
    }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        preconditionFailure("\(type(of: self)) must override collectionView(_:cellForItemAt:)")
    }

    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
}
