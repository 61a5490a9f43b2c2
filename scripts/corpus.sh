#!/usr/bin/env bash
# Runs mcpvet over the development corpus (../shared/corpus-dev.json) for
# judging its diagnostics by hand (docs/precision.md). The repositories
# must already be mirrored (git directories under $MIRROR/owner+name/repo,
# as the search tool's fetch leaves them); their code is checked out under
# $OUT/src and never committed here.
#
#   scripts/corpus.sh [-b MCPVET] [-o OUT] [REPO ...]
#
# REPO is owner/name as in the corpus file (default: every mirrored one).
# For each it writes OUT/owner+name.txt (text output, one finding a line,
# positions relative to the module) and OUT/owner+name.json (-json).
# Needs python3 to read the corpus file. TEXT=0 skips the text output
# (scripts/corpus-diff.py compares two runs by their JSON).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
MIRROR=${MIRROR:-/work/.mirror}
CORPUS=${CORPUS:-$top/../shared/corpus-dev.json}
OUT=/tmp/mcpvet-corpus
BIN=
while getopts b:o: opt; do
  case $opt in
    b) BIN=$OPTARG ;;
    o) OUT=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
mkdir -p "$OUT/src"
if [ -z "$BIN" ]; then
  BIN=$OUT/mcpvet
  (cd "$top" && go build -o "$BIN" ./cmd/mcpvet)
fi
python3 - "$CORPUS" "$@" >"$OUT/list.tsv" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
want = set(sys.argv[2:])
for r in d["repos"]:
    if want and r["repo"] not in want:
        continue
    print("\t".join([r["repo"], r["commit"], r["module_dir"], " ".join(r["patterns"])]))
PY
while IFS=$'\t' read -r repo commit dir patterns; do
  name=${repo/\//+}
  git_dir=$MIRROR/$name/repo
  if [ ! -d "$git_dir" ]; then
    echo "skip $repo: not mirrored ($git_dir)" >&2
    continue
  fi
  src=$OUT/src/$name
  if [ ! -d "$src/.git" ]; then
    git clone -q --no-checkout "$git_dir" "$src"
  fi
  if ! git -C "$src" checkout -q -f "$commit" 2>/dev/null; then
    # Some mirrors lack large blobs (data files): check out all but those.
    missing=$(git -C "$src" ls-tree -r "$commit" | awk '$2 == "blob" {print $3 " " $4}' |
      git -C "$src" cat-file --batch-check='%(objectname) %(objecttype) %(rest)' 2>/dev/null |
      awk '$2 == "missing" {print $1}')
    git -C "$src" sparse-checkout set --no-cone '/*' $(git -C "$src" ls-tree -r "$commit" |
      awk -v m="$missing" 'BEGIN {n = split(m, a, "\n"); for (i = 1; i <= n; i++) skip[a[i]] = 1} skip[$3] {print "!/" $4}')
    git -C "$src" checkout -q -f "$commit"
  fi
  echo "== $repo ($commit) $dir: $patterns" >&2
  mod=$(cd "$src/$dir" && pwd)
  # What the corpus entries say a repository needs to load.
  flags=
  goflags=${GOFLAGS:-}
  case $repo in
    nealmcc/slack-4-agents) flags=-test=false ;;
    manusa/podman-mcp-server) goflags="$goflags -tags=remote,containers_image_openpgp,exclude_graphdriver_btrfs,btrfs_noversion,exclude_graphdriver_devicemapper,exclude_podman_api" ;;
  esac
  if [ "${TEXT:-1}" != 0 ]; then
    # shellcheck disable=SC2086
    (cd "$src/$dir" && GOFLAGS=$goflags "$BIN" $flags $patterns 2>&1 | sed "s|$mod/||" | sort -u) >"$OUT/$name.txt" || true
  fi
  # shellcheck disable=SC2086
  (cd "$src/$dir" && GOFLAGS=$goflags "$BIN" -json $flags $patterns 2>/dev/null) >"$OUT/$name.json" || true
  # The tool inventory, for the share of registrations whose name, hints and
  # handler mcpvet resolves (scripts/inventory.py reads these).
  # shellcheck disable=SC2086
  (cd "$src/$dir" && GOFLAGS=$goflags "$BIN" tools -json $flags $patterns 2>/dev/null) >"$OUT/$name.tools.json" || true
  [ "${TEXT:-1}" = 0 ] || echo "   $(grep -c ': ' "$OUT/$name.txt" || true) lines -> $OUT/$name.txt" >&2
done <"$OUT/list.tsv"
