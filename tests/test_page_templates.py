"""A server's page templates are compiled once (``deploy/page_templates.py``): the second page's exporter compiles
none of them, and a template whose source changed is compiled again."""

from __future__ import annotations

import jinja2
import pytest
from voila.exporter import VoilaExporter
from voila.paths import collect_template_paths

from deploy import page_templates
from deploy.page_templates import CompiledTemplates, compile_templates_once

PAGE = "index.html.j2"  # what Voilà renders a page from (it extends and imports the others)


@pytest.fixture
def compiled(monkeypatch):
    """The names of the templates Jinja compiles from source, from here on."""
    names: list[str] = []
    compile_source = jinja2.Environment.compile

    def counted(self, source, name=None, filename=None, raw=False, defer_init=False):
        names.append(name)
        return compile_source(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    return names


def a_page_exporter() -> VoilaExporter:
    return VoilaExporter(template_paths=collect_template_paths(["voila", "nbconvert"], "lab"), template_name="lab")


def test_the_second_page_of_a_server_compiles_no_template(compiled, monkeypatch):
    # this test process's exporters and shared cache as they were, afterwards (a server's settings patch its own)
    monkeypatch.setattr(VoilaExporter, "_create_environment", VoilaExporter._create_environment)
    monkeypatch.setattr(page_templates, "_COMPILED", {False: CompiledTemplates(), True: CompiledTemplates()})
    compile_templates_once()
    compile_templates_once()  # a second call changes nothing
    a_page_exporter().environment.get_template(PAGE)
    assert PAGE in compiled

    compiled.clear()
    second = a_page_exporter().environment
    second.get_template(PAGE)

    assert compiled == []
    assert second.is_async and isinstance(second.bytecode_cache, CompiledTemplates)


def test_a_template_changed_since_is_compiled_again(compiled):
    sources = {"page": "Hello {{ name }}"}
    cache = CompiledTemplates()

    def environment() -> jinja2.Environment:
        return jinja2.Environment(loader=jinja2.DictLoader(sources), bytecode_cache=cache)

    assert environment().get_template("page").render(name="Ada") == "Hello Ada"
    assert environment().get_template("page").render(name="Ben") == "Hello Ben"
    assert compiled == ["page"]

    sources["page"] = "Goodbye {{ name }}"

    assert environment().get_template("page").render(name="Ada") == "Goodbye Ada"
    assert compiled == ["page", "page"]
