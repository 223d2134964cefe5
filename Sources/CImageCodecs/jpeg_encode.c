// JPEG encode with the classic libjpeg API (libjpeg-turbo), into memory: contact sheets and plots
// written as .jpg. Decoding is in jpeg_codec.c.
#include <setjmp.h>
#include <stdio.h>  // jpeglib.h needs FILE
#include <stdlib.h>
#include <jpeglib.h>

#include "fbc_codecs.h"
#include "fbc_common.h"

/// Everything the encoder changes between setjmp and a longjmp lives here, in the caller's frame
/// (`fbc_jpeg_encode`), not in the frame that calls setjmp, so it is well defined after the jump.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t message_capacity;
    struct jpeg_compress_struct cinfo;
    unsigned char *bytes;
    unsigned long count;
} jpeg_encoder;

static void jpeg_encode_fail(j_common_ptr cinfo) {
    jpeg_encoder *encoder = (jpeg_encoder *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    fbc_copy_message(encoder->message, encoder->message_capacity, text);
    longjmp(encoder->jump, 1);
}

static void jpeg_encode_nothing(j_common_ptr cinfo) { (void)cinfo; }

/// The setjmp frame: returns 0 on success, 1 after libjpeg failed (message already copied).
static int jpeg_encode_rows(jpeg_encoder *encoder, const uint8_t *rgb, uint32_t width, uint32_t height,
                            size_t stride, int quality) {
    struct jpeg_compress_struct *cinfo = &encoder->cinfo;
    if (setjmp(encoder->jump)) return 1;
    jpeg_create_compress(cinfo);
    jpeg_mem_dest(cinfo, &encoder->bytes, &encoder->count);
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = 3;
    cinfo->in_color_space = JCS_RGB;
    jpeg_set_defaults(cinfo);
    // Baseline, 4:2:0, the integer DCT (libjpeg's default, exact on every machine), optimised
    // Huffman tables (smaller, still deterministic); no timestamps exist in JFIF.
    jpeg_set_quality(cinfo, quality, TRUE);
    cinfo->dct_method = JDCT_ISLOW;
    cinfo->optimize_coding = TRUE;
    jpeg_start_compress(cinfo, TRUE);
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo->next_scanline * stride);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
    return 0;
}

fbc_status fbc_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height, size_t stride, int quality,
                           fbc_buffer *out, char *message, size_t message_capacity) {
    *out = (fbc_buffer){0};
    if (rgb == NULL || width == 0 || height == 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION ||
        quality < 1 || quality > 100 || stride < (size_t)width * 3) {
        fbc_copy_message(message, message_capacity, "invalid encoder arguments");
        return FBC_BAD_ARGUMENT;
    }
    jpeg_encoder *encoder = (jpeg_encoder *)calloc(1, sizeof(jpeg_encoder));
    if (encoder == NULL) {
        fbc_copy_message(message, message_capacity, "out of memory");
        return FBC_OUT_OF_MEMORY;
    }
    encoder->message = message;
    encoder->message_capacity = message_capacity;
    encoder->cinfo.err = jpeg_std_error(&encoder->base);
    encoder->base.error_exit = jpeg_encode_fail;
    encoder->base.output_message = jpeg_encode_nothing;
    int failed = jpeg_encode_rows(encoder, rgb, width, height, stride, quality);
    jpeg_destroy_compress(&encoder->cinfo);
    fbc_status status = FBC_OK;
    if (failed) {
        free(encoder->bytes);  // allocated by jpeg_mem_dest, never freed by libjpeg
        status = FBC_CORRUPT;
    } else {
        out->bytes = encoder->bytes;
        out->count = encoder->count;
        out->capacity = encoder->count;
    }
    free(encoder);
    return status;
}
