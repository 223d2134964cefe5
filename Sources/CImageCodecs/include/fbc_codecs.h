// CImageCodecs: the C shim between Swift and libpng/libjpeg.
//
// This is the only code in Flipbook that calls setjmp. Every entry point owns its codec structs,
// destroys them on both the success and the error path, and returns an `fbc_status` plus the
// library's message text copied into a caller-provided buffer. Nothing is printed to stderr.
//
// Decoding is two-step so that the caller (Swift) allocates the pixel buffer only after checking
// the size: `fbc_*_read_header` parses the header without decoding pixels, then
// `fbc_*_decode` decodes into a caller-owned buffer of exactly width × height × 4 bytes.
#ifndef FBC_CODECS_H
#define FBC_CODECS_H

#include <stddef.h>
#include <stdint.h>

/// Outcome of a shim call.
typedef enum {
    FBC_OK = 0,
    /// The data is damaged or truncated (the message says how).
    FBC_CORRUPT = 1,
    /// The data is valid but uses a feature the shim does not decode (12-bit, lossless JPEG, ...).
    FBC_UNSUPPORTED = 2,
    /// The caller's buffer does not match the image (a programmer error in the caller).
    FBC_BAD_ARGUMENT = 3,
    /// malloc failed.
    FBC_OUT_OF_MEMORY = 4,
    /// Valid data the decoder refuses to spend more on: more JPEG scans than allowed for the
    /// image's size, a PNG chunk over libpng's size limit (the message says which).
    FBC_LIMIT = 5,
} fbc_status;

/// What a header says, in stored (not oriented) pixels.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// EXIF orientation 1...8 (JPEG only; 1 when absent or invalid).
    int32_t orientation;
    /// 1 when the decoded pixels may have alpha < 255 (PNG alpha channel or tRNS).
    int32_t has_alpha;
    /// Warnings the library reported that did not affect the pixels (counted, never printed).
    int32_t ignored_warnings;
    /// Scans in the file (JPEG: SOS markers, counted by walking the marker segments; 1 for PNG).
    int32_t scans;
    /// 1 when a JPEG decode found every pixel's data but no end-of-image marker (FF D9): the
    /// image is complete and was decoded, the caller should say so. 0 otherwise.
    int32_t missing_end;
    /// Bytes a decode allocates besides the pixels and libjpeg's small buffers: the whole-image
    /// coefficient buffer of a multi-scan (progressive) JPEG, 128 bytes per 8×8 block of every
    /// component at the full stored size (DCT scaling does not shrink it); 0 for single-scan
    /// JPEGs and for PNG.
    uint64_t coefficient_bytes;
} fbc_header;

/// The most scans `fbc_jpeg_decode` accepts for a stored image of `width` × `height` pixels:
/// 2 500 000 000 / (width × height), kept within 64…1000. Every scan of a progressive JPEG is a
/// pass over the whole image's coefficients (about 0.5 ns per pixel here), so this bounds the
/// entropy-decoding work to a few seconds, while encoders use about 10 scans (jpegtran,
/// mozjpeg) and never more than a few dozen.
uint32_t fbc_jpeg_max_scans(uint32_t width, uint32_t height);

/// A malloc'ed byte buffer returned by the encoder; release with `fbc_buffer_free`.
typedef struct {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
} fbc_buffer;

/// PNG filter bits for `fbc_png_encode` (same values as libpng's PNG_FILTER_*).
enum {
    FBC_PNG_FILTER_NONE = 0x08,
    FBC_PNG_FILTER_SUB = 0x10,
    FBC_PNG_FILTER_UP = 0x20,
    FBC_PNG_FILTER_AVG = 0x40,
    FBC_PNG_FILTER_PAETH = 0x80,
    FBC_PNG_FILTER_ALL = 0xF8,
};

/// Reads a PNG's IHDR (and every chunk before the first IDAT) without decoding pixels.
fbc_status fbc_png_read_header(const uint8_t *data, size_t size, fbc_header *header,
                               char *message, size_t message_capacity);

/// Decodes a PNG to straight RGBA8 (R, G, B, A bytes per pixel, rows top first) into `rgba`,
/// which must hold exactly width × height × 4 bytes of the header. 16-bit samples keep their
/// high byte (png_set_strip_16); gamma, ICC and bKGD are ignored.
fbc_status fbc_png_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size,
                          fbc_header *header, char *message, size_t message_capacity);

/// Reads a JPEG header (up to the first SOS) and its EXIF orientation without decoding pixels,
/// counts the scans and sizes the coefficient buffer. FBC_LIMIT when the scans exceed
/// `fbc_jpeg_max_scans`.
fbc_status fbc_jpeg_read_header(const uint8_t *data, size_t size, fbc_header *header,
                                char *message, size_t message_capacity);

/// Decodes a JPEG in stored orientation to RGBA8 (alpha 255) into `rgba`, reduced in the DCT
/// domain by `scale_denominator` (1, 2, 4 or 8; libjpeg's scale_num = 1, scale_denom = it), so
/// `rgba` must hold exactly ceil(width / d) × ceil(height / d) × 4 bytes of the (stored) header
/// size, which `header` still reports. ISLOW DCT and fancy upsampling (libjpeg defaults).
/// CMYK/YCCK are converted here (Adobe files store inverted CMYK). Corrupt-data warnings fail;
/// a file that ends where only its end-of-image marker is missing (every scan complete) is
/// decoded with `missing_end` set. FBC_LIMIT when the scans exceed `fbc_jpeg_max_scans`.
/// With `skip_unused_scans`, a progressive file's AC scans of components whose reduced IDCT
/// reads only DC (the luma at 1/8) are not decoded: same pixels, a fraction of the time; damage
/// inside such a scan then goes unnoticed (its data is never used). 0 decodes every scan.
fbc_status fbc_jpeg_decode(const uint8_t *data, size_t size, unsigned scale_denominator, int skip_unused_scans,
                           uint8_t *rgba, size_t rgba_size, fbc_header *header, char *message, size_t message_capacity);

/// Encodes 8-bit RGB (`channels` 3) or straight RGBA (`channels` 4) rows, `stride` bytes apart,
/// as a non-interlaced PNG into `out` (zlib `level` 0...9, `filters` a set of FBC_PNG_FILTER_*).
/// No time or text chunks are written, so the output is a pure function of the input.
fbc_status fbc_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                          size_t stride, int level, int filters, fbc_buffer *out,
                          char *message, size_t message_capacity);

/// Encodes 8-bit RGB rows, `stride` bytes apart, as a baseline JPEG into `out` (`quality`
/// 1...100, libjpeg's scale; 4:2:0, integer DCT, optimised Huffman tables: deterministic).
fbc_status fbc_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height, size_t stride, int quality,
                           fbc_buffer *out, char *message, size_t message_capacity);

/// Frees an encoder buffer (safe on an empty buffer).
void fbc_buffer_free(fbc_buffer *buffer);

/// Packs `count` premultiplied RGBA pixels (bytes R, G, B, A) into straight RGB at `out` (3 bytes
/// each; opaque pixels are the same premultiplied or straight) and returns 1, or 0 when a pixel
/// is not opaque (`out` is then partly written). `out` needs 16 bytes of room past `3 × count`.
/// SSSE3 when the CPU has it, else one pixel at a time; the bytes are the same.
int fbc_pack_rgb_opaque(const uint32_t *pixels, size_t count, uint8_t *out);

#endif
