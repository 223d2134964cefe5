#!/usr/bin/env bash
# Rebuilds the fixture font subsets from the Debian packages (fonts-inter, fonts-noto-cjk,
# fonts-noto-ui-core, fonts-noto-color-emoji) with pyftsubset (Debian package fonttools).
set -euo pipefail
cd "$(dirname "$0")"
sub() { /usr/bin/pyftsubset "$@" --layout-features='*' --name-IDs='*' --name-languages='*' --notdef-outline --no-hinting --glyph-names; }
inter=/usr/share/fonts/opentype/inter
latin="U+0020-007E,U+00A0-017F,U+2010-2027,U+2030-203A,U+20AC,U+2122,U+2605-2606"
for weight in Regular SemiBold Bold; do
    sub "$inter/Inter-$weight.otf" --unicodes="$latin" --output-file="Inter-$weight.otf"
done
noto=/usr/share/fonts/truetype/noto
cjk=/usr/share/fonts/opentype/noto
punct="U+3000-3003,U+300C-300F,U+FF01,U+FF08-FF09,U+FF0C,U+FF1A-FF1B,U+FF1F"
for weight in Regular Bold; do
    # Face 0 is Japanese, face 2 Simplified Chinese: both, as a two-face collection, so that
    # tests see that the Simplified Chinese face is chosen.
    sub "$cjk/NotoSansCJK-$weight.ttc" --font-number=0 --text-file=subset-text.txt --unicodes="$punct" --output-file=/tmp/cjk-jp.otf
    sub "$cjk/NotoSansCJK-$weight.ttc" --font-number=2 --text-file=subset-text.txt --unicodes="$punct" --output-file=/tmp/cjk-sc.otf
    /usr/bin/python3 -c "
from fontTools.ttLib import TTFont, TTCollection
c = TTCollection(); c.fonts = [TTFont('/tmp/cjk-jp.otf', recalcTimestamp=False), TTFont('/tmp/cjk-sc.otf', recalcTimestamp=False)]; c.save('NotoSansCJK-$weight-subset.ttc')"
done
sub "$noto/NotoSansDevanagariUI-Regular.ttf" --unicodes="U+0020,U+0900-097F,U+200C-200D,U+25CC" --output-file=NotoSansDevanagariUI-Regular.ttf
sub "$noto/NotoSansDevanagariUI-Bold.ttf" --text-file=subset-text.txt --unicodes="U+200C-200D,U+25CC" --output-file=NotoSansDevanagariUI-Bold.ttf
sub "$noto/NotoSansArabicUI-Regular.ttf" --unicodes="U+0020,U+0600-06FF,U+200C-200D,U+25CC" --output-file=NotoSansArabicUI-Regular.ttf
sub "$noto/NotoSansArabicUI-Bold.ttf" --text-file=subset-text.txt --unicodes="U+200C-200D,U+25CC" --output-file=NotoSansArabicUI-Bold.ttf
sub "$noto/NotoSansThaiUI-Regular.ttf" --unicodes="U+0020,U+0E00-0E7F,U+25CC" --output-file=NotoSansThaiUI-Regular.ttf
sub "$noto/NotoColorEmoji.ttf" --text-file=subset-text.txt --unicodes="U+200D,U+FE0F" --output-file=NotoColorEmoji-subset.ttf
