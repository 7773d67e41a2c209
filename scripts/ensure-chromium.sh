#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no browser downloads here). Install it when missing and allowed.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium for the browser tests (apt-get install chromium)..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at $path. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
