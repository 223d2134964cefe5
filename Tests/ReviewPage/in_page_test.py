"""What both review-page checks share: headless Chromium, and reading back the results a test
script appended to the page wrote into it.

The in-page script writes one `PASS …` or `FAIL …` line per check into `<pre id="test-result">`
when it is done (and, while it runs, optionally into `<pre id="test-progress">`, so a script that
never finishes still shows how far it got).
"""
import re, subprocess, tempfile

def chromium(args, timeout=120):
    """Runs headless Chromium with `args` in a fresh profile, allowed to read file:// frames."""
    base = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
            "--enable-logging=stderr", "--v=0", "--user-data-dir=" + tempfile.mkdtemp(prefix="review-chromium-")]
    return subprocess.run(base + args, capture_output=True, text=True, timeout=timeout)

def in_page_script(body):
    """A <script> element that runs `body`, JavaScript calling `ok(condition, what)` for each
    check and `finish()` when done (which writes the PASS/FAIL lines into the page); an exception
    is a failure and finishes."""
    return ("<script>\n(function () {\n  const out = [];\n"
            "  const ok = (cond, what) => out.push((cond ? \"PASS \" : \"FAIL \") + what);\n"
            "  const finish = () => document.body.insertAdjacentHTML(\"beforeend\", \"<pre id='test-result'>\" + out.join(\"\\n\") + \"</pre>\");\n"
            "  try {\n" + body + "\n  } catch (e) { out.push(\"FAIL exception: \" + e); finish(); }\n})();\n</script>\n")

def run_in_page_test(test_page, virtual_time_ms, timeout=120):
    """Loads `test_page` (a path), prints the in-page test's lines and returns its failures: each
    FAIL line, an unfinished or silent test, and any console error."""
    run = chromium(["--virtual-time-budget=%d" % virtual_time_ms, "--dump-dom", "file://" + test_page], timeout)
    failures = []
    result = re.search(r"<pre id=\"test-result\">(.*?)</pre>", run.stdout, re.S)
    if not result:
        result = re.search(r"<pre id=\"test-progress\">(.*?)</pre>", run.stdout, re.S)
        if result:
            failures.append("the in-page test did not finish")
    if not result:
        failures.append("the in-page test wrote no result; chromium stderr:\n" + run.stderr[-2000:])
    else:
        for line in result.group(1).splitlines():
            print(line)
            if line.startswith("FAIL"): failures.append(line)
    console_errors = [l for l in run.stderr.splitlines() if "CONSOLE" in l and ("Uncaught" in l or "rror" in l)]
    if console_errors:
        failures.append("console errors:\n" + "\n".join(console_errors))
    else:
        print("PASS no console errors")
    return failures

def exit_status(failures):
    """Prints each failure and returns the process's exit status (0 when there are none)."""
    for failure in failures:
        print("FAIL " + failure)
    return 1 if failures else 0
