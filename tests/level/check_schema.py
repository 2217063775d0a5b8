#!/usr/bin/python3
"""Validates level files against docs/format/level.schema.json with a
third-party validator (python3-jsonschema, Draft 2020-12) and PyYAML.
Usage: check_schema.py SCHEMA FILE...   Prints one line per file:
  OK FILE          the file is YAML and the schema accepts it
  INVALID FILE: reason
Exit code 0 when every file was checked, 3 when jsonschema or yaml is missing.
Like the loader, it refuses anchors/aliases and nesting deeper than 64 (a
YAML reader given an alias bomb or 10 000 levels would never finish)."""
import json
import sys

try:
    import jsonschema
    import yaml
except ImportError as e:  # pragma: no cover
    print("missing python module: %s (install python3-jsonschema python3-yaml)" % e.name)
    sys.exit(3)

if not hasattr(jsonschema, "Draft202012Validator"):
    print("jsonschema is too old for Draft 2020-12")
    sys.exit(3)

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def check(validator, path):
    with open(path, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return "not UTF-8: %s" % e
    try:
        depth = 0
        for ev in yaml.parse(text, Loader=Loader):
            if isinstance(ev, yaml.AliasEvent) or getattr(ev, "anchor", None):
                return "anchors and aliases are refused"
            if isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > 64:
                    return "nesting deeper than 64"
            elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        doc = yaml.load(text, Loader=Loader)
    except Exception as e:  # any YAML error makes the file invalid
        return "not YAML: %s" % str(e).splitlines()[0]
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        where = "/".join(str(p) for p in e.absolute_path)
        return "%s: %s" % (where or "(root)", e.message[:200])
    return None


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sys.argv[2:]:
        reason = check(validator, path)
        print(("OK %s" % path) if reason is None else ("INVALID %s: %s" % (path, reason)))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
