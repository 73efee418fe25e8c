#!/usr/bin/env bash
# Installs Debian's redis-server, which the store's tests start on a free port, when /usr/bin/redis-server
# is missing. Needs root (or sudo) and Debian's package lists: apt-get update runs first. The package's
# own service is not used: each test file starts its own server and stops it by its PID.
set -euo pipefail
if [ -x /usr/bin/redis-server ]; then
  echo "redis-server is installed: $(/usr/bin/redis-server --version)"
  exit 0
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
"${sudo[@]}" apt-get update
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends redis-server
