#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no browser downloads here), and the OCR tests and corpus
# draw text with a system font (DejaVu). Install what is missing when allowed.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
packages=()
[ -x "$path" ] || packages+=(chromium)
if ! (command -v fc-list >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi dejavu); then packages+=(fonts-dejavu-core fontconfig); fi
if [ ${#packages[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${packages[*]} for the browser and OCR tests (apt-get)..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
  exit 0
fi
if [ ! -x "$path" ]; then
  echo "Chromium not found at $path. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "No DejaVu font found (Debian: apt-get install fonts-dejavu-core); the OCR tests draw text with it." >&2
