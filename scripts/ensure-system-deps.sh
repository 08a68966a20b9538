#!/usr/bin/env bash
# What the site and its test suite need from Debian: Chromium's headless shell, for the end-to-end
# tests (and the screenshots and Lighthouse scripts); Caddy, the HTTPS front `npm start` runs for an
# https SITE_URL (decision 72); pebble and pebble-challtestsrv (both in the `pebble` package), the
# test CA and the DNS server whose answers the HTTPS front's and the doctor's tests set; systemd's
# systemd-analyze, which judges the unit service:install writes; age, which proves a backup opens with
# only the passphrase on a new machine (decision 76). PostgreSQL comes from npm, with the
# site. Installs them as root; otherwise says in one line what to run.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/bin/caddy ] || missing+=(caddy)
command -v systemd-analyze >/dev/null || missing+=(systemd)
[ -x /usr/bin/age ] || missing+=(age)
{ [ -x /usr/bin/pebble ] && [ -x /usr/bin/pebble-challtestsrv ]; } || missing+=(pebble)

# Debian's caddy package enables its own caddy.service (a default site on port 80): the site runs
# Caddy itself, with its own configuration, so that service must not hold ports 80 and 443.
disable_debian_caddy_service() {
  [ "$(id -u)" -eq 0 ] || return 0
  command -v systemctl >/dev/null || return 0
  systemctl is-enabled --quiet caddy.service 2>/dev/null || systemctl is-active --quiet caddy.service 2>/dev/null || return 0
  if [ -d /run/systemd/system ]; then
    systemctl disable --now caddy.service >/dev/null 2>&1 || true
  else
    # No systemd running (a container): only the link that would start it at boot.
    systemctl disable caddy.service >/dev/null 2>&1 || true
  fi
  echo "Debian's caddy.service disabled: the site runs Caddy itself."
}

if [ ${#missing[@]} -eq 0 ]; then
  disable_debian_caddy_service
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing ${missing[*]}: run 'sudo apt-get update && sudo apt-get install -y ${missing[*]} && (sudo systemctl disable --now caddy || true)' and try again." >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
disable_debian_caddy_service
