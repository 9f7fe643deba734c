"""What an installed copy needs: every game's data file and the bundled assets are package data.
(Adrenaline's and Retro Bots' JSON were missing from pyproject.toml: the editable install used by the
tests could not tell, a wheel would have shipped without them.)"""

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _declared() -> dict[str, list[str]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]


def test_every_data_file_of_a_package_is_declared():
    declared = _declared()
    missing = []
    for path in (p for top in ("rules", "render", "bot", "migrations") for p in (ROOT / top).rglob("*")):
        if path.suffix not in (".json", ".sql", ".ttf", ".md") or not path.is_file():
            continue
        relative = path.relative_to(ROOT)
        package_dir = next((p for p in [path.parent, *path.parents] if (p / "__init__.py").exists()), None)
        if package_dir is None:
            continue
        package = ".".join(package_dir.relative_to(ROOT).parts)
        inside = path.relative_to(package_dir).as_posix()
        if not any(fnmatch(inside, pattern) for pattern in declared.get(package, [])):
            missing.append(relative.as_posix())
    assert missing == [], f"not package data in pyproject.toml: {missing}"
