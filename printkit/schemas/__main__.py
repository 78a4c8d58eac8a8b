"""`python -m printkit.schemas`: write the shipped JSON Schemas anew from the declarations."""

from printkit.schemas import write

for path in write():
    print(path)  # noqa: T201 (a developer's command: it says what it wrote)
