// JPEG decode with the classic libjpeg API (libjpeg-turbo), from memory.
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

#include "fbc_codecs.h"
#include "fbc_common.h"

/// libjpeg's error manager extended with the jump target, the caller's message buffer, the
/// decompressor and the call's arguments. `error_exit` must not return, so it longjmps. It lives
/// in the entry point's frame and is only reached through a pointer from the function that calls
/// setjmp (`jpeg_protected`), so every field keeps its value across a longjmp (C11 7.13.2.1).
typedef struct {
    struct jpeg_error_mgr base;  // first: cinfo.err points here, and back to the context
    jmp_buf jump;
    fbc_status status;
    char *message;
    size_t message_capacity;
    int ignored_warnings;
    /// Set when libjpeg asked for data past the end of the file (it then inserts an EOI).
    int hit_end;
    /// jpeg_has_multiple_scans, asked after the header (it may not be asked after the decode).
    int multiple_scans;
    uint32_t max_scans;
    struct jpeg_decompress_struct cinfo;
    struct jpeg_progress_mgr progress;
    // The call's arguments.
    const uint8_t *data;
    size_t size;
    unsigned scale_denominator;
    int skip_unused_scans;
    /// The copy without unused scans being decoded (freed by jpeg_run), or NULL.
    uint8_t *pruned;
    uint8_t *rgba;
    size_t rgba_size;
    fbc_header *header;
} jpeg_context;

/// Calls `body(context)` with libjpeg's errors caught: FBC_OK, or the status the failure set.
/// This is the only function that calls setjmp; it has no local variables (see jpeg_context).
static fbc_status jpeg_protected(jpeg_context *context, void (*body)(jpeg_context *)) {
    if (setjmp(context->jump)) return context->status;
    body(context);
    return context->status;
}

static void jpeg_record(j_common_ptr cinfo, fbc_status status) {
    jpeg_context *context = (jpeg_context *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    // A file that ended early makes libjpeg complain about what it found instead (no image, a
    // bogus marker, missing data): the end of the file is the news.
    if (context->hit_end && status == FBC_CORRUPT) snprintf(text, sizeof text, "Premature end of JPEG file");
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
/// The end of the data (JWRN_JPEG_EOF) is noted and judged when the decode is over: if pixels
/// were missing, libjpeg raises a second warning when it has to invent them (JWRN_HIT_MARKER).
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
    if (code == JWRN_JPEG_EOF) {
        context->hit_end = 1;
        return;
    }
    jpeg_record(cinfo, FBC_CORRUPT);
    longjmp(context->jump, 1);
}

static void jpeg_output_nothing(j_common_ptr cinfo) { (void)cinfo; }

uint32_t fbc_jpeg_max_scans(uint32_t width, uint32_t height) {
    uint64_t pixels = (uint64_t)width * height;
    uint64_t allowed = pixels == 0 ? 1000 : 2500000000u / pixels;
    return allowed < 64 ? 64 : allowed > 1000 ? 1000 : (uint32_t)allowed;
}

static void jpeg_fail_scans(jpeg_context *context, uint32_t scans) {
    char text[200];
    snprintf(text, sizeof text, "it has %s%u scans, more than the %u decoded for an image of %ux%u pixels "
             "(progressive encoders use about 10)", scans > context->max_scans ? "" : "over ", scans, context->max_scans,
             context->cinfo.image_width, context->cinfo.image_height);
    fbc_copy_message(context->message, context->message_capacity, text);
    context->status = FBC_LIMIT;
    longjmp(context->jump, 1);
}

/// Called by libjpeg while it reads: stops a file with more scans than the limit even if the
/// count from the marker walk missed some (libjpeg-turbo's documented defence, djpeg -maxscans).
static void jpeg_monitor(j_common_ptr cinfo) {
    jpeg_context *context = (jpeg_context *)cinfo->err;
    if (cinfo->is_decompressor && context->max_scans > 0 &&
        (uint32_t)((j_decompress_ptr)cinfo)->input_scan_number > context->max_scans) {
        jpeg_fail_scans(context, (uint32_t)((j_decompress_ptr)cinfo)->input_scan_number);
    }
}

/// The number of scans (SOS segments) in a JPEG, found by walking its markers as libjpeg reads
/// them: segments are skipped by their length (an EXIF thumbnail's own markers inside an APP1
/// do not count), entropy-coded data up to the next marker that is not a stuffed 00, a restart
/// or a fill byte. Linear in the file size; stops at EOI or the end of the data.
static uint32_t jpeg_count_scans(const uint8_t *data, size_t size) {
    uint32_t scans = 0;
    size_t i = 2;  // after SOI
    while (i + 1 < size) {
        if (data[i] != 0xFF || data[i + 1] == 0xFF || data[i + 1] == 0x00) { i++; continue; }  // junk or fill
        uint8_t marker = data[i + 1];
        i += 2;
        if (marker == 0xD9) break;                                    // EOI
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) continue;  // TEM, RSTn, SOI: no length
        if (size - i < 2) break;
        size_t length = (size_t)data[i] << 8 | data[i + 1];
        if (length < 2 || length > size - i) break;
        i += length;
        if (marker != 0xDA) continue;
        scans += 1;
        while (i + 1 < size && !(data[i] == 0xFF && data[i + 1] != 0x00 && data[i + 1] != 0xFF &&
                                 !(data[i + 1] >= 0xD0 && data[i + 1] <= 0xD7))) {
            i++;
        }
    }
    return scans;
}

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

/// Sets up the decompressor on the in-memory data and reads the header: rejects what the 8-bit
/// RGB path cannot show or the scan limit forbids, fills `header`.
static void jpeg_start(jpeg_context *context) {
    j_decompress_ptr cinfo = &context->cinfo;
    jpeg_create_decompress(cinfo);
    context->progress.progress_monitor = jpeg_monitor;
    cinfo->progress = &context->progress;
    jpeg_mem_src(cinfo, context->data, (unsigned long)context->size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);
    if (cinfo->data_precision != 8) ERREXIT1(cinfo, JERR_BAD_PRECISION, cinfo->data_precision);
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: case JCS_YCbCr: case JCS_RGB: case JCS_CMYK: case JCS_YCCK:
        break;
    default:
        ERREXIT(cinfo, JERR_CONVERSION_NOTIMPL);
    }
    fbc_header *header = context->header;
    *header = (fbc_header){0};
    header->width = cinfo->image_width;
    header->height = cinfo->image_height;
    header->orientation = exif_orientation(cinfo);
    header->ignored_warnings = context->ignored_warnings;
    header->scans = (int32_t)jpeg_count_scans(context->data, context->size);
    context->multiple_scans = jpeg_has_multiple_scans(cinfo);
    if (context->multiple_scans) {
        // jdcoefct.c's whole-image buffer: each component's blocks, rounded up to its sampling factors.
        uint64_t bytes = 0;
        for (int c = 0; c < cinfo->num_components; c++) {
            jpeg_component_info *component = &cinfo->comp_info[c];
            uint64_t across = (component->width_in_blocks + component->h_samp_factor - 1) / component->h_samp_factor * component->h_samp_factor;
            uint64_t down = (component->height_in_blocks + component->v_samp_factor - 1) / component->v_samp_factor * component->v_samp_factor;
            bytes += across * down * sizeof(JBLOCK);
        }
        header->coefficient_bytes = bytes;
    }
    context->max_scans = fbc_jpeg_max_scans(cinfo->image_width, cinfo->image_height);
    if ((uint32_t)header->scans > context->max_scans) jpeg_fail_scans(context, (uint32_t)header->scans);
}

static void jpeg_header_body(jpeg_context *context) { jpeg_start(context); }

/// A copy of the JPEG without the AC scans (spectral selection start > 0) whose components are
/// all in `dc_only_ids`, i.e. components whose scaled inverse DCT reads the DC coefficient alone
/// (DCT_scaled_size 1: the luma of a 1/8 decode, whose 1×1 IDCT is the block's DC average).
/// Every other byte is kept in order (tables, restart intervals, other scans, junk libjpeg skips).
/// NULL when no scan would go, when a scan header is malformed, when the walk (as
/// jpeg_count_scans walks) does not reach EOI, or when one of those components has no first DC
/// scan (Ss 0, Ah 0): then the file is decoded as it is, errors and all.
static uint8_t *jpeg_without_unused_scans(const uint8_t *data, size_t size, const int *dc_only_ids, int dc_only_count,
                                          size_t *pruned_size) {
    uint8_t *out = malloc(size);
    if (out == NULL) return NULL;
    size_t i = 2, copied_to = 0, written = 0;
    int dropped = 0, with_dc = 0;  // with_dc: bit c set once dc_only_ids[c] has a first DC scan
    while (i + 1 < size) {
        if (data[i] != 0xFF || data[i + 1] == 0xFF || data[i + 1] == 0x00) { i++; continue; }  // junk or fill
        size_t start = i;
        uint8_t marker = data[i + 1];
        i += 2;
        if (marker == 0xD9) {  // EOI: the copy ends with it
            memcpy(out + written, data + copied_to, i - copied_to);
            written += i - copied_to;
            if (dropped == 0 || with_dc != (1 << dc_only_count) - 1) break;
            *pruned_size = written;
            return out;
        }
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) continue;  // TEM, RSTn, SOI: no length
        if (size - i < 2) break;
        size_t length = (size_t)data[i] << 8 | data[i + 1];
        if (length < 2 || length > size - i) break;
        size_t header = i + 2;
        i += length;
        if (marker != 0xDA) continue;
        // SOS: Ns, Ns × (component id, tables), Ss, Se, Ah/Al.
        unsigned components = length >= 3 ? data[header] : 0;
        if (components < 1 || components > 4 || length != 6 + 2 * components) break;
        const uint8_t spectral_start = data[header + 1 + 2 * components], approximation = data[header + 3 + 2 * components];
        int unused = spectral_start > 0;  // an AC scan
        for (unsigned k = 0; k < components; k++) {
            int id = data[header + 1 + 2 * k], dc_only = 0;
            for (int c = 0; c < dc_only_count; c++) {
                if (dc_only_ids[c] != id) continue;
                dc_only = 1;
                if (spectral_start == 0 && approximation >> 4 == 0) with_dc |= 1 << c;
            }
            if (!dc_only) unused = 0;
        }
        while (i + 1 < size && !(data[i] == 0xFF && data[i + 1] != 0x00 && data[i + 1] != 0xFF &&
                                 !(data[i + 1] >= 0xD0 && data[i + 1] <= 0xD7))) {
            i++;
        }
        if (!unused) continue;
        memcpy(out + written, data + copied_to, start - copied_to);
        written += start - copied_to;
        copied_to = i;
        dropped += 1;
    }
    free(out);
    return NULL;
}

/// Rounded c·k/255 without division by a variable: exact for 0 ≤ x ≤ 255·255.
static inline uint8_t mul255(unsigned a, unsigned b) {
    unsigned x = a * b + 128;
    return (uint8_t)((x + (x >> 8)) >> 8);
}

/// True when every coefficient of every component received all its bits: a progressive file
/// that ended there lacks nothing but its end-of-image marker.
static int jpeg_progression_complete(j_decompress_ptr cinfo) {
    if (!cinfo->progressive_mode || cinfo->coef_bits == NULL) return 0;
    for (int c = 0; c < cinfo->num_components; c++) {
        for (int k = 0; k < DCTSIZE2; k++) {
            if (cinfo->coef_bits[c][k] != 0) return 0;
        }
    }
    return 1;
}

static void jpeg_decode_body(jpeg_context *context) {
    jpeg_start(context);
    j_decompress_ptr cinfo = &context->cinfo;
    fbc_header *header = context->header;
    unsigned denominator = context->scale_denominator;
    if (denominator != 1 && denominator != 2 && denominator != 4 && denominator != 8) {
        fbc_copy_message(context->message, context->message_capacity, "scale denominator must be 1, 2, 4 or 8");
        context->status = FBC_BAD_ARGUMENT;
        return;
    }
    // libjpeg rounds scaled sizes up (jdiv_round_up): ceil(stored / denominator).
    size_t width = ((size_t)header->width + denominator - 1) / denominator;
    size_t height = ((size_t)header->height + denominator - 1) / denominator;
    if (width * height * 4 != context->rgba_size) {
        fbc_copy_message(context->message, context->message_capacity, "pixel buffer size does not match the header");
        context->status = FBC_BAD_ARGUMENT;
        return;
    }
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    // libjpeg cannot convert CMYK/YCCK to RGB: take CMYK and convert below.
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    cinfo->scale_num = 1;
    cinfo->scale_denom = denominator;
    // Defaults kept on purpose (ISLOW DCT, fancy upsampling): testorig.jpg → testimg.ppm exactly.
    if (context->skip_unused_scans && cinfo->progressive_mode) {
        // A component whose scaled IDCT reads only DC (its 1×1 IDCT: the luma of a 1/8 decode)
        // never uses its AC scans, which hold most of a progressive file's entropy-coded data
        // (petra_pano.jpg at 1/8: 36 → 6 ms). They are left out of a copy that libjpeg decodes
        // instead, with block smoothing off: a complete file never smooths (every coefficient
        // is final), but the copy's missing AC bits would make libjpeg estimate them from the
        // neighbouring DC values. The pixels are those of the whole file's decode.
        jpeg_calc_output_dimensions(cinfo);
        int dc_only_ids[MAX_COMPONENTS], dc_only_count = 0;
        for (int c = 0; c < cinfo->num_components && c < MAX_COMPONENTS; c++) {
            if (cinfo->comp_info[c].DCT_scaled_size == 1) dc_only_ids[dc_only_count++] = cinfo->comp_info[c].component_id;
        }
        size_t pruned_size = 0;
        if (dc_only_count > 0) context->pruned = jpeg_without_unused_scans(context->data, context->size, dc_only_ids, dc_only_count, &pruned_size);
        if (context->pruned != NULL) {
            // Start over on the copy (jpeg_create_decompress keeps the error manager).
            jpeg_destroy_decompress(cinfo);
            jpeg_create_decompress(cinfo);
            cinfo->progress = &context->progress;
            jpeg_mem_src(cinfo, context->pruned, (unsigned long)pruned_size);
            jpeg_read_header(cinfo, TRUE);
            cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
            cinfo->scale_num = 1;
            cinfo->scale_denom = denominator;
            cinfo->do_block_smoothing = FALSE;
        }
    }
    jpeg_start_decompress(cinfo);
    if (cinfo->output_width != width || cinfo->output_height != height) {
        fbc_copy_message(context->message, context->message_capacity, "output size differs from the header");
        context->status = FBC_BAD_ARGUMENT;
        return;
    }
    uint8_t *rgba = context->rgba;
    if (!cmyk) {
        while (cinfo->output_scanline < cinfo->output_height) {
            JSAMPROW row = rgba + (size_t)cinfo->output_scanline * width * 4;
            jpeg_read_scanlines(cinfo, &row, 1);
        }
    } else {
        // Adobe (APP14) writers store inverted CMYK, so R = C·K/255 on the stored values;
        // without the Adobe marker the values are plain CMYK: R = (255−C)(255−K)/255.
        int inverted = cinfo->saw_Adobe_marker;
        JSAMPARRAY buffer = (*cinfo->mem->alloc_sarray)((j_common_ptr)cinfo, JPOOL_IMAGE, (JDIMENSION)(width * 4), 1);
        while (cinfo->output_scanline < cinfo->output_height) {
            uint8_t *out = rgba + (size_t)cinfo->output_scanline * width * 4;
            jpeg_read_scanlines(cinfo, buffer, 1);
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
    // A file that simply stops where its end-of-image marker should be: every scanline is out
    // and no pixel was invented (that raises JWRN_HIT_MARKER and fails). A single-scan file is
    // then complete; a multi-scan one only if it is progressive and every coefficient is fully
    // refined (its whole input was consumed by jpeg_start_decompress, and coef_bits is freed by
    // jpeg_finish_decompress) — a file cut between scans would otherwise pass as a blurrier
    // picture. Multi-scan sequential files that end early stay errors.
    if (context->hit_end && context->multiple_scans && !jpeg_progression_complete(cinfo)) {
        fbc_copy_message(context->message, context->message_capacity, "Premature end of JPEG file");
        context->status = FBC_CORRUPT;
        return;
    }
    // Reads to EOI (the one libjpeg inserts at the end of the data, for a file without one).
    jpeg_finish_decompress(cinfo);
    header->missing_end = context->hit_end;
    header->ignored_warnings = context->ignored_warnings;
}

/// Runs `body` on a fresh context and destroys the decompressor whatever happened.
static fbc_status jpeg_run(jpeg_context *context, void (*body)(jpeg_context *)) {
    context->status = FBC_OK;
    context->cinfo.err = jpeg_std_error(&context->base);
    context->base.error_exit = jpeg_fail;
    context->base.emit_message = jpeg_emit;
    context->base.output_message = jpeg_output_nothing;
    fbc_status status = jpeg_protected(context, body);
    // Safe on a struct jpeg_create_decompress never finished: it checks `mem` (zeroed) first.
    jpeg_destroy_decompress(&context->cinfo);
    free(context->pruned);
    return status;
}

fbc_status fbc_jpeg_read_header(const uint8_t *data, size_t size, fbc_header *header,
                                char *message, size_t message_capacity) {
    jpeg_context context = {.message = message, .message_capacity = message_capacity, .data = data, .size = size, .header = header};
    return jpeg_run(&context, jpeg_header_body);
}

fbc_status fbc_jpeg_decode(const uint8_t *data, size_t size, unsigned scale_denominator, int skip_unused_scans,
                           uint8_t *rgba, size_t rgba_size, fbc_header *header, char *message, size_t message_capacity) {
    if (rgba == NULL) {
        fbc_copy_message(message, message_capacity, "no pixel buffer");
        return FBC_BAD_ARGUMENT;
    }
    jpeg_context context = {.message = message, .message_capacity = message_capacity, .data = data, .size = size,
                            .scale_denominator = scale_denominator, .skip_unused_scans = skip_unused_scans,
                            .rgba = rgba, .rgba_size = rgba_size, .header = header};
    return jpeg_run(&context, jpeg_decode_body);
}
