// Which kernels this CPU runs: the CPU is asked once per process (cpuid traps to the hypervisor
// in a VM), the answer kept in an atomic that racing threads fill with the same value.
#include "fpe_internal.h"

#include <stdatomic.h>

#if defined(__x86_64__)
#include <cpuid.h>

static unsigned detect_paths(void) {
    unsigned paths = 1u << FPE_PATH_PORTABLE;
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return paths;
    if (c & bit_SSE4_1) paths |= 1u << FPE_PATH_SSE41;
    // AVX2 needs the CPU's flag and the OS saving the YMM registers (XCR0 bits 1 and 2).
    if ((c & bit_OSXSAVE) && (c & bit_AVX) && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX2)) {
        unsigned xcr0_low, xcr0_high;
        __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
        if ((xcr0_low & 6) == 6 && (paths & (1u << FPE_PATH_SSE41))) paths |= 1u << FPE_PATH_AVX2;
    }
    return paths;
}

static int cpu_has_fast_crc32(void) {
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_PCLMUL) && (c & bit_SSE4_1);
}
#define FAST_CRC32 fpe_crc32_pclmul
#elif defined(__aarch64__)
#include <sys/auxv.h>
#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif

static unsigned detect_paths(void) {
    // Advanced SIMD (NEON) is part of every AArch64 CPU.
    return 1u << FPE_PATH_PORTABLE | 1u << FPE_PATH_NEON;
}

static int cpu_has_fast_crc32(void) { return (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0; }
#define FAST_CRC32 fpe_crc32_arm
#else
static unsigned detect_paths(void) { return 1u << FPE_PATH_PORTABLE; }
static int cpu_has_fast_crc32(void) { return 0; }
#define FAST_CRC32 fpe_crc32_portable
#endif

fpe_crc32_function fpe_fastest_crc32(void) {
    static _Atomic int known = -1;
    int fast = atomic_load_explicit(&known, memory_order_relaxed);
    if (fast < 0) {
        fast = cpu_has_fast_crc32();
        atomic_store_explicit(&known, fast, memory_order_relaxed);
    }
    return fast ? FAST_CRC32 : fpe_crc32_portable;
}

unsigned fpe_available_paths(void) {
    static _Atomic unsigned known = 0;  // 0: not asked yet (the portable bit is always set after)
    unsigned value = atomic_load_explicit(&known, memory_order_relaxed);
    if (value == 0) {
        value = detect_paths();
        atomic_store_explicit(&known, value, memory_order_relaxed);
    }
    return value;
}

fpe_path fpe_default_path(void) {
    unsigned paths = fpe_available_paths();
    if (paths & (1u << FPE_PATH_AVX2)) return FPE_PATH_AVX2;
    if (paths & (1u << FPE_PATH_SSE41)) return FPE_PATH_SSE41;
    if (paths & (1u << FPE_PATH_NEON)) return FPE_PATH_NEON;
    return FPE_PATH_PORTABLE;
}

/// The kernels of `path` (which the CPU must be able to run).
static const fpe_kernels *kernels_for(fpe_path path) {
    switch (path) {
#if defined(__x86_64__)
    case FPE_PATH_AVX2: return &fpe_avx2_kernels;
    case FPE_PATH_SSE41: return &fpe_sse41_kernels;
#endif
#if defined(__aarch64__)
    case FPE_PATH_NEON: return &fpe_neon_kernels;
#endif
    default: return &fpe_portable_kernels;
    }
}

int fpe_encoder_set_path(fpe_encoder *encoder, fpe_path path) {
    if ((unsigned)path > FPE_PATH_NEON || !(fpe_available_paths() & (1u << path))) return 0;
    fpe_encoder_use_kernels(encoder, path, kernels_for(path));
    return 1;
}

uint32_t fpe_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    return fpe_fastest_crc32()(crc, bytes, count);
}

uint32_t fpe_adler32(uint32_t adler, const uint8_t *bytes, size_t count) {
    return kernels_for(fpe_default_path())->adler32(adler, bytes, count);
}
