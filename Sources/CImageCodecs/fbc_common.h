// Private helpers shared by the PNG and JPEG halves of the shim.
#ifndef FBC_COMMON_H
#define FBC_COMMON_H

#include <stdio.h>
#include <string.h>

/// Copies `text` into the caller's message buffer (truncating, always NUL-terminated).
static inline void fbc_copy_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    snprintf(message, capacity, "%s", text);
}

#endif
