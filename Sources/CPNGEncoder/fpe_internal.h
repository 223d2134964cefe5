// Private declarations shared by the encoder's files: the row kernels each code path provides,
// the Huffman code builder, and the checksums.
#ifndef FPE_INTERNAL_H
#define FPE_INTERNAL_H

#include "fpe_encoder.h"

#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "CPNGEncoder assumes a little-endian machine (a pixel's red byte first, bit i of a mask word is byte i)"
#endif

/// Bytes readable before a packed row (zeros: the "left of the first pixel" of PNG's filters)
/// and after it (the kernels' last vector may read or write past the row's end).
#define FPE_ROW_PADDING 64

/// The shortest run (copy at distance 1) and copy of the row above that the coder takes. Each
/// copy costs a token (~10 ns to find, count and write) and a length and distance code; a
/// literal costs a table look-up and ~2 bits in a flat area. Shorter copies than these were
/// found not to pay in either time or bytes on rendered frames (docs/CODECS.md).
#define FPE_RUN_MIN 12
#define FPE_UP_MIN 16
/// A run this long (one whole copy, the longest deflate has) ends a copy of the row above
/// before it: the same bytes as a run cost ~10 bits less a copy.
#define FPE_LONG_RUN 258

/// Deflate's bit stream, least significant bit first: `count` pending bits in `bits` (≤ 7
/// after every flush), flushed eight bytes at a time at `out` (which has room past the end).
typedef struct {
    uint64_t bits;
    unsigned count;
    uint8_t *out;
} fpe_bit_writer;

/// A block's tokens: `literals` literals, then a copy of `length` (3…258; 0 for the last token,
/// which only carries the block's trailing literals) at distance 1 (`up` 0) or a row (`up` 1).
typedef struct {
    uint32_t literals;
    uint16_t length;
    uint16_t up;
} fpe_token;

/// Symbol counts of a block: literals, end of block and lengths (0…285), and copies at
/// distance 1 and a row.
typedef struct {
    uint32_t litlen[286];
    uint32_t copies[2];
} fpe_counts;

/// A block's codes as lookup entries: a literal's code and its bits (two tables: two loads cost
/// less than taking one entry apart); a copy length's code and extra bits as one value | total
/// bits << 24; each distance's value and bits; end of block.
typedef struct {
    uint16_t literal_code[256];
    uint8_t literal_bits[256];
    uint32_t length[259];
    uint32_t distance_value[2];
    unsigned distance_bits[2];
    uint32_t end_value;
    unsigned end_bits;
} fpe_token_codes;

/// Deflate's length symbol (257…285) of each copy length 3…258.
extern uint16_t fpe_length_symbol[259];

/// The row kernels of one code path. Every kernel gives exactly the bytes of the portable one.
typedef struct {
    /// Packs `count` premultiplied pixels as RGB (3 bytes each) into `out`, which has
    /// FPE_ROW_PADDING writable bytes past 3 × count. Returns 1, or 0 when a pixel is not opaque
    /// (then `out` holds garbage).
    int (*pack_rgb)(const uint8_t *pixels, size_t count, uint8_t *out);
    /// Writes `count` bytes of `row` filtered with `filter` (0…4) against `above` into `out`:
    /// x − predictor(a, b, c) mod 256, with a the byte `bpp` to the left (row[-bpp…-1] are zero),
    /// b the byte above, c the byte above a. `row` and `above` are readable FPE_ROW_PADDING
    /// bytes before and after; `out` has FPE_ROW_PADDING writable bytes after `count`.
    void (*filter_row)(int filter, const uint8_t *row, const uint8_t *above, size_t count, int bpp, uint8_t *out);
    /// Sets bit i of `equal_before` when bytes[i] == bytes[i − 1], and bit i of `equal_above`
    /// when bytes[i] == bytes[i − distance], for i in 0..<count (distance ≥ 1, bytes before
    /// `bytes` readable); bits from `count` to the end of the last word are zero. Words are
    /// 64-bit, bit i of the array is bit i % 64 of word i / 64.
    void (*equal_masks)(const uint8_t *bytes, size_t count, size_t distance, uint64_t *equal_before, uint64_t *equal_above);
    /// The Adler-32 of `count` bytes continuing from `adler`.
    uint32_t (*adler32)(uint32_t adler, const uint8_t *bytes, size_t count);
    /// libpng's adaptive cost of `count` filtered bytes: the sum of min(v, 256 − v).
    uint64_t (*filter_cost)(const uint8_t *bytes, size_t count);
    /// A block's tokens and counts (block_coding.h).
    size_t (*tokenize)(const uint8_t *bytes, size_t count, const uint64_t *equal_before, const uint64_t *equal_above,
                       int use_above, fpe_token *tokens, fpe_counts *counts);
    /// Writes a block's tokens and its end code (block_coding.h).
    void (*write_tokens)(fpe_bit_writer *writer, const uint8_t *bytes, const fpe_token *tokens, size_t count,
                         const fpe_token_codes *codes);
} fpe_kernels;

/// The CRC-32 of `count` bytes continuing from `crc` (pre- and post-inverted, zlib's
/// convention): a function of the bytes only, so any implementation serves any path.
typedef uint32_t (*fpe_crc32_function)(uint32_t crc, const uint8_t *bytes, size_t count);

/// The portable kernels (plain C, any CPU).
extern const fpe_kernels fpe_portable_kernels;
#if defined(__x86_64__)
/// SSE4.1 and AVX2 kernels; the CRC-32 by carry-less multiplication (PCLMULQDQ).
extern const fpe_kernels fpe_sse41_kernels;
extern const fpe_kernels fpe_avx2_kernels;
uint32_t fpe_crc32_pclmul(uint32_t crc, const uint8_t *bytes, size_t count);
#endif
#if defined(__aarch64__)
/// NEON kernels; the CRC-32 with the ARMv8 CRC32 instructions.
extern const fpe_kernels fpe_neon_kernels;
uint32_t fpe_crc32_arm(uint32_t crc, const uint8_t *bytes, size_t count);
#endif

/// The fastest CRC-32 this CPU runs.
fpe_crc32_function fpe_fastest_crc32(void);

/// Makes `encoder` use `kernels` (those of `path`).
void fpe_encoder_use_kernels(fpe_encoder *encoder, fpe_path path, const fpe_kernels *kernels);

/// Portable pieces the SIMD kernels reuse for their tails and small inputs.
uint32_t fpe_adler32_portable(uint32_t adler, const uint8_t *bytes, size_t count);
uint32_t fpe_crc32_portable(uint32_t crc, const uint8_t *bytes, size_t count);
size_t fpe_tokenize_portable(const uint8_t *bytes, size_t count, const uint64_t *equal_before, const uint64_t *equal_above,
                             int use_above, fpe_token *tokens, fpe_counts *counts);
void fpe_write_tokens_portable(fpe_bit_writer *writer, const uint8_t *bytes, const fpe_token *tokens, size_t count,
                               const fpe_token_codes *codes);
void fpe_filter_row_portable(int filter, const uint8_t *row, const uint8_t *above, size_t count, int bpp, uint8_t *out);
uint64_t fpe_filter_cost_portable(const uint8_t *bytes, size_t count);

/// Adler-32's modulus and the most bytes summed before reducing without overflowing 32 bits
/// (zlib's NMAX: the largest n with 255·n·(n+1)/2 + (n+1)·(65521−1) < 2^32).
#define FPE_ADLER_BASE 65521u
#define FPE_ADLER_NMAX 5552u

/// Huffman code lengths for `count` symbols (≤ 288) with frequencies `freq`, none longer than
/// `limit` (≤ 15): a complete prefix code over the symbols whose frequency is non-zero (at
/// least two must be). Minimum-redundancy lengths, then the longest shortened to `limit` with
/// the code kept complete; ties between equal frequencies go to the lower symbol (shorter code).
void fpe_huffman_lengths(const uint32_t *freq, int count, int limit, uint8_t *lengths);

/// Canonical codes (RFC 1951 §3.2.2) for `lengths`, bit-reversed for deflate's LSB-first order.
void fpe_huffman_codes(const uint8_t *lengths, int count, uint16_t *codes);

static inline uint64_t fpe_load64(const void *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static inline void fpe_store64(void *p, uint64_t v) { memcpy(p, &v, 8); }

#endif
