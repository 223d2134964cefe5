// Length-limited Huffman codes for deflate blocks (RFC 1951 §3.2.2), built for every block.
#include "fpe_internal.h"

#include <assert.h>

/// The most symbols of any deflate alphabet (literal/length: 286 used, 288 defined).
#define MAX_SYMBOLS 288

/// Sorts the symbols `symbols[0..<n]` by frequency, stably (equal frequencies keep their order),
/// with a radix sort on 8-bit digits: ~2 passes over ≤ 288 items for a block's counts, where
/// a comparison sort would take several times as long on every block.
static void sort_by_frequency(const uint32_t *freq, uint16_t *symbols, uint16_t *scratch, int n, uint32_t all_bits) {
    uint16_t *from = symbols, *to = scratch;
    int passes = 0;
    for (int shift = 0; shift < 32 && (all_bits >> shift) != 0; shift += 8) {
        unsigned start[257] = {0};
        for (int k = 0; k < n; k++) start[((freq[from[k]] >> shift) & 255) + 1]++;
        for (int digit = 0; digit < 256; digit++) start[digit + 1] += start[digit];
        for (int k = 0; k < n; k++) to[start[(freq[from[k]] >> shift) & 255]++] = from[k];
        uint16_t *swap = from; from = to; to = swap;
        passes++;
    }
    if (passes % 2) memcpy(symbols, scratch, (size_t)n * sizeof *symbols);
}

/// Minimum-redundancy code lengths in place (Moffat and Katajainen, "In-place calculation of
/// minimum-redundancy codes", 1995): `weights` sorted ascending (n ≥ 2) become the depths of the
/// corresponding leaves, non-increasing. The first pass pairs the two lightest of the unpaired
/// leaves and internal nodes left to right, storing each internal node's weight where it is
/// made and turning consumed internal nodes into parent indices; the second turns those into
/// depths; the third hands out leaf depths level by level.
static void minimum_redundancy_depths(uint32_t *weights, int n) {
    uint32_t *a = weights;
    a[0] += a[1];
    int root = 0, leaf = 2;
    for (int next = 1; next < n - 1; next++) {
        if (leaf >= n || a[root] < a[leaf]) { a[next] = a[root]; a[root++] = (uint32_t)next; }
        else a[next] = a[leaf++];
        if (leaf >= n || (root < next && a[root] < a[leaf])) { a[next] += a[root]; a[root++] = (uint32_t)next; }
        else a[next] += a[leaf++];
    }
    a[n - 2] = 0;
    for (int next = n - 3; next >= 0; next--) a[next] = a[a[next]] + 1;
    int available = 1, used = 0, depth = 0, next = n - 1;
    root = n - 2;
    while (available > 0) {
        while (root >= 0 && a[root] == (uint32_t)depth) { used++; root--; }
        while (available > used) { a[next--] = (uint32_t)depth; available--; }
        available = 2 * used;
        depth++;
        used = 0;
    }
}

void fpe_huffman_lengths(const uint32_t *freq, int count, int limit, uint8_t *lengths) {
    assert(count <= MAX_SYMBOLS && limit >= 1 && limit <= 15);
    uint16_t symbols[MAX_SYMBOLS], scratch[MAX_SYMBOLS];
    uint32_t depths[MAX_SYMBOLS];
    uint32_t all_bits = 0;
    int n = 0;
    memset(lengths, 0, (size_t)count);
    for (int s = 0; s < count; s++) {
        if (freq[s] == 0) continue;
        symbols[n++] = (uint16_t)s;
        all_bits |= freq[s];
    }
    assert(n >= 2 && (n <= (1 << limit)));
    sort_by_frequency(freq, symbols, scratch, n, all_bits);
    for (int k = 0; k < n; k++) depths[k] = freq[symbols[k]];
    minimum_redundancy_depths(depths, n);

    // Leaves per depth, the deepest clamped to `limit`. The code is then measured in units of
    // 2^-limit (Kraft's sum: a leaf at depth d counts 2^(limit − d), a complete code sums to
    // 2^limit). While it is over-full, a leaf at the deepest level above `limit` moves one level
    // down (freeing the fewest units at a time); if that leaves room, a leaf at the deepest
    // level moves up: the units it gains, 2^(limit − d), always fit, because every count is a
    // multiple of that and so is the room. The result is complete, as inflaters require.
    unsigned per_depth[MAX_SYMBOLS] = {0};
    int deepest = 0;
    for (int k = 0; k < n; k++) {
        int depth = (int)depths[k] > limit ? limit : (int)depths[k];
        per_depth[depth]++;
        if ((int)depths[k] > deepest) deepest = (int)depths[k];
    }
    if (deepest > limit) {
        const uint64_t full = (uint64_t)1 << limit;
        uint64_t sum = 0;
        for (int d = 1; d <= limit; d++) sum += (uint64_t)per_depth[d] << (limit - d);
        while (sum > full) {
            int d = limit - 1;
            while (per_depth[d] == 0) d--;
            per_depth[d]--;
            per_depth[d + 1]++;
            sum -= (uint64_t)1 << (limit - d - 1);
        }
        while (sum < full) {
            int d = limit;
            while (per_depth[d] == 0) d--;
            per_depth[d]--;
            per_depth[d - 1]++;
            sum += (uint64_t)1 << (limit - d);
        }
    }
    // The most frequent symbols get the shortest codes; among equal frequencies the higher
    // symbol (later in the stable order) comes first.
    int k = n - 1;
    for (int d = 1; d <= limit; d++) {
        for (unsigned c = 0; c < per_depth[d]; c++) lengths[symbols[k--]] = (uint8_t)d;
    }
    assert(k == -1);
}

/// Each byte with its bits in reverse order.
static const uint8_t reversed_bytes[256] = {
#define R2(n) n, n + 2 * 64, n + 1 * 64, n + 3 * 64
#define R4(n) R2(n), R2(n + 2 * 16), R2(n + 1 * 16), R2(n + 3 * 16)
#define R6(n) R4(n), R4(n + 2 * 4), R4(n + 1 * 4), R4(n + 3 * 4)
    R6(0), R6(2), R6(1), R6(3)
#undef R2
#undef R4
#undef R6
};

void fpe_huffman_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    unsigned per_length[16] = {0};
    for (int s = 0; s < count; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    unsigned next[16];
    unsigned code = 0;
    for (int bits = 1; bits <= 15; bits++) {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int s = 0; s < count; s++) {
        int length = lengths[s];
        if (length == 0) { codes[s] = 0; continue; }
        unsigned value = next[length]++;
        codes[s] = (uint16_t)((reversed_bytes[value & 0xFF] << 8 | reversed_bytes[value >> 8]) >> (16 - length));
    }
}
