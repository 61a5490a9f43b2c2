#!/usr/bin/env bash
# Builds the custom golangci-lint and gopls (cached under .cache/) and runs
# the integration tests in scripts/integration on the demo and fixtures.
# .ci/run builds the two binaries the same way before its go test ./...,
# which then runs these tests too.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS=${GOFLAGS:--buildvcs=false}
t0=$SECONDS
scripts/build-golangci.sh
echo "build-golangci: $((SECONDS - t0))s" >&2
t1=$SECONDS
scripts/build-gopls.sh
echo "build-gopls: $((SECONDS - t1))s" >&2
t2=$SECONDS
MCPVET_INTEGRATION=1 go test -count=1 ./scripts/integration/ "$@"
echo "integration tests: $((SECONDS - t2))s" >&2
