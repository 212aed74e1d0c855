#!/usr/bin/env python3
"""Draws the app icons (public/icons) with no image library: a white star on a field split
between Union blue and Confederate grey. Run once; the PNGs are committed."""
import math, struct, zlib, sys, os

def png(path, size, maskable):
    blue, grey, white = (31, 42, 68), (122, 124, 128), (245, 240, 225)
    cx = cy = size / 2
    r_out = size * (0.30 if maskable else 0.40)
    r_in = r_out * 0.382
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        r = r_out if i % 2 == 0 else r_in
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    def inside(x, y):
        c = False
        j = len(pts) - 1
        for i in range(len(pts)):
            xi, yi = pts[i]; xj, yj = pts[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                c = not c
            j = i
        return c
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            col = blue if x + y < size else grey
            if inside(x + 0.5, y + 0.5):
                col = white
            row += bytes(col)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
    open(path, "wb").write(data)

out = sys.argv[1] if len(sys.argv) > 1 else "public/icons"
os.makedirs(out, exist_ok=True)
png(f"{out}/icon-192.png", 192, False)
png(f"{out}/icon-512.png", 512, False)
png(f"{out}/icon-maskable-512.png", 512, True)
