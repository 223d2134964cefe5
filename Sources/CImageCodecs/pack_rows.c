// Packing premultiplied RGBA pixels into a PNG's RGB rows (no codec, no setjmp): four bytes per
// pixel in, three out. The package builds for baseline x86-64 (SSE2), which has no byte shuffle;
// SSSE3's pshufb packs four pixels in one instruction, so that path is compiled for SSSE3 alone
// and chosen at run time when the CPU has it. Both paths give the same bytes.
#include "fbc_codecs.h"

#include <stdatomic.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

__attribute__((target("ssse3")))
static int pack_rgb_ssse3(const uint32_t *pixels, size_t count, uint8_t *out) {
    // Bytes 0-2, 4-6, 8-10, 12-14 of four pixels to the first 12 bytes; the last four are zero
    // and overwritten by the next store (the row has 16 spare bytes after it).
    const __m128i shuffle = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    __m128i all = alpha;
    size_t x = 0;
    for (; x + 4 <= count; x += 4) {
        __m128i four = _mm_loadu_si128((const __m128i *)(pixels + x));
        all = _mm_and_si128(all, four);
        _mm_storeu_si128((__m128i *)(out + 3 * x), _mm_shuffle_epi8(four, shuffle));
    }
    uint32_t rest = 0xFF000000u;
    for (; x < count; x++) {
        rest &= pixels[x];
        memcpy(out + 3 * x, &pixels[x], 4);
    }
    return _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(all, alpha), alpha)) == 0xFFFF && rest >= 0xFF000000u;
}
#endif

static int pack_rgb_portable(const uint32_t *pixels, size_t count, uint8_t *out) {
    uint32_t all = 0xFF000000u;
    for (size_t x = 0; x < count; x++) {
        all &= pixels[x];
        memcpy(out + 3 * x, &pixels[x], 4);
    }
    return all >= 0xFF000000u;
}

int fbc_pack_rgb_opaque(const uint32_t *pixels, size_t count, uint8_t *out) {
#if defined(__x86_64__) || defined(__i386__)
    // cpuid once (it traps to the hypervisor in a VM); threads racing here store the same value.
    static _Atomic int has_ssse3 = -1;
    int known = atomic_load_explicit(&has_ssse3, memory_order_relaxed);
    if (known < 0) {
        unsigned a, b, c, d;
        known = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) ? 1 : 0;
        atomic_store_explicit(&has_ssse3, known, memory_order_relaxed);
    }
    if (known) return pack_rgb_ssse3(pixels, count, out);
#endif
    return pack_rgb_portable(pixels, count, out);
}
