#!/usr/bin/env bash
# What the test suite needs from Debian: Chromium's headless shell, for the end-to-end tests (and the
# screenshots and Lighthouse scripts). PostgreSQL comes from npm, with the site. Installs it as root;
# otherwise says in one line what to run.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing ${missing[*]}: run 'sudo apt-get update && sudo apt-get install -y ${missing[*]}' and try again." >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
