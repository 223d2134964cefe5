#ifndef FB_LINEBREAK_H
#define FB_LINEBREAK_H
#include <stdint.h>

/// Writes to `boundaries` the UAX #14 line-break opportunities of `text` (UTF-16, `length` code
/// units) found by ICU's line break iterator for `locale` ("" = root): offsets in code units
/// after which a line may end, ascending, the last being `length`. At most `capacity` are
/// written (`length` + 1 always suffices).
/// Returns the number written, or -1 when ICU fails (e.g. its data is missing); then
/// `error_name` (if not NULL) points to ICU's name for the error.
int32_t fb_line_break_opportunities(const uint16_t *text, int32_t length, const char *locale,
                                    int32_t *boundaries, int32_t capacity, const char **error_name);

#endif
