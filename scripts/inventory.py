#!/usr/bin/env python3
"""The share of tool registrations whose name, hints and handler mcpvet
resolves, from the `mcpvet tools -json` files scripts/corpus.sh writes.

    scripts/inventory.py [-v] DIR [DIR2]

With one directory it prints, per repository and in all, how many
registrations have a name, a readOnly hint, an idempotent hint and a handler
(a hint is resolved when it is not "?"), and how many are forwarders: a
gateway's registrations of the tools it lists from an upstream server
("forwarder": true), whose name and hints are the upstream tool's, resolved
by design. With two (before, after) it prints both columns. -v lists every
registration with something unresolved, then the forwarders.
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

def resolved(r, field):
    """Whether a registration's field is resolved: a forwarder's name and
    hints are the upstream tool's, resolved by design."""
    if field == "handler":
        return bool(r.get("handler"))
    if r.get("forwarder"):
        return True
    if field == "name":
        return bool(r.get("name"))
    return r.get(field) not in ("?", None, "")

def counts(rows):
    n = len(rows)
    name = sum(1 for r in rows if resolved(r, "name"))
    ro = sum(1 for r in rows if resolved(r, "readOnlyHint"))
    idem = sum(1 for r in rows if resolved(r, "idempotentHint"))
    h = sum(1 for r in rows if resolved(r, "handler"))
    fwd = sum(1 for r in rows if r.get("forwarder"))
    return n, name, ro, idem, h, fwd

def pct(a, n):
    return "%5.1f%%" % (100.0 * a / n) if n else "    -"

def main():
    args = sys.argv[1:]
    verbose = "-v" in args
    args = [a for a in args if a != "-v"]
    sets = [load(d) for d in args]
    repos = sorted(set().union(*[s.keys() for s in sets]))
    print("%-42s " % "repository" + " | ".join("%4s %6s %6s %6s %6s %4s" % ("n", "name", "ro", "idem", "handlr", "fwd") for _ in sets))
    tot = [[0] * 6 for _ in sets]
    for repo in repos:
        cols = []
        for i, s in enumerate(sets):
            c = counts(s.get(repo, []))
            for j in range(6):
                tot[i][j] += c[j]
            cols.append("%4d %6d %6d %6d %6d %4d" % c)
        print("%-42s " % repo + " | ".join(cols))
    print("%-42s " % "all" + " | ".join("%4d %6s %6s %6s %6s %4d" % (t[0], pct(t[1], t[0]), pct(t[2], t[0]), pct(t[3], t[0]), pct(t[4], t[0]), t[5]) for t in tot))
    if verbose:
        s = sets[-1]
        for repo in repos:
            for r in s.get(repo, []):
                miss = [k for k, f in (("name", "name"), ("readOnly", "readOnlyHint"),
                        ("idempotent", "idempotentHint"), ("handler", "handler")) if not resolved(r, f)]
                if miss:
                    print("%s %s %s: %s" % (repo, r.get("registered"), r.get("name") or "?", ",".join(miss)))
        fwds = [(repo, r) for repo in repos for r in s.get(repo, []) if r.get("forwarder")]
        if fwds:
            print("forwarders (name and hints the upstream tool's):")
            for repo, r in fwds:
                print("%s %s: handler %s" % (repo, r.get("registered"), r.get("handler")))

main()
