// PNG decode and encode with the classic libpng API (not png_image_*, which gamma-converts).
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>

#include "fbc_codecs.h"
#include "fbc_common.h"

/// Per-call state: the jump target for libpng errors, the in-memory source or destination, the
/// libpng structs, and where the message goes. It lives in the entry point's frame and is only
/// reached through a pointer from the function that calls setjmp (`png_protected`), so every
/// field keeps its value across a longjmp (C11 7.13.2.1: only the locals of the function that
/// called setjmp may be lost).
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
    png_structp png;
    png_infop info;
    png_bytep *rows;
    // The decode's arguments (read by png_decode_body).
    uint8_t *rgba;
    size_t rgba_size;
    fbc_header *header;
    // The encoder's arguments (read by png_encode_body).
    const uint8_t *pixels;
    uint32_t width, height;
    int channels, level, filters;
    size_t stride;
} png_context;

/// libpng's chunk limits (pnglibconf.h defaults, set explicitly so a system libpng built with
/// other values behaves the same). Chunks other than IDAT may hold at most 8 000 000 bytes; at
/// most 1000 ancillary chunks are kept; the user limits on width and height are 1 000 000.
/// Flipbook keeps no ancillary chunk but tRNS (see `png_start_read`), so these are backstops.
enum {
    FBC_PNG_CHUNK_MALLOC_MAX = 8000000,
    FBC_PNG_CHUNK_CACHE_MAX = 1000,
    FBC_PNG_SIDE_MAX = 1000000,
};

/// Calls `body(context)` with libpng's errors caught: FBC_OK, or the status the failure set.
/// This is the only function that calls setjmp; it has no local variables (see png_context).
static fbc_status png_protected(png_context *context, void (*body)(png_context *)) {
    if (setjmp(context->jump)) return context->status;
    body(context);
    return FBC_OK;
}

static void png_fail(png_structp png, png_const_charp text) {
    png_context *context = (png_context *)png_get_error_ptr(png);
    fbc_copy_message(context->message, context->message_capacity, text);
    longjmp(context->jump, 1);
}

/// Warnings (an incorrect sRGB profile, a bad CRC in an ancillary chunk, extra data after the
/// image) never change the pixels libpng delivers: count them, print nothing. One is not a
/// warning here: libpng reports a chunk longer than its limit as a "benign" error, which would
/// let it allocate and zero-fill the declared size; that fails the decode.
static void png_warn(png_structp png, png_const_charp text) {
    png_context *context = (png_context *)png_get_error_ptr(png);
    if (strstr(text, "chunk data is too large") != NULL) {
        png_uint_32 type = png_get_io_chunk_type(png);
        char name[5] = {(char)(type >> 24), (char)(type >> 16), (char)(type >> 8), (char)type, 0};
        char text_with_limit[160];
        snprintf(text_with_limit, sizeof text_with_limit, "chunk '%s' is larger than the %d bytes allowed for a chunk other than IDAT",
                 name, FBC_PNG_CHUNK_MALLOC_MAX);
        context->status = FBC_LIMIT;
        png_fail(png, text_with_limit);
    }
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

static uint32_t png_read_u32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/// Walks the chunk headers of an in-memory PNG before libpng sees it: a chunk that declares more
/// data than the file still holds is reported here, naming the chunk and both sizes, instead of
/// libpng allocating the declared size (up to 2 GB) and then finding the file too short.
/// Returns 0 when every chunk up to IEND (or the end of the data) fits; leaves anything else
/// (bad signature, bad types, CRCs) to libpng.
static int png_check_chunk_lengths(const uint8_t *data, size_t size, char *message, size_t capacity) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (size < 8 || memcmp(data, signature, 8) != 0) return 0;
    size_t offset = 8;
    while (size - offset >= 8) {
        uint32_t length = png_read_u32(data + offset);
        const uint8_t *type = data + offset + 4;
        size_t available = size - offset - 8;  // bytes after the length and type fields
        if (length > 0x7FFFFFFFu || (size_t)length + 4 > available) {
            char name[24];
            int printable = 1;
            for (int i = 0; i < 4; i++) printable &= (type[i] >= 'A' && type[i] <= 'Z') || (type[i] >= 'a' && type[i] <= 'z');
            if (printable) snprintf(name, sizeof name, "'%c%c%c%c'", type[0], type[1], type[2], type[3]);
            else snprintf(name, sizeof name, "0x%02X%02X%02X%02X", type[0], type[1], type[2], type[3]);
            char text[200];
            snprintf(text, sizeof text, "chunk %s at byte %zu declares %u bytes of data, but the file ends %zu bytes later "
                     "(truncated, or the length is damaged)", name, offset, length, available);
            fbc_copy_message(message, capacity, text);
            return 1;
        }
        if (memcmp(type, "IEND", 4) == 0) return 0;
        offset += 12 + (size_t)length;
    }
    return 0;
}

static void png_fill_header(png_context *context, fbc_header *header) {
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0;
    png_get_IHDR(context->png, context->info, &width, &height, &bit_depth, &color_type, NULL, NULL, NULL);
    *header = (fbc_header){0};
    header->width = width;
    header->height = height;
    header->orientation = 1;
    header->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(context->png, context->info, PNG_INFO_tRNS) != 0;
    header->ignored_warnings = context->warnings;
    header->scans = 1;
}

/// Creates the read structs with Flipbook's limits; FBC_OK or the failure (message set).
static fbc_status png_start_read(png_context *context) {
    if (png_check_chunk_lengths(context->data, context->size, context->message, context->message_capacity)) return FBC_CORRUPT;
    context->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, png_fail, png_warn);
    if (context->png != NULL) context->info = png_create_info_struct(context->png);
    if (context->png == NULL || context->info == NULL) {
        fbc_copy_message(context->message, context->message_capacity, "out of memory");
        return FBC_OUT_OF_MEMORY;
    }
    png_set_read_fn(context->png, context, png_read_memory);
    png_set_user_limits(context->png, FBC_PNG_SIDE_MAX, FBC_PNG_SIDE_MAX);
    png_set_chunk_cache_max(context->png, FBC_PNG_CHUNK_CACHE_MAX);
    png_set_chunk_malloc_max(context->png, FBC_PNG_CHUNK_MALLOC_MAX);
    // Every ancillary chunk but tRNS (text, ICC, EXIF, palettes, gamma, …) and every unknown one
    // is skipped unread: its CRC is checked in 1 KB pieces, nothing is decompressed or kept.
    // Flipbook ignores gamma, ICC and bKGD anyway, so the pixels are the same.
    png_set_keep_unknown_chunks(context->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    return FBC_OK;
}

static void png_header_body(png_context *context) {
    png_read_info(context->png, context->info);
    png_fill_header(context, context->header);
}

fbc_status fbc_png_read_header(const uint8_t *data, size_t size, fbc_header *header,
                               char *message, size_t message_capacity) {
    png_context context = {.status = FBC_CORRUPT, .message = message, .message_capacity = message_capacity,
                           .data = data, .size = size, .header = header};
    fbc_status status = png_start_read(&context);
    if (status == FBC_OK) status = png_protected(&context, png_header_body);
    png_destroy_read_struct(&context.png, &context.info, NULL);
    return status;
}

static void png_decode_body(png_context *context) {
    png_structp png = context->png;
    png_infop info = context->info;
    fbc_header *header = context->header;
    png_read_info(png, info);
    png_fill_header(context, header);
    if ((size_t)header->width * header->height * 4 != context->rgba_size) {
        context->status = FBC_BAD_ARGUMENT;
        png_error(png, "pixel buffer size does not match the header");
    }
    int bit_depth = png_get_bit_depth(png, info);
    // 16 → 8 bit keeps the high byte (v >> 8): it matches the PngSuite reference pixels exactly
    // and is what most decoders do; png_set_scale_16 would round instead (differs by at most 1).
    if (bit_depth == 16) png_set_strip_16(png);
    png_set_expand(png);       // palette → RGB, gray 1/2/4 → 8 bit, tRNS → alpha
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);  // only applies when there is no alpha yet
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)header->width * 4) {
        context->status = FBC_BAD_ARGUMENT;
        png_error(png, "unexpected row layout after transformations");
    }
    context->rows = (png_bytep *)malloc(sizeof(png_bytep) * header->height);
    if (context->rows == NULL) {
        context->status = FBC_OUT_OF_MEMORY;
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < header->height; y++) context->rows[y] = context->rgba + (size_t)y * header->width * 4;
    png_read_image(png, context->rows);
    // Reads the chunks after the image: catches a truncated file or a bad CRC in a critical chunk.
    png_read_end(png, NULL);
    header->ignored_warnings = context->warnings;
}

fbc_status fbc_png_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size,
                          fbc_header *header, char *message, size_t message_capacity) {
    png_context context = {.status = FBC_CORRUPT, .message = message, .message_capacity = message_capacity,
                           .data = data, .size = size, .rgba = rgba, .rgba_size = rgba_size, .header = header};
    fbc_status status = png_start_read(&context);
    if (status == FBC_OK) status = png_protected(&context, png_decode_body);
    free(context.rows);
    png_destroy_read_struct(&context.png, &context.info, NULL);
    return status;
}

static void png_encode_body(png_context *context) {
    png_structp png = context->png;
    png_set_write_fn(png, context, png_write_memory, png_flush_memory);
    png_set_IHDR(png, context->info, context->width, context->height, 8,
                 context->channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_compression_level(png, context->level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, context->filters & FBC_PNG_FILTER_ALL);
    png_write_info(png, context->info);
    for (uint32_t y = 0; y < context->height; y++) png_write_row(png, context->pixels + (size_t)y * context->stride);
    png_write_end(png, NULL);
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
    png_context context = {.status = FBC_CORRUPT, .message = message, .message_capacity = message_capacity, .out = out,
                           .pixels = pixels, .width = width, .height = height, .channels = channels, .level = level,
                           .filters = filters, .stride = stride};
    context.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, png_fail, png_warn);
    if (context.png != NULL) context.info = png_create_info_struct(context.png);
    if (context.png == NULL || context.info == NULL) {
        png_destroy_write_struct(&context.png, &context.info);
        fbc_copy_message(message, message_capacity, "out of memory");
        return FBC_OUT_OF_MEMORY;
    }
    fbc_status status = png_protected(&context, png_encode_body);
    png_destroy_write_struct(&context.png, &context.info);
    if (status != FBC_OK) fbc_buffer_free(out);
    return status;
}

void fbc_buffer_free(fbc_buffer *buffer) {
    free(buffer->bytes);
    *buffer = (fbc_buffer){0};
}
