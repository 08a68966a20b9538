#!/usr/bin/env bash
# A manual check, not part of npm test: `npm run service:install` and `npm run update` under a real
# systemd, on a Debian 12 machine whose PID 1 need not be systemd (a CI runner, a container).
# Boots this machine's own Debian in systemd-nspawn over a throwaway overlay, with only a loopback
# network, runs pebble there as the ACME CA, installs the site from a clone of this checkout's HEAD as
# the README's "Andare online" says, and checks start, restart, kill -9, reload, a second install,
# an update from a bare remote, and a reboot. docs/how-to/try-under-systemd.md says what it showed.
#
#   sudo scripts/try-under-systemd.sh            # everything, then the container is stopped
#   sudo scripts/try-under-systemd.sh boot       # one step: boot | pebble | install | checks | update | reboot | stop
#   sudo scripts/try-under-systemd.sh shell      # a root shell in the running container
set -euo pipefail

CHECKOUT=$(cd "$(dirname "$0")/.." && pwd)
TRY=${TRY_DIR:-/var/tmp/try-under-systemd}   # on disk: the clone, its node_modules, the bare remote
RUN=/run/try-under-systemd                     # tmpfs: the container's overlay (kept across its reboots)
DOMAIN=studio-prova.it
say() { printf '\n== %s\n' "$*"; }
die() { printf 'FALLITO: %s\n' "$*" >&2; exit 1; }

leader() { pgrep -P "$(cat "$RUN/nspawn.pid" 2>/dev/null || echo 0)" 2>/dev/null | head -1; }
# A command in the container: its namespaces and its systemd, a clean environment.
inside() {
  nsenter -t "$(leader)" -a env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"
}
site() { inside sh -c "cd /srv/try/studio && $*"; }
main_pid() { inside systemctl show -P MainPID studio-nutrizione; }
# The site over HTTPS with the certificate pebble issued, checked against pebble's issuing root.
https_get() {
  inside sh -c "curl -sS --max-time 10 --cacert /etc/pebble-try/issuing.pem https://$DOMAIN$1"
}
wait_until() { # what, seconds, command...
  local what=$1 seconds=$2; shift 2
  for _ in $(seq "$seconds"); do "$@" >/dev/null 2>&1 && return 0; sleep 1; done
  die "$what: non arrivato in $seconds s"
}
answers() { local body; body=$(https_get /healthz) && [[ $body == *ok* ]]; }

step_prepare() {
  say "pacchetti (Debian): systemd-container pebble caddy"
  command -v systemd-nspawn >/dev/null && command -v pebble >/dev/null && command -v caddy >/dev/null ||
    apt-get install -y systemd-container pebble caddy
  say "clone di HEAD in $TRY/studio, remoto nudo $TRY/remote.git"
  rm -rf "$TRY" && mkdir -p "$TRY"
  git clone --quiet --bare "$CHECKOUT" "$TRY/remote.git"
  git -C "$TRY/remote.git" symbolic-ref HEAD "refs/heads/$(git -C "$CHECKOUT" rev-parse --abbrev-ref HEAD)"
  git clone --quiet "$TRY/remote.git" "$TRY/studio"
  git -C "$TRY/studio" remote set-url origin /srv/try/remote.git
  # npm ci here: the container has no network.
  (cd "$TRY/studio" && npm ci --no-audit --no-fund >/dev/null 2>&1)
}

step_boot() {
  say "avvio di systemd in systemd-nspawn (overlay su /, solo loopback)"
  mkdir -p "$RUN"
  mountpoint -q "$RUN" || mount -t tmpfs -o size=4G tmpfs "$RUN"
  mkdir -p "$RUN/upper" "$RUN/work" "$RUN/root"
  mountpoint -q "$RUN/root" ||
    mount -t overlay overlay -o "lowerdir=/,upperdir=$RUN/upper,workdir=$RUN/work" "$RUN/root"
  # --keep-unit and --register=no: no systemd on the host to ask for a scope or a machine.
  setsid systemd-nspawn -D "$RUN/root" --boot --register=no --keep-unit --private-network \
    --machine=studio-try --console=passive --link-journal=no --bind="$TRY:/srv/try" \
    >>"$RUN/nspawn.log" 2>&1 </dev/null &
  echo $! >"$RUN/nspawn.pid"
  wait_until "systemd nel container" 60 sh -c "[ -n \"\$(pgrep -P $(cat "$RUN/nspawn.pid"))\" ]"
  sleep 1
  wait_until "systemd pronto" 90 sh -c "nsenter -t \$(pgrep -P $(cat "$RUN/nspawn.pid")) -a systemctl is-system-running | grep -Eq 'running|degraded'"
  inside systemctl is-system-running || true
}

step_pebble() {
  say "pebble e pebble-challtestsrv nel container (ogni nome risolto in 127.0.0.1)"
  inside sh -ec '
    mkdir -p /etc/pebble-try && cd /etc/pebble-try
    k="-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes"
    openssl req -x509 $k -keyout ca.key -out ca.pem -days 2 -subj "/CN=Pebble API test CA" 2>/dev/null
    openssl req $k -keyout key.pem -out api.csr -subj /CN=localhost 2>/dev/null
    echo "subjectAltName=DNS:localhost,IP:127.0.0.1" > san.cnf
    openssl x509 -req -in api.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out cert.pem -days 2 -extfile san.cnf 2>/dev/null
    chmod 644 ca.pem
    cat > pebble.json <<EOF
{"pebble":{"listenAddress":"127.0.0.1:14000","managementListenAddress":"127.0.0.1:15000",
 "certificate":"/etc/pebble-try/cert.pem","privateKey":"/etc/pebble-try/key.pem",
 "httpPort":80,"tlsPort":443,"ocspResponderURL":"","externalAccountBindingRequired":false}}
EOF
    systemctl stop pebble challtestsrv 2>/dev/null || true
    systemctl reset-failed pebble challtestsrv 2>/dev/null || true
    systemd-run --quiet --unit=challtestsrv pebble-challtestsrv -dns01 127.0.0.1:8053 \
      -management 127.0.0.1:8055 -http01 "" -https01 "" -tlsalpn01 "" -defaultIPv4 127.0.0.1 -defaultIPv6 ""
    systemd-run --quiet --unit=pebble -E PEBBLE_VA_NOSLEEP=1 -E PEBBLE_WFE_NONCEREJECT=0 \
      pebble -config /etc/pebble-try/pebble.json -dnsserver 127.0.0.1:8053
    grep -q "'"$DOMAIN"'" /etc/hosts || echo "127.0.0.1 '"$DOMAIN"' www.'"$DOMAIN"'" >> /etc/hosts'
  wait_until "la directory ACME di pebble" 30 inside curl -sSf --cacert /etc/pebble-try/ca.pem https://127.0.0.1:14000/dir
  inside sh -c 'curl -sSf --cacert /etc/pebble-try/ca.pem https://127.0.0.1:15000/roots/0 > /etc/pebble-try/issuing.pem'
}

step_install() {
  say "SITE_URL=https://$DOMAIN ACME_CA=… ACME_CA_ROOT=… npm run service:install"
  site "SITE_URL=https://$DOMAIN ACME_CA=https://127.0.0.1:14000/dir ACME_CA_ROOT=/etc/pebble-try/ca.pem \
    ACME_EMAIL=prova@$DOMAIN npm run --silent service:install"
  inside systemctl is-active studio-nutrizione
  https_get /healthz && echo
  inside sh -c "curl -sS --cacert /etc/pebble-try/issuing.pem -o /dev/null -w '%{http_code} %{ssl_verify_result}\n' https://$DOMAIN/"
}

step_checks() {
  say "systemctl status: il supervisore, Caddy e PostgreSQL nel gruppo del servizio"
  inside systemctl status --no-pager --lines=0 studio-nutrizione | sed -n '1,30p'
  # Captured first: grep -q closing the pipe early would fail the pipeline (pipefail).
  local tree; tree=$(inside systemctl status --no-pager --full studio-nutrizione)
  grep -q /usr/bin/caddy <<<"$tree" || die "Caddy non gira nel servizio"
  grep -q "postgres -D" <<<"$tree" || die "PostgreSQL non gira nel servizio"
  inside sh -c 'p=$(systemctl show -P MainPID studio-nutrizione); ps -o user=,args= -p $p; grep -E "^Cap(Eff|Amb)" /proc/$p/status'

  say "di nuovo service:install: nulla cambia, il processo resta lo stesso"
  local before; before=$(main_pid)
  local said; said=$(site "SITE_URL=https://$DOMAIN npm run --silent service:install")
  echo "$said"
  grep -q "nulla è cambiato" <<<"$said" || die "la seconda installazione ha cambiato qualcosa"
  [ "$(main_pid)" = "$before" ] || die "la seconda installazione ha riavviato il sito"

  say "systemctl reload: nuovi server, stesso supervisore"
  local record=/var/lib/studio-nutrizione/sito/update/reload.json last
  last=$(inside cat "$record" 2>/dev/null || true)
  inside systemctl reload studio-nutrizione
  [ "$(main_pid)" = "$before" ] || die "reload ha cambiato il processo principale"
  wait_until "il ricaricamento riuscito" 90 sh -c "r=\$(nsenter -t $(leader) -a cat $record); [ \"\$r\" != '$last' ] && echo \"\$r\" | grep -Eq '\"outcome\": ?\"ok\"'"
  inside cat "$record" && echo
  answers || die "dopo reload il sito non risponde"

  say "systemctl restart"
  inside systemctl restart studio-nutrizione
  [ "$(main_pid)" != "$before" ] || die "restart non ha cambiato il processo"
  wait_until "il sito dopo restart" 120 answers

  say "kill -9 del processo principale: Restart=on-failure lo riavvia"
  before=$(main_pid)
  inside kill -9 "$before"
  wait_until "un nuovo processo principale" 60 sh -c "p=\$(nsenter -t $(leader) -a systemctl show -P MainPID studio-nutrizione); [ \"\$p\" != 0 ] && [ \"\$p\" != $before ]"
  wait_until "il sito dopo kill -9" 120 answers
  inside systemctl show -P NRestarts studio-nutrizione
}

step_update() {
  say "npm run update da un remoto nudo con un commit nuovo"
  rm -rf "$TRY/dev" && git clone --quiet "$TRY/remote.git" "$TRY/dev"
  git -C "$TRY/dev" -c user.name=Prova -c user.email=prova@example.org commit --quiet --allow-empty -m "Una nuova versione"
  git -C "$TRY/dev" push --quiet origin HEAD
  local wanted; wanted=$(git -C "$TRY/dev" rev-parse HEAD)
  # No network in the container: npm ci from the cache the first install filled.
  site "npm_config_offline=true npm run --silent update"
  local ready; ready=$(inside curl -sS http://127.0.0.1:3000/readyz)
  echo "$ready"
  grep -q "$wanted" <<<"$ready" || die "/readyz non riporta $wanted"
  local strangers; strangers=$(inside find /var/lib/studio-nutrizione/sito ! -user studio)
  [ -z "$strangers" ] || die "file dei dati non più dell'utente studio: $strangers"
}

step_reboot() {
  say "riavvio del container: il servizio riparte da solo"
  local pid; pid=$(cat "$RUN/nspawn.pid")
  inside systemctl reboot || true
  # systemd-nspawn ends (133) when its systemd reboots: boot it again on the same overlay.
  for _ in $(seq 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  step_boot
  wait_until "il sito dopo il riavvio" 180 answers
  inside systemctl is-active studio-nutrizione
}

step_stop() {
  say "arresto del container"
  local pid; pid=$(cat "$RUN/nspawn.pid" 2>/dev/null || echo 0)
  if kill -0 "$pid" 2>/dev/null; then
    inside systemctl poweroff || true
    for _ in $(seq 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  fi
  umount "$RUN/root" 2>/dev/null || true
  umount "$RUN" 2>/dev/null || true
}

case "${1:-all}" in
  all)
    step_prepare
    step_boot
    step_pebble
    step_install
    step_checks
    step_update
    step_reboot
    step_stop
    say "tutto come atteso"
    ;;
  shell) inside bash -l ;;
  prepare | boot | pebble | install | checks | update | reboot | stop) "step_$1" ;;
  *) die "passo sconosciuto: $1" ;;
esac
