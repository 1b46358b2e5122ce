"""The layout for several games holds: the host's core and render's shared part know no game, and the bot's
modules import each other without a circle.

"Core" is every module of ``bot/`` outside a game's own package (``bot/<game>/``) and the registry that names
them (``bot/games.py``), and every module directly in ``render/``. Such a module may not import a game's
package (``engine.<game>``, ``render.<game>``, ``bot.<game>``), nor say a game's key or name in its code,
docstrings included. The bot's own name is not a game's: the ``NIGHTFALL_*`` settings, ``NightfallBot`` and
``nightfall.db`` are the product's, kept for the contract. The host's text catalogues (``bot/words/i18n.py``, the
slash commands' ``bot/words/commands.py``) are held to it like any host code, and none of the host's sentences, in
any language, names a game: a game's name reaches them as a field (``{game}``), its words live in its own package.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine import i18n
from engine.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
#: the product's own names that happen to contain a game's name
PRODUCT = re.compile(r"NIGHTFALL_[A-Z_*]*|NightfallBot|nightfall\.db|nightfall-discord")
#: a Prometheus metric's name in a text (``nightfall_moves_total``): the product's prefix (``bot.ops.metrics``)
METRIC = re.compile(r"\bnightfall_[a-z_]+")
REGISTRIES = {"bot/games.py", "engine/games.py"}


def _game_names() -> set[str]:
    return {key for key in GAMES} | {rules.name for rules in GAMES.values()}


def _core_modules() -> list[Path]:
    games = set(GAMES)
    bot = [
        p
        for p in (ROOT / "bot").rglob("*.py")
        if p.relative_to(ROOT / "bot").parts[0] not in games and p.relative_to(ROOT).as_posix() not in REGISTRIES
    ]
    return sorted(bot + list((ROOT / "render").glob("*.py")))


def _imports(tree: ast.AST, module: str) -> list[str]:
    """Every module ``tree`` imports, relative imports resolved against ``module``."""
    package = module.rsplit(".", 1)[0] if not module.endswith("__init__") else module.removesuffix(".__init__")
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append(name)
            found += [f"{name}.{a.name}" for a in node.names]
    return found


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


CORE = _core_modules()


def test_the_core_is_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in CORE}
    assert {"bot/service/play.py", "bot/store/games.py", "bot/discord_io/notifier.py", "bot/cogs/lobby.py"} <= names
    assert "render/primitives.py" in names
    assert not any(n.startswith(("bot/nightfall/", "render/nightfall/")) for n in names)


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_core_module_imports_a_game(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    games = set(GAMES)
    parts = [name.split(".") for name in _imports(tree, _module_name(path))]
    wrong = [".".join(p) for p in parts if len(p) > 1 and p[0] in ("engine", "render", "bot") and p[1] in games]
    assert wrong == [], f"{path.relative_to(ROOT)} imports a game's package: {wrong} (go through the registry)"


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_core_module_names_a_game(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = _game_names()
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)), re.IGNORECASE)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = METRIC.sub("", node.value)
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            text = node.name
        else:
            continue
        for match in pattern.finditer(PRODUCT.sub("", text)):
            found.append(f"line {getattr(node, 'lineno', '?')}: {match.group(0)!r}")
    assert found == [], f"{path.relative_to(ROOT)} names a game: {found}"


def _host_domains() -> list[i18n.Domain]:
    """The text domains whose catalogues live outside every game's package: the host's words."""
    import bot.app  # noqa: F401  (registers every text domain)

    games = set(GAMES)
    return [d for d in i18n.domains() if not games & set(d.directory.resolve().relative_to(ROOT).parts)]


def test_the_hosts_domains_are_found() -> None:
    assert {"bot", "commands"} <= {d.name for d in _host_domains()}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_host_sentence_names_a_game(lang: str) -> None:
    """In no language: a translator's "Nightfall" in a Polish host sentence is as wrong as the English one."""
    names = _game_names()
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)), re.IGNORECASE)
    found = []
    for domain in _host_domains():
        if lang == "en":
            texts = [(key, s) for key, en in domain.english.items() for s in ((en,) if isinstance(en, str) else en)]
        elif domain.po_path(lang).exists():
            catalog = i18n.read_catalog(domain, lang)
            texts = [
                (str(m.context), s)
                for m in catalog
                if m.id
                for s in ((m.string,) if isinstance(m.string, str) else m.string)
            ]
        else:
            texts = []
        found += [f"{domain.name}: {key} = {text!r}" for key, text in texts if pattern.search(PRODUCT.sub("", text))]
    assert found == [], "host sentences name a game (give it as a field, or move the sentence to the game's domain)"


def _bot_graph() -> dict[str, set[str]]:
    modules = {_module_name(p).removesuffix(".__init__"): p for p in (ROOT / "bot").rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = module + (".__init__" if path.name == "__init__.py" else "")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = _imports(ast.Module(body=[node], type_ignores=[]), own)
                base, subs = names[0], names[1:]
                # "from . import x" imports the module x, not the package's own __init__
                targets = subs if subs and all(s in modules for s in subs) else [base, *subs]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            graph[module] |= {t for t in targets if t in modules and t != module}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_bots_modules_import_each_other_without_a_circle() -> None:
    """Type-only and function-level imports count too: a circle is a circle."""
    graph = _bot_graph()
    assert (
        len(graph) > 30
        and "bot.service" in graph["bot.discord_io.inputs"]
        and "bot.service.base" in graph["bot.service.play"]
    )
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
