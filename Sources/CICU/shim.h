// Only CLineBreaking's C code uses ICU (its headers clash with the toolchain's own copy of ICU
// when Swift imports them); this module exists to carry pkg-config's flags for icu-uc.
#include <unicode/ubrk.h>
