"""Checks of the built site in headless Chromium, with every request to another host blocked.

Run after ``jupyter-book build`` (``make site``). For every page of ``_toc.yml``: it loads, every
figure on it is a non-empty image, no widget error text or raw widget repr is shown, and no
JavaScript error occurs other than blocked network requests. A full-page screenshot of each page is
saved under ``_build/screenshots/`` for a human to look at.
"""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import yaml

pytestmark = pytest.mark.site

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
SCREENSHOTS = ROOT / "_build" / "screenshots"
WIDGET_ERRORS = ("Error displaying widget", "model not found")
RAW_WIDGET_REPR = re.compile(r"\b(VBox|HBox|IntSlider|FloatSlider|Button|Output|Image)\(\w+=")
# Console messages that are expected when every other host is blocked, and the theme's own notice.
ALLOWED_CONSOLE = re.compile(r"net::ERR_|Failed to load resource|Got invalid theme mode")
#: The smallest text a figure may show, in CSS pixels, on a page 1,200 px wide.
SMALLEST_TEXT_PX = 9.0

# Every element of the article that cuts its content off or scrolls sideways (a code block, a
# table's output, a display equation), and every block that sticks out past the article's edge.
OVERFLOW_SCAN = """() => {
  const article = document.querySelector("article.bd-article");
  const edge = article.getBoundingClientRect().right;
  const name = (e) => `${e.tagName.toLowerCase()} starting ${JSON.stringify(
      (e.innerText || e.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 60))}`;
  const found = [];
  for (const e of article.querySelectorAll("*")) {
    if (e.closest("mjx-assistive-mml")) continue;  // MathJax's hidden copy for screen readers
    const style = getComputedStyle(e);
    const box = e.getBoundingClientRect();
    if (box.width === 0 || style.visibility === "hidden") continue;
    const cuts = ["auto", "scroll", "hidden", "clip"].includes(style.overflowX);
    if (cuts && e.scrollWidth > e.clientWidth + 1) {
      found.push(`${e.scrollWidth - e.clientWidth} px too wide: ${name(e)}`);
    } else if (box.right > edge + 1 && e.matches("pre, table, img, svg, p, div")) {
      found.push(`${Math.round(box.right - edge)} px past the column: ${name(e)}`);
    }
  }
  return found;
}"""

# Open every collapsed dropdown (the exercises' solutions) as a reader would, with its button.
OPEN_DROPDOWNS = """() => document.querySelectorAll(".dropdown.toggle-hidden button.toggle-button")
  .forEach((button) => button.click())"""

# Every text of every demo's SVG drawings, with the CSS px it reads at on the page.
TWIN_TEXT_SCAN = """() => {
  const found = [];
  for (const drawing of document.querySelectorAll(".book-twin svg")) {
    const box = drawing.viewBox && drawing.viewBox.baseVal;
    const scale = box && box.width ? drawing.getBoundingClientRect().width / box.width : 1;
    for (const text of drawing.querySelectorAll("text")) {
      if (!text.textContent.trim() || text.getBoundingClientRect().width === 0) continue;
      const size = parseFloat(getComputedStyle(text).fontSize) * scale;
      found.push([drawing.closest(".book-twin").dataset.twin, text.textContent.slice(0, 30), size]);
    }
  }
  return found;
}"""

# Every image of the article: where it comes from, its size in the file and on the page, and, for
# an animation's frame, what the animation's wrapper records (lessons_lib.plots.style).
FIGURE_SCAN = """() => Array.from(document.querySelectorAll("article img")).map(img => {
  const animation = img.closest(".book-animation");
  let heading = null;
  for (let e = img; e && !heading; e = e.parentElement) {
    for (let s = e.previousElementSibling; s && !heading; s = s.previousElementSibling) {
      const h = s.matches("h1, h2, h3") ? s : s.querySelector("h1, h2, h3");
      if (h) heading = h.innerText.trim();
    }
  }
  return {src: img.src, natural: img.naturalWidth, shown: img.getBoundingClientRect().width,
          heading: heading, animation: animation && {dpi: animation.dataset.dpi,
          smallest: animation.dataset.smallestTextPoints || "none"}};
})"""


def toc_pages() -> list[str]:
    """Every document of the table of contents, in reading order (paths without suffix)."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    pages = [toc["root"]]

    def walk(entries: list[dict]) -> None:
        for entry in entries:
            if "file" in entry:
                pages.append(entry["file"])
            walk(entry.get("sections", []))

    for part in toc.get("parts", []):
        walk(part.get("chapters", []))
    walk(toc.get("chapters", []))
    return pages


@pytest.fixture(scope="module")
def browser(chromium):
    """Headless Chromium (tests/conftest.py), once the site is built."""
    if not HTML.is_dir():
        pytest.fail(f"the site is not built: {HTML} is missing (run `make build` first)")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return chromium


#: Every request a page made to another host (blocked), by page: there must be none.
OTHER_HOSTS: dict[str, list[str]] = {}


def block_other_hosts(route, page_path: str = "") -> None:
    if route.request.url.startswith(("file://", "data:", "blob:")):
        route.continue_()
    else:
        OTHER_HOSTS.setdefault(page_path, []).append(route.request.url)
        route.abort("blockedbyclient")


def open_page(browser, page_path: str):
    target = HTML / f"{page_path}.html"
    assert target.is_file(), f"{page_path} is in _toc.yml but {target} was not built"
    context = browser.new_context(viewport={"width": 1200, "height": 1600})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
    page.on(
        "console",
        lambda message: (
            problems.append(f"console: {message.text}")
            if message.type == "error" and not ALLOWED_CONSOLE.search(message.text)
            else None
        ),
    )
    page.route("**/*", lambda route: block_other_hosts(route, page_path))
    page.goto(target.as_uri(), wait_until="load")
    page.wait_for_timeout(500)
    return context, page, problems


@pytest.mark.parametrize("page_path", toc_pages())
def test_page_renders_without_errors(browser, page_path):
    context, page, problems = open_page(browser, page_path)
    try:
        main = page.locator("main")
        text = main.inner_text()
        for message in WIDGET_ERRORS:
            assert message not in text, f"{page_path} shows {message!r}"
        outputs = "\n".join(page.locator("main .cell_output").all_inner_texts())
        raw = RAW_WIDGET_REPR.search(outputs)  # in what cells printed, not in the code shown
        assert raw is None, f"{page_path} shows a raw widget repr: {raw.group(0)!r}"
        images = page.evaluate(
            """() => Array.from(document.querySelectorAll('main img')).map(img => ({
                   src: img.src.slice(0, 80), complete: img.complete,
                   width: img.naturalWidth, height: img.naturalHeight}))"""
        )
        for image in images:
            assert image["complete"] and image["width"] > 0 and image["height"] > 0, (
                f"{page_path}: empty or broken image {image}"
            )
        name = page_path.replace("/", "__")
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
        assert not problems, f"{page_path}: JavaScript errors: {problems}"
        assert not OTHER_HOSTS.get(page_path), f"{page_path} asks other hosts for {OTHER_HOSTS}"
    finally:
        context.close()


@pytest.mark.parametrize("page_path", toc_pages())
def test_formulas_are_typeset_offline(browser, page_path):
    context, page, _ = open_page(browser, page_path)
    try:
        wait_for_formulas(page)
        text = page.evaluate(  # the prose only: code may contain backslashes of its own
            """() => { const main = document.querySelector('main').cloneNode(true);
                       main.querySelectorAll('pre, code, mjx-container').forEach(e => e.remove());
                       return main.innerText; }"""
        )
        leftover = re.search(r"\\\(|\\\[|\$\$", text)
        assert leftover is None, (
            f"{page_path} shows untypeset TeX near {text[leftover.start() :][:60]!r}"
        )
        errors = page.locator("main mjx-merror, main [data-mjx-error]").count()
        assert errors == 0, f"{page_path} has {errors} MathJax errors"
    finally:
        context.close()


def wait_for_formulas(page) -> None:
    """Wait until MathJax has typeset the page (Sphinx loads it on pages with math)."""
    if page.locator("script[src*='mathjax']").count():
        page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        page.evaluate("() => MathJax.startup.promise")


@pytest.mark.parametrize("page_path", toc_pages())
def test_nothing_is_wider_than_the_column(browser, page_path):
    """At 1,200 px no code block, table or equation scrolls sideways or is cut off."""
    context, page, _ = open_page(browser, page_path)
    try:
        wait_for_formulas(page)
        page.evaluate(OPEN_DROPDOWNS)  # a solution's code must fit once the reader opens it
        page.wait_for_timeout(300)
        too_wide = page.evaluate(OVERFLOW_SCAN)
        assert not too_wide, f"{page_path} at 1,200 px:\n" + "\n".join(too_wide)
    finally:
        context.close()


def png_facts(src: str) -> tuple[float | None, str | None]:
    """The dpi and the recorded smallest text (points, or "none") of a PNG image on the page."""
    from PIL import Image

    from lessons_lib.plots.text_size import SMALLEST_TEXT_KEY

    if src.startswith("data:"):
        data = base64.b64decode(src.split(",", 1)[1])
    else:
        data = Path(unquote(urlparse(src).path)).read_bytes()
    image = Image.open(io.BytesIO(data))
    dpi = image.info.get("dpi", (None,))[0]
    return dpi, image.info.get(SMALLEST_TEXT_KEY)


@pytest.mark.parametrize("page_path", toc_pages())
def test_figure_text_is_legible(browser, page_path):
    """Every figure's smallest text reads at 9 CSS px or more where the page shows it.

    Text of s points in a PNG drawn at d dpi and shown w CSS px wide out of n pixels reads at
    s * d / 72 * w / n CSS px (lessons_lib.plots.text_size records s in every PNG it draws).
    """
    context, page, _ = open_page(browser, page_path)
    try:
        page.wait_for_timeout(500)  # animations show their first frame
        problems = []
        for image in page.evaluate(FIGURE_SCAN):
            where = f"figure under {image['heading']!r} ({image['src'][-40:]})"
            if image["animation"]:
                dpi, smallest = float(image["animation"]["dpi"]), image["animation"]["smallest"]
            else:
                dpi, smallest = png_facts(image["src"])
            if smallest is None or dpi is None:
                problems.append(f"{where} does not record its text size (not drawn by the book?)")
                continue
            if smallest == "none":
                continue
            css_px = float(smallest) * round(dpi) / 72 * image["shown"] / image["natural"]
            if css_px < SMALLEST_TEXT_PX - 0.05:
                problems.append(f"{where}: smallest text {smallest} pt reads at {css_px:.1f} px")
        # The in-page demos draw SVG: a text's size is its font size times the drawing's scale.
        for twin, text, css_px in page.evaluate(TWIN_TEXT_SCAN):
            if css_px < SMALLEST_TEXT_PX - 0.05:
                problems.append(f"demo {twin!r}: {text!r} reads at {css_px:.1f} px")
        assert not problems, f"{page_path} at 1,200 px:\n" + "\n".join(problems)
    finally:
        context.close()


def test_every_chapter_shows_figures(browser):
    for page_path in toc_pages():
        if not page_path.startswith("notebooks/"):
            continue
        context, page, _ = open_page(browser, page_path)
        try:
            count = page.locator("main .cell_output img").count()
            assert count > 0, f"{page_path} has no figure in its cell outputs"
        finally:
            context.close()


@pytest.mark.parametrize("page_path", ["notebooks/01_regret_matching", "notebooks/04_cfr"])
def test_animations_play_without_a_kernel(browser, page_path):
    context, page, _ = open_page(browser, page_path)
    try:
        animation = page.locator("main .animation")
        assert animation.count() == 1, f"{page_path} should carry one animation"
        first = animation.locator("img").first.get_attribute("src")
        # Step the animation with its own controls: the frame image must change.
        animation.locator("button[title='Next frame'], button[onclick*='next_frame']").first.click()
        page.wait_for_timeout(200)
        assert animation.locator("img").first.get_attribute("src") != first
    finally:
        context.close()


def test_live_widget_cells_show_no_dead_controls(browser):
    context, page, _ = open_page(browser, "notebooks/01_regret_matching")
    try:
        assert page.locator("main .widget-slider, main .jupyter-widgets").count() == 0
        assert page.locator("main").inner_text().count("Live demo.") == 3
    finally:
        context.close()


def test_a_code_block_holds_the_code_column_and_the_page_contents_open_from_a_button(browser):
    """At 1,200 px a code block shows CODE_COLUMN characters, and the page's contents, which
    book/_static/book.css moves off the side to make room, open from the article's list button."""
    from test_chapter_listings import CODE_COLUMN

    context, page, problems = open_page(browser, "notebooks/04_cfr")
    try:
        fits = page.evaluate(
            """(n) => { const pre = document.querySelector("article div.highlight pre");
                        const probe = pre.cloneNode(false); probe.textContent = "x".repeat(n);
                        pre.parentElement.appendChild(probe);
                        const fits = probe.scrollWidth <= probe.clientWidth; probe.remove();
                        return fits; }""",
            CODE_COLUMN,
        )
        assert fits, f"a code block at 1,200 px is narrower than {CODE_COLUMN} characters"
        assert not page.locator("div.bd-sidebar-secondary").is_visible()
        page.locator(".bd-header-article .secondary-toggle").click()
        contents = page.locator("dialog#pst-secondary-sidebar-modal")
        contents.wait_for(state="visible")
        entries = contents.locator("a.nav-link").all_inner_texts()
        assert "Exercises" in entries and len(entries) >= 5, entries
        page.keyboard.press("Escape")
        contents.wait_for(state="hidden")
        assert not problems, problems
    finally:
        context.close()


def test_exercises_are_numbered_per_chapter(browser):
    """Chapter n's exercises read Exercise n.1, n.2, ... in page order.

    (Sphinx would number them through the whole book; book/_ext/exercise_numbers.py renumbers.)
    """
    for page_path in toc_pages():
        chapter = re.match(r"notebooks/(\d+)_", page_path)
        if not chapter:
            continue
        context, page, _ = open_page(browser, page_path)
        try:
            titles = page.locator(".exercise.admonition .caption-number").all_inner_texts()
        finally:
            context.close()
        expected = [f"Exercise {int(chapter.group(1))}.{k}" for k in range(1, len(titles) + 1)]
        assert titles and [title.strip() for title in titles] == expected, (page_path, titles)


def test_no_page_links_to_a_repository_that_is_not_set() -> None:
    """With ``repository.url`` empty (a fresh clone), no launch or repository link is built."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    if str(config["repository"]["url"] or "").strip():
        pytest.skip("repository.url is set: the buttons are meant to be there")
    pages = sorted(HTML.rglob("*.html"))
    assert pages, f"the site is not built: {HTML}"
    for page in pages:
        text = page.read_text()
        # The page's own text may cite a repository (a footnote on postflop-solver, say): only the
        # theme's chrome around the article could hold a launch or repository button.
        chrome = re.sub(r"<article[^>]*>.*?</article>", "", text, flags=re.DOTALL)
        links = re.findall(r'href="(https://(?:mybinder\.org|github\.com)[^"]*)"', chrome)
        assert not links, f"{page.relative_to(HTML)} links to {links[:3]}"
        # nor a Binder configuration naming someone else's repository (sphinx-thebe's default)
        assert "text/x-thebe-config" not in text, f"{page.relative_to(HTML)} configures Binder"


#: The chapters' live demos and the twin each must show on the built page.
TWINS = {
    "notebooks/01_regret_matching": ["self-play", "fixed-opponent", "play-bot"],
    "notebooks/02_kuhn_game_tree": ["game-tree"],
    "notebooks/03_counterfactual_values": ["counterfactual"],
    "notebooks/04_cfr": ["cfr-training"],
    "notebooks/06_kuhn_nash_family": ["family", "play-kuhn"],
    "notebooks/09_river": ["river"],
}
#: The control the site test uses, where a twin's first control would change nothing (the seat
#: button of the seat already taken).
FIRST_USE = {"play-kuhn": "Simulate 10,000 hands"}
# Use a twin's first control as a reader would: press a button, or move a slider or a menu on.
USE_FIRST_CONTROL = """([root, label]) => {
  const control = label
    ? [...root.querySelectorAll("button")].find((b) => b.textContent.trim() === label)
    : root.querySelector("button:not(:disabled), input[type=range], select");
  if (control.tagName === "BUTTON") control.click();
  else if (control.tagName === "SELECT") {
    control.selectedIndex = (control.selectedIndex + 1) % control.options.length;
    control.dispatchEvent(new Event("change"));
  } else {
    control.value = control.value === control.max ? control.min : control.max;
    control.dispatchEvent(new Event("input"));
    control.dispatchEvent(new Event("change"));
  }
}"""


@pytest.mark.parametrize("page_path", sorted(TWINS))
def test_every_demo_runs_in_the_built_page(browser, page_path):
    """Each live demo's twin mounts where the widget would be, answers a click, and raises no
    error, in light and dark mode (screenshots under _build/screenshots/)."""
    for theme in ("light", "dark"):
        context, page, problems = open_page(browser, page_path)
        try:
            page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
            twins = page.locator(".book-twin")
            names = [twins.nth(k).get_attribute("data-twin") for k in range(twins.count())]
            assert names == TWINS[page_path], (page_path, names)
            for k, name in enumerate(names):
                twin = twins.nth(k)
                assert page.evaluate("(e) => e.twin !== undefined", twin.element_handle()), name
                before = page.evaluate(
                    "(e) => JSON.stringify(e.twin.state())", twin.element_handle()
                )
                page.evaluate(USE_FIRST_CONTROL, [twin.element_handle(), FIRST_USE.get(name)])
                after = page.evaluate(
                    "(e) => JSON.stringify(e.twin.state())", twin.element_handle()
                )
                assert after != before, f"{name}: its first control changed nothing"
                twin.scroll_into_view_if_needed()
                twin.screenshot(path=str(SCREENSHOTS / f"twin-{name}-{theme}.png"))
            assert not problems, f"{page_path}: JavaScript errors: {problems}"
        finally:
            context.close()
