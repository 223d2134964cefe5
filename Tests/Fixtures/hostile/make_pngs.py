#!/usr/bin/env python3
"""Writes the crafted PNG fixtures of this folder (python3 make_pngs.py; standard library only).

Each is a valid 1x1 grey PNG with one hostile chunk pattern in front of its image data:
huge-chunk-*.png: a 52/45-byte file whose ancillary chunk declares 2^31-1 bytes.
ztxt-bomb.png: 40 zTXt chunks, each inflating to 7.9 MB of text the renderer never uses.
"""
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data, length=None):
    body = kind + data
    return struct.pack(">I", len(data) if length is None else length) + body + struct.pack(">I", zlib.crc32(body))


IHDR = chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
IDAT = chunk(b"IDAT", zlib.compress(b"\x00\x80"))
IEND = chunk(b"IEND", b"")


def write(name, data):
    with open(name, "wb") as out:
        out.write(data)
    print(f"{name}: {len(data)} bytes")


# A chunk header claiming 2^31-1 bytes, followed by a few bytes and the end of the file.
write("huge-chunk-ztxt.png", SIGNATURE + IHDR + struct.pack(">I", 0x7FFFFFFF) + b"zTXt" + b"Comment\x00\x00x\x9c")
write("huge-chunk-itxt.png", SIGNATURE + IHDR + struct.pack(">I", 0x7FFFFFFF) + b"iTXt" + b"Comment\x00\x01\x00")
write("huge-chunk-splt.png", SIGNATURE + IHDR + struct.pack(">I", 0x7FFFFFFF) + b"sPLT" + b"palette\x00\x08")

# 40 × 7.9 MB of compressed text: 316 MB once inflated, kept by libpng until the decode ends.
text = zlib.compress(b"A" * 7_900_000, 9)
ztxt = chunk(b"zTXt", b"Comment\x00\x00" + text)
write("ztxt-bomb.png", SIGNATURE + IHDR + ztxt * 40 + IDAT + IEND)
