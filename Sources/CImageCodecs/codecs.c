#include "fbc_codecs.h"
int fbc_version(void) { return 1; }
