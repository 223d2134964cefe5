extension Comparison {
    /// The `compare` sheet's and video's type sizes and offsets, in points (the sheet is drawn at
    /// its `SheetLayout.scale`; the video's band scales with the largest device scale). Chosen by
    /// eye to read at a glance beside @2x thumbnails: the title largest, the labels the eye looks
    /// up by (variants, moments) next, the frame numbers smallest. The grid's own geometry
    /// (margins, cell gaps, the plot's height) is `SheetLayout`'s.
    enum SheetMetrics {
        /// The title ("push — 3 variants, 0.7 s") and its baseline below the top margin.
        static let titlePoints = 15.0, titleBaseline = 15.0
        /// The details line (fps, device) and its baseline below the top margin.
        static let detailsPoints = 11.0, detailsBaseline = 33.0
        /// Each column's moment ("0.350 s"), its baseline this far above the cell.
        static let momentPoints = 10.0, momentAboveCell = 5.0
        /// A row's label: its size, its baseline this far below the row's first cell's middle,
        /// indented past the colour swatch.
        static let rowLabelPoints = 11.0, rowLabelBelowMiddle = 4.0, rowLabelIndent = 16.0
        /// The swatch before a row's label: a square, its top this far above the label's baseline.
        static let swatchSide = 10.0, swatchAboveBaseline = 9.0
        /// The label column: the widest label plus the swatch and padding, at least the minimum.
        static let rowLabelPadding = 26.0, minimumLabelColumnWidth = 110.0
        /// A thumbnail's frame number ("#12"), its baseline this far below the cell.
        static let frameLabelPoints = 9.0, frameLabelBelowCell = 12.0
        /// Between the last row and the curve plot.
        static let plotGap = 8.0

        /// The plot's legend, at the bottom right inside the plot area: one line per variant, a
        /// stroke in its colour then its label, on a white backing.
        enum Legend {
            static let labelPoints = 10.0, lineHeight = 13.0
            /// The widest label plus the stroke and its gap, and the label's indent past the stroke.
            static let labelPadding = 22.0, labelIndent = 20.0
            /// The legend's distance from the plot area's bottom and right edges.
            static let bottomInset = 8.0, rightInset = 6.0
            /// The backing: its margin left and right, its top above the first baseline, its height
            /// past the lines, and its opacity (the curves show through a little).
            static let backingMargin = 4.0, backingAboveBaseline = 12.0, backingExtraHeight = 6.0, backingOpacity = 0.85
            /// The coloured stroke before each label.
            static let strokeLength = 14.0, strokeThickness = 2.0, strokeAboveBaseline = 5.0
        }

        /// The side-by-side video's label band, in points (times the largest device scale).
        enum Video {
            /// The band's height, the gap between variants, the label's size.
            static let labelBand = 24.0, gap = 8.0, labelPoints = 13.0
            /// The label's baseline, as a fraction of the band's height from its top.
            static let labelBaselineFraction = 0.7
        }
    }
}
