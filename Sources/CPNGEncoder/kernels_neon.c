// arm64 row kernels: Advanced SIMD (NEON, part of every AArch64 CPU), 16 bytes a step, and
// CRC-32 with the ARMv8 CRC32 instructions where the CPU has them (the same polynomial as
// PNG's). Every kernel gives the portable kernel's bytes.
#if defined(__aarch64__)
#include "block_coding.h"

#include <arm_acle.h>
#include <arm_neon.h>

static int pack_rgb_neon(const uint8_t *pixels, size_t count, uint8_t *out) {
    uint8x16_t all = vdupq_n_u8(0xFF);
    size_t x = 0;
    for (; x + 16 <= count; x += 16) {
        uint8x16x4_t planes = vld4q_u8(pixels + 4 * x);
        all = vandq_u8(all, planes.val[3]);
        uint8x16x3_t rgb = {{planes.val[0], planes.val[1], planes.val[2]}};
        vst3q_u8(out + 3 * x, rgb);
    }
    uint8_t rest = 0xFF;
    for (; x < count; x++) {
        memcpy(out + 3 * x, pixels + 4 * x, 3);
        rest &= pixels[4 * x + 3];
    }
    return vminvq_u8(all) == 0xFF && rest == 0xFF;
}

/// The Paeth predictor in byte lanes (see kernels_x86.c for the argument): |p − a| = |b − c|,
/// |p − b| = |a − c|, |p − c| their saturating sum when a − c and b − c have the same sign,
/// else the difference of the two. Ties: a, then b.
static inline uint8x16_t paeth_neon(uint8x16_t a, uint8x16_t b, uint8x16_t c) {
    uint8x16_t pa = vabdq_u8(b, c), pb = vabdq_u8(a, c);
    uint8x16_t opposite = veorq_u8(vcgeq_u8(b, c), vcgeq_u8(a, c));
    uint8x16_t pc = vbslq_u8(opposite, vabdq_u8(pa, pb), vqaddq_u8(pa, pb));
    uint8x16_t a_wins = vandq_u8(vcleq_u8(pa, pb), vcleq_u8(pa, pc));
    uint8x16_t b_wins = vcleq_u8(pb, pc);
    return vbslq_u8(a_wins, a, vbslq_u8(b_wins, b, c));
}

static void filter_row_neon(int filter, const uint8_t *row, const uint8_t *above, size_t count, int bpp, uint8_t *out) {
    size_t i = 0;
    switch (filter) {
    case FPE_FILTER_NONE: memcpy(out, row, count); break;
    case FPE_FILTER_SUB:
        for (; i < count; i += 16) vst1q_u8(out + i, vsubq_u8(vld1q_u8(row + i), vld1q_u8(row + i - bpp)));
        break;
    case FPE_FILTER_UP:
        for (; i < count; i += 16) vst1q_u8(out + i, vsubq_u8(vld1q_u8(row + i), vld1q_u8(above + i)));
        break;
    case FPE_FILTER_AVERAGE:
        // vhadd: (a + b) >> 1 without overflow, the floor the filter wants.
        for (; i < count; i += 16) vst1q_u8(out + i, vsubq_u8(vld1q_u8(row + i), vhaddq_u8(vld1q_u8(row + i - bpp), vld1q_u8(above + i))));
        break;
    default:
        for (; i < count; i += 16) {
            uint8x16_t predictor = paeth_neon(vld1q_u8(row + i - bpp), vld1q_u8(above + i), vld1q_u8(above + i - bpp));
            vst1q_u8(out + i, vsubq_u8(vld1q_u8(row + i), predictor));
        }
        break;
    }
}

/// 64 comparison results (0xFF or 0) as a 64-bit mask, bit i from byte i: each byte keeps its
/// bit's weight, then three pairwise additions sum eight bytes into one.
static inline uint64_t mask_of(uint8x16_t m0, uint8x16_t m1, uint8x16_t m2, uint8x16_t m3) {
    const uint8x16_t weights = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t t0 = vpaddq_u8(vandq_u8(m0, weights), vandq_u8(m1, weights));
    uint8x16_t t1 = vpaddq_u8(vandq_u8(m2, weights), vandq_u8(m3, weights));
    uint8x16_t t = vpaddq_u8(t0, t1);
    return vgetq_lane_u64(vreinterpretq_u64_u8(vpaddq_u8(t, t)), 0);
}

static void equal_masks_neon(const uint8_t *bytes, size_t count, size_t distance, uint64_t *equal_before, uint64_t *equal_above) {
    for (size_t i = 0; i < count; i += 64) {
        uint8x16_t x0 = vld1q_u8(bytes + i), x1 = vld1q_u8(bytes + i + 16), x2 = vld1q_u8(bytes + i + 32), x3 = vld1q_u8(bytes + i + 48);
        const uint8_t *b = bytes + i - 1, *u = bytes + i - distance;
        equal_before[i / 64] = mask_of(vceqq_u8(x0, vld1q_u8(b)), vceqq_u8(x1, vld1q_u8(b + 16)),
                                       vceqq_u8(x2, vld1q_u8(b + 32)), vceqq_u8(x3, vld1q_u8(b + 48)));
        equal_above[i / 64] = mask_of(vceqq_u8(x0, vld1q_u8(u)), vceqq_u8(x1, vld1q_u8(u + 16)),
                                      vceqq_u8(x2, vld1q_u8(u + 32)), vceqq_u8(x3, vld1q_u8(u + 48)));
    }
    if (count % 64) {
        uint64_t keep = ((uint64_t)1 << (count % 64)) - 1;
        equal_before[count / 64] &= keep;
        equal_above[count / 64] &= keep;
    }
}

/// Adler-32 of 16-byte vectors (see kernels_x86.c): per vector, the lanes keep Σ x, the running
/// sum of the previous vectors' sums, and Σ (16 − i)·x_i; reduced every 128 vectors.
static uint32_t adler32_neon(uint32_t adler, const uint8_t *bytes, size_t count) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    const uint8x8_t high_weights = {16, 15, 14, 13, 12, 11, 10, 9}, low_weights = {8, 7, 6, 5, 4, 3, 2, 1};
    while (count >= 16) {
        size_t vectors = count / 16 < 128 ? count / 16 : 128;
        uint32x4_t sum = vdupq_n_u32(0), previous = vdupq_n_u32(0), weighted = vdupq_n_u32(0);
        for (size_t v = 0; v < vectors; v++, bytes += 16) {
            uint8x16_t x = vld1q_u8(bytes);
            previous = vaddq_u32(previous, sum);
            sum = vpadalq_u16(sum, vpaddlq_u8(x));
            uint16x8_t products = vmull_u8(vget_low_u8(x), high_weights);
            products = vmlal_u8(products, vget_high_u8(x), low_weights);
            weighted = vpadalq_u16(weighted, products);
        }
        uint64_t n = 16 * vectors;
        b += n * a + 16 * (uint64_t)vaddvq_u32(previous) + vaddvq_u32(weighted);
        a += vaddvq_u32(sum);
        a %= FPE_ADLER_BASE;
        b %= FPE_ADLER_BASE;
        count -= n;
    }
    return fpe_adler32_portable((uint32_t)(b << 16 | a), bytes, count);
}

__attribute__((target("+crc"))) uint32_t fpe_crc32_arm(uint32_t crc, const uint8_t *bytes, size_t count) {
    uint32_t c = ~crc;
    for (; count >= 8; count -= 8, bytes += 8) c = __crc32d(c, fpe_load64(bytes));
    for (; count > 0; count--, bytes++) c = __crc32b(c, *bytes);
    return ~c;
}

static uint64_t filter_cost_neon(const uint8_t *bytes, size_t count) {
    uint64x2_t sums = vdupq_n_u64(0);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        uint8x16_t v = vld1q_u8(bytes + i);
        uint8x16_t magnitude = vminq_u8(v, vsubq_u8(vdupq_n_u8(0), v));
        sums = vpadalq_u32(sums, vpaddlq_u16(vpaddlq_u8(magnitude)));
    }
    return vaddvq_u64(sums) + fpe_filter_cost_portable(bytes + i, count - i);
}

const fpe_kernels fpe_neon_kernels = {
    pack_rgb_neon, filter_row_neon, equal_masks_neon, adler32_neon, filter_cost_neon, fpe_tokenize_portable, fpe_write_tokens_portable,
};
#endif
