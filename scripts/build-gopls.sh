#!/usr/bin/env bash
# Builds gopls with mcpvet's checks compiled in. gopls cannot load
# third-party analyzers (golang/go#59869), so this takes gopls's source
# from the Go module proxy, adds analyzer.Suite to its analyzer list
# (initAnalyzers in gopls/internal/settings/analysis.go) and builds it
# with mcpvet replaced by this repository.
#
#   scripts/build-gopls.sh             # prints the path of the binary
#
# Output: .cache/gopls/gopls (override the directory with MCPVET_CACHE).
# Skipped when the binary exists and its inputs are unchanged. Cold: about
# 3 minutes on 2 cores; warm: under a second (skipped) or some seconds.
#
# mcpvet must compile against the golang.org/x/tools that gopls pins
# (gopls uses x/tools internals, so MVS must not raise it): go.mod keeps
# x/tools at gopls v0.23.0's version, and this build fails if that drifts.
set -euo pipefail
GOPLS_VERSION=${GOPLS_VERSION:-v0.23.0}
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${MCPVET_CACHE:-$root/.cache}/gopls
export GOFLAGS=${GOFLAGS:--buildvcs=false}
mkdir -p "$cache"

inputs() {
  echo "$GOPLS_VERSION"
  cat "$0" "$root/go.mod" "$root/go.sum"
  (cd "$root" && find analyzer passes internal -name '*.go' ! -name '*_test.go' -not -path '*/testdata/*' | LC_ALL=C sort | xargs cat)
}
stamp=$(inputs | sha256sum | cut -d' ' -f1)
bin=$cache/gopls
if [ -x "$bin" ] && [ "$(cat "$cache/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "$bin"
  exit 0
fi

src=$(go mod download -json "golang.org/x/tools/gopls@$GOPLS_VERSION" | sed -n 's/.*"Dir": "\(.*\)",/\1/p')
[ -n "$src" ] || { echo "build-gopls: cannot download gopls $GOPLS_VERSION" >&2; exit 1; }
pinned=$(sed -n 's/^[[:space:]]*golang.org\/x\/tools \(v[^ ]*\).*/\1/p' "$src/go.mod" | head -1)

build=$cache/src
rm -rf "$build"
cp -r "$src" "$build"
chmod -R u+w "$build"
cd "$build"

# Add mcpvet's suite next to gopls's vet suite, as warnings.
f=internal/settings/analysis.go
sed -i \
  -e 's#^\t"golang.org/x/tools/go/analysis/suite/vet"$#&\n\tmcpvet "github.com/mcpvet/mcpvet/analyzer"#' \
  -e 's#^\t\t{"vet.Suite", vet.Suite, protocol.SeverityWarning},$#&\n\t\t{"mcpvet.Suite", mcpvet.Suite, protocol.SeverityWarning},#' \
  "$f"
if [ "$(grep -c 'mcpvet' "$f")" != 2 ]; then
  echo "build-gopls: could not patch $f for gopls $GOPLS_VERSION; update this script" >&2
  exit 1
fi

go mod edit -require=github.com/mcpvet/mcpvet@v0.0.0 -replace="github.com/mcpvet/mcpvet=$root"
go mod tidy >&2
got=$(go list -m -f '{{.Version}}' golang.org/x/tools)
if [ "$got" != "$pinned" ]; then
  echo "build-gopls: mcpvet raises golang.org/x/tools from $pinned (gopls $GOPLS_VERSION) to $got; lower it in go.mod" >&2
  exit 1
fi
go build -trimpath -ldflags "-s -w" -o "$bin.tmp" . >&2
mv "$bin.tmp" "$bin"
echo "$stamp" > "$cache/stamp"
echo "$bin"
