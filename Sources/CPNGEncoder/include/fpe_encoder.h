// CPNGEncoder: Flipbook's own PNG encoder, in C, symbols prefixed `fpe_`.
//
// One pass over the image: each row is packed (premultiplied RGBA → straight RGB or RGBA),
// filtered, and appended to a block of whole rows; each block is tokenized (literals, runs of
// any byte at distance 1, copies of the row above at distance one row), Huffman-coded with a
// table of its own (or stored, or fixed codes, whichever is smallest) and appended to the zlib
// stream, while its Adler-32 and the IDAT chunk's CRC-32 are updated. The frame's pixels are
// read once; a block's rows stay in the cache from packing to coding.
//
// The bytes are a function of the pixels and the options only: every decision is defined on
// bytes, so the portable code and the SIMD code (SSE4.1 or AVX2 on x86-64, chosen at run time;
// NEON on arm64) produce the same file, whatever the thread or the CPU.
#ifndef FPE_ENCODER_H
#define FPE_ENCODER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of `fpe_encode`.
typedef enum {
    FPE_OK = 0,
    /// Width or height is zero.
    FPE_EMPTY = 1,
    /// A row or the whole image is too large for this encoder (a row over 2^30 bytes).
    FPE_TOO_LARGE = 2,
    /// malloc failed.
    FPE_OUT_OF_MEMORY = 3,
    /// A bad argument (unknown filter or level, stride shorter than the width): a caller's bug.
    FPE_BAD_ARGUMENT = 4,
} fpe_status;

/// PNG row filters (PNG spec §9.2), and `FPE_FILTER_ADAPTIVE`: per row, the filter whose bytes
/// have the smallest sum of min(v, 256 − v) (libpng's heuristic), ties to the lower type.
typedef enum {
    FPE_FILTER_NONE = 0,
    FPE_FILTER_SUB = 1,
    FPE_FILTER_UP = 2,
    FPE_FILTER_AVERAGE = 3,
    FPE_FILTER_PAETH = 4,
    FPE_FILTER_ADAPTIVE = 5,
} fpe_filter;

/// The code paths of the row kernels (packing, filters, byte comparisons, checksums). Every
/// path writes the same bytes; tests force each available one to check that.
typedef enum {
    FPE_PATH_PORTABLE = 0,
    FPE_PATH_SSE41 = 1,
    FPE_PATH_AVX2 = 2,
    FPE_PATH_NEON = 3,
} fpe_path;

/// Compression levels: 0 stores the filtered rows (no compression), 1 codes them as described above.
enum { FPE_LEVEL_STORED = 0, FPE_LEVEL_DEFAULT = 1, FPE_LEVEL_MAX = 1 };

/// An encoder: its buffers are kept between images (a 750×1334 frame needs a few MB; allocating
/// them afresh would cost page faults on every frame). Not thread-safe: one per thread.
typedef struct fpe_encoder fpe_encoder;

/// A new encoder using the fastest path this CPU has; NULL when out of memory.
fpe_encoder *fpe_encoder_create(void);

/// Frees the encoder and its buffers (NULL is fine).
void fpe_encoder_destroy(fpe_encoder *encoder);

/// Encodes `height` rows of `width` premultiplied RGBA8 pixels (bytes R, G, B, A; rows
/// `row_pixels` pixels apart) as a non-interlaced 8-bit PNG: RGB when every pixel is opaque and
/// `force_rgba` is 0, else RGBA with straight alpha (round(c · 255 / a), clamped to 255; alpha 0
/// gives 0, 0, 0, 0). On FPE_OK, `*png` and `*png_size` are the file, owned by the encoder and
/// valid until its next call or its destruction. No time, text or other ancillary chunks.
fpe_status fpe_encode(fpe_encoder *encoder, const uint32_t *pixels, uint32_t width, uint32_t height,
                      size_t row_pixels, fpe_filter filter, int level, int force_rgba,
                      const uint8_t **png, size_t *png_size);

/// The paths this CPU can run, one bit per `fpe_path` (the portable path is always there).
unsigned fpe_available_paths(void);

/// The path a new encoder uses: AVX2, then SSE4.1 on x86-64; NEON on arm64; else portable.
fpe_path fpe_default_path(void);

/// Makes `encoder` use `path` (for tests and benchmarks); 0 when the CPU cannot run it.
int fpe_encoder_set_path(fpe_encoder *encoder, fpe_path path);

/// The most bytes of zlib stream an IDAT chunk is started with before it is closed at the end
/// of a block (default 256 KiB, so chunks run a little over it). Tests set small values to
/// split small files into many chunks; 0 restores the default.
void fpe_encoder_set_idat_bytes(fpe_encoder *encoder, size_t bytes);

/// The CRC-32 of PNG and zlib (ISO 3309, reflected 0xEDB88320) of `count` bytes, continuing
/// from `crc` (0 to start), with the fastest code this CPU has (for tests and the benchmark).
uint32_t fpe_crc32(uint32_t crc, const uint8_t *bytes, size_t count);

/// The Adler-32 of zlib (RFC 1950) of `count` bytes, continuing from `adler` (1 to start).
uint32_t fpe_adler32(uint32_t adler, const uint8_t *bytes, size_t count);

#ifdef __cplusplus
}
#endif

#endif
