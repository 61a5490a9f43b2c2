#!/usr/bin/env python3
"""The share of tool registrations whose name, hints and handler mcpvet
resolves, from the `mcpvet tools -json` files scripts/corpus.sh writes.

    scripts/inventory.py [-v] DIR [DIR2]

With one directory it prints, per repository and in all, how many
registrations have a name, a readOnly hint, an idempotent hint and a handler
(a hint is resolved when it is not "?"). With two (before, after) it prints
both columns. -v lists every registration with something unresolved.
"""
import glob, json, os, sys

def load(d):
    out = {}
    for f in sorted(glob.glob(os.path.join(d, "*.tools.json"))):
        repo = os.path.basename(f)[:-len(".tools.json")].replace("+", "/", 1)
        try:
            rows = json.load(open(f))
        except Exception:
            rows = []
        out[repo] = rows or []
    return out

def counts(rows):
    n = len(rows)
    name = sum(1 for r in rows if r.get("name"))
    ro = sum(1 for r in rows if r.get("readOnlyHint") not in ("?", None, ""))
    idem = sum(1 for r in rows if r.get("idempotentHint") not in ("?", None, ""))
    h = sum(1 for r in rows if r.get("handler"))
    return n, name, ro, idem, h

def pct(a, n):
    return "%5.1f%%" % (100.0 * a / n) if n else "    -"

def main():
    args = sys.argv[1:]
    verbose = "-v" in args
    args = [a for a in args if a != "-v"]
    sets = [load(d) for d in args]
    repos = sorted(set().union(*[s.keys() for s in sets]))
    print("%-42s " % "repository" + " | ".join("%4s %6s %6s %6s %6s" % ("n", "name", "ro", "idem", "handlr") for _ in sets))
    tot = [[0] * 5 for _ in sets]
    for repo in repos:
        cols = []
        for i, s in enumerate(sets):
            c = counts(s.get(repo, []))
            for j in range(5):
                tot[i][j] += c[j]
            cols.append("%4d %6d %6d %6d %6d" % c)
        print("%-42s " % repo + " | ".join(cols))
    print("%-42s " % "all" + " | ".join("%4d %6s %6s %6s %6s" % (t[0], pct(t[1], t[0]), pct(t[2], t[0]), pct(t[3], t[0]), pct(t[4], t[0])) for t in tot))
    if verbose:
        s = sets[-1]
        for repo in repos:
            for r in s.get(repo, []):
                miss = [k for k, bad in (("name", not r.get("name")), ("readOnly", r.get("readOnlyHint") == "?"),
                        ("idempotent", r.get("idempotentHint") == "?"), ("handler", not r.get("handler"))) if bad]
                if miss:
                    print("%s %s %s: %s" % (repo, r.get("registered"), r.get("name") or "?", ",".join(miss)))

main()
