#!/bin/sh
# The ESPHome dashboard (PyPI `esphome`) on 127.0.0.1, for trying verdex from the shell as a new user would
# (docs/realapps.md, "ESPHome"). No device is needed: the dashboard's "New device" wizard writes a YAML file
# into the config folder; compiling and flashing (which fetch toolchains from the internet) are not used.
#   sh bench/newapps/esphome.sh [DIR] [PORT]   # DIR: the config folder, /tmp/esphome-config by default
# Installs esphome into a virtualenv of its own (/tmp/esphome-venv, a minute or two the first time), seeds
# the folder with one device (`kitchen-light.yaml`) and `secrets.yaml`, and serves the dashboard on
# http://127.0.0.1:PORT/ (8952 by default) in the background, its log in DIR/dashboard.log.
set -eu
DIR=${1:-/tmp/esphome-config}
PORT=${2:-8952}
VENV=${ESPHOME_VENV:-/tmp/esphome-venv}
if [ ! -x "$VENV/bin/esphome" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q esphome
fi
mkdir -p "$DIR"
[ -f "$DIR/secrets.yaml" ] || cat > "$DIR/secrets.yaml" <<YAML
wifi_ssid: "Workshop"
wifi_password: "not-a-real-password"
YAML
[ -f "$DIR/kitchen-light.yaml" ] || cat > "$DIR/kitchen-light.yaml" <<YAML
esphome:
  name: kitchen-light
  friendly_name: Kitchen light

esp32:
  board: esp32dev

logger:

wifi:
  ssid: !secret wifi_ssid
  password: !secret wifi_password

light:
  - platform: binary
    name: Ceiling
    output: relay

output:
  - platform: gpio
    id: relay
    pin: GPIO26
YAML
"$VENV/bin/esphome" dashboard --address 127.0.0.1 --port "$PORT" "$DIR" >"$DIR/dashboard.log" 2>&1 &
for _ in $(seq 60); do
  curl -fs "http://127.0.0.1:$PORT/" >/dev/null 2>&1 && break
  sleep 0.5
done
echo "ESPHome dashboard: http://127.0.0.1:$PORT/ (config folder $DIR)"
