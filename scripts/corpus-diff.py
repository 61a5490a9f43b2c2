#!/usr/bin/env python3
"""Compares two corpus runs (scripts/corpus.sh -o DIR) by their -json output.

    scripts/corpus-diff.py OLD NEW

A finding is keyed by repository, file:line:col (relative to the checkout),
check, and the first quoted name of its message (the tool: several tools
may be reported at one call, as dedupekey does in main); the rest of the
wording may differ between the runs. Prints per repository
the counts in both runs and every finding only in one of them, with the
new run's message, for judging in docs/precision.md.
"""
import glob
import json
import os
import re
import sys


def findings(path):
    out = {}
    try:
        d = json.load(open(path))
    except (OSError, ValueError):
        return out
    for pkg, checks in d.items():
        if not isinstance(checks, dict):
            continue
        for check, diags in checks.items():
            if not isinstance(diags, list):
                continue
            for g in diags:
                posn = re.sub(r"^.*?/src/[^/]+/", "", g.get("posn", ""))
                msg = g.get("message", "")
                m = re.search(r'"[^"]*"', msg)
                out[(posn, check, m.group(0) if m else "")] = msg
    return out


def main():
    old, new = sys.argv[1], sys.argv[2]
    names = sorted({os.path.basename(p)[:-5] for p in glob.glob(os.path.join(new, "*.json"))
                    if not p.endswith(".tools.json")})
    tot = [0, 0, 0, 0]
    for n in names:
        a = findings(os.path.join(old, n + ".json"))
        b = findings(os.path.join(new, n + ".json"))
        lost = sorted(set(a) - set(b))
        gained = sorted(set(b) - set(a))
        tot[0] += len(a)
        tot[1] += len(b)
        tot[2] += len(lost)
        tot[3] += len(gained)
        print(f"{n.replace('+', '/'):45s} {len(a):4d} -> {len(b):4d}  lost {len(lost)} new {len(gained)}")
        for k in lost:
            print(f"   - {k[0]} ({k[1]}): {a[k][:160]}")
        for k in gained:
            print(f"   + {k[0]} ({k[1]}): {b[k][:160]}")
    print(f"{'all':45s} {tot[0]:4d} -> {tot[1]:4d}  lost {tot[2]} new {tot[3]}")


if __name__ == "__main__":
    main()
