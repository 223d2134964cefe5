#include <fribidi.h>

// FriBidi's paragraph-direction constants are nested macros Swift cannot import.
/// Left-to-right paragraph.
static inline FriBidiParType fb_par_ltr(void) { return FRIBIDI_PAR_LTR; }
/// Right-to-left paragraph.
static inline FriBidiParType fb_par_rtl(void) { return FRIBIDI_PAR_RTL; }
/// Direction from the first strong character (rules P2–P3), left-to-right when there is none.
static inline FriBidiParType fb_par_on(void) { return FRIBIDI_PAR_ON; }
/// Whether a resolved paragraph direction is right-to-left.
static inline int fb_par_is_rtl(FriBidiParType type) { return FRIBIDI_IS_RTL(type) ? 1 : 0; }
