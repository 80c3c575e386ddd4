"""Prints every Markdown link target in the files given on the command line."""
import re
import sys

for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as handle:
        for target in re.findall(r"\]\(([^)]+)\)", handle.read()):
            print(f"{path}: {target}")
