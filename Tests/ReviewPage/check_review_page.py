#!/usr/bin/python3
"""Drives a `flipbook review REFERENCE ACTUAL` page in headless Chromium and checks it against an
independent computation (Pillow + a plain-Python CIEDE2000).

usage: check_review_page.py PAGE REFERENCE ACTUAL [--screenshots DIR]

The page is copied to PAGE/index-test.html with a test script appended; Chromium loads it from
file:// (--dump-dom with a virtual time budget) and the script writes its findings into the DOM.
Exit 0 when every check passes; each failure is printed.
"""
import json, math, os, re, sys
from PIL import Image
sys.dont_write_bytecode = True  # no __pycache__ beside the sources
from in_page_test import chromium, run_in_page_test, exit_status

# --- independent scores -------------------------------------------------------------------------
def linear(c):
    c = c / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

def lab(rgb):
    r, g, b = (linear(v) for v in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))

def ciede2000(p, q):
    (l1, a1, b1), (l2, a2, b2) = p, q
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(cm7 / (cm7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h = lambda b, a: 0 if a == 0 and b == 0 else math.degrees(math.atan2(b, a)) % 360
    h1, h2 = h(b1, a1p), h(b2, a2p)
    dl, dc = l2 - l1, c2p - c1p
    dh = 0
    if c1p * c2p:
        dh = h2 - h1
        if dh > 180: dh -= 360
        elif dh < -180: dh += 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cm = (l1 + l2) / 2, (c1p + c2p) / 2
    hm = h1 + h2
    if c1p * c2p:
        hm = (h1 + h2) / 2 if abs(h1 - h2) <= 180 else ((h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2)
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    dtheta = 30 * math.exp(-((hm - 275) / 25) ** 2)
    rc = 2 * math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc, sh = 1 + 0.045 * cm, 1 + 0.015 * cm * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))

def frames(folder):
    timeline = json.load(open(os.path.join(folder, "timeline.json")))
    count = len(timeline["frames"])
    digits = max(4, len(str(count - 1)))
    return [os.path.join(folder, "frame_%0*d.png" % (digits, f["index"])) for f in timeline["frames"]]

def over_white(image):
    rgba = image.convert("RGBA")
    white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, rgba).convert("RGB")

def scores(a_path, b_path):
    a, b = over_white(Image.open(a_path)), over_white(Image.open(b_path))
    pa, pb = list(a.getdata()), list(b.getdata())
    cache, values = {}, []
    def labof(c):
        if c not in cache: cache[c] = lab(c)
        return cache[c]
    for x, y in zip(pa, pb):
        values.append(0.0 if x == y else ciede2000(labof(x), labof(y)))
    n = len(values)
    ordered = sorted(values)
    return sum(values) / n, ordered[math.ceil(0.99 * n) - 1], max(values), sum(1 for v in values if v > 0)

# --- the browser --------------------------------------------------------------------------------
TEST = r"""
<script>
(function () {
  const out = [];
  document.body.insertAdjacentHTML("beforeend", "<pre id='test-progress'></pre>");
  const ok = (cond, what) => { out.push((cond ? "PASS " : "FAIL ") + what);
    document.getElementById("test-progress").textContent = out.join("\n"); };
  const expectFirst = %(first)d, N = %(count)d;
  try {
    const r = window.review;
    ok(!!r, "the page script ran (window.review exists)");
    const slider = document.getElementById("slider");
    slider.value = "5"; slider.dispatchEvent(new Event("input"));
    ok(r.state.frame === 5 && r.shownSources().every(s => s.endsWith("f00005.png")), "slider shows frame 5: " + r.shownSources());
    const key = k => document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true}));
    key("ArrowRight"); ok(r.state.frame === 6, "→ shows frame 6");
    key("ArrowLeft"); key("ArrowLeft"); ok(r.state.frame === 4, "← ← shows frame 4");
    key("End"); ok(r.state.frame === N - 1 && r.shownSources()[0].endsWith("f" + String(N - 1).padStart(5, "0") + ".png"), "End shows the last frame");
    key("Home"); ok(r.state.frame === 0, "Home shows frame 0");
    document.getElementById("first").click();
    ok(r.state.frame === expectFirst, "first differing frame is " + expectFirst + " (page: " + r.state.frame + ")");
    document.getElementById("next").click();
    const nextExpected = r.differs.indexOf(true, expectFirst + 1);
    ok(r.state.frame === (nextExpected < 0 ? expectFirst : nextExpected), "next differing frame");
    const modes = ["side", "swipe", "onion", "difference", "blink"];
    const checks = {
      side: () => document.querySelectorAll("#stage img").length === 2 && !document.getElementById("top"),
      swipe: () => /inset/.test(document.getElementById("top").style.clipPath) && !!document.getElementById("divider"),
      onion: () => document.getElementById("top").style.opacity === "0.5",
      difference: () => document.getElementById("top").style.mixBlendMode === "difference" && /brightness\(8\)/.test(document.getElementById("stack").style.filter),
      blink: () => !!document.getElementById("top"),
    };
    let pending = modes.length;
    const finish = () => {
      key(" ");
      setTimeout(() => {
        ok(r.state.frame > expectFirst || r.state.frame === 0, "space plays (frame " + r.state.frame + ")");
        key(" ");
        document.body.insertAdjacentHTML("beforeend", "<pre id='test-result'>" + out.join("\n") + "</pre>");
      }, 300);
    };
    const next = i => {
      if (i === modes.length) return finish();
      r.setMode(modes[i]);
      ok(r.state.mode === modes[i] && checks[modes[i]](), "mode " + modes[i] + " is laid out");
      const imgs = Array.from(document.querySelectorAll("#stage img"));
      const done = () => {
        ok(imgs.every(im => im.complete && im.naturalWidth > 0), "mode " + modes[i] + " draws both frames (" + imgs.map(im => im.naturalWidth).join(",") + ")");
        next(i + 1);
      };
      const wait = tries => (imgs.every(im => im.complete) || tries > 50) ? done() : setTimeout(() => wait(tries + 1), 20);
      wait(0);
    };
    next(0);
  } catch (e) {
    out.push("FAIL exception: " + e);
    document.body.insertAdjacentHTML("beforeend", "<pre id='test-result'>" + out.join("\n") + "</pre>");
  }
})();
</script>
"""

def main():
    page, reference, actual = sys.argv[1:4]
    shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
    failures = []
    ref_frames, act_frames = frames(reference), frames(actual)
    differing = [i for i, (a, b) in enumerate(zip(ref_frames, act_frames))
                 if list(Image.open(a).convert("RGBA").getdata()) != list(Image.open(b).convert("RGBA").getdata())]
    first = differing[0] if differing else -1
    html = open(os.path.join(page, "index.html"), encoding="utf-8").read()
    data = json.loads(re.search(r'<script id="data" type="application/json">(.*?)</script>', html, re.S).group(1).replace("<\\/", "</"))
    page_differing = [i for i, f in enumerate(data["frames"]) if f.get("differing", 0) > 0]
    if page_differing != differing:
        failures.append("differing frames: page %s, Pillow %s" % (page_differing, differing))
    else:
        print("PASS differing frames match Pillow: %s" % differing)
    if first >= 0:
        mean, p99, largest, count = scores(ref_frames[first], act_frames[first])
        f = data["frames"][first]
        for name, mine, theirs in [("mean", f["mean"], mean), ("p99", f["p99"], p99), ("max", f["max"], largest)]:
            if abs(mine - theirs) > 1e-6 * max(1, theirs):
                failures.append("frame %d %s ΔE: page %r, Python %r" % (first, name, mine, theirs))
            else:
                print("PASS frame %d %s ΔE %.6f matches Python %.6f" % (first, name, mine, theirs))
        if f["differing"] != count:
            failures.append("frame %d differing pixels: page %d, Python %d" % (first, f["differing"], count))
    test_page = os.path.join(page, "index-test.html")
    with open(test_page, "w", encoding="utf-8") as out:
        out.write(html.replace("</body>", TEST % {"first": first, "count": len(data["frames"])} + "</body>"))
    try:
        failures += run_in_page_test(os.path.abspath(test_page), 10000)
    finally:
        os.remove(test_page)
    if shots:
        os.makedirs(shots, exist_ok=True)
        for mode in ["side", "swipe", "onion", "difference", "blink"]:
            target = os.path.join(shots, "review-%s.png" % mode)
            chromium(["--virtual-time-budget=3000", "--window-size=1280,860", "--hide-scrollbars", "--screenshot=" + target,
                      "file://%s#mode=%s&first=1" % (os.path.abspath(os.path.join(page, "index.html")), mode)])
            print("screenshot → " + target)
    return exit_status(failures)

if __name__ == "__main__":
    sys.exit(main())
