#!/bin/sh
# rdiffweb (PyPI `rdiffweb` 7.2, GPL-3) on 127.0.0.1, for trying verdex from the shell as a new user would
# (docs/realapps.md, "rdiffweb"). It runs from a virtualenv of its own and needs Debian's rdiff-backup:
#   apt-get install -y --no-install-recommends rdiff-backup
#   python3 -m venv /tmp/rdiffvenv && /tmp/rdiffvenv/bin/pip install rdiffweb
#   sh bench/newapps/rdiffweb.sh [DIR]      # DIR: the data folder, /tmp/rdiffdata by default
# http://127.0.0.1:8740/, user `admin`, password `admin123` (a SQLite database in DIR, created at the first
# start). Runs in the background; its log in DIR/log.
set -eu
DIR=${1:-/tmp/rdiffdata}
VENV=${RDIFFWEB_VENV:-/tmp/rdiffvenv}
mkdir -p "$DIR/backups"
"$VENV/bin/rdiffweb" --database-uri "sqlite:///$DIR/db.sqlite" --admin-user admin --admin-password admin123 \
  --server-host 127.0.0.1 --server-port 8740 --environment development --rate-limit 1000 \
  --add-user-default-userroot "$DIR/backups" --tempdir "$DIR" >"$DIR/log" 2>&1 &
for _ in $(seq 60); do
  curl -s -o /dev/null http://127.0.0.1:8740/login/ && exit 0
  sleep 0.5
done
echo "rdiffweb did not answer on 127.0.0.1:8740: see $DIR/log" >&2
exit 1
