#!/usr/bin/python3
"""A review page of two sequences of different lengths (a change of duration) in headless Chromium.

usage: check_lengths.py PAGE REFERENCE_FRAMES ACTUAL_FRAMES

PAGE is `flipbook review REFERENCE ACTUAL --out PAGE` of sequences of REFERENCE_FRAMES and
ACTUAL_FRAMES frames at one frame rate. The test script appended to the page checks, from what
the browser drew:
  - the page has max(REFERENCE_FRAMES, ACTUAL_FRAMES) frames on its slider;
  - the timing plot draws one curve per side, each with one point per frame of its side, and
    marks where each side ends (the shorter one's mark left of the longer one's);
  - the facts say `frames A → B`;
  - at the last frame, the shorter side's facts row says it holds its last frame, and both
    sides' images load;
  - the score strip has a mark of the shorter side's colour where it ends.
Exit 0 when every check passes; each failure is printed.
"""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ beside the sources
from in_page_test import in_page_script, run_in_page_test, exit_status

TEST = in_page_script(r"""
    const r = window.review, A = %(a)d, B = %(b)d, N = Math.max(A, B), shorter = A < B ? 0 : 1;
    ok(r && r.differs.length === N, "the page has " + N + " frames (" + (r ? r.differs.length : "no window.review") + ")");
    const lines = Array.from(document.querySelectorAll("#curve polyline"));
    ok(lines.length === 2, "two curves are drawn (" + lines.length + ")");
    const counts = lines.map(l => l.getAttribute("points").trim().split(/\s+/).length);
    ok(counts[0] === A && counts[1] === B, "each curve has its side's frames: " + counts + " (expected " + A + "," + B + ")");
    ok(lines.length === 2 && lines[0].getAttribute("stroke") !== lines[1].getAttribute("stroke"), "the curves have two colours");
    const ends = Array.from(document.querySelectorAll("#curve line.end")).map(l => Number(l.getAttribute("x1")));
    ok(ends.length === 2 && ends[shorter] < ends[1 - shorter], "each side's end is marked, the shorter's first: " + ends);
    const facts = () => Array.from(document.querySelectorAll("#facts tr")).map(tr => tr.cells[0].textContent + ": " + tr.cells[1].textContent);
    ok(facts().includes("frames: " + A + " → " + B), "the facts give both frame counts: " + facts().join("; "));
    r.show(N - 1);
    const held = facts().filter(f => f.endsWith("(held)"));
    ok(held.length === 1 && held[0].startsWith(r && document.querySelectorAll("#stage img")[shorter].alt),
       "at the last frame the shorter side holds its last frame: " + held);
    const strip = document.getElementById("strip"), g = strip.getContext("2d");
    const x = Math.min(strip.width - 2, Math.floor(Math.min(A, B) * strip.width / N));
    const pixel = g.getImageData(x, 5, 1, 1).data;
    const colour = lines[shorter].getAttribute("stroke");
    const want = [1, 3, 5].map(i => parseInt(colour.substr(i, 2), 16));
    ok(want.every((v, i) => Math.abs(v - pixel[i]) <= 2), "the strip marks where the shorter side ends (" + Array.from(pixel.slice(0, 3)) + " vs " + want + ")");
    const imgs = Array.from(document.querySelectorAll("#stage img"));
    const wait = tries => (imgs.every(im => im.complete) || tries > 50) ? done() : setTimeout(() => wait(tries + 1), 20);
    const done = () => { ok(imgs.length === 2 && imgs.every(im => im.naturalWidth > 0), "both sides' last frames load"); finish(); };
    wait(0);
""")

def main():
    page, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    html = open(os.path.join(page, "index.html"), encoding="utf-8").read()
    test_page = os.path.join(page, "index-test.html")
    with open(test_page, "w", encoding="utf-8") as out:
        out.write(html.replace("</body>", TEST % {"a": a, "b": b} + "</body>"))
    try:
        failures = run_in_page_test(os.path.abspath(test_page), 5000)
    finally:
        os.remove(test_page)
    return exit_status(failures)

if __name__ == "__main__":
    sys.exit(main())
