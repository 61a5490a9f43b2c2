#!/usr/bin/env bash
# Builds golangci-lint with mcpvet's module plugins (analyzer/golangci)
# from the Go module proxy alone: no git clone of golangci-lint, so it
# works where "golangci-lint custom" cannot (no GitHub access).
#
#   scripts/build-golangci.sh          # prints the path of the binary
#
# Output: .cache/golangci/custom-gcl (override the directory with
# MCPVET_CACHE). The build is skipped when the binary exists and its inputs
# (golangci-lint version, this script, mcpvet's go.mod, go.sum and
# non-test Go sources) are unchanged. Cold: about 7 minutes on 2 cores
# (some 230 modules); warm: under a second (skipped) or about 10 seconds
# (rebuilt from the Go build cache after an mcpvet change).
set -euo pipefail
GCL_VERSION=${GCL_VERSION:-v2.15.0}
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${MCPVET_CACHE:-$root/.cache}/golangci
export GOFLAGS=${GOFLAGS:--buildvcs=false}
mkdir -p "$cache"

inputs() {
  echo "$GCL_VERSION"
  cat "$0" "$root/go.mod" "$root/go.sum"
  (cd "$root" && find analyzer passes internal -name '*.go' ! -name '*_test.go' -not -path '*/testdata/*' | LC_ALL=C sort | xargs cat)
}
stamp=$(inputs | sha256sum | cut -d' ' -f1)
bin=$cache/custom-gcl
if [ -x "$bin" ] && [ "$(cat "$cache/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "$bin"
  exit 0
fi

gcl=$(go mod download -json "github.com/golangci/golangci-lint/v2@$GCL_VERSION" | sed -n 's/.*"Dir": "\(.*\)",/\1/p')
[ -n "$gcl" ] || { echo "build-golangci: cannot download golangci-lint $GCL_VERSION" >&2; exit 1; }

build=$cache/build
rm -rf "$build"
mkdir -p "$build"
cd "$build"
go mod init example.com/custom-gcl >/dev/null 2>&1
cp "$gcl/cmd/golangci-lint/main.go" . && chmod u+w main.go
printf 'package main\n\nimport _ "github.com/mcpvet/mcpvet/analyzer/golangci"\n' > plugins.go
go mod edit -require="github.com/golangci/golangci-lint/v2@$GCL_VERSION" \
  -require=github.com/mcpvet/mcpvet@v0.0.0 -replace="github.com/mcpvet/mcpvet=$root"
go mod tidy >&2
go build -trimpath -ldflags "-s -w -X 'main.version=${GCL_VERSION#v}-mcpvet' -X 'main.date=$(date -u +%Y-%m-%dT%H:%M:%SZ)'" -o "$bin.tmp" . >&2
mv "$bin.tmp" "$bin"
echo "$stamp" > "$cache/stamp"
echo "$bin"
