// The per-byte core of block coding, shared by every code path: the tokenizer and the token
// writer. Each path includes this file and instantiates both with its own instruction set (the
// AVX2 path with BMI1/BMI2: shifts by a register and trailing-zero counts in one instruction),
// so the same decisions and bits come out of differently compiled copies. Everything here is
// integer code on bytes and bit masks: no path can decide differently.
#ifndef FPE_BLOCK_CODING_H
#define FPE_BLOCK_CODING_H

#include "fpe_internal.h"

#define FPE_ALWAYS_INLINE static inline __attribute__((always_inline))

/// `low` shifted right by `shift` (1…63) with the low bits of `high` shifted in above it.
FPE_ALWAYS_INLINE uint64_t fpe_shift_in(uint64_t low, uint64_t high, unsigned shift) {
    return low >> shift | high << (64 - shift);
}

/// Bit i set where bits i…i+FPE_RUN_MIN−1 of `before` are all set: where a run long enough
/// starts, for word `w` (reading into word w + 1). Runs of 2, 4 and 8 ones by doubling, then
/// 8 and 4 side by side; a word's result needs only the next word's lowest 11 bits, which the
/// doubling gets right.
FPE_ALWAYS_INLINE uint64_t fpe_run_starts(const uint64_t *before, size_t w) {
    _Static_assert(FPE_RUN_MIN == 12, "fpe_run_starts joins runs of 8 and 4");
    uint64_t low = before[w], high = before[w + 1];
    uint64_t low2 = low & fpe_shift_in(low, high, 1), high2 = high & high >> 1;
    uint64_t low4 = low2 & fpe_shift_in(low2, high2, 2), high4 = high2 & high2 >> 2;
    uint64_t low8 = low4 & fpe_shift_in(low4, high4, 4);
    return low8 & fpe_shift_in(low4, high4, 8);
}

/// Bit i set where bits i…i+FPE_UP_MIN−1 of `above` are all set: where a copy of the row
/// above long enough starts (as `fpe_run_starts`, runs of 8 twice).
FPE_ALWAYS_INLINE uint64_t fpe_up_starts(const uint64_t *above, size_t w) {
    _Static_assert(FPE_UP_MIN == 16, "fpe_up_starts joins two runs of 8");
    uint64_t low = above[w], high = above[w + 1];
    uint64_t low2 = low & fpe_shift_in(low, high, 1), high2 = high & high >> 1;
    uint64_t low4 = low2 & fpe_shift_in(low2, high2, 2), high4 = high2 & high2 >> 2;
    uint64_t low8 = low4 & fpe_shift_in(low4, high4, 4), high8 = high4 & high4 >> 4;
    return low8 & fpe_shift_in(low8, high8, 8);
}

/// How many bits of `mask` are set in a row from bit `at` (the mask ends with a zero word).
FPE_ALWAYS_INLINE size_t fpe_ones_from(const uint64_t *mask, size_t at) {
    size_t w = at >> 6;
    unsigned bit = at & 63;
    // The bits shifted in above the word's end are zeros of `mask`, ones of `zeros`: so `zeros`
    // is 0 only when the whole word from `at` on is ones and `bit` is 0.
    uint64_t zeros = ~(mask[w] >> bit);
    unsigned first = zeros ? (unsigned)__builtin_ctzll(zeros) : 64;
    if (first < 64 - bit) return first;
    size_t total = 64 - bit;
    for (w++; mask[w] == ~(uint64_t)0; w++) total += 64;
    return total + (size_t)__builtin_ctzll(~mask[w]);
}

/// Counts the literals of `bytes` into `h`, four tables (so that equal neighbours do not wait on
/// each other's increment) fed from 8-byte loads. A stretch of 32 or more is sampled: every
/// other 8 bytes, counted twice — the counts only shape the block's code, and a photo's long
/// stretches of literals cost half as much to count (the files grow by ~0.7 %). Returns whether
/// it sampled: then a literal may occur that was not counted, and every literal needs a code.
FPE_ALWAYS_INLINE int fpe_count_literals(uint32_t (*h)[256], const uint8_t *bytes, size_t n) {
    size_t i = 0;
    const int sampled = n >= 32;
    if (sampled) {
        for (; i + 16 <= n; i += 16) {
            uint64_t v = fpe_load64(bytes + i);
            h[0][v & 0xFF] += 2; h[1][(v >> 8) & 0xFF] += 2; h[2][(v >> 16) & 0xFF] += 2; h[3][(v >> 24) & 0xFF] += 2;
            h[0][(v >> 32) & 0xFF] += 2; h[1][(v >> 40) & 0xFF] += 2; h[2][(v >> 48) & 0xFF] += 2; h[3][v >> 56] += 2;
        }
    }
    for (; i < n; i++) h[0][bytes[i]]++;
    return sampled;
}

/// Appends a copy of `length` bytes (split into pieces of ≤ 258, each ≥ 3) after `literals`
/// literals; returns the new token count.
FPE_ALWAYS_INLINE size_t fpe_add_copy(fpe_token *tokens, size_t n, uint32_t literals, size_t length, unsigned up, fpe_counts *c) {
    while (length > 0) {
        size_t piece = length;
        if (piece > 258) piece = length - 258 >= 3 ? 258 : length - 3;
        tokens[n++] = (fpe_token){literals, (uint16_t)piece, (uint16_t)up};
        c->litlen[fpe_length_symbol[piece]]++;
        c->copies[up]++;
        literals = 0;
        length -= piece;
    }
    return n;
}

/// The first position in [from, to) where a run of at least FPE_LONG_RUN starts, or `to`.
FPE_ALWAYS_INLINE size_t fpe_long_run_within(const uint64_t *before, size_t from, size_t to) {
    size_t at = from;
    while (at < to) {
        size_t w = at >> 6;
        uint64_t starts = fpe_run_starts(before, w) & (~(uint64_t)0 << (at & 63));
        if (!starts) { at = 64 * (w + 1); continue; }
        size_t start = 64 * w + (size_t)__builtin_ctzll(starts);
        if (start >= to) break;
        size_t length = fpe_ones_from(before, start);
        if (length >= FPE_LONG_RUN) return start;
        at = start + length;  // the run's later positions start shorter runs
    }
    return to;
}

/// Tokenizes a block's `n` bytes at `s` (see encoder.c) with its masks; counts literals,
/// lengths and copies into `c` (which starts at zero), end of block included.
FPE_ALWAYS_INLINE size_t fpe_tokenize_inline(const uint8_t *s, size_t n, const uint64_t *before, const uint64_t *above,
                                             int use_above, fpe_token *tokens, fpe_counts *c) {
    uint32_t h[4][256];
    memset(h, 0, sizeof h);
    // Literals run from `p`; the next copy is looked for from `at`.
    size_t words = (n + 63) / 64, count = 0, p = 0, at = 0;
    int sampled = 0;
    while (at < n) {
        // The next position where a run or a copy of the row above long enough may start.
        size_t w = at >> 6, next = n;
        uint64_t starts = (fpe_run_starts(before, w) | (use_above ? fpe_up_starts(above, w) : 0)) & (~(uint64_t)0 << (at & 63));
        while (!starts && ++w < words) starts = fpe_run_starts(before, w) | (use_above ? fpe_up_starts(above, w) : 0);
        if (starts) next = 64 * w + (size_t)__builtin_ctzll(starts);
        if (next >= n) break;
        size_t length = fpe_ones_from(before, next), u = use_above ? fpe_ones_from(above, next) : 0;
        unsigned up = 0;
        if (u >= FPE_UP_MIN && u > length && length < FPE_LONG_RUN) {
            // The copy of the row above stops where a long run starts: the run's pieces carry no
            // distance bits, the copy's ~10 a piece (a flat area: each row's type byte and first
            // byte, then a run, rather than one copy of everything above).
            length = fpe_long_run_within(before, next + 1, next + u) - next;
            up = 1;
            if (length < FPE_UP_MIN) { at = next + length; continue; }  // literals up to the run
        }
        sampled |= fpe_count_literals(h, s + p, next - p);
        count = fpe_add_copy(tokens, count, (uint32_t)(next - p), length, up, c);
        p = at = next + length;
    }
    sampled |= fpe_count_literals(h, s + p, n - p);
    tokens[count++] = (fpe_token){(uint32_t)(n - p), 0, 0};
    // Sampled counts get one more each, so that a literal the sample missed has a code.
    for (int v = 0; v < 256; v++) c->litlen[v] += (unsigned)sampled + h[0][v] + h[1][v] + h[2][v] + h[3][v];
    c->litlen[256]++;  // end of block
    return count;
}

/// Flushes the whole bytes of a bit buffer held in locals (after it: ≤ 7 pending bits).
#define FPE_FLUSH(bits, pending, out)  \
    do {                               \
        fpe_store64(out, bits);        \
        (out) += (pending) >> 3;       \
        (bits) >>= (pending) & ~7u;    \
        (pending) &= 7;                \
    } while (0)

/// Writes a block's tokens with `t`, then the end-of-block code. The bit buffer lives in
/// locals here (a struct reached through a pointer would be reloaded after every store).
/// Literals go four at a time: their codes (≤ 14 bits each) are joined pairwise first, so only
/// one shift and one add per four wait on the bit count; four and ≤ 7 pending bits fit 64.
FPE_ALWAYS_INLINE void fpe_write_tokens_inline(fpe_bit_writer *w, const uint8_t *s, const fpe_token *tokens, size_t count,
                                               const fpe_token_codes *t) {
    uint64_t bits = w->bits;
    unsigned pending = w->count;
    uint8_t *out = w->out;
    const uint16_t *code = t->literal_code;
    const uint8_t *length = t->literal_bits;
    for (size_t k = 0; k < count; k++) {
        const fpe_token tk = tokens[k];
        size_t n = tk.literals;
        for (; n >= 4; n -= 4, s += 4) {
            const unsigned b0 = s[0], b1 = s[1], b2 = s[2], b3 = s[3];
            const unsigned l0 = length[b0], l2 = length[b2], l01 = l0 + length[b1];
            const uint64_t c01 = code[b0] | (uint64_t)code[b1] << l0;
            const uint64_t c23 = code[b2] | (uint64_t)code[b3] << l2;
            bits |= (c01 | c23 << l01) << pending;
            pending += l01 + l2 + length[b3];
            FPE_FLUSH(bits, pending, out);
        }
        for (; n > 0; n--, s++) {
            bits |= (uint64_t)code[s[0]] << pending;
            pending += length[s[0]];
        }
        // ≤ 3 literals (42 bits) + 7 pending, then a copy of ≤ 19 + 28 bits: flush in between.
        FPE_FLUSH(bits, pending, out);
        if (tk.length) {
            const uint32_t entry = t->length[tk.length];
            bits |= (uint64_t)(entry & 0xFFFFFF) << pending;
            pending += entry >> 24;
            bits |= (uint64_t)t->distance_value[tk.up] << pending;
            pending += t->distance_bits[tk.up];
            FPE_FLUSH(bits, pending, out);
            s += tk.length;
        }
    }
    bits |= (uint64_t)t->end_value << pending;
    pending += t->end_bits;
    FPE_FLUSH(bits, pending, out);
    w->bits = bits;
    w->count = pending;
    w->out = out;
}

#endif
