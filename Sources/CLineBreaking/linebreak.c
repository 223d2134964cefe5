// UAX #14 line-break opportunities through ICU. Kept in C so that Swift never imports ICU's
// headers, which clash with the copy of ICU inside the Swift toolchain's Foundation.
#include "fb_linebreak.h"
#include <unicode/ubrk.h>

int32_t fb_line_break_opportunities(const uint16_t *text, int32_t length, const char *locale,
                                    int32_t *boundaries, int32_t capacity, const char **error_name) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) {
        if (error_name) *error_name = u_errorName(status);
        if (iterator) ubrk_close(iterator);
        return -1;
    }
    int32_t count = 0;
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE && count < capacity; boundary = ubrk_next(iterator)) {
        boundaries[count++] = boundary;
    }
    ubrk_close(iterator);
    return count;
}
