#!/usr/bin/env bash
# Installs Debian's chromium, the browser the browser test drives, when /usr/bin/chromium is missing.
# Needs root (or sudo) and Debian's package lists: apt-get update runs first.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium is installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
"${sudo[@]}" apt-get update
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y chromium
