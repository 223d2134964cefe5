extension ReviewPage {
    /// The page: one file, no network. `/*TITLE*/` and `/*DATA*/` are replaced. Frames load
    /// lazily (only the shown frame and the next few), so a thousand frames stay responsive; the
    /// script never spreads the frames into arguments (`Math.max(...times)` threw "Maximum call
    /// stack size exceeded" from about 130 000 frames) and draws the curve and the strip per
    /// pixel column, so the longest render (292 800 frames) works too.
    /// `window.review` exposes the state and the controls for the browser tests.
    static let template = #"""
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="generator" content="flipbook review">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>/*TITLE*/</title>
        <style>
        body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;background:#1e1f22;color:#ddd}
        header{padding:10px 16px;background:#2b2d31;display:flex;flex-wrap:wrap;gap:12px;align-items:center}
        h1{font-size:16px;margin:0 12px 0 0}
        button{background:#3a3d44;color:#eee;border:1px solid #555;border-radius:4px;padding:4px 10px;cursor:pointer}
        button.on{background:#4f7cff;border-color:#4f7cff}
        #main{display:flex;gap:16px;padding:12px 16px;align-items:flex-start}
        #stageBox{overflow:auto;max-height:82vh;background:#111;border:1px solid #333;flex:0 1 auto}
        #stage{position:relative;display:flex;gap:8px;transform-origin:0 0}
        .pane{position:relative}
        .pane .label{position:absolute;left:4px;top:4px;background:rgba(0,0,0,.6);padding:1px 6px;border-radius:3px;font-size:12px}
        .stack{position:relative;isolation:isolate}
        .stack img{display:block}
        .stack img.top{position:absolute;left:0;top:0}
        #divider{position:absolute;top:0;bottom:0;width:2px;background:#ffcc00;cursor:ew-resize;display:none}
        img{image-rendering:pixelated}
        #side{min-width:280px;max-width:420px}
        table{border-collapse:collapse}td{padding:1px 8px 1px 0;vertical-align:top}td:first-child{color:#999}
        #strip{display:block;cursor:pointer;border:1px solid #333;margin:6px 0}
        #changes li{font-family:ui-monospace,Menlo,monospace;font-size:12px}
        pre{white-space:pre-wrap;background:#111;padding:6px;border-radius:4px;font-size:12px}
        #controls{display:flex;gap:8px;align-items:center;padding:0 16px 8px}
        #slider{flex:1}
        .hidden{display:none!important}
        </style></head>
        <body>
        <header><h1 id="title"></h1>
        <span id="modes"></span>
        <label>zoom <select id="zoom"><option value="0.5">50%</option><option value="1" selected>100%</option><option value="2">200%</option><option value="4">400%</option></select></label>
        <label id="onionBox" class="hidden">opacity <input id="onion" type="range" min="0" max="1" step="0.01" value="0.5"></label>
        <label id="ampBox" class="hidden">amplify <input id="amp" type="range" min="1" max="32" step="1" value="8"></label>
        </header>
        <div id="controls"><button id="play">▶ play</button><input id="slider" type="range" min="0" value="0"><span id="frameLabel"></span></div>
        <div id="main"><div id="stageBox"><div id="stage"></div></div>
        <div id="side">
        <table id="facts"></table>
        <div id="scoreBox" class="hidden"><h3>ΔE2000 per frame</h3>
        <canvas id="strip" width="400" height="28"></canvas>
        <button id="first">first differing frame</button> <button id="next">next differing</button>
        <table id="scores"></table></div>
        <svg id="curve" width="400" height="160" viewBox="0 0 400 160"></svg>
        <div id="changeBox" class="hidden"><h3>display list changes</h3><ul id="changes"></ul></div>
        <div id="rerecordBox" class="hidden"><h3>re-record the reference</h3><pre id="rerecord"></pre></div>
        </div></div>
        <script id="data" type="application/json">/*DATA*/</script>
        <script>
        "use strict";
        const D = JSON.parse(document.getElementById("data").textContent);
        const N = D.frames.length, two = D.sides.length > 1;
        const $ = id => document.getElementById(id);
        const state = {frame: 0, mode: two ? "side" : "single", playing: false, swipe: 0.5, blinkOn: false};
        let timer = null, blinkTimer = null;
        $("title").textContent = D.title;
        const slider = $("slider"); slider.max = String(Math.max(0, N - 1));
        const differs = D.frames.map(f => (f.differing || 0) > 0 || (f.changes || []).length > 0);
        const anyChanges = D.frames.some(f => f.changes);

        function src(side, position) { return D.sides[side].folder + "/" + D.files[position]; }
        // Lazy loading: only the shown frame's images are attached; the next few are warmed.
        const warmed = new Map();
        function warm(position) {
          for (let k = 1; k <= 3; k++) {
            const p = position + k; if (p >= N) break;
            for (let s = 0; s < D.sides.length; s++) {
              const key = s + ":" + p; if (warmed.has(key)) continue;
              const im = new Image(); im.src = src(s, p); warmed.set(key, im);
              if (warmed.size > 64) warmed.delete(warmed.keys().next().value);
            }
          }
        }

        const stage = $("stage");
        function image(side, cls) { const im = document.createElement("img"); im.dataset.side = side; if (cls) im.className = cls; im.alt = D.sides[side].label; return im; }
        function pane(label, child) { const p = document.createElement("div"); p.className = "pane"; p.appendChild(child);
          const l = document.createElement("div"); l.className = "label"; l.textContent = label; p.appendChild(l); return p; }
        function layout() {
          stage.innerHTML = "";
          if (state.mode === "single") { stage.appendChild(pane(D.sides[0].label, image(0))); }
          else if (state.mode === "side") { for (let s = 0; s < D.sides.length; s++) stage.appendChild(pane(D.sides[s].label, image(s))); }
          else {
            const stack = document.createElement("div"); stack.className = "stack"; stack.id = "stack";
            stack.appendChild(image(0)); const top = image(1, "top"); top.id = "top"; stack.appendChild(top);
            if (state.mode === "swipe") { const d = document.createElement("div"); d.id = "divider"; d.style.display = "block"; stack.appendChild(d); dragDivider(stack); }
            const names = {swipe: "swipe", onion: "onion skin", difference: "difference", blink: "blink"};
            stage.appendChild(pane(names[state.mode] + ": " + D.sides[0].label + " / " + D.sides[1].label, stack));
          }
          $("onionBox").classList.toggle("hidden", state.mode !== "onion");
          $("ampBox").classList.toggle("hidden", state.mode !== "difference");
          for (const b of document.querySelectorAll("#modes button")) b.classList.toggle("on", b.dataset.mode === state.mode);
          clearInterval(blinkTimer); blinkTimer = null;
          if (state.mode === "blink") blinkTimer = setInterval(() => { state.blinkOn = !state.blinkOn; styleTop(); }, 500);
          show(state.frame);
        }
        function styleTop() {
          const top = $("top"), stack = $("stack"); if (!top) return;
          top.style.opacity = state.mode === "onion" ? $("onion").value : state.mode === "blink" ? (state.blinkOn ? "1" : "0") : "1";
          top.style.mixBlendMode = state.mode === "difference" ? "difference" : "normal";
          top.style.clipPath = state.mode === "swipe" ? "inset(0 0 0 " + (state.swipe * 100) + "%)" : "none";
          stack.style.filter = state.mode === "difference" ? "brightness(" + $("amp").value + ")" : "none";
          const d = $("divider"); if (d) d.style.left = (state.swipe * 100) + "%";
        }
        function dragDivider(stack) {
          let dragging = false;
          const move = e => { if (!dragging) return; const r = stack.getBoundingClientRect();
            state.swipe = Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)); styleTop(); };
          stack.addEventListener("pointerdown", e => { dragging = true; move(e); });
          window.addEventListener("pointermove", move); window.addEventListener("pointerup", () => { dragging = false; });
        }
        function fmt(x) { return x === undefined ? "–" : (Math.round(x * 10000) / 10000).toString(); }
        function show(position) {
          state.frame = Math.max(0, Math.min(N - 1, position));
          slider.value = String(state.frame);
          for (const im of stage.querySelectorAll("img")) im.src = src(Number(im.dataset.side), state.frame);
          styleTop(); warm(state.frame);
          const f = D.frames[state.frame];
          $("frameLabel").textContent = "frame " + f.index + " (" + (state.frame + 1) + " of " + N + ")";
          const rows = [["frame", f.index], ["time", fmt(f.time) + " s"], ["progress", fmt(f.progress)]];
          // Sides of other lengths: the frame each side shows, and whether it holds it.
          if (f.sides) f.sides.forEach(([index, held], s) => rows.push([D.sides[s].label, "frame " + index + (held ? " (held)" : "")]));
          if (f.phase) rows.push(["phase", f.phase]);
          for (const [k, v] of D.facts) rows.push([k, v]);
          $("facts").innerHTML = ""; for (const [k, v] of rows) { const tr = $("facts").insertRow(); tr.insertCell().textContent = k; tr.insertCell().textContent = v; }
          if (two) {
            $("scores").innerHTML = "";
            for (const [k, v] of [["mean", fmt(f.mean)], ["p99", fmt(f.p99)], ["max", fmt(f.max)], ["differing pixels", f.differing || 0]]) {
              const tr = $("scores").insertRow(); tr.insertCell().textContent = k; tr.insertCell().textContent = v; }
          }
          const ch = f.changes || []; $("changes").innerHTML = "";
          for (const c of ch) { const li = document.createElement("li"); li.textContent = c; $("changes").appendChild(li); }
          $("changeBox").classList.toggle("hidden", ch.length === 0 && !anyChanges);
          drawPlayhead(); drawStripMarker();
        }

        // Timing curve: progress against time, with the playhead.
        const svgNS = "http://www.w3.org/2000/svg";
        // Loops, not Math.max(...list): spreading 130 000 arguments overflows the call stack.
        // With two sides, each side's own curve (points [time, progress]); else the frames' progress.
        const curves = (D.curves || []).length ? D.curves.map(c => ({label: c.label, end: c.end, points: c.points.map(([t, p]) => ({time: t, progress: p}))}))
          : [{label: null, end: N - 1, points: D.frames}];
        const colors = ["#4f7cff", "#ff8c00", "#3ddc84", "#e056fd", "#00c8d7", "#ff5370"];
        let tMax = 1e-9, pMin = 0, pMax = 1;
        for (const c of curves) for (const f of c.points) { tMax = Math.max(tMax, f.time); pMin = Math.min(pMin, f.progress); pMax = Math.max(pMax, f.progress); }
        const X = t => 30 + t / tMax * 360, Y = p => 140 - (p - pMin) / (pMax - pMin) * 125;
        // Every frame's point up to a thousand frames; beyond, per pixel column its lowest and highest
        // frame in time order (the curve's envelope at that width), not hundreds of thousands of points.
        function curvePoints(list) {
          if (list.length <= 1000) return list.map(f => X(f.time) + "," + Y(f.progress));
          const points = [];
          let column = -1, low = null, high = null;
          const flush = () => { if (column >= 0) for (const f of low.time <= high.time ? [low, high] : [high, low]) points.push(X(f.time) + "," + Y(f.progress)); };
          for (const f of list) {
            const c = Math.floor(X(f.time));
            if (c !== column) { flush(); column = c; low = high = f; }
            else { if (f.progress < low.progress) low = f; if (f.progress > high.progress) high = f; }
          }
          flush();
          return points;
        }
        function drawCurve() {
          const svg = $("curve");
          svg.innerHTML = '<rect width="400" height="160" fill="#111"/>';
          const axis = document.createElementNS(svgNS, "path"); axis.setAttribute("d", "M30 " + Y(0) + " H390 M30 " + Y(1) + " H390");
          axis.setAttribute("stroke", "#444"); svg.appendChild(axis);
          const text = (x, y, color, content, anchor) => { const t = document.createElementNS(svgNS, "text"); t.setAttribute("x", x); t.setAttribute("y", y);
            t.setAttribute("fill", color); t.setAttribute("font-size", "10"); if (anchor) t.setAttribute("text-anchor", anchor); t.textContent = content; svg.appendChild(t); };
          curves.forEach((c, i) => {
            const color = colors[i % colors.length];
            const line = document.createElementNS(svgNS, "polyline"); line.dataset.side = i;
            line.setAttribute("points", curvePoints(c.points).join(" "));
            line.setAttribute("fill", "none"); line.setAttribute("stroke", color); line.setAttribute("stroke-width", "2"); svg.appendChild(line);
            if (curves.length < 2) return;
            // Where the side ends: a dashed line at its last frame's time, and its label.
            const end = c.points[c.points.length - 1], x = X(end.time);
            const mark = document.createElementNS(svgNS, "line"); mark.classList.add("end"); mark.dataset.side = i;
            mark.setAttribute("x1", x); mark.setAttribute("x2", x); mark.setAttribute("y1", "8"); mark.setAttribute("y2", "140");
            mark.setAttribute("stroke", color); mark.setAttribute("stroke-dasharray", "3 3"); svg.appendChild(mark);
            // The labels sit in the plot's lower right, where a curve that has settled near 1 is not.
            text(388, 120 + 11 * i, color, c.label.slice(0, 40) + ": ends " + fmt(end.time) + " s", "end");
          });
          const head = document.createElementNS(svgNS, "line"); head.id = "playhead"; head.setAttribute("y1", "8"); head.setAttribute("y2", "150");
          head.setAttribute("stroke", "#ffcc00"); svg.appendChild(head);
          const dot = document.createElementNS(svgNS, "circle"); dot.id = "dot"; dot.setAttribute("r", "4"); dot.setAttribute("fill", "#ffcc00"); svg.appendChild(dot);
          const label = document.createElementNS(svgNS, "text"); label.setAttribute("x", "30"); label.setAttribute("y", "156"); label.setAttribute("fill", "#999");
          label.setAttribute("font-size", "10"); label.textContent = "progress over " + fmt(tMax) + " s"; svg.appendChild(label);
        }
        function drawPlayhead() { const f = D.frames[state.frame]; const x = X(f.time);
          $("playhead").setAttribute("x1", x); $("playhead").setAttribute("x2", x); $("dot").setAttribute("cx", x); $("dot").setAttribute("cy", Y(f.progress)); }
        // The strip marks where a side that ends early starts holding its last frame.
        function drawStripEnds() { if (curves.length < 2) return; const c = $("strip"), g = c.getContext("2d");
          curves.forEach((curve, i) => { if (curve.end >= N - 1) return;
            g.fillStyle = colors[i % colors.length]; g.fillRect(Math.min(c.width - 2, Math.floor((curve.end + 1) * c.width / N)), 0, 2, c.height - 6); }); }

        // Score strip: one column per frame, coloured by the frame's largest ΔE.
        function stripColor(f) { const m = f.max || 0; if (!m && !(f.changes || []).length) return "#2e7d32";
          if (m < 1) return "#3f6fff"; if (m < 2.3) return "#ffd400"; return m < 10 ? "#ff8c00" : "#ff2020"; }
        function drawStrip() { const c = $("strip"), g = c.getContext("2d"); const w = c.width / N;
          if (N <= c.width) { D.frames.forEach((f, i) => { g.fillStyle = stripColor(f); g.fillRect(Math.floor(i * w), 0, Math.ceil(w), c.height - 6); }); return; }
          // More frames than pixels: a column shows the largest score of its frames, so no difference hides.
          for (let x = 0, i = 0; x < c.width; x++) {
            let max = 0, changed = false;
            for (const end = Math.floor((x + 1) * N / c.width); i < end; i++) { max = Math.max(max, D.frames[i].max || 0); changed = changed || (D.frames[i].changes || []).length > 0; }
            g.fillStyle = stripColor({max: max, changes: changed ? [true] : []}); g.fillRect(x, 0, 1, c.height - 6);
          } }
        function drawStripMarker() { if (!two) return; const c = $("strip"), g = c.getContext("2d"); const w = c.width / N;
          g.clearRect(0, c.height - 6, c.width, 6); g.fillStyle = "#fff"; g.fillRect(Math.floor(state.frame * w), c.height - 5, Math.max(2, Math.ceil(w)), 5); }
        function firstDiffering() { return differs.indexOf(true); }
        function nextDiffering() { for (let i = state.frame + 1; i < N; i++) if (differs[i]) return i; return firstDiffering(); }

        function play(on) { state.playing = on; $("play").textContent = on ? "❚❚ pause" : "▶ play"; clearInterval(timer); timer = null;
          if (on) timer = setInterval(() => { if (state.frame >= N - 1) show(0); else show(state.frame + 1); }, 1000 / D.fps); }
        function setMode(mode) { state.mode = mode; layout(); }

        if (two) {
          for (const [m, name] of [["side", "side by side"], ["swipe", "swipe"], ["onion", "onion skin"], ["difference", "difference"], ["blink", "blink"]]) {
            const b = document.createElement("button"); b.textContent = name; b.dataset.mode = m; b.onclick = () => setMode(m); $("modes").appendChild(b); }
          $("scoreBox").classList.remove("hidden");
          $("strip").onclick = e => { const r = e.target.getBoundingClientRect(); show(Math.floor((e.clientX - r.left) / r.width * N)); };
          $("first").onclick = () => { const i = firstDiffering(); if (i >= 0) show(i); };
          $("next").onclick = () => { const i = nextDiffering(); if (i >= 0) show(i); };
          drawStrip(); drawStripEnds();
        }
        if (D.rerecord) { $("rerecordBox").classList.remove("hidden"); $("rerecord").textContent = D.rerecord; }
        slider.oninput = () => show(Number(slider.value));
        $("play").onclick = () => play(!state.playing);
        $("onion").oninput = styleTop; $("amp").oninput = styleTop;
        $("zoom").onchange = () => { stage.style.transform = "scale(" + $("zoom").value + ")"; };
        document.addEventListener("keydown", e => {
          if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
          if (e.key === "ArrowRight") { show(state.frame + 1); e.preventDefault(); }
          else if (e.key === "ArrowLeft") { show(state.frame - 1); e.preventDefault(); }
          else if (e.key === "Home") { show(0); e.preventDefault(); }
          else if (e.key === "End") { show(N - 1); e.preventDefault(); }
          else if (e.key === " ") { play(!state.playing); e.preventDefault(); }
        });
        drawCurve();
        // #frame=K&mode=M opens the page there (links from the summary, screenshots).
        const hash = new URLSearchParams(location.hash.slice(1));
        if (hash.has("mode") && (two || hash.get("mode") === "single")) state.mode = hash.get("mode");
        if (hash.has("frame")) state.frame = Number(hash.get("frame")) || 0;
        if (hash.has("first") && firstDiffering() >= 0) state.frame = firstDiffering();
        layout();
        window.review = {state, show, setMode, play, firstDiffering, nextDiffering, differs,
          shownSources: () => Array.from(stage.querySelectorAll("img")).map(im => im.getAttribute("src"))};
        </script></body></html>
        """#
}
