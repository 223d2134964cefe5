#include <stdint.h>
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>
#include <isa-l/crc64.h>

/// Bytes of the `level_buf` each ISA-L level needs (index = level): igzip's *_DEFAULT sizes
/// (64 Ki tokens), which Swift cannot import as macros. Level 0 needs none.
static const uint32_t cisal_level_buffer_bytes[4] = {
    ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT, ISAL_DEF_LVL2_DEFAULT, ISAL_DEF_LVL3_DEFAULT
};
