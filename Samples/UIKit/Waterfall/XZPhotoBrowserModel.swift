import Foundation

// The waterfall photo browser (Objective-C, translated line for line): the photo model and the
// app's one helper. The app reads `photos.plist` ({"content": [{"url", "width", "height"}]});
// Samples/photos.json has the same shape, read here with JSONSerialization.
#if canImport(UIKit)
    import UIKit
#else
    import FlipbookUIKit
#endif

/// One photo: its image (named as `UIImage(named:)` finds it) and its size in pixels, which the
/// app's feed carries so the grid can lay out before the image arrives.
class XZPhotoBrowserModel: NSObject {
    var url = ""
    var width: CGFloat = 0
    var height: CGFloat = 0

    /// The photos of a `{"content": [{"url", "width", "height"}]}` file (`setValuesForKeysWithDictionary:` in the app).
    static func models(contentsOf file: URL) throws -> [XZPhotoBrowserModel] {
        let data = try Data(contentsOf: file)
        let dic = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let arr = dic["content"] as? [[String: Any]] ?? []
        return arr.map { entry in
            let model = XZPhotoBrowserModel()
            model.url = entry["url"] as? String ?? ""
            model.width = CGFloat((entry["width"] as? NSNumber)?.doubleValue ?? 0)
            model.height = CGFloat((entry["height"] as? NSNumber)?.doubleValue ?? 0)
            return model
        }
    }
}

/// The app's `PublicMethod`.
enum PublicMethod {
    /// The height of a photo of `size` shown `width` wide, computed in 32-bit float as the app does.
    static func getImageHeight(_ size: CGSize, width: CGFloat) -> CGFloat {
        let integerW = Float(size.width)
        let integerH = Float(size.height)
        let scale = Float(width) / integerW
        let number = NSNumber(value: scale * integerH)
        return CGFloat(number.floatValue)
    }
}

/// A grid cell: the photo in an image view filling the cell (UIImageView's default scaleToFill).
class XZPhotoBrowserItem: UICollectionViewCell {
    let photo = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(photo)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        photo.frame = contentView.bounds
    }
}

/// A detail page: the photo aspect-fit in the page.
class PhotoDetailItem: UICollectionViewCell {
    let detailImageView = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        detailImageView.contentMode = .scaleAspectFit
        contentView.addSubview(detailImageView)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        detailImageView.frame = contentView.bounds
    }
}
