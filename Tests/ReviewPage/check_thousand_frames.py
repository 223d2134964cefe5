#!/usr/bin/python3
"""A thousand-frame review page stays responsive and loads its frames lazily.

usage: check_thousand_frames.py FLIPBOOK WORKDIR

Writes two 1000-frame sequences of 24×16 frames (Pillow; frames 500 and on differ), runs
`FLIPBOOK review REFERENCE ACTUAL --out PAGE`, then loads the page in headless Chromium with a
test script appended that, with the page's own timing (performance.now):
  - counts the frame images the page attached and fetched right after loading (lazily: the
    shown frame and the few warmed ahead, not a thousand);
  - steps the slider through all 1000 frames, then presses → 1000 times, and checks that a
    step takes under 8 ms on average (a frame at 60 Hz is 16.7 ms) and none over 250 ms;
  - before that, jumps to the first differing frame (500) and checks that the jump requested
    only that frame and a few ahead, not the ones skipped.
Exit 0 when every check passes; each failure is printed.
"""
import json, os, subprocess, sys
from PIL import Image
sys.dont_write_bytecode = True  # no __pycache__ beside the sources
from in_page_test import in_page_script, run_in_page_test, exit_status

COUNT, FIRST_DIFFERING = 1000, 500

def sequence(folder, differ_from):
    os.makedirs(folder, exist_ok=True)
    frames = []
    for index in range(COUNT):
        shade = (index * 7) % 256
        colour = (shade, 255 - shade, 128 if index < differ_from else 0, 255)
        Image.new("RGBA", (24, 16), colour).save(os.path.join(folder, "frame_%04d.png" % index))
        frames.append({"index": index, "time": index / 30, "progress": index / (COUNT - 1)})
    json.dump({"fps": 30, "frames": frames}, open(os.path.join(folder, "timeline.json"), "w"))

# Installed before the page's script: records every frame file an image element is pointed at.
HOOK = r"""
<script>
window.__frameSources = new Set();
(function () {
  const d = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  Object.defineProperty(HTMLImageElement.prototype, "src", {configurable: true,
    get() { return d.get.call(this); }, set(v) { window.__frameSources.add(String(v)); d.set.call(this, v); }});
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (this instanceof HTMLImageElement && name === "src") window.__frameSources.add(String(value));
    return setAttribute.call(this, name, value);
  };
})();
</script>
"""

TEST = in_page_script(r"""
    const r = window.review, N = %(count)d;
    ok(r.state && r.differs.length === N, "the page lists " + N + " frames (" + r.differs.length + ")");
    const frameRequests = () => Array.from(window.__frameSources).filter(s => /f\d+\.png$/.test(s)).length;
    const atLoad = frameRequests();
    ok(atLoad > 0 && atLoad <= 16, atLoad + " frame files requested at load (the shown frame and a few ahead per side)");
    const attached = document.querySelectorAll("#stage img").length;
    ok(attached <= 2, "after loading, " + attached + " frame images are attached (at most one per side)");
    document.getElementById("first").click();
    ok(r.state.frame === %(first)d, "first differing frame is %(first)d (page: " + r.state.frame + ")");
    ok(r.shownSources().every(s => s.endsWith("f00%(first)d.png")), "frame %(first)d is shown: " + r.shownSources());
    const afterJump = frameRequests();
    ok(afterJump - atLoad <= 8, "the jump to frame %(first)d requested " + (afterJump - atLoad)
       + " more frame files (that frame and a few ahead, not the " + (2 * %(first)d) + " skipped)");
    const slider = document.getElementById("slider");
    const steps = [];
    for (let k = 0; k < N; k++) {
      const t0 = performance.now();
      slider.value = String(k); slider.dispatchEvent(new Event("input"));
      steps.push(performance.now() - t0);
    }
    ok(r.state.frame === N - 1, "the slider reached the last frame (" + r.state.frame + ")");
    const key = k => document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true}));
    key("Home");
    for (let k = 0; k < N - 1; k++) {
      const t0 = performance.now(); key("ArrowRight"); steps.push(performance.now() - t0);
    }
    ok(r.state.frame === N - 1, "→ ×" + (N - 1) + " reached the last frame (" + r.state.frame + ")");
    const mean = steps.reduce((a, b) => a + b, 0) / steps.length, worst = Math.max(...steps);
    ok(mean < 8, "a step takes " + mean.toFixed(3) + " ms on average (under 8)");
    ok(worst < 250, "the slowest step takes " + worst.toFixed(1) + " ms (under 250: the first lays the page out)");
    ok(document.querySelectorAll("#stage img").length <= 2, "still at most one image per side attached after " + (2 * N - 1) + " steps");
    finish();
""")

def main():
    flipbook, work = sys.argv[1:3]
    reference, actual, page = (os.path.join(work, name) for name in ("reference", "actual", "page"))
    sequence(reference, COUNT)
    sequence(actual, FIRST_DIFFERING)
    review = subprocess.run([flipbook, "review", reference, actual, "--out", page], capture_output=True, text=True, timeout=600)
    failures = []
    if review.returncode != 1 or "first differing frame %d" % FIRST_DIFFERING not in review.stdout:
        failures.append("flipbook review exited %d: %s%s" % (review.returncode, review.stdout, review.stderr))
    html = open(os.path.join(page, "index.html"), encoding="utf-8").read()
    test_page = os.path.join(page, "index-test.html")
    with open(test_page, "w", encoding="utf-8") as out:
        out.write(html.replace("<head>", "<head>" + HOOK, 1).replace("</body>", TEST % {"count": COUNT, "first": FIRST_DIFFERING} + "</body>"))
    failures += run_in_page_test(os.path.abspath(test_page), 5000, timeout=180)
    return exit_status(failures)

if __name__ == "__main__":
    sys.exit(main())
