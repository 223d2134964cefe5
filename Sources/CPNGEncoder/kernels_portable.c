// The portable row kernels: plain C for any CPU. They define the bytes every SIMD path must
// reproduce, and the SIMD paths use their checksums for tails.
#include "fpe_internal.h"

#include <pthread.h>

static int pack_rgb(const uint8_t *pixels, size_t count, uint8_t *out) {
    uint8_t all = 0xFF;
    for (size_t x = 0; x < count; x++) {
        out[3 * x] = pixels[4 * x];
        out[3 * x + 1] = pixels[4 * x + 1];
        out[3 * x + 2] = pixels[4 * x + 2];
        all &= pixels[4 * x + 3];
    }
    return all == 0xFF;
}

/// The Paeth predictor of PNG spec §9.4, as written there.
static inline uint8_t paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    return (uint8_t)(pb <= pc ? b : c);
}

void fpe_filter_row_portable(int filter, const uint8_t *row, const uint8_t *above, size_t count, int bpp, uint8_t *out) {
    // row[-bpp…-1] and above[-bpp…-1] are zero: the first pixel's a and c need no test.
    const uint8_t *left = row - bpp, *above_left = above - bpp;
    switch (filter) {
    case FPE_FILTER_NONE: memcpy(out, row, count); break;
    case FPE_FILTER_SUB:
        for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(row[i] - left[i]);
        break;
    case FPE_FILTER_UP:
        for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(row[i] - above[i]);
        break;
    case FPE_FILTER_AVERAGE:
        for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(row[i] - ((left[i] + above[i]) >> 1));
        break;
    default:
        for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(row[i] - paeth(left[i], above[i], above_left[i]));
        break;
    }
}

static void equal_masks(const uint8_t *bytes, size_t count, size_t distance, uint64_t *equal_before, uint64_t *equal_above) {
    const uint8_t *previous = bytes - 1, *row_above = bytes - distance;
    size_t words = (count + 63) / 64;
    for (size_t w = 0; w < words; w++) {
        uint64_t before = 0, above = 0;
        size_t start = 64 * w, end = start + 64 < count ? start + 64 : count;
        for (size_t i = start; i < end; i++) {
            before |= (uint64_t)(bytes[i] == previous[i]) << (i - start);
            above |= (uint64_t)(bytes[i] == row_above[i]) << (i - start);
        }
        equal_before[w] = before;
        equal_above[w] = above;
    }
}

uint32_t fpe_adler32_portable(uint32_t adler, const uint8_t *bytes, size_t count) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    while (count > 0) {
        size_t n = count < FPE_ADLER_NMAX ? count : FPE_ADLER_NMAX;
        count -= n;
        while (n--) { a += *bytes++; b += a; }
        a %= FPE_ADLER_BASE;
        b %= FPE_ADLER_BASE;
    }
    return b << 16 | a;
}

/// CRC-32 tables for eight bytes a step ("slicing by 8"): table[0] is the classic byte table,
/// table[k][v] the CRC of byte v followed by k zero bytes. Made once per process.
static uint32_t crc_table[8][256];
static pthread_once_t crc_table_once = PTHREAD_ONCE_INIT;

static void make_crc_table(void) {
    for (uint32_t v = 0; v < 256; v++) {
        uint32_t c = v;
        for (int bit = 0; bit < 8; bit++) c = c & 1 ? (c >> 1) ^ 0xEDB88320u : c >> 1;
        crc_table[0][v] = c;
    }
    for (uint32_t v = 0; v < 256; v++) {
        for (int k = 1; k < 8; k++) crc_table[k][v] = (crc_table[k - 1][v] >> 8) ^ crc_table[0][crc_table[k - 1][v] & 0xFF];
    }
}

uint32_t fpe_crc32_portable(uint32_t crc, const uint8_t *bytes, size_t count) {
    pthread_once(&crc_table_once, make_crc_table);
    uint32_t c = ~crc;
    while (count >= 8) {
        uint64_t v = fpe_load64(bytes) ^ c;
        c = crc_table[7][v & 0xFF] ^ crc_table[6][(v >> 8) & 0xFF] ^ crc_table[5][(v >> 16) & 0xFF] ^ crc_table[4][(v >> 24) & 0xFF]
            ^ crc_table[3][(v >> 32) & 0xFF] ^ crc_table[2][(v >> 40) & 0xFF] ^ crc_table[1][(v >> 48) & 0xFF] ^ crc_table[0][v >> 56];
        bytes += 8;
        count -= 8;
    }
    while (count--) c = (c >> 8) ^ crc_table[0][(c ^ *bytes++) & 0xFF];
    return ~c;
}

uint64_t fpe_filter_cost_portable(const uint8_t *bytes, size_t count) {
    uint64_t sum = 0;
    for (size_t i = 0; i < count; i++) sum += bytes[i] < 128 ? bytes[i] : 256u - bytes[i];
    return sum;
}

const fpe_kernels fpe_portable_kernels = {
    .pack_rgb = pack_rgb,
    .filter_row = fpe_filter_row_portable,
    .equal_masks = equal_masks,
    .adler32 = fpe_adler32_portable,
    .filter_cost = fpe_filter_cost_portable,
    .tokenize = fpe_tokenize_portable,
    .write_tokens = fpe_write_tokens_portable,
};
