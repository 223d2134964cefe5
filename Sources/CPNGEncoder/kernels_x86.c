// x86-64 row kernels: SSE4.1 (16 bytes a step) and AVX2 (32), each compiled for its
// instruction set alone (`target` attributes: the package builds for baseline x86-64) and chosen
// at run time. CRC-32 by carry-less multiplication (PCLMULQDQ) where the CPU has it. Every kernel
// gives the portable kernel's bytes.
#if defined(__x86_64__)
#include "block_coding.h"

#include <immintrin.h>

#define SSE41 __attribute__((target("sse4.1")))
#define AVX2 __attribute__((target("avx2")))
#define SSE41_PCLMUL __attribute__((target("sse4.1,pclmul")))
#define AVX2_BMI __attribute__((target("avx2,bmi,bmi2")))

// MARK: packing

SSE41 static int pack_rgb_sse41(const uint8_t *pixels, size_t count, uint8_t *out) {
    // Bytes 0-2, 4-6, 8-10, 12-14 of four pixels to the first 12 bytes; the last four are
    // overwritten by the next store or lie in the row's padding.
    const __m128i shuffle = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    __m128i all = _mm_set1_epi8(-1);
    size_t x = 0;
    for (; x + 4 <= count; x += 4) {
        __m128i four = _mm_loadu_si128((const __m128i *)(const void *)(pixels + 4 * x));
        all = _mm_and_si128(all, four);
        _mm_storeu_si128((__m128i *)(void *)(out + 3 * x), _mm_shuffle_epi8(four, shuffle));
    }
    uint8_t rest = 0xFF;
    for (; x < count; x++) {
        memcpy(out + 3 * x, pixels + 4 * x, 3);
        rest &= pixels[4 * x + 3];
    }
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    return _mm_testc_si128(all, alpha) && rest == 0xFF;
}

AVX2 static int pack_rgb_avx2(const uint8_t *pixels, size_t count, uint8_t *out) {
    // Per 128-bit lane, four pixels' RGB to the lane's first 12 bytes; then the two lanes' 12
    // bytes (dwords 0-2 and 4-6) side by side: 24 bytes of eight pixels.
    const __m256i shuffle = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                             0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i compact = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    __m256i all = _mm256_set1_epi8(-1);
    size_t x = 0;
    for (; x + 8 <= count; x += 8) {
        __m256i eight = _mm256_loadu_si256((const __m256i *)(const void *)(pixels + 4 * x));
        all = _mm256_and_si256(all, eight);
        __m256i rgb = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(eight, shuffle), compact);
        _mm256_storeu_si256((__m256i *)(void *)(out + 3 * x), rgb);
    }
    uint8_t rest = 0xFF;
    for (; x < count; x++) {
        memcpy(out + 3 * x, pixels + 4 * x, 3);
        rest &= pixels[4 * x + 3];
    }
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
    return _mm256_testc_si256(all, alpha) && rest == 0xFF;
}

// MARK: filters

/// The Paeth predictor in byte lanes: |p − a| = |b − c| and |p − b| = |a − c| as max − min;
/// |p − c| = |(a − c) + (b − c)| is their (saturating) sum when a − c and b − c have the same
/// sign, else the difference of the two magnitudes. Saturating at 255 decides every comparison
/// as the exact value would (the other two are ≤ 255). Ties: a, then b.
#define PAETH_BODY(V, PREFIX, BLEND)                                                                        \
    V pa = PREFIX##_sub_epi8(PREFIX##_max_epu8(b, c), PREFIX##_min_epu8(b, c));                           \
    V pb = PREFIX##_sub_epi8(PREFIX##_max_epu8(a, c), PREFIX##_min_epu8(a, c));                           \
    V b_above = PREFIX##_cmpeq_epi8(PREFIX##_max_epu8(b, c), b);                                         \
    V a_above = PREFIX##_cmpeq_epi8(PREFIX##_max_epu8(a, c), a);                                         \
    V opposite = PREFIX##_xor_si##BLEND(b_above, a_above);                                                \
    V pc = PREFIX##_blendv_epi8(PREFIX##_adds_epu8(pa, pb),                                               \
                                PREFIX##_sub_epi8(PREFIX##_max_epu8(pa, pb), PREFIX##_min_epu8(pa, pb)), opposite); \
    V a_wins = PREFIX##_and_si##BLEND(PREFIX##_cmpeq_epi8(PREFIX##_min_epu8(pa, pb), pa),                 \
                                     PREFIX##_cmpeq_epi8(PREFIX##_min_epu8(pa, pc), pa));                 \
    V b_wins = PREFIX##_cmpeq_epi8(PREFIX##_min_epu8(pb, pc), pb);                                         \
    V predictor = PREFIX##_blendv_epi8(PREFIX##_blendv_epi8(c, b, b_wins), a, a_wins);

SSE41 static inline __m128i paeth_sse41(__m128i a, __m128i b, __m128i c) {
    PAETH_BODY(__m128i, _mm, 128)
    return predictor;
}

AVX2 static inline __m256i paeth_avx2(__m256i a, __m256i b, __m256i c) {
    PAETH_BODY(__m256i, _mm256, 256)
    return predictor;
}

/// ⌊(a + b) / 2⌋: pavgb rounds up, so subtract the lost low bit.
SSE41 static inline __m128i average_sse41(__m128i a, __m128i b) {
    return _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), _mm_set1_epi8(1)));
}

AVX2 static inline __m256i average_avx2(__m256i a, __m256i b) {
    return _mm256_sub_epi8(_mm256_avg_epu8(a, b), _mm256_and_si256(_mm256_xor_si256(a, b), _mm256_set1_epi8(1)));
}

// Whole vectors over the row (the last one reads and writes into the padding).
#define LOAD128(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define LOAD256(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))

SSE41 static void filter_row_sse41(int filter, const uint8_t *row, const uint8_t *above, size_t count, int bpp, uint8_t *out) {
    size_t i = 0;
    switch (filter) {
    case FPE_FILTER_NONE: memcpy(out, row, count); break;
    case FPE_FILTER_SUB:
        for (; i < count; i += 16) _mm_storeu_si128((__m128i *)(void *)(out + i), _mm_sub_epi8(LOAD128(row + i), LOAD128(row + i - bpp)));
        break;
    case FPE_FILTER_UP:
        for (; i < count; i += 16) _mm_storeu_si128((__m128i *)(void *)(out + i), _mm_sub_epi8(LOAD128(row + i), LOAD128(above + i)));
        break;
    case FPE_FILTER_AVERAGE:
        for (; i < count; i += 16) {
            __m128i predictor = average_sse41(LOAD128(row + i - bpp), LOAD128(above + i));
            _mm_storeu_si128((__m128i *)(void *)(out + i), _mm_sub_epi8(LOAD128(row + i), predictor));
        }
        break;
    default:
        for (; i < count; i += 16) {
            __m128i predictor = paeth_sse41(LOAD128(row + i - bpp), LOAD128(above + i), LOAD128(above + i - bpp));
            _mm_storeu_si128((__m128i *)(void *)(out + i), _mm_sub_epi8(LOAD128(row + i), predictor));
        }
        break;
    }
}

AVX2 static void filter_row_avx2(int filter, const uint8_t *row, const uint8_t *above, size_t count, int bpp, uint8_t *out) {
    size_t i = 0;
    switch (filter) {
    case FPE_FILTER_NONE: memcpy(out, row, count); break;
    case FPE_FILTER_SUB:
        for (; i < count; i += 32) _mm256_storeu_si256((__m256i *)(void *)(out + i), _mm256_sub_epi8(LOAD256(row + i), LOAD256(row + i - bpp)));
        break;
    case FPE_FILTER_UP:
        for (; i < count; i += 32) _mm256_storeu_si256((__m256i *)(void *)(out + i), _mm256_sub_epi8(LOAD256(row + i), LOAD256(above + i)));
        break;
    case FPE_FILTER_AVERAGE:
        for (; i < count; i += 32) {
            __m256i predictor = average_avx2(LOAD256(row + i - bpp), LOAD256(above + i));
            _mm256_storeu_si256((__m256i *)(void *)(out + i), _mm256_sub_epi8(LOAD256(row + i), predictor));
        }
        break;
    default:
        for (; i < count; i += 32) {
            __m256i predictor = paeth_avx2(LOAD256(row + i - bpp), LOAD256(above + i), LOAD256(above + i - bpp));
            _mm256_storeu_si256((__m256i *)(void *)(out + i), _mm256_sub_epi8(LOAD256(row + i), predictor));
        }
        break;
    }
}

// MARK: byte comparisons

/// Keeps the bits of the last word below `count` (bits past the end may hold comparisons of
/// the padding).
static inline void clear_past_end(uint64_t *mask, size_t count) {
    if (count % 64) mask[count / 64] &= ((uint64_t)1 << (count % 64)) - 1;
}

SSE41 static void equal_masks_sse41(const uint8_t *bytes, size_t count, size_t distance, uint64_t *equal_before, uint64_t *equal_above) {
    uint8_t *before = (uint8_t *)equal_before, *above = (uint8_t *)equal_above;
    for (size_t i = 0; i < count; i += 16) {
        __m128i x = LOAD128(bytes + i);
        uint16_t b = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x, LOAD128(bytes + i - 1)));
        uint16_t u = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x, LOAD128(bytes + i - distance)));
        memcpy(before + i / 8, &b, 2);
        memcpy(above + i / 8, &u, 2);
    }
    clear_past_end(equal_before, count);
    clear_past_end(equal_above, count);
}

AVX2 static void equal_masks_avx2(const uint8_t *bytes, size_t count, size_t distance, uint64_t *equal_before, uint64_t *equal_above) {
    uint8_t *before = (uint8_t *)equal_before, *above = (uint8_t *)equal_above;
    for (size_t i = 0; i < count; i += 32) {
        __m256i x = LOAD256(bytes + i);
        uint32_t b = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, LOAD256(bytes + i - 1)));
        uint32_t u = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, LOAD256(bytes + i - distance)));
        memcpy(before + i / 8, &b, 4);
        memcpy(above + i / 8, &u, 4);
    }
    clear_past_end(equal_before, count);
    clear_past_end(equal_above, count);
}

// MARK: Adler-32

/// Adler-32 of whole vectors, reduced every `ADLER_VECTORS` of them. For n bytes x_0…x_{n−1}
/// after (a, b): a' = a + Σ x_i and b' = b + n·a + Σ (n − i)·x_i. Per vector of V bytes the lanes
/// keep Σ x (psadbw), the running sum of the previous vectors' a-increments (times V at the end)
/// and Σ (V − i)·x_i (pmaddubsw with weights V…1, then pmaddwd to 32 bits). With 128 vectors
/// between reductions no 32-bit lane can overflow.
#define ADLER_VECTORS 128

SSE41 static uint32_t adler32_sse41(uint32_t adler, const uint8_t *bytes, size_t count) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    const __m128i weights = _mm_setr_epi8(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m128i ones = _mm_set1_epi16(1), zero = _mm_setzero_si128();
    while (count >= 16) {
        size_t vectors = count / 16 < ADLER_VECTORS ? count / 16 : ADLER_VECTORS;
        __m128i sum = zero, previous = zero, weighted = zero;
        for (size_t v = 0; v < vectors; v++, bytes += 16) {
            __m128i x = LOAD128(bytes);
            previous = _mm_add_epi32(previous, sum);
            sum = _mm_add_epi32(sum, _mm_sad_epu8(x, zero));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_maddubs_epi16(x, weights), ones));
        }
        uint32_t s[4], p[4], w[4];
        _mm_storeu_si128((__m128i *)(void *)s, sum);
        _mm_storeu_si128((__m128i *)(void *)p, previous);
        _mm_storeu_si128((__m128i *)(void *)w, weighted);
        uint64_t n = 16 * vectors;
        b += n * a + 16 * ((uint64_t)p[0] + p[2]) + (uint64_t)w[0] + w[1] + w[2] + w[3];
        a += (uint64_t)s[0] + s[2];
        a %= FPE_ADLER_BASE;
        b %= FPE_ADLER_BASE;
        count -= n;
    }
    return fpe_adler32_portable((uint32_t)(b << 16 | a), bytes, count);
}

AVX2 static uint32_t adler32_avx2(uint32_t adler, const uint8_t *bytes, size_t count) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
                                             16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1), zero = _mm256_setzero_si256();
    while (count >= 32) {
        size_t vectors = count / 32 < ADLER_VECTORS ? count / 32 : ADLER_VECTORS;
        __m256i sum = zero, previous = zero, weighted = zero;
        for (size_t v = 0; v < vectors; v++, bytes += 32) {
            __m256i x = LOAD256(bytes);
            previous = _mm256_add_epi32(previous, sum);
            sum = _mm256_add_epi32(sum, _mm256_sad_epu8(x, zero));
            weighted = _mm256_add_epi32(weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(x, weights), ones));
        }
        uint32_t s[8], p[8], w[8];
        _mm256_storeu_si256((__m256i *)(void *)s, sum);
        _mm256_storeu_si256((__m256i *)(void *)p, previous);
        _mm256_storeu_si256((__m256i *)(void *)w, weighted);
        uint64_t n = 32 * vectors, sums = 0, previous_sums = 0, weighted_sums = 0;
        for (int lane = 0; lane < 8; lane++) { sums += s[lane]; previous_sums += p[lane]; weighted_sums += w[lane]; }
        b += n * a + 32 * previous_sums + weighted_sums;
        a += sums;
        a %= FPE_ADLER_BASE;
        b %= FPE_ADLER_BASE;
        count -= n;
    }
    // A 128-bit pass for a last 16 bytes, then bytes.
    return adler32_sse41((uint32_t)(b << 16 | a), bytes, count);
}

// MARK: CRC-32

/// Folding constants of the reflected CRC-32 polynomial P (0x04C11DB7 normal, 0xEDB88320
/// reflected): K(n) = (the 32-bit reflection of x^n mod P) << 1. Folding a 128-bit piece over D
/// bits multiplies its two 64-bit halves by K(D + 32) and K(D − 32) (the shift by one and the ±32
/// account for the reflected carry-less product and the CRC's x^32).
#define K_544 0x154442bd4ull  /* fold 512 bits: four pieces at a time */
#define K_480 0x1c6e41596ull
#define K_160 0x1751997d0ull  /* fold 128 bits */
#define K_96 0x0ccaa009eull

SSE41_PCLMUL static inline __m128i fold(__m128i x, __m128i constants, __m128i data) {
    return _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x, constants, 0x00), _mm_clmulepi64_si128(x, constants, 0x11)), data);
}

/// CRC-32 by folding: the message is kept as four (then one) 128-bit pieces congruent to it mod
/// P; the last piece's CRC (from a zero register) is the message's. Tails by the table.
SSE41_PCLMUL uint32_t fpe_crc32_pclmul(uint32_t crc, const uint8_t *bytes, size_t count) {
    if (count < 64) return fpe_crc32_portable(crc, bytes, count);
    const __m128i by4 = _mm_set_epi64x((long long)K_480, (long long)K_544);
    const __m128i by1 = _mm_set_epi64x((long long)K_96, (long long)K_160);
    __m128i x0 = _mm_xor_si128(LOAD128(bytes), _mm_cvtsi32_si128((int)~crc));
    __m128i x1 = LOAD128(bytes + 16), x2 = LOAD128(bytes + 32), x3 = LOAD128(bytes + 48);
    bytes += 64;
    count -= 64;
    for (; count >= 64; bytes += 64, count -= 64) {
        x0 = fold(x0, by4, LOAD128(bytes));
        x1 = fold(x1, by4, LOAD128(bytes + 16));
        x2 = fold(x2, by4, LOAD128(bytes + 32));
        x3 = fold(x3, by4, LOAD128(bytes + 48));
    }
    __m128i x = fold(fold(fold(x0, by1, x1), by1, x2), by1, x3);
    for (; count >= 16; bytes += 16, count -= 16) x = fold(x, by1, LOAD128(bytes));
    uint8_t last[16];
    _mm_storeu_si128((__m128i *)(void *)last, x);
    // The register starts at zero (~0xFFFFFFFF): the initial value is already folded in.
    uint32_t folded = fpe_crc32_portable(0xFFFFFFFFu, last, 16);
    return fpe_crc32_portable(folded, bytes, count);
}

// MARK: adaptive cost

AVX2 static uint64_t filter_cost_avx2(const uint8_t *bytes, size_t count) {
    // min(v, 256 − v) = min(v, −v) in bytes (−128 is 128 either way); psadbw sums eight at a time.
    __m256i sums = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 32 <= count; i += 32) {
        __m256i v = LOAD256(bytes + i);
        __m256i magnitude = _mm256_min_epu8(v, _mm256_sub_epi8(_mm256_setzero_si256(), v));
        sums = _mm256_add_epi64(sums, _mm256_sad_epu8(magnitude, _mm256_setzero_si256()));
    }
    uint64_t lanes[4];
    _mm256_storeu_si256((__m256i *)(void *)lanes, sums);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3] + fpe_filter_cost_portable(bytes + i, count - i);
}

SSE41 static uint64_t filter_cost_sse41(const uint8_t *bytes, size_t count) {
    __m128i sums = _mm_setzero_si128();
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m128i v = LOAD128(bytes + i);
        __m128i magnitude = _mm_min_epu8(v, _mm_sub_epi8(_mm_setzero_si128(), v));
        sums = _mm_add_epi64(sums, _mm_sad_epu8(magnitude, _mm_setzero_si128()));
    }
    uint64_t lanes[2];
    _mm_storeu_si128((__m128i *)(void *)lanes, sums);
    return lanes[0] + lanes[1] + fpe_filter_cost_portable(bytes + i, count - i);
}

// MARK: block coding

AVX2_BMI static size_t tokenize_avx2(const uint8_t *bytes, size_t count, const uint64_t *equal_before, const uint64_t *equal_above,
                                     int use_above, fpe_token *tokens, fpe_counts *counts) {
    return fpe_tokenize_inline(bytes, count, equal_before, equal_above, use_above, tokens, counts);
}

AVX2_BMI static void write_tokens_avx2(fpe_bit_writer *writer, const uint8_t *bytes, const fpe_token *tokens, size_t count,
                                       const fpe_token_codes *codes) {
    fpe_write_tokens_inline(writer, bytes, tokens, count, codes);
}

const fpe_kernels fpe_sse41_kernels = {
    pack_rgb_sse41, filter_row_sse41, equal_masks_sse41, adler32_sse41, filter_cost_sse41, fpe_tokenize_portable, fpe_write_tokens_portable,
};
const fpe_kernels fpe_avx2_kernels = {
    pack_rgb_avx2, filter_row_avx2, equal_masks_avx2, adler32_avx2, filter_cost_avx2, tokenize_avx2, write_tokens_avx2,
};
#endif
