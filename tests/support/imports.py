"""The project's imports read from its source (``ast``), every one of them: at module level, inside a function,
under ``if TYPE_CHECKING``. ``import_graph`` gives each module the project modules it imports, ``circles`` the
groups of modules that import one another round, ``reached`` what a module imports directly or through others."""

from __future__ import annotations

import ast
from pathlib import Path


def project_modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module of ``packages`` under ``root``, by its dotted name (a package by its own name)."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported_names(name: str, path: Path) -> set[str]:
    """Every dotted name the module ``name`` (at ``path``) imports, anywhere in it (``from m import x``: ``m.x``)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package, up level - 1
                package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Each module of the project and the project modules it imports: for each name imported, the module it is
    (``m.x``, when x is a module) or the module that holds it (``m``)."""
    modules = project_modules(root, packages)
    graph = {}
    for name, path in modules.items():
        targets = set()
        for imported in imported_names(name, path):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: each group of modules that import one another, round (sorted)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:  # Tarjan's strongly connected components
        order[module] = low[module] = len(order)
        stack.append(module)
        for target in graph.get(module, ()):
            if target not in order:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], order[target])
        if low[module] == order[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return sorted(found)


def reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """The modules ``start`` imports, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        for target in graph.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen
