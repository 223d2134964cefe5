// JPEG decode with the classic libjpeg API (libjpeg-turbo), from memory.
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>

#include "fbc_codecs.h"
#include "fbc_common.h"

/// libjpeg's error manager extended with the jump target and the caller's message buffer.
/// `error_exit` must not return, so it longjmps here.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    fbc_status status;
    char *message;
    size_t message_capacity;
    int ignored_warnings;
} jpeg_context;

static void jpeg_record(j_common_ptr cinfo, fbc_status status) {
    jpeg_context *context = (jpeg_context *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    fbc_copy_message(context->message, context->message_capacity, text);
    context->status = status;
}

static void jpeg_fail(j_common_ptr cinfo) {
    int code = cinfo->err->msg_code;
    int unsupported = code == JERR_BAD_PRECISION || code == JERR_SOF_UNSUPPORTED ||
                      code == JERR_NOT_COMPILED || code == JERR_CONVERSION_NOTIMPL;
    jpeg_record(cinfo, unsupported ? FBC_UNSUPPORTED : FBC_CORRUPT);
    longjmp(((jpeg_context *)cinfo->err)->jump, 1);
}

/// Warnings (level -1) that leave the pixels exactly as the encoder meant them: junk bytes
/// between markers (skipped), an unknown JFIF revision, a bad ICC segment (ICC is ignored).
/// Every other warning means corrupt or truncated entropy data, which libjpeg would pad with
/// gray: that fails the decode at once, so a damaged picture is never passed on.
static void jpeg_emit(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  // trace messages
    jpeg_context *context = (jpeg_context *)cinfo->err;
    cinfo->err->num_warnings += 1;
    int code = cinfo->err->msg_code;
    if (code == JWRN_EXTRANEOUS_DATA || code == JWRN_JFIF_MAJOR || code == JWRN_BOGUS_ICC) {
        context->ignored_warnings += 1;
        return;
    }
    jpeg_record(cinfo, FBC_CORRUPT);
    longjmp(context->jump, 1);
}

static void jpeg_output_nothing(j_common_ptr cinfo) { (void)cinfo; }

static uint32_t exif_read(const uint8_t *bytes, int little_endian, int count) {
    uint32_t value = 0;
    for (int i = 0; i < count; i++) {
        uint32_t byte = bytes[little_endian ? count - 1 - i : i];
        value = value << 8 | byte;
    }
    return value;
}

/// The EXIF Orientation tag (0x0112) of IFD0 in the first APP1 "Exif" segment: 1...8, or 1
/// when absent or out of range. Either TIFF byte order; every offset is bounds-checked.
static int exif_orientation(j_decompress_ptr cinfo) {
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1 || marker->data_length < 6 + 8) continue;
        if (memcmp(marker->data, "Exif\0\0", 6) != 0) continue;
        const uint8_t *tiff = marker->data + 6;
        size_t length = marker->data_length - 6;
        int little_endian;
        if (tiff[0] == 'I' && tiff[1] == 'I') little_endian = 1;
        else if (tiff[0] == 'M' && tiff[1] == 'M') little_endian = 0;
        else return 1;
        if (exif_read(tiff + 2, little_endian, 2) != 42) return 1;
        size_t ifd = exif_read(tiff + 4, little_endian, 4);
        if (ifd > length || length - ifd < 2) return 1;
        size_t entries = exif_read(tiff + ifd, little_endian, 2);
        for (size_t i = 0; i < entries; i++) {
            size_t entry = ifd + 2 + 12 * i;
            if (entry > length || length - entry < 12) return 1;
            if (exif_read(tiff + entry, little_endian, 2) != 0x0112) continue;
            uint32_t type = exif_read(tiff + entry + 2, little_endian, 2);
            uint32_t value = type == 3 ? exif_read(tiff + entry + 8, little_endian, 2)
                           : type == 4 ? exif_read(tiff + entry + 8, little_endian, 4) : 0;
            return value >= 1 && value <= 8 ? (int)value : 1;
        }
        return 1;
    }
    return 1;
}

static void jpeg_start(struct jpeg_decompress_struct *cinfo, jpeg_context *context, const uint8_t *data, size_t size) {
    cinfo->err = jpeg_std_error(&context->base);
    context->base.error_exit = jpeg_fail;
    context->base.emit_message = jpeg_emit;
    context->base.output_message = jpeg_output_nothing;
    jpeg_create_decompress(cinfo);
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
}

/// After jpeg_read_header: rejects what the 8-bit RGB path cannot show, fills `header`.
static void jpeg_check_header(struct jpeg_decompress_struct *cinfo, jpeg_context *context, fbc_header *header) {
    if (cinfo->data_precision != 8) ERREXIT1(cinfo, JERR_BAD_PRECISION, cinfo->data_precision);
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: case JCS_YCbCr: case JCS_RGB: case JCS_CMYK: case JCS_YCCK:
        break;
    default:
        ERREXIT(cinfo, JERR_CONVERSION_NOTIMPL);
    }
    header->width = cinfo->image_width;
    header->height = cinfo->image_height;
    header->orientation = exif_orientation(cinfo);
    header->has_alpha = 0;
    header->ignored_warnings = context->ignored_warnings;
}

/// Rounded c·k/255 without division by a variable: exact for 0 ≤ x ≤ 255·255.
static inline uint8_t mul255(unsigned a, unsigned b) {
    unsigned x = a * b + 128;
    return (uint8_t)((x + (x >> 8)) >> 8);
}

/// Reads the header into `header`; then, when `rgba` is not NULL, decodes the pixels into it at
/// 1/`scale_denominator` of the stored size (libjpeg's DCT-domain scaling; 1, 2, 4 or 8).
static fbc_status jpeg_read(const uint8_t *data, size_t size, unsigned scale_denominator, uint8_t *rgba, size_t rgba_size,
                            fbc_header *header, char *message, size_t message_capacity) {
    struct jpeg_decompress_struct cinfo;
    jpeg_context context = {.status = FBC_CORRUPT, .message = message, .message_capacity = message_capacity};
    if (setjmp(context.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return context.status;
    }
    jpeg_start(&cinfo, &context, data, size);
    jpeg_read_header(&cinfo, TRUE);
    jpeg_check_header(&cinfo, &context, header);
    if (rgba == NULL) {
        jpeg_destroy_decompress(&cinfo);
        return FBC_OK;
    }
    if (scale_denominator != 1 && scale_denominator != 2 && scale_denominator != 4 && scale_denominator != 8) {
        jpeg_destroy_decompress(&cinfo);
        fbc_copy_message(message, message_capacity, "scale denominator must be 1, 2, 4 or 8");
        return FBC_BAD_ARGUMENT;
    }
    // libjpeg rounds scaled sizes up (jdiv_round_up): ceil(stored / denominator).
    size_t width = ((size_t)header->width + scale_denominator - 1) / scale_denominator;
    size_t height = ((size_t)header->height + scale_denominator - 1) / scale_denominator;
    if (width * height * 4 != rgba_size) {
        jpeg_destroy_decompress(&cinfo);
        fbc_copy_message(message, message_capacity, "pixel buffer size does not match the header");
        return FBC_BAD_ARGUMENT;
    }
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    // libjpeg cannot convert CMYK/YCCK to RGB: take CMYK and convert below.
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    cinfo.scale_num = 1;
    cinfo.scale_denom = scale_denominator;
    // Defaults kept on purpose (ISLOW DCT, fancy upsampling): testorig.jpg → testimg.ppm exactly.
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_width != width || cinfo.output_height != height) {
        jpeg_destroy_decompress(&cinfo);
        fbc_copy_message(message, message_capacity, "output size differs from the header");
        return FBC_BAD_ARGUMENT;
    }
    if (!cmyk) {
        while (cinfo.output_scanline < cinfo.output_height) {
            JSAMPROW row = rgba + (size_t)cinfo.output_scanline * width * 4;
            jpeg_read_scanlines(&cinfo, &row, 1);
        }
    } else {
        // Adobe (APP14) writers store inverted CMYK, so R = C·K/255 on the stored values;
        // without the Adobe marker the values are plain CMYK: R = (255−C)(255−K)/255.
        int inverted = cinfo.saw_Adobe_marker;
        JSAMPARRAY buffer = (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE, (JDIMENSION)(width * 4), 1);
        while (cinfo.output_scanline < cinfo.output_height) {
            uint8_t *out = rgba + (size_t)cinfo.output_scanline * width * 4;
            jpeg_read_scanlines(&cinfo, buffer, 1);
            const uint8_t *in = buffer[0];
            for (size_t x = 0; x < width; x++, in += 4, out += 4) {
                unsigned c = in[0], m = in[1], y = in[2], k = in[3];
                if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                out[0] = mul255(c, k);
                out[1] = mul255(m, k);
                out[2] = mul255(y, k);
                out[3] = 255;
            }
        }
    }
    // Reads to EOI: a missing end (truncation) is reported as a warning there, and fails.
    jpeg_finish_decompress(&cinfo);
    header->ignored_warnings = context.ignored_warnings;
    jpeg_destroy_decompress(&cinfo);
    return FBC_OK;
}

fbc_status fbc_jpeg_read_header(const uint8_t *data, size_t size, fbc_header *header,
                                char *message, size_t message_capacity) {
    return jpeg_read(data, size, 1, NULL, 0, header, message, message_capacity);
}

fbc_status fbc_jpeg_decode(const uint8_t *data, size_t size, unsigned scale_denominator, uint8_t *rgba, size_t rgba_size,
                           fbc_header *header, char *message, size_t message_capacity) {
    if (rgba == NULL) {
        fbc_copy_message(message, message_capacity, "no pixel buffer");
        return FBC_BAD_ARGUMENT;
    }
    return jpeg_read(data, size, scale_denominator, rgba, rgba_size, header, message, message_capacity);
}
