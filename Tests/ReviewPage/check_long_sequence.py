#!/usr/bin/python3
"""The review page works with the data of the longest sequence a render makes: 292 800 frames.

usage: check_long_sequence.py FLIPBOOK WORKDIR

Writes two 2-frame sequences of 8×8 frames (Pillow; the second frames differ), runs
`FLIPBOOK review REFERENCE ACTUAL --out PAGE`, then gives that page the data of 292 800 frames
(a gesture of 20 s driving a 120 s transition completed at speed 0.1, at 240 fps): every frame
listed with its time, progress and scores, the second half differing, a few with changes and
phases; each frame's file is one of the two written, so every image the page attaches exists.
Headless Chromium loads it with a test script appended that checks, with no error thrown:
  - the page lists every frame, and the timing curve and the score strip are drawn (the curve
    with a bounded number of points: at most a few per pixel column, not one per frame);
  - the slider and End reach the last frame, Home the first, → steps one frame;
  - "first differing frame" and "next differing" land where the data says;
  - play advances the frame.
Exit 0 when every check passes; each failure is printed.
"""
import json, math, os, re, subprocess, sys
from PIL import Image
sys.dont_write_bytecode = True  # no __pycache__ beside the sources
from in_page_test import in_page_script, run_in_page_test, exit_status

COUNT, FPS = 292800, 240
FIRST_DIFFERING = COUNT // 2

def sequence(folder, second_colour):
    os.makedirs(folder, exist_ok=True)
    for index, colour in enumerate([(10, 20, 30, 255), second_colour]):
        Image.new("RGBA", (8, 8), colour).save(os.path.join(folder, "frame_%04d.png" % index))
    frames = [{"index": k, "time": k / FPS, "progress": k} for k in range(2)]
    json.dump({"fps": FPS, "frames": frames}, open(os.path.join(folder, "timeline.json"), "w"))

def data(title):
    """The page data of COUNT frames, as ReviewPage writes it (keys and shapes)."""
    frames = []
    for k in range(COUNT):
        t = k / FPS
        frame = {"index": k, "time": t, "progress": 1 - math.exp(-t / 100) * math.cos(t / 7)}
        if k >= FIRST_DIFFERING:
            frame.update({"mean": 0.5, "p99": 1.5, "max": 3, "differing": 7})
        else:
            frame.update({"mean": 0, "p99": 0, "max": 0, "differing": 0})
        if k in (1, COUNT - 5):
            frame["changes"] = ["op 3 fill: rect.y 1 → 2"]
        if k < COUNT // 15:
            frame["phase"] = "interactive"
        frames.append(frame)
    return {"title": title, "fps": FPS,
            "sides": [{"label": "reference", "folder": "side0"}, {"label": "actual", "folder": "side1"}],
            "files": ["f00000.png" if k % 2 == 0 else "f00001.png" for k in range(COUNT)],
            "facts": [["fps", str(FPS)]], "rerecord": "cp -r actual reference", "frames": frames}

TEST = in_page_script(r"""
    const r = window.review, N = %(count)d;
    ok(r && r.differs.length === N, "the page lists " + N + " frames (" + (r ? r.differs.length : "no window.review") + ")");
    const points = (document.querySelector("#curve polyline").getAttribute("points") || "").trim().split(/\s+/).length;
    ok(points >= 100 && points <= 4000, "the timing curve is drawn with " + points + " points");
    const strip = document.getElementById("strip").getContext("2d");
    const left = strip.getImageData(1, 5, 1, 1).data, right = strip.getImageData(398, 5, 1, 1).data;
    ok(left[1] > 100 && left[0] < 100 && right[0] > 200, "the strip is green at the start and red at the end ("
       + Array.from(left) + " / " + Array.from(right) + ")");
    const slider = document.getElementById("slider");
    slider.value = String(N - 1); slider.dispatchEvent(new Event("input"));
    ok(r.state.frame === N - 1, "the slider reached the last frame (" + r.state.frame + ")");
    ok(document.getElementById("frameLabel").textContent === "frame " + (N - 1) + " (" + N + " of " + N + ")",
       "the label names it: " + document.getElementById("frameLabel").textContent);
    const key = k => document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true}));
    key("Home"); ok(r.state.frame === 0, "Home goes to frame 0 (" + r.state.frame + ")");
    key("ArrowRight"); ok(r.state.frame === 1, "→ goes to frame 1 (" + r.state.frame + ")");
    key("End"); ok(r.state.frame === N - 1, "End goes to the last frame (" + r.state.frame + ")");
    document.getElementById("first").click();
    ok(r.state.frame === 1, "the first differing frame is 1, which has changes (" + r.state.frame + ")");
    document.getElementById("next").click();
    ok(r.state.frame === %(first)d, "the next differing frame is %(first)d (" + r.state.frame + ")");
    ok(r.shownSources().length === 2 && r.shownSources().every(s => /f0000[01]\.png$/.test(s)), "two frames shown: " + r.shownSources());
    const t0 = performance.now();
    for (let k = 0; k < 200; k++) key("ArrowRight");
    const step = (performance.now() - t0) / 200;
    ok(step < 20, "a step takes " + step.toFixed(2) + " ms on average (under 20)");
    r.play(true);
    const before = r.state.frame;
    setTimeout(() => {
      ok(r.state.frame > before, "play advanced from frame " + before + " to " + r.state.frame);
      r.play(false);
      finish();
    }, 200);
""")

def main():
    flipbook, work = sys.argv[1:3]
    reference, actual, page = (os.path.join(work, name) for name in ("reference", "actual", "page"))
    sequence(reference, (10, 20, 30, 255))
    sequence(actual, (200, 20, 30, 255))
    review = subprocess.run([flipbook, "review", reference, actual, "--out", page], capture_output=True, text=True, timeout=300)
    failures = []
    if review.returncode != 1:
        failures.append("flipbook review exited %d: %s%s" % (review.returncode, review.stdout, review.stderr))
        return exit_status(failures)
    html = open(os.path.join(page, "index.html"), encoding="utf-8").read()
    opening = '<script id="data" type="application/json">'
    start = html.index(opening) + len(opening)
    end = html.index("</script>", start)
    # The data as the page embeds it: JSON with "<" escaped (there is none here to escape).
    embedded = json.dumps(data(json.loads(html[start:end])["title"]), separators=(", ", ": ")).replace("<", "\\u003c")
    test_page = os.path.join(page, "index-test.html")
    with open(test_page, "w", encoding="utf-8") as out:
        out.write(html[:start] + embedded + html[end:].replace("</body>", TEST % {"count": COUNT, "first": FIRST_DIFFERING} + "</body>"))
    print("page data: %d frames, %.1f MB" % (COUNT, len(embedded) / 1e6))
    failures += run_in_page_test(os.path.abspath(test_page), 10000, timeout=300)
    return exit_status(failures)

if __name__ == "__main__":
    sys.exit(main())
