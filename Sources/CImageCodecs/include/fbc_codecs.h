// INTERFACE STUB — replaced by the codecs helper.
#ifndef FBC_CODECS_H
#define FBC_CODECS_H
int fbc_version(void);
#endif
