"""The lessons as a static site, readable without a server (`make site`): every notebook of the landing page that has
prose, in English and in Japanese, run once with its widgets' state stored and converted to HTML with its code hidden.

    python tools/static_site.py [OUT]              # the whole site into OUT (site/ by default)
    python tools/static_site.py OUT NOTEBOOK...    # only these notebooks (paths under notebooks/, x.ja.ipynb too)

Each notebook of ``PAGES`` (its English one, ``x.ipynb``, and its Japanese one beside it, ``x.ja.ipynb``) is run by
nbclient in a kernel of its own with ``store_widget_state=True`` (two at a time: this machine has two cores), then
converted by nbconvert's HTMLExporter without its code (as Voila shows it) into ``OUT/x.html`` and ``OUT/x.ja.html``;
the landing page is the site's index (``OUT/index.html``). A link between two notebooks of the site leads to the other
page (``x.ipynb`` -> ``x.html``); a link to a notebook that needs a server (a dashboard, a class page) leads to
``OUT/server.html``, which says how to open it live, and says so beside the link.

No request leaves the site: the pages load require.js, ipywidgets' HTML manager and MathJax 2 (which nbconvert's page
and the HTML manager speak to) from ``OUT/static/``, copied from npm's packages of ``deploy/site/package-lock.json``
(``npm ci --prefix deploy/site``), and bqplot's and bqscales' browser bundles from the pinned Python packages' own
(their versions always match the Python side's; npm's registry here has no bqplot 0.6); a requirejs ``paths`` setting
makes the HTML manager load them from there, and its fallback "CDN" is a folder of the site. The icon and formula
fonts are the HTML manager's and MathJax's, copied beside them; the text is in the reader's system fonts.

The kernels run with ``BOARDGAMES_STATIC_PAGE=1`` (``widgets.runtime.static_page``): an exercise then shows, where
its answers would be given, how to answer it live; the first games and the puzzles get such a line under them. Every
sentence the site adds is a message of the catalog, said in its page's language.
"""

from __future__ import annotations

import argparse
import html
import os
import posixpath
import re
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the project's packages
    sys.path.insert(0, str(ROOT))

from boardgames.translation import words  # noqa: E402
from widgets.runtime.accessibility import SCRIPT as ACCESSIBLE  # noqa: E402 (what a live page adds for a reader)
from widgets.runtime.static_page import (  # noqa: E402
    BACK_TO_THE_INDEX,
    NEEDS_A_SERVER,
    PLAY_LIVE,
    SERVER_PAGE,
    SERVER_PAGE_TITLE,
    SOLVE_LIVE,
    STATIC_PAGE,
    STORED_PAGE,
    live_line,
)

NOTEBOOKS = ROOT / "notebooks"
NPM = ROOT / "deploy" / "site"  # package.json and its lock: what the pages load in the browser
TEMPLATES = NPM / "templates"  # the HTML template "site", on nbconvert's lab template
SITE_CSS = TEMPLATES / "site.css"  # the site's own look, in each page
# The site's notebooks (English; each has its Japanese one beside it), as globs under notebooks/.
PAGES = ("index.ipynb", "medici/0*.ipynb", "medina/0*.ipynb", "metropolis/0*.ipynb", "marcopolo/0*.ipynb",
         "*/first-game.ipynb", "puzzles.ipynb", "medici/lessons/0*.ipynb", "marcopolo/lessons/01-dice.ipynb")
INDEX = "index.ipynb"
JAPANESE = ".ja.ipynb"
LANGUAGES = {"en": ".ipynb", "ja": JAPANESE}
SERVER_PAGE_NAME = "server"  # server.html, server.ja.html: what the pages that need a server need
# What MathJax loads for the lessons' formulas ($...$, $$...$$): its configuration, TeX in, HTML out, its web fonts.
MATHJAX = ("MathJax.js", "config/TeX-AMS_CHTML-full.js", "config/Safe.js", "config/local", "extensions",
           "jax/input/TeX", "jax/output/CommonHTML", "jax/element", "fonts/HTML-CSS/TeX/woff", "localization/en")
MATHJAX_CONFIG = "TeX-AMS_CHTML-full,Safe"  # as nbconvert's own page asks for it
WORKERS = 2
TIMEOUT = 900  # s for one cell
# What an output holds for a first game and for the puzzles page (widgets.notebook): a line goes under it.
LIVE_AFTER = {"bg-first-game-text": PLAY_LIVE, "bg-puzzles-text": SOLVE_LIVE}
LINK = re.compile(r"<a\s([^>]*?)href=\"([^\"]*)\"([^>]*)>(.*?)</a>", re.S)


def site_notebooks(chosen: list[str] | None = None) -> list[str]:
    """The notebooks of the site (paths under notebooks/): ``chosen`` exactly (English or Japanese ones), else those
    of ``PAGES`` with the Japanese one beside each."""
    if chosen:
        missing = sorted(p for p in chosen if not (NOTEBOOKS / p).is_file())
        if missing:
            raise SystemExit(f"no such notebook under notebooks/: {', '.join(missing)}")
        return list(dict.fromkeys(chosen))
    english = [p.relative_to(NOTEBOOKS).as_posix() for pattern in PAGES for p in sorted(NOTEBOOKS.glob(pattern))]
    english = [p for p in dict.fromkeys(english) if not p.endswith(JAPANESE)]
    both = [source(p, language) for p in english for language in LANGUAGES]
    return [p for p in both if (NOTEBOOKS / p).is_file()]


def source(page: str, language: str) -> str:
    """The notebook (under notebooks/) of ``page`` (an English one) in ``language``."""
    return page if language == "en" else page[: -len(".ipynb")] + LANGUAGES[language]


def html_name(notebook: str) -> str:
    """``x.ipynb`` -> ``x.html``, ``x.ja.ipynb`` -> ``x.ja.html``."""
    return notebook[: -len(".ipynb")] + ".html"


def page_language(notebook: str) -> str:
    return "ja" if notebook.endswith(JAPANESE) else "en"


def up(notebook: str) -> str:
    """The way from ``notebook``'s page to the site's root (``""``, ``"../"``, ``"../../"``)."""
    return "../" * notebook.count("/")


# --- the browser's files
def npm_files() -> Path:
    """The npm packages of deploy/site, installed by ``npm ci --prefix deploy/site``; stops saying so when not."""
    modules = NPM / "node_modules"
    if not (modules / "@jupyter-widgets" / "html-manager" / "dist" / "embed-amd.js").is_file():
        where = "npm is not on this machine (apt-get install -y nodejs npm)" if not shutil.which("npm") else \
            "its npm packages are not installed"
        raise SystemExit(f"The site needs require.js and the widgets' HTML manager from npm, and {where}: "
                         "run `make site`, which installs them with `npm ci --prefix deploy/site`.")
    return modules


def widget_bundle(name: str) -> Path:
    """The browser bundle an installed Python widget package ships (bqplot's, bqscales'): its nbextension."""
    from jupyter_core.paths import jupyter_path

    for folder in jupyter_path("nbextensions"):
        bundle = Path(folder) / name / "index.js"
        if bundle.is_file():
            return bundle
    raise SystemExit(f"the Python package {name} is not installed with its browser bundle (nbextensions/{name})")


def copy_static(out: Path) -> None:
    """``out/static/``: require.js, the HTML manager (its fonts beside it), MathJax, bqplot's and bqscales'
    bundles."""
    modules = npm_files()
    static = out / "static"
    static.mkdir(parents=True, exist_ok=True)
    shutil.copy2(modules / "requirejs" / "require.js", static / "require.js")
    manager = static / "html-manager"
    manager.mkdir(exist_ok=True)
    for file in (modules / "@jupyter-widgets" / "html-manager" / "dist").iterdir():
        if file.is_file() and not file.name.endswith((".map", ".txt")) and file.name != "embed.js":
            shutil.copy2(file, manager / file.name)
    mathjax = modules / "mathjax"  # MathJax 2, which nbconvert's page and the HTML manager speak to
    for part in MATHJAX:
        if (mathjax / part).is_dir():
            shutil.copytree(mathjax / part, static / "mathjax" / part, dirs_exist_ok=True)
        else:
            (static / "mathjax" / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(mathjax / part, static / "mathjax" / part)
    for name in ("bqplot", "bqscales"):
        (static / name).mkdir(exist_ok=True)
        shutil.copy2(widget_bundle(name), static / name / "index.js")


# --- one page
def run(notebook: str, data: str) -> object:
    """``notebook`` (under notebooks/) run in a kernel of its own, its widgets' state stored."""
    import nbformat
    from nbclient import NotebookClient

    path = NOTEBOOKS / notebook
    nb = nbformat.read(path, as_version=4)
    os.environ.update({STATIC_PAGE: "1", "BOARDGAMES_DATA": data})  # the kernel's: no class store of the reader's
    os.environ.pop("BOARDGAMES_DB", None)
    NotebookClient(nb, timeout=TIMEOUT, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return nb


def for_the_site(nb: object, language: str) -> None:
    """What a reader of the stored page should not see dropped (a kernel's warnings), and a line under a first game
    and the puzzles page saying how to play them live."""
    from nbformat.v4 import new_output

    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        outputs = [o for o in cell.outputs if not (o.output_type == "stream" and o.name == "stderr")]
        for output in list(outputs):
            shown = str(output.get("data", {}).get("text/html", ""))
            for marker, said in LIVE_AFTER.items():
                if marker in shown:
                    outputs.insert(outputs.index(output) + 1, new_output(
                        "display_data", data={"text/html": live_line(words(said, language))}))
        cell.outputs = outputs


def convert(nb: object, notebook: str, pages: set[str]) -> str:
    """The page of ``notebook``: nbconvert's HTML without code, loading the site's own files, its links made the
    site's."""
    from nbconvert import HTMLExporter

    language, root = page_language(notebook), up(notebook)
    exporter = HTMLExporter(template_name="site", extra_template_basedirs=[str(TEMPLATES)], exclude_input=True,
                            exclude_input_prompt=True, exclude_output_prompt=True, language_code=language,
                            require_js_url=f"{root}static/require.js",
                            mathjax_url=f"{root}static/mathjax/MathJax.js?config={MATHJAX_CONFIG}",
                            widget_renderer_url=f"{root}static/html-manager/embed-amd.js")
    for_the_site(nb, language)
    resources = {"site_root": root, "site_note": words(STORED_PAGE, language), "site_script": ACCESSIBLE,
                 "site_css": SITE_CSS.read_text(encoding="utf-8"),
                 "metadata": {"name": Path(notebook).stem.removesuffix(".ja")}}
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    return relink(body, notebook, pages)


def relink(body: str, notebook: str, pages: set[str]) -> str:
    """The links of ``notebook``'s page made the site's: to a notebook of the site, its page; to a notebook that
    needs a server, the page that says so, with a word beside the link."""
    language, here = page_language(notebook), posixpath.dirname(notebook)

    def link(match: re.Match) -> str:
        before, href, after, text = match.groups()
        target, tail = re.fullmatch(r"([^#?]*)(.*)", href, re.S).groups()
        if "://" in target or target.startswith(("mailto:", "/")) or not target.endswith(".ipynb"):
            return match.group(0)
        path = posixpath.normpath(posixpath.join(here, target))
        if path in pages:
            return f'<a {before}href="{html_name(target)}{tail}"{after}>{text}</a>'
        server = f"{up(notebook)}{SERVER_PAGE_NAME}{'' if language == 'en' else '.' + language}.html"
        note = html.escape(words(NEEDS_A_SERVER, language))
        return (f'<a {before}href="{server}" class="bg-site-server"{after}>{text}</a>'
                f' <span class="bg-site-server-note">({note})</span>')

    return LINK.sub(link, body)


def build_page(notebook: str, out: str, pages: set[str], data: str) -> tuple[str, float]:
    """Run and convert ``notebook`` into ``out``; gives its page's path under ``out`` and the seconds it took."""
    started = time.monotonic()
    nb = run(notebook, data)
    page = Path(out) / html_name(notebook)
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(convert(nb, notebook, pages), encoding="utf-8")
    return html_name(notebook), time.monotonic() - started


def server_page(out: Path, language: str, index: bool) -> None:
    """``out/server.html`` (``server.ja.html``): what the pages that are not in the site need (and a link to the
    index, when the site has one)."""
    title, text = html.escape(words(SERVER_PAGE_TITLE, language)), html.escape(words(SERVER_PAGE, language))
    suffix = "" if language == "en" else f".{language}"
    back = f"<p><a href='index{suffix}.html'>{html.escape(words(BACK_TO_THE_INDEX, language))}</a></p>" if index else ""
    (out / f"{SERVER_PAGE_NAME}{suffix}.html").write_text(
        f"<!DOCTYPE html>\n<html lang='{language}'><head><meta charset='utf-8'><title>{title}</title>"
        f"<meta name='viewport' content='width=device-width, initial-scale=1.0'>"
        f"<style>{SITE_CSS.read_text(encoding='utf-8')}</style></head>"
        f"<body class='bg-site-plain'><main><h1>{title}</h1><p>{text}</p>{back}</main></body></html>\n",
        encoding="utf-8")


# --- the site
def build(out: Path, chosen: list[str] | None = None, workers: int = WORKERS) -> list[str]:
    """Build the site of ``chosen`` (paths under notebooks/; None: every notebook of ``PAGES``, in both languages)
    into ``out``; gives the pages written (paths under ``out``)."""
    out = Path(out)
    npm_files()
    notebooks = site_notebooks(chosen)
    if (out / "static" / "require.js").is_file():  # a site built before: built anew, no page of it left behind
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    copy_static(out)
    for language in LANGUAGES:
        server_page(out, language, source(INDEX, language) in notebooks)
    written = []
    with tempfile.TemporaryDirectory(prefix="boardgames-site-") as data, \
            ProcessPoolExecutor(max_workers=workers) as pool:
        # the longest first (the whole games, the lessons' simulations) so that the workers end together
        order = sorted(notebooks, key=lambda p: -(NOTEBOOKS / p).stat().st_size)
        jobs = [pool.submit(build_page, p, str(out), set(notebooks), data) for p in order]
        for job in as_completed(jobs):
            page, seconds = job.result()
            written.append(page)
            print(f"  {page} ({seconds:.1f} s)", flush=True)
    return sorted(written)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Build the static site of the lessons.")
    parser.add_argument("out", nargs="?", default=str(ROOT / "site"), help="the site's folder (site/)")
    parser.add_argument("pages", nargs="*", help="only these notebooks (paths under notebooks/, .ja.ipynb ones too)")
    parser.add_argument("--workers", type=int, default=WORKERS)
    args = parser.parse_args(argv)
    started = time.monotonic()
    out = Path(args.out)
    print(f"Building the static site into {out} ({args.workers} notebooks at a time) ...", flush=True)
    written = build(out, args.pages or None, args.workers)
    took = time.monotonic() - started
    pages = f"{len(written)} page{'' if len(written) == 1 else 's'}"
    print(f"The site: {pages} in {out}, built in {took:.0f} s ({took / 60:.1f} min); open {out / 'index.html'}")


if __name__ == "__main__":
    main()
