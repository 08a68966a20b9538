#!/usr/bin/env bash
# What the test suite needs from Debian: Chromium's headless shell, for the end-to-end tests (and the
# screenshots and Lighthouse scripts); systemd-analyze, which judges the unit service:install writes;
# pebble-challtestsrv, the DNS server whose answers the doctor's tests set. PostgreSQL comes from npm, with the site. Installs it as root;
# otherwise says in one line what to run.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v systemd-analyze >/dev/null || missing+=(systemd)
command -v pebble-challtestsrv >/dev/null || missing+=(pebble)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing ${missing[*]}: run 'sudo apt-get update && sudo apt-get install -y ${missing[*]}' and try again." >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
