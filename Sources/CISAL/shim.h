#include <stdint.h>
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>
#include <isa-l/crc64.h>
#include <stdatomic.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

/// Bytes of the `level_buf` each ISA-L level needs (index = level): igzip's *_DEFAULT sizes
/// (64 Ki tokens), which Swift cannot import as macros. Level 0 needs none.
static const uint32_t cisal_level_buffer_bytes[4] = {
    ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT, ISAL_DEF_LVL2_DEFAULT, ISAL_DEF_LVL3_DEFAULT
};

/// Clears the upper halves of the vector registers (`vzeroupper`) on a CPU with AVX. ISA-L's
/// dispatcher picks its AVX-512 code where the CPU has it (crc64_ecma_refl_by16_10,
/// crc32_gzip_refl_by16_10, the deflate bodies _04), which returns with the upper state dirty;
/// until something clears it, the SSE code the Swift compiler emits for baseline x86-64 (the
/// rasterizer's, the PNG filters') runs slower: on this project's AMD EPYC machines, frames
/// drawn after each frame's CRC-64 took 1.8 ms longer each, twice the drawing (measured in
/// `FlipbookBench`; docs/PERFORMANCE.md). The CPU check runs once (cpuid traps to the
/// hypervisor in a VM); threads racing on it store the same value.
static inline void cisal_clear_upper_vector_state(void) {
#if defined(__x86_64__)
    static _Atomic int has_avx = -1;
    int known = atomic_load_explicit(&has_avx, memory_order_relaxed);
    if (known < 0) {
        unsigned a, b, c, d;
        known = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_AVX) && (c & bit_OSXSAVE) ? 1 : 0;
        atomic_store_explicit(&has_avx, known, memory_order_relaxed);
    }
    if (known) __asm__ volatile("vzeroupper");
#endif
}

/// `crc64_ecma_refl`, then `cisal_clear_upper_vector_state`.
static inline uint64_t cisal_crc64_ecma_refl(uint64_t seed, const unsigned char *bytes, uint64_t count) {
    uint64_t crc = crc64_ecma_refl(seed, bytes, count);
    cisal_clear_upper_vector_state();
    return crc;
}

/// `crc32_gzip_refl`, then `cisal_clear_upper_vector_state`.
static inline uint32_t cisal_crc32_gzip_refl(uint32_t seed, const unsigned char *bytes, uint64_t count) {
    uint32_t crc = crc32_gzip_refl(seed, bytes, count);
    cisal_clear_upper_vector_state();
    return crc;
}

/// `isal_deflate`, then `cisal_clear_upper_vector_state`.
static inline int cisal_deflate(struct isal_zstream *stream) {
    int status = isal_deflate(stream);
    cisal_clear_upper_vector_state();
    return status;
}
