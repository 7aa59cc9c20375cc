"""Packaging beyond pyproject.toml: the YAML in boards/ and data/ travels inside the wheel as pnp/_builtin,
and the table page's templates and static files inside pnp/table."""

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
