import Foundation

// The waterfall photo browser: the masonry layout, a UICollectionViewFlowLayout subclass that
// lays every cell out in `prepare()`.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

class XZPhotoBrowserFlowLayout: UICollectionViewFlowLayout {
    var images: [XZPhotoBrowserModel] = []
    /// Columns; at least 2 (0 means the default, 2).
    var xzColumnsCount = 0
    /// Every cell's attributes, in item order.
    var itemsAttributes: [UICollectionViewLayoutAttributes] = []

    private var columnsCount = 2
    /// Each column's height so far.
    private var COLUMNSHEIGHTS: [CGFloat] = []

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    override func prepare() {
        columnsCount = xzColumnsCount != 0 ? (xzColumnsCount > 2 ? xzColumnsCount : 2) : 2
        let itemCounts = collectionView?.numberOfItems(inSection: 0) ?? 0
        itemsAttributes = []
        itemsAttributes.reserveCapacity(itemCounts)
        COLUMNSHEIGHTS = Array(repeating: 0, count: columnsCount)
        for index in 0..<itemCounts {
            // The shortest column takes the photo.
            let model = images[index]
            let shtIndex = findShortestColumn()
            // NSUInteger in the app: whole points.
            let origin_x = UInt(CGFloat(shtIndex) * (columnWidth() + 5) + 5)
            let origin_y = UInt(Int(COLUMNSHEIGHTS[shtIndex]) + 5)
            var size_width: UInt = 0
            if shtIndex < columnsCount - 1 && COLUMNSHEIGHTS[shtIndex] == COLUMNSHEIGHTS[shtIndex + 1] && model.width >= 1.5 * model.height
            {
                size_width = UInt(2 * columnWidth())
            } else {
                size_width = UInt(columnWidth())
            }
            let size_height = getImageHeight(CGSize(width: model.width, height: model.height), width: size_width)
            if size_width == UInt(2 * columnWidth()) {
                COLUMNSHEIGHTS[shtIndex] = CGFloat(origin_y + size_height)
                COLUMNSHEIGHTS[shtIndex + 1] = CGFloat(origin_y + size_height)
            } else {
                COLUMNSHEIGHTS[shtIndex] = CGFloat(origin_y + size_height)
            }
            let indexPath = IndexPath(item: index, section: 0)
            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attributes.frame = CGRect(x: CGFloat(origin_x), y: CGFloat(origin_y), width: CGFloat(size_width), height: CGFloat(size_height))
            itemsAttributes.append(attributes)
        }
    }

    /// The height of a photo `width` wide, in 32-bit float, truncated (`unsignedIntegerValue`).
    func getImageHeight(_ size: CGSize, width: UInt) -> UInt {
        let integerW = Float(size.width)
        let integerH = Float(size.height)
        let scale = Float(width) / integerW
        let number = NSNumber(value: scale * integerH)
        return number.uintValue
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        return itemsAttributes
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        return itemsAttributes[indexPath.item]
    }

    override var collectionViewContentSize: CGSize {
        var size = collectionView?.bounds.size ?? .zero
        let longstIndex = findLongestColumn()
        let columnMax = COLUMNSHEIGHTS.isEmpty ? 0 : COLUMNSHEIGHTS[longstIndex]
        size.height = columnMax + 5
        return size
    }

    // MARK: ---- public
    func findShortestColumn() -> Int {
        var shortestIndex = 0
        var shortestValue = CGFloat.greatestFiniteMagnitude
        for (index, columnHeight) in COLUMNSHEIGHTS.enumerated() where columnHeight < shortestValue {
            shortestValue = columnHeight
            shortestIndex = index
        }
        return shortestIndex
    }

    func findLongestColumn() -> Int {
        var longestIndex = 0
        var longestValue: CGFloat = 0
        for (index, columnHeight) in COLUMNSHEIGHTS.enumerated() where columnHeight > longestValue {
            longestValue = columnHeight
            longestIndex = index
        }
        return longestIndex
    }

    /// `roundf((width − (n + 1)·5) / n)`.
    func columnWidth() -> CGFloat {
        let width = collectionView?.bounds.size.width ?? 0
        return CGFloat(roundf(Float((width - CGFloat(columnsCount + 1) * 5) / CGFloat(columnsCount))))
    }
}
