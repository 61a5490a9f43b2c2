#!/usr/bin/env bash
# Installs the PostgreSQL server binaries that the idem/pgstore tests start a
# throwaway server from (internal/pgtest), from the Debian package
# postgresql, unless they are already there. Needs root, or sudo without a
# password. It starts no server: the tests do that themselves, as the user
# postgres when run as root.
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || command -v postgres >/dev/null; then
	exit 0
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then
	as_root=(sudo -n)
fi
"${as_root[@]}" apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql
