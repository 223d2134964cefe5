// The PNG encoder: rows → filtered blocks → tokens → Huffman-coded deflate blocks → IDAT chunks.
//
// The zlib stream (RFC 1950/1951) is the PNG's filtered bytes S: per row, the filter type byte
// then the filtered row (`stride` = row bytes + 1 bytes a row). Rows are grouped into blocks of
// about BLOCK_TARGET_BYTES. Within a block, at each position p the coder looks at
//   r = how many bytes from p on equal the byte before them (S[i] == S[i − 1]), and
//   u = how many equal the byte a row above (S[i] == S[i − stride]; when stride ≤ 32 KiB),
// counted up to the block's end, and emits a copy at distance `stride` of u bytes when
// u ≥ UP_MIN and u > r, else a copy at distance 1 (a run) of r bytes when r ≥ RUN_MIN, else the
// literal S[p]. Those are decisions on bytes alone, so every code path makes the same ones; the
// SIMD kernels only compute the "equal to the byte before / above" bits faster.
//
// Each block then gets the smallest of three codings, computed exactly from its counts: a
// dynamic Huffman block with its own code lengths (limited to 14 bits for literals and lengths,
// so four literals fit a 64-bit bit buffer between flushes), the fixed codes, or stored.
// Adler-32 runs over each block's filtered bytes and the IDAT chunk's CRC-32 over each block's
// output right after it is written, while both are still in the cache. A chunk is closed at the
// end of the first block that takes it past `idat_bytes`.
#include "block_coding.h"

#include <pthread.h>
#include <stdlib.h>

/// Filtered bytes per block: whole rows, at least one. Small enough that a block's rows, masks
/// and tokens stay in a 1 MiB L2 cache from packing to coding; large enough that building its
/// code (~10 µs) is noise. Rendered frames came out the same size within 0.1 % with blocks of
/// 16 KiB to 128 KiB of filtered bytes.
#define BLOCK_TARGET_BYTES (128 * 1024)
/// Deflate's window: the row above is reachable when a row (with its type byte) is at most this.
#define WINDOW_BYTES 32768
#define DEFAULT_IDAT_BYTES (256 * 1024)
/// Code length limits: literal/length codes ≤ 14 bits (four literals + 7 pending bits ≤ 63);
/// distance codes ≤ 15 (RFC 1951); the code-length code ≤ 7 (its lengths are 3-bit fields).
#define LITLEN_LIMIT 14
#define DISTANCE_LIMIT 15
#define CODELENGTH_LIMIT 7
/// The largest row (bytes) encoded: keeps every count of a block within 32 bits.
#define MAX_ROW_BYTES ((size_t)1 << 30)

// MARK: buffers

typedef struct {
    uint8_t *bytes;
    size_t capacity;
} buffer;

/// At least `count` bytes (contents kept only up to the old capacity when `keep`); NULL when out of memory.
static uint8_t *reserve(buffer *b, size_t count) {
    if (count <= b->capacity && b->bytes) return b->bytes;
    free(b->bytes);
    b->bytes = calloc(count ? count : 1, 1);  // zeroed: the kernels may read the padding before writing it
    b->capacity = b->bytes ? count : 0;
    return b->bytes;
}

struct fpe_encoder {
    const fpe_kernels *kernels;
    fpe_crc32_function crc32;
    fpe_path path;
    size_t idat_bytes;
    /// Two packed rows (current and above), each with FPE_ROW_PADDING bytes on either side.
    buffer rows;
    /// A block's filtered bytes, after the `stride` bytes before it (the row above its first row).
    buffer stream;
    /// The "equal to the byte before / above" bit masks of a block.
    buffer masks;
    /// A block's tokens.
    buffer tokens;
    /// The adaptive filter's five candidate rows.
    buffer trial;
    /// The PNG file.
    buffer file;
};

// MARK: deflate's alphabets

/// Length symbol (257…285), extra bits and their value for each match length 3…258.
uint16_t fpe_length_symbol[259];
static uint8_t length_extra_bits[259];
static uint8_t length_extra_value[259];
/// The fixed Huffman code's lengths (RFC 1951 §3.2.6) and codes.
static uint8_t fixed_litlen_lengths[288];
static uint16_t fixed_litlen_codes[288];
static uint8_t fixed_distance_lengths[30];
static uint16_t fixed_distance_codes[30];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void make_tables(void) {
    for (int length = 3; length <= 258; length++) {
        int symbol, extra = 0, value = 0;
        if (length <= 10) symbol = 254 + length;
        else if (length == 258) symbol = 285;
        else {
            // Lengths 11…257: four symbols per number of extra bits (1…5).
            int offset = length - 3, top = 31 - __builtin_clz((unsigned)offset);
            extra = top - 2;
            symbol = 261 + 4 * extra + (offset >> extra) - 4;
            value = offset & ((1 << extra) - 1);
        }
        fpe_length_symbol[length] = (uint16_t)symbol;
        length_extra_bits[length] = (uint8_t)extra;
        length_extra_value[length] = (uint8_t)value;
    }
    for (int s = 0; s < 288; s++) fixed_litlen_lengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
    for (int s = 0; s < 30; s++) fixed_distance_lengths[s] = 5;
    fpe_huffman_codes(fixed_litlen_lengths, 288, fixed_litlen_codes);
    fpe_huffman_codes(fixed_distance_lengths, 30, fixed_distance_codes);
}

/// Distance code (0…29), extra bits and their value of a distance 1…32768.
static void distance_code(unsigned distance, unsigned *code, unsigned *extra_bits, unsigned *extra_value) {
    unsigned v = distance - 1;
    if (v < 4) { *code = v; *extra_bits = 0; *extra_value = 0; return; }
    unsigned top = 31 - (unsigned)__builtin_clz(v);
    *extra_bits = top - 1;
    *code = 2 * top + ((v >> (top - 1)) & 1);
    *extra_value = v & ((1u << (top - 1)) - 1);
}

// MARK: bits

static inline void put_bits(fpe_bit_writer *w, uint64_t value, unsigned count) {
    w->bits |= value << w->count;
    w->count += count;
}

static inline void flush_bits(fpe_bit_writer *w) {
    fpe_store64(w->out, w->bits);
    unsigned bytes = w->count >> 3;
    w->out += bytes;
    w->bits >>= 8 * bytes;
    w->count &= 7;
}

/// Pads to a byte boundary with zero bits and writes the last byte.
static inline void align_bits(fpe_bit_writer *w) {
    w->count = (w->count + 7) & ~7u;
    flush_bits(w);
}

size_t fpe_tokenize_portable(const uint8_t *bytes, size_t count, const uint64_t *equal_before, const uint64_t *equal_above,
                             int use_above, fpe_token *tokens, fpe_counts *counts) {
    return fpe_tokenize_inline(bytes, count, equal_before, equal_above, use_above, tokens, counts);
}

void fpe_write_tokens_portable(fpe_bit_writer *writer, const uint8_t *bytes, const fpe_token *tokens, size_t count,
                               const fpe_token_codes *codes) {
    fpe_write_tokens_inline(writer, bytes, tokens, count, codes);
}

// MARK: block codes

/// Extra bits of each length symbol 257…285 (index symbol − 257).
static const uint8_t symbol_extra_bits[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
/// The order code-length code lengths are sent in (RFC 1951 §3.2.7).
static const uint8_t codelength_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// The codes a block is written with, and the distance of its second kind of copy.
typedef struct {
    uint8_t litlen_lengths[286];
    uint16_t litlen_codes[286];
    uint8_t distance_lengths[30];
    uint16_t distance_codes[30];
    /// Codes sent: literal/length (257…286) and distance (1…30).
    int litlen_count, distance_count;
    /// The code-length code and the run-length coded lengths (symbol 0…18, extra value).
    uint8_t codelength_lengths[19];
    uint16_t codelength_codes[19];
    int codelength_count;
    uint8_t rle_symbols[286 + 30];
    uint8_t rle_extra[286 + 30];
    int rle_count;
} block_code;

/// Lengths for `freq` limited to `limit`, valid for any number of used symbols: with fewer than
/// two, two codes of one bit (one of them unused), a complete code every inflater accepts.
static void lengths_for(const uint32_t *freq, unsigned count, int limit, uint8_t *lengths) {
    unsigned used = 0, last = 0;
    for (unsigned s = 0; s < count; s++) if (freq[s]) { used++; last = s; }
    if (used >= 2) { fpe_huffman_lengths(freq, (int)count, limit, lengths); return; }
    memset(lengths, 0, count);
    if (used == 0) last = 0;
    lengths[last] = 1;
    lengths[last == 0 ? 1 : 0] = 1;
}

/// Run-length codes the literal/length and distance code lengths (RFC 1951 §3.2.7: 16 repeats
/// the previous length 3–6 times, 17 and 18 give 3–10 and 11–138 zeros).
static void run_length_code(block_code *code) {
    uint8_t all[286 + 30];
    int total = code->litlen_count + code->distance_count, n = 0;
    memcpy(all, code->litlen_lengths, (size_t)code->litlen_count);
    memcpy(all + code->litlen_count, code->distance_lengths, (size_t)code->distance_count);
    for (int i = 0; i < total;) {
        uint8_t value = all[i];
        int run = 1;
        while (i + run < total && all[i + run] == value) run++;
        i += run;
        if (value == 0) {
            while (run >= 11) {
                int k = run < 138 ? run : 138;
                code->rle_symbols[n] = 18; code->rle_extra[n++] = (uint8_t)(k - 11);
                run -= k;
            }
            if (run >= 3) { code->rle_symbols[n] = 17; code->rle_extra[n++] = (uint8_t)(run - 3); run = 0; }
        } else {
            code->rle_symbols[n] = value; code->rle_extra[n++] = 0;
            run--;
            while (run >= 3) {
                int k = run < 6 ? run : 6;
                code->rle_symbols[n] = 16; code->rle_extra[n++] = (uint8_t)(k - 3);
                run -= k;
            }
        }
        while (run-- > 0) { code->rle_symbols[n] = value; code->rle_extra[n++] = 0; }
    }
    code->rle_count = n;
}

/// Builds the block's dynamic code for its counts; returns the bits the block would take
/// (header and data, without the 3 block-type bits).
static uint64_t plan_dynamic(block_code *code, const fpe_counts *c, unsigned up_code, unsigned up_extra_bits) {
    uint32_t distance_freq[30] = {0};
    distance_freq[0] += c->copies[0];
    distance_freq[up_code] += c->copies[1];
    lengths_for(c->litlen, 286, LITLEN_LIMIT, code->litlen_lengths);
    lengths_for(distance_freq, 30, DISTANCE_LIMIT, code->distance_lengths);
    code->litlen_count = 286;
    while (code->litlen_count > 257 && code->litlen_lengths[code->litlen_count - 1] == 0) code->litlen_count--;
    code->distance_count = 30;
    while (code->distance_count > 1 && code->distance_lengths[code->distance_count - 1] == 0) code->distance_count--;
    run_length_code(code);
    uint32_t codelength_freq[19] = {0};
    for (int i = 0; i < code->rle_count; i++) codelength_freq[code->rle_symbols[i]]++;
    lengths_for(codelength_freq, 19, CODELENGTH_LIMIT, code->codelength_lengths);
    code->codelength_count = 19;
    while (code->codelength_count > 4 && code->codelength_lengths[codelength_order[code->codelength_count - 1]] == 0) code->codelength_count--;
    fpe_huffman_codes(code->litlen_lengths, 286, code->litlen_codes);
    fpe_huffman_codes(code->distance_lengths, 30, code->distance_codes);
    fpe_huffman_codes(code->codelength_lengths, 19, code->codelength_codes);

    uint64_t bits = 5 + 5 + 4 + 3 * (uint64_t)code->codelength_count;
    static const uint8_t rle_extra_bits[19] = {[16] = 2, [17] = 3, [18] = 7};
    for (int s = 0; s < 19; s++) bits += (uint64_t)codelength_freq[s] * (code->codelength_lengths[s] + rle_extra_bits[s]);
    for (int s = 0; s < 286; s++) bits += (uint64_t)c->litlen[s] * code->litlen_lengths[s];
    for (int s = 257; s < 286; s++) bits += (uint64_t)c->litlen[s] * symbol_extra_bits[s - 257];
    bits += (uint64_t)c->copies[0] * code->distance_lengths[0];
    bits += (uint64_t)c->copies[1] * (code->distance_lengths[up_code] + up_extra_bits);
    return bits;
}

/// The bits of the block's data with the fixed codes.
static uint64_t fixed_bits(const fpe_counts *c, unsigned up_code, unsigned up_extra_bits) {
    uint64_t bits = 0;
    for (int s = 0; s < 286; s++) bits += (uint64_t)c->litlen[s] * fixed_litlen_lengths[s];
    for (int s = 257; s < 286; s++) bits += (uint64_t)c->litlen[s] * symbol_extra_bits[s - 257];
    bits += (uint64_t)c->copies[0] * fixed_distance_lengths[0];
    bits += (uint64_t)c->copies[1] * (fixed_distance_lengths[up_code] + up_extra_bits);
    return bits;
}

/// At most the bits of `n` bytes as stored blocks (each ≤ 65535 bytes: 3 header bits, up to 7
/// bits of padding, LEN and NLEN).
static uint64_t stored_bits(size_t n) {
    uint64_t pieces = n == 0 ? 1 : (n + 65534) / 65535;
    return pieces * (3 + 7 + 32) + 8 * (uint64_t)n;
}

/// Writes `n` bytes as stored blocks, the last one final when `final`.
static void write_stored(fpe_bit_writer *w, const uint8_t *bytes, size_t n, int final) {
    do {
        size_t piece = n < 65535 ? n : 65535;
        n -= piece;
        put_bits(w, (uint64_t)(final && n == 0), 3);  // BFINAL, BTYPE 00
        align_bits(w);
        w->out[0] = (uint8_t)piece; w->out[1] = (uint8_t)(piece >> 8);
        w->out[2] = (uint8_t)~piece; w->out[3] = (uint8_t)(~piece >> 8);
        memcpy(w->out + 4, bytes, piece);
        w->out += 4 + piece;
        bytes += piece;
    } while (n > 0);
}

/// Writes the dynamic block header (after its 3 type bits).
static void write_dynamic_header(fpe_bit_writer *w, const block_code *code) {
    put_bits(w, (uint64_t)(code->litlen_count - 257), 5);
    put_bits(w, (uint64_t)(code->distance_count - 1), 5);
    put_bits(w, (uint64_t)(code->codelength_count - 4), 4);
    flush_bits(w);
    for (int i = 0; i < code->codelength_count; i++) {
        put_bits(w, code->codelength_lengths[codelength_order[i]], 3);
        if (i % 16 == 15) flush_bits(w);
    }
    flush_bits(w);
    static const uint8_t rle_extra_bits[19] = {[16] = 2, [17] = 3, [18] = 7};
    for (int i = 0; i < code->rle_count; i++) {
        unsigned symbol = code->rle_symbols[i];
        put_bits(w, code->codelength_codes[symbol], code->codelength_lengths[symbol]);
        put_bits(w, code->rle_extra[i], rle_extra_bits[symbol]);
        flush_bits(w);
    }
}

static void make_fpe_token_codes(fpe_token_codes *t, const uint8_t *litlen_lengths, const uint16_t *litlen_codes,
                             const uint8_t *distance_lengths, const uint16_t *distance_codes,
                             unsigned up_code, unsigned up_extra_bits, unsigned up_extra_value) {
    memcpy(t->literal_code, litlen_codes, sizeof t->literal_code);
    memcpy(t->literal_bits, litlen_lengths, sizeof t->literal_bits);
    for (int length = 3; length <= 258; length++) {
        unsigned symbol = fpe_length_symbol[length], bits = litlen_lengths[symbol];
        t->length[length] = (litlen_codes[symbol] | (uint32_t)length_extra_value[length] << bits)
                            | (bits + length_extra_bits[length]) << 24;
    }
    t->distance_value[0] = distance_codes[0];
    t->distance_bits[0] = distance_lengths[0];
    t->distance_value[1] = distance_codes[up_code] | up_extra_value << distance_lengths[up_code];
    t->distance_bits[1] = distance_lengths[up_code] + up_extra_bits;
    t->end_value = litlen_codes[256];
    t->end_bits = litlen_lengths[256];
}

// MARK: the file

static void store_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/// Straight RGBA of `count` premultiplied pixels: round(c · 255 / a) clamped to 255, alpha 0 → 0.
static void pack_rgba(const uint8_t *pixels, size_t count, uint8_t *out) {
    for (size_t x = 0; x < count; x++, pixels += 4, out += 4) {
        unsigned a = pixels[3];
        if (a == 255) { memcpy(out, pixels, 4); continue; }
        if (a == 0) { memset(out, 0, 4); continue; }
        for (int k = 0; k < 3; k++) {
            unsigned c = (pixels[k] * 255u + (a >> 1)) / a;
            out[k] = (uint8_t)(c > 255 ? 255 : c);
        }
        out[3] = (uint8_t)a;
    }
}

fpe_encoder *fpe_encoder_create(void) {
    fpe_encoder *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    fpe_encoder_set_path(e, fpe_default_path());
    e->crc32 = fpe_fastest_crc32();
    e->idat_bytes = DEFAULT_IDAT_BYTES;
    return e;
}

void fpe_encoder_destroy(fpe_encoder *e) {
    if (!e) return;
    free(e->rows.bytes); free(e->stream.bytes); free(e->masks.bytes); free(e->tokens.bytes);
    free(e->trial.bytes); free(e->file.bytes);
    free(e);
}

void fpe_encoder_use_kernels(fpe_encoder *e, fpe_path path, const fpe_kernels *kernels) {
    e->path = path;
    e->kernels = kernels;
}

void fpe_encoder_set_idat_bytes(fpe_encoder *e, size_t bytes) {
    e->idat_bytes = bytes ? bytes : DEFAULT_IDAT_BYTES;
}

/// Where the IDAT chunk being written stands: its length field, and its CRC so far up to `crc_end`.
typedef struct {
    uint8_t *start;
    uint32_t crc;
    uint8_t *crc_end;
} idat_chunk;

/// Brings the chunk's CRC up to the bytes written so far (all but the pending bits).
static inline void update_crc(fpe_crc32_function crc32, idat_chunk *chunk, const fpe_bit_writer *w) {
    chunk->crc = crc32(chunk->crc, chunk->crc_end, (size_t)(w->out - chunk->crc_end));
    chunk->crc_end = w->out;
}

/// Ends the chunk at the bytes written so far: its length and CRC.
static void close_chunk(fpe_crc32_function crc32, idat_chunk *chunk, fpe_bit_writer *w) {
    update_crc(crc32, chunk, w);
    store_be32(chunk->start, (uint32_t)(w->out - chunk->start - 8));
    store_be32(w->out, chunk->crc);
    w->out += 4;
}

/// Starts a chunk of `type` at the writer's position.
static void open_chunk(fpe_crc32_function crc32, idat_chunk *chunk, fpe_bit_writer *w, const char *type) {
    chunk->start = w->out;
    memcpy(w->out + 4, type, 4);
    chunk->crc = crc32(0, w->out + 4, 4);
    w->out += 8;
    chunk->crc_end = w->out;
}

/// Filters one packed row into `out` (type byte, then the bytes); adaptive tries all five.
static void filter_row(const fpe_encoder *e, fpe_filter filter, const uint8_t *row, const uint8_t *above,
                       size_t row_bytes, int bpp, uint8_t *out, uint8_t *trial) {
    if (filter != FPE_FILTER_ADAPTIVE) {
        out[0] = (uint8_t)filter;
        e->kernels->filter_row(filter, row, above, row_bytes, bpp, out + 1);
        return;
    }
    int best = 0;
    uint64_t best_cost = UINT64_MAX;
    size_t trial_stride = row_bytes + FPE_ROW_PADDING;
    for (int f = 0; f < 5; f++) {
        uint8_t *candidate = trial + (size_t)f * trial_stride;
        e->kernels->filter_row(f, row, above, row_bytes, bpp, candidate);
        uint64_t cost = e->kernels->filter_cost(candidate, row_bytes);
        if (cost < best_cost) { best = f; best_cost = cost; }
    }
    out[0] = (uint8_t)best;
    memcpy(out + 1, trial + (size_t)best * trial_stride, row_bytes);
}

/// Status of one attempt: FPE_OK, an error, or RESTART_AS_RGBA when an RGB attempt met a
/// translucent pixel.
#define RESTART_AS_RGBA (-1)

static int encode_as(fpe_encoder *e, const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_pixels,
                     fpe_filter filter, int level, int bpp, const uint8_t **png, size_t *png_size) {
    const fpe_kernels *k = e->kernels;
    const size_t row_bytes = (size_t)width * (size_t)bpp, stride = row_bytes + 1;
    if (row_bytes > MAX_ROW_BYTES) return FPE_TOO_LARGE;
    const size_t rows_per_block = stride >= BLOCK_TARGET_BYTES ? 1 : BLOCK_TARGET_BYTES / stride;
    const size_t block_capacity = rows_per_block * stride;
    // Every size below fits easily in 64 bits (stride ≤ 2^30 + 1, height < 2^32).
    const uint64_t total = (uint64_t)stride * height;
    const uint64_t blocks = (height + rows_per_block - 1) / rows_per_block;
    // Every block ends up no larger than stored (a coded block that came out larger is written
    // again stored), but while it is coded it may take up to 16 bits a byte (a 3-byte copy with
    // the longest codes and extra bits: 47 bits) and its header: room for one such block more.
    const uint64_t stream_bound = 2 + total + blocks * (stored_bits(block_capacity) / 8 - block_capacity + 2) + 4;
    const uint64_t chunk_bound = stream_bound / e->idat_bytes + 2;
    const uint64_t file_bound = 8 + 25 + 12 * chunk_bound + stream_bound + 2 * (uint64_t)block_capacity + 1024 + 12 + 16;
    if (file_bound > SIZE_MAX / 2) return FPE_TOO_LARGE;
    const size_t words = (block_capacity + 63) / 64 + 2;

    uint8_t *rows = reserve(&e->rows, 2 * (row_bytes + 2 * FPE_ROW_PADDING));
    uint8_t *stream = reserve(&e->stream, stride + block_capacity + FPE_ROW_PADDING);
    uint64_t *masks = (uint64_t *)(void *)reserve(&e->masks, 2 * words * sizeof(uint64_t));
    fpe_token *tokens = (fpe_token *)(void *)reserve(&e->tokens, (block_capacity / 3 + 2) * sizeof(fpe_token));
    uint8_t *trial = filter == FPE_FILTER_ADAPTIVE ? reserve(&e->trial, 5 * (row_bytes + FPE_ROW_PADDING)) : NULL;
    uint8_t *file = reserve(&e->file, (size_t)file_bound);
    if (!rows || !stream || !masks || !tokens || !file || (filter == FPE_FILTER_ADAPTIVE && !trial)) return FPE_OUT_OF_MEMORY;
    memset(rows, 0, 2 * (row_bytes + 2 * FPE_ROW_PADDING));
    uint8_t *current = rows + FPE_ROW_PADDING, *above = rows + row_bytes + 3 * FPE_ROW_PADDING;
    uint64_t *before_mask = masks, *above_mask = masks + words;

    // Signature and IHDR.
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    memcpy(file, signature, 8);
    store_be32(file + 8, 13);
    memcpy(file + 12, "IHDR", 4);
    store_be32(file + 16, width);
    store_be32(file + 20, height);
    file[24] = 8;                     // bit depth
    file[25] = bpp == 3 ? 2 : 6;      // colour type RGB or RGBA
    file[26] = file[27] = file[28] = 0;  // deflate, adaptive filtering, not interlaced
    store_be32(file + 29, e->crc32(0, file + 12, 17));

    fpe_bit_writer w = {0, 0, file + 33};
    idat_chunk chunk;
    open_chunk(e->crc32, &chunk, &w, "IDAT");
    // zlib header: deflate with a 32 KiB window (0x78); FLEVEL 0 (fastest), check bits making
    // 0x7801 a multiple of 31.
    put_bits(&w, 0x0178, 16);
    flush_bits(&w);

    const int use_above = stride <= WINDOW_BYTES;
    unsigned up_code = 0, up_extra_bits = 0, up_extra_value = 0;
    if (use_above) distance_code((unsigned)stride, &up_code, &up_extra_bits, &up_extra_value);
    uint32_t adler = 1;
    size_t previous_rows = 0;
    for (size_t first = 0; first < height; first += rows_per_block) {
        const size_t count = height - first < rows_per_block ? height - first : rows_per_block;
        const int final = first + count == height;
        // The row above the block's first row, for the masks.
        if (previous_rows) memcpy(stream, stream + stride + (previous_rows - 1) * stride, stride);
        else memset(stream, 0, stride);
        previous_rows = count;
        uint8_t *block = stream + stride;
        for (size_t r = 0; r < count; r++) {
            const uint8_t *source = pixels + 4 * (first + r) * row_pixels;
            if (bpp == 3) {
                if (!k->pack_rgb(source, width, current)) return RESTART_AS_RGBA;
            } else {
                pack_rgba(source, width, current);
            }
            filter_row(e, filter, current, above, row_bytes, bpp, block + r * stride, trial);
            uint8_t *swap = current; current = above; above = swap;
        }
        const size_t n = count * stride;
        adler = k->adler32(adler, block, n);

        if (level == FPE_LEVEL_STORED) {
            write_stored(&w, block, n, final);
        } else {
            k->equal_masks(block, n, stride, before_mask, above_mask);
            const size_t used_words = (n + 63) / 64;
            before_mask[used_words] = before_mask[used_words + 1] = 0;
            above_mask[used_words] = above_mask[used_words + 1] = 0;
            if (first == 0) {
                // No byte before the stream's first, no row above the first row.
                before_mask[0] &= ~(uint64_t)1;
                for (size_t i = 0; i < stride && i < n; i += 64) {
                    size_t end = stride - i;
                    above_mask[i / 64] &= end >= 64 ? 0 : ~(uint64_t)0 << end;
                }
            }
            fpe_counts c;
            memset(&c, 0, sizeof c);
            size_t token_count = k->tokenize(block, n, before_mask, above_mask, use_above, tokens, &c);
            block_code code;
            uint64_t dynamic = plan_dynamic(&code, &c, up_code, up_extra_bits);
            uint64_t fixed = fixed_bits(&c, up_code, up_extra_bits);
            uint64_t stored = stored_bits(n);
            fpe_token_codes t;
            const fpe_bit_writer before_block = w;
            if (dynamic <= fixed && dynamic <= stored) {
                put_bits(&w, (uint64_t)final | 2u << 1, 3);
                write_dynamic_header(&w, &code);
                make_fpe_token_codes(&t, code.litlen_lengths, code.litlen_codes, code.distance_lengths, code.distance_codes,
                                 up_code, up_extra_bits, up_extra_value);
                k->write_tokens(&w, block, tokens, token_count, &t);
            } else if (fixed <= stored) {
                put_bits(&w, (uint64_t)final | 1u << 1, 3);
                make_fpe_token_codes(&t, fixed_litlen_lengths, fixed_litlen_codes, fixed_distance_lengths, fixed_distance_codes,
                                 up_code, up_extra_bits, up_extra_value);
                k->write_tokens(&w, block, tokens, token_count, &t);
            } else {
                write_stored(&w, block, n, final);
            }
            // The costs above come from sampled literal counts: a coded block may come out
            // larger than planned. One larger than stored is written again, stored.
            const int64_t written = 8 * (int64_t)(w.out - before_block.out) + (int64_t)w.count - (int64_t)before_block.count;
            if (written > (int64_t)stored) {
                w = before_block;
                write_stored(&w, block, n, final);
            }
        }
        update_crc(e->crc32, &chunk, &w);
        if (!final && (size_t)(w.out - chunk.start - 8) >= e->idat_bytes) {
            // The pending bits stay in the writer and go to the next chunk's first byte.
            close_chunk(e->crc32, &chunk, &w);
            open_chunk(e->crc32, &chunk, &w, "IDAT");
        }
    }
    align_bits(&w);
    store_be32(w.out, adler);
    w.out += 4;
    close_chunk(e->crc32, &chunk, &w);
    open_chunk(e->crc32, &chunk, &w, "IEND");
    close_chunk(e->crc32, &chunk, &w);
    *png = file;
    *png_size = (size_t)(w.out - file);
    return FPE_OK;
}

fpe_status fpe_encode(fpe_encoder *e, const uint32_t *pixels, uint32_t width, uint32_t height, size_t row_pixels,
                      fpe_filter filter, int level, int force_rgba, const uint8_t **png, size_t *png_size) {
    if (width == 0 || height == 0) return FPE_EMPTY;
    if (!e || !pixels || !png || !png_size || row_pixels < width || (unsigned)filter > FPE_FILTER_ADAPTIVE
        || level < 0 || level > FPE_LEVEL_MAX) return FPE_BAD_ARGUMENT;
    pthread_once(&tables_once, make_tables);
    const uint8_t *bytes = (const uint8_t *)pixels;
    int status = RESTART_AS_RGBA;
    if (!force_rgba) status = encode_as(e, bytes, width, height, row_pixels, filter, level, 3, png, png_size);
    if (status == RESTART_AS_RGBA) status = encode_as(e, bytes, width, height, row_pixels, filter, level, 4, png, png_size);
    return (fpe_status)status;
}
