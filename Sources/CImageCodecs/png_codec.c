// PNG decode and encode with the classic libpng API (not png_image_*, which gamma-converts).
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>

#include "fbc_codecs.h"
#include "fbc_common.h"

/// Per-call state: the jump target for libpng errors, the in-memory source or destination,
/// and where the message goes. libpng's error function must not return, so it longjmps here.
typedef struct {
    jmp_buf jump;
    fbc_status status;
    char *message;
    size_t message_capacity;
    int warnings;
    const uint8_t *data;
    size_t size;
    size_t position;
    fbc_buffer *out;
} png_context;

static void png_fail(png_structp png, png_const_charp text) {
    png_context *context = (png_context *)png_get_error_ptr(png);
    fbc_copy_message(context->message, context->message_capacity, text);
    longjmp(context->jump, 1);
}

/// Warnings (an incorrect sRGB profile, a bad CRC in an ancillary chunk, extra data after the
/// image) never change the pixels libpng delivers: count them, print nothing.
static void png_warn(png_structp png, png_const_charp text) {
    (void)text;
    png_context *context = (png_context *)png_get_error_ptr(png);
    context->warnings += 1;
}

static void png_read_memory(png_structp png, png_bytep bytes, size_t length) {
    png_context *context = (png_context *)png_get_io_ptr(png);
    if (length > context->size - context->position) {
        png_error(png, "unexpected end of file (the file is truncated)");
    }
    memcpy(bytes, context->data + context->position, length);
    context->position += length;
}

static void png_write_memory(png_structp png, png_bytep bytes, size_t length) {
    png_context *context = (png_context *)png_get_io_ptr(png);
    fbc_buffer *out = context->out;
    if (length > out->capacity - out->count) {
        size_t capacity = out->capacity < 65536 ? 65536 : out->capacity;
        while (length > capacity - out->count) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(out->bytes, capacity);
        if (grown == NULL) {
            context->status = FBC_OUT_OF_MEMORY;
            png_error(png, "out of memory while encoding");
        }
        out->bytes = grown;
        out->capacity = capacity;
    }
    memcpy(out->bytes + out->count, bytes, length);
    out->count += length;
}

static void png_flush_memory(png_structp png) { (void)png; }

static void png_fill_header(png_structp png, png_infop info, png_context *context, fbc_header *header) {
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, NULL, NULL, NULL);
    header->width = width;
    header->height = height;
    header->orientation = 1;
    header->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    header->ignored_warnings = context->warnings;
}

static png_structp png_start_read(png_context *context, png_infop *info) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, png_fail, png_warn);
    if (png == NULL) return NULL;
    *info = png_create_info_struct(png);
    if (*info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return NULL;
    }
    png_set_read_fn(png, context, png_read_memory);
    // Benign errors (e.g. too much image data) become warnings, as libpng does by default on read.
    png_set_benign_errors(png, 1);
    return png;
}

fbc_status fbc_png_read_header(const uint8_t *data, size_t size, fbc_header *header,
                               char *message, size_t message_capacity) {
    png_context context = {.status = FBC_CORRUPT, .message = message, .message_capacity = message_capacity,
                           .data = data, .size = size};
    png_infop info = NULL;
    png_structp png = png_start_read(&context, &info);
    if (png == NULL) {
        fbc_copy_message(message, message_capacity, "out of memory");
        return FBC_OUT_OF_MEMORY;
    }
    if (setjmp(context.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        return context.status;
    }
    png_read_info(png, info);
    png_fill_header(png, info, &context, header);
    png_destroy_read_struct(&png, &info, NULL);
    return FBC_OK;
}

fbc_status fbc_png_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size,
                          fbc_header *header, char *message, size_t message_capacity) {
    png_context context = {.status = FBC_CORRUPT, .message = message, .message_capacity = message_capacity,
                           .data = data, .size = size};
    png_infop info = NULL;
    png_bytep *volatile rows = NULL;
    png_structp png = png_start_read(&context, &info);
    if (png == NULL) {
        fbc_copy_message(message, message_capacity, "out of memory");
        return FBC_OUT_OF_MEMORY;
    }
    if (setjmp(context.jump)) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return context.status;
    }
    png_read_info(png, info);
    png_fill_header(png, info, &context, header);
    if ((size_t)header->width * header->height * 4 != rgba_size) {
        context.status = FBC_BAD_ARGUMENT;
        png_error(png, "pixel buffer size does not match the header");
    }
    int bit_depth = png_get_bit_depth(png, info);
    // 16 → 8 bit keeps the high byte (v >> 8): it matches the PngSuite reference pixels exactly
    // and is what most decoders do; png_set_scale_16 would round instead (differs by at most 1).
    if (bit_depth == 16) png_set_strip_16(png);
    png_set_expand(png);       // palette → RGB, gray 1/2/4 → 8 bit, tRNS → alpha
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);  // only applies when there is no alpha yet
    int passes = png_set_interlace_handling(png);
    (void)passes;
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)header->width * 4) {
        context.status = FBC_BAD_ARGUMENT;
        png_error(png, "unexpected row layout after transformations");
    }
    rows = (png_bytep *)malloc(sizeof(png_bytep) * header->height);
    if (rows == NULL) {
        context.status = FBC_OUT_OF_MEMORY;
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < header->height; y++) rows[y] = rgba + (size_t)y * header->width * 4;
    png_read_image(png, rows);
    // Reads the chunks after the image: catches a truncated file or a bad CRC in a critical chunk.
    png_read_end(png, NULL);
    header->ignored_warnings = context.warnings;
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return FBC_OK;
}

fbc_status fbc_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                          size_t stride, int level, int filters, fbc_buffer *out,
                          char *message, size_t message_capacity) {
    *out = (fbc_buffer){0};
    if ((channels != 3 && channels != 4) || width == 0 || height == 0 || level < 0 || level > 9 ||
        stride < (size_t)width * channels) {
        fbc_copy_message(message, message_capacity, "invalid encoder arguments");
        return FBC_BAD_ARGUMENT;
    }
    png_context context = {.status = FBC_CORRUPT, .message = message, .message_capacity = message_capacity,
                           .out = out};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, png_fail, png_warn);
    if (png == NULL) {
        fbc_copy_message(message, message_capacity, "out of memory");
        return FBC_OUT_OF_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        fbc_copy_message(message, message_capacity, "out of memory");
        return FBC_OUT_OF_MEMORY;
    }
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        fbc_buffer_free(out);
        return context.status;
    }
    png_set_write_fn(png, &context, png_write_memory, png_flush_memory);
    png_set_IHDR(png, info, width, height, 8, channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters & FBC_PNG_FILTER_ALL);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return FBC_OK;
}

void fbc_buffer_free(fbc_buffer *buffer) {
    free(buffer->bytes);
    *buffer = (fbc_buffer){0};
}
