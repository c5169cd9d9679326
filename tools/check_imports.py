"""Finds the import cycles of a package: prints each one and exits 1 when there is one.

Usage: ``python tools/check_imports.py [PACKAGE_DIR]`` (default ``src/tenpai``).

Every ``import`` and ``from ... import`` statement of every module counts, wherever it stands
(module level, inside a function, under ``if TYPE_CHECKING:``): a lazy import hides a cycle from
the interpreter, not from the design. Relative imports are resolved against the importing module;
``from package import name`` is an edge to the module ``package.name`` when that module exists,
else to ``package`` itself. Importing a module does not count as an edge to the packages above it
(every module would then depend on the package's ``__init__``). Standard library only.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

#: More elementary cycles than this in one tangle are summarised, not all printed.
MAX_CYCLES = 200


def module_names(root: Path) -> dict[str, Path]:
    """Gets the dotted name of every module under the package directory *root*."""
    modules: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """Gets the absolute module name of a ``from`` import of *level* dots in *module*."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    if level > 1:
        base = base[: len(base) - (level - 1)]
    if target:
        base.append(target)
    return ".".join(base)


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Gets the modules of *modules* that the module *module* (file *path*) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(module, is_package, node.level, node.module)
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in modules:
                    found.add(submodule)
                elif source in modules:
                    found.add(source)
    found.discard(module)
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """Gets the import graph of the package directory *root*: module -> the modules it imports."""
    modules = module_names(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def tangles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Gets the strongly connected components of *graph* that hold a cycle (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph) + 100))
    try:
        for node in sorted(graph):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(found)


def _cycles_from(
    graph: dict[str, set[str]], start: str, allowed: set[str], path: list[str]
) -> Iterator[list[str]]:
    """Yields each elementary cycle back to *start* that extends *path* within *allowed*."""
    for nxt in sorted(graph[path[-1]] & allowed):
        if nxt == start:
            yield [*path, start]
        elif nxt not in path:
            path.append(nxt)
            yield from _cycles_from(graph, start, allowed, path)
            path.pop()


def cycles_in(graph: dict[str, set[str]], members: list[str]) -> Iterator[list[str]]:
    """Yields each elementary cycle among *members*, once, starting from its smallest module."""
    for start in members:
        allowed = {m for m in members if m >= start}
        yield from _cycles_from(graph, start, allowed, [start])


def report(root: Path) -> tuple[int, list[str]]:
    """Gets the number of elementary cycles under *root* and the lines that describe them."""
    graph = import_graph(root)
    lines: list[str] = []
    count = 0
    for members in tangles(graph):
        lines.append(f"cycle among {len(members)} modules: {', '.join(members)}")
        for shown, cycle in enumerate(cycles_in(graph, members)):
            if shown == MAX_CYCLES:
                lines.append(f"  ... more than {MAX_CYCLES} cycles in this tangle")
                count += 1
                break
            lines.append("  " + " -> ".join(cycle))
            count += 1
    return count, lines


def main(argv: list[str]) -> int:
    """Prints the import cycles of the package named by *argv* (default ``src/tenpai``)."""
    root = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "src" / "tenpai"
    if not (root / "__init__.py").is_file():
        print(f"error: {root} is not a package directory (no __init__.py)", file=sys.stderr)
        return 2
    count, lines = report(root)
    for line in lines:
        print(line)
    if count:
        print(f"{count} import cycle(s) in {root}", file=sys.stderr)
        return 1
    print(f"no import cycle in {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
