// Writes a valid progressive grey JPEG with an absurd number of scans, as a resource-limit
// fixture: `make_progressive OUT.jpg WIDTH HEIGHT PASSES`. The scan script sends the DC
// coefficients in one scan, then each of the 63 AC coefficients on its own, first at
// successive-approximation bit PASSES-1 and refined one bit per scan down to bit 0:
// 1 + 63 × PASSES scans (PASSES 11 → 694 scans), every one legal.
// Build: cc make_progressive.c -ljpeg -o make_progressive
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: %s OUT.jpg WIDTH HEIGHT PASSES\n", argv[0]); return 2; }
    int width = atoi(argv[2]), height = atoi(argv[3]), passes = atoi(argv[4]);
    FILE *out = fopen(argv[1], "wb");
    if (!out) { perror(argv[1]); return 1; }
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr jerr;
    cinfo.err = jpeg_std_error(&jerr);
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, out);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 1;
    cinfo.in_color_space = JCS_GRAYSCALE;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, 90, TRUE);
    cinfo.optimize_coding = TRUE;  // a uniform image then costs about one bit per block per scan
    int count = 1 + 63 * passes;
    jpeg_scan_info *scans = calloc(count, sizeof(jpeg_scan_info));
    scans[0] = (jpeg_scan_info){.comps_in_scan = 1, .component_index = {0}, .Ss = 0, .Se = 0, .Ah = 0, .Al = 0};
    int n = 1;
    for (int k = 1; k <= 63; k++) {
        for (int bit = passes - 1; bit >= 0; bit--) {
            scans[n++] = (jpeg_scan_info){.comps_in_scan = 1, .component_index = {0}, .Ss = k, .Se = k,
                                          .Ah = bit == passes - 1 ? 0 : bit + 1, .Al = bit};
        }
    }
    cinfo.scan_info = scans;
    cinfo.num_scans = count;
    jpeg_start_compress(&cinfo, TRUE);
    JSAMPLE *row = malloc(width);
    memset(row, 128, width);
    while (cinfo.next_scanline < cinfo.image_height) jpeg_write_scanlines(&cinfo, &row, 1);
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    fclose(out);
    printf("%s: %dx%d grey, %d scans\n", argv[1], width, height, count);
    return 0;
}
