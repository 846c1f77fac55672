#!/bin/sh
# Kolibri (PyPI `kolibri` 0.19.x, MIT), a learning platform whose Vue SPA is built of its own design-system
# components, on 127.0.0.1 only, for trying verdex from the shell as a new user would (docs/realapps.md, "Kolibri").
#   python3 -m venv /tmp/kolibri-venv && /tmp/kolibri-venv/bin/pip install 'kolibri>=0.19,<0.20'
#   sh bench/newapps/kolibri.sh [DIR] [VENV]   # DIR: KOLIBRI_HOME, /tmp/kolibri-home by default
# Provisioned without the setup wizard: facility "Hilltop School" (formal preset, English), the super admin
# `admin` with the password `admin-pass`. Kolibri on http://127.0.0.1:8980/ in the background; its logs in DIR/logs.
set -eu
DIR=${1:-/tmp/kolibri-home}
VENV=${2:-/tmp/kolibri-venv}
export KOLIBRI_HOME="$DIR" KOLIBRI_LISTEN_ADDRESS=127.0.0.1 KOLIBRI_HTTP_PORT=8980 KOLIBRI_RUN_MODE=verdex-trial
mkdir -p "$DIR"
if [ ! -f "$DIR/.provisioned" ]; then
  "$VENV/bin/kolibri" manage provisiondevice --facility "Hilltop School" --preset formal --language_id en \
    --superusername admin --superuserpassword admin-pass --noinput >"$DIR/provision.log" 2>&1
  touch "$DIR/.provisioned"
fi
"$VENV/bin/kolibri" start --port 8980 --background >"$DIR/start.log" 2>&1
for _ in $(seq 120); do
  curl -fs -o /dev/null http://127.0.0.1:8980/ && break
  sleep 1
done
echo "Kolibri: http://127.0.0.1:8980/ (user admin, password admin-pass; stop: KOLIBRI_HOME=$DIR $VENV/bin/kolibri stop)"
