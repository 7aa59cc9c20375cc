"""Packaging beyond pyproject.toml: the YAML in boards/ and data/ travels inside the wheel as pnp/_builtin,
the table page's templates and static files inside pnp/table, and the text catalogues inside pnp/texts."""

from setuptools import find_packages, setup

BUILTIN = {"pnp._builtin.boards": "boards", "pnp._builtin.data": "data"}

setup(
    packages=[*find_packages(include=["pnp", "pnp.*"]), *BUILTIN],
    package_dir=BUILTIN,
    package_data={
        **{name: ["*"] for name in BUILTIN},
        "pnp.table": ["templates/*", "static/*"],
        "pnp.texts": ["catalogues/*/*.yaml"],
    },
)
