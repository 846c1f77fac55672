#!/bin/sh
# Tiny Tiny RSS (Debian's `tt-rss`, 21~git20210204) over a MariaDB of its own, with two local
# feeds, for trying verdex from the shell as a new user would (docs/realapps.md, "Tiny Tiny RSS").
#   echo "tt-rss tt-rss/dbconfig-install boolean false" | debconf-set-selections
#   DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tt-rss dbconfig-no-thanks \
#     mariadb-server php-cli php-mysql php-intl php-mbstring php-xml php-curl
#   sh bench/newapps/tt-rss.sh [DIR]      # DIR: the data folder, /tmp/tt-rss by default
# MariaDB listens on 127.0.0.1:8941 (user `ttrss`, database `ttrss`, the schema Debian ships: user `admin`,
# password `password`); tt-rss on http://127.0.0.1:8940/ (served by `php -S` from a copy of its folder with a
# config of its own); two RSS files on port 80 of the machine's own address (`garden.xml`, `kitchen.xml`). All
# run in the background; their logs in DIR. The feeds are read when subscribed to (and by `php update.php --feeds`).
set -eu
DIR=${1:-/tmp/tt-rss}
mkdir -p "$DIR/feeds" "$DIR/lock" "$DIR/cache" "$DIR/icons"
cat > "$DIR/my.cnf" <<CNF
[mysqld]
datadir=$DIR/data
socket=$DIR/mysqld.sock
pid-file=$DIR/mysqld.pid
bind-address=127.0.0.1
port=8941
user=root
log-error=$DIR/mysqld.log
[client]
socket=$DIR/mysqld.sock
CNF
FRESH=
if [ ! -d "$DIR/data/mysql" ]; then
  mariadb-install-db --defaults-file="$DIR/my.cnf" --user=root >"$DIR/install.log" 2>&1
  FRESH=1
fi
mysqld_safe --defaults-file="$DIR/my.cnf" >"$DIR/mysqld_safe.log" 2>&1 &
for _ in $(seq 60); do
  [ -S "$DIR/mysqld.sock" ] && break
  sleep 0.5
done
sleep 1
if [ -n "$FRESH" ]; then
  mariadb --defaults-file="$DIR/my.cnf" -uroot <<SQL
CREATE DATABASE ttrss CHARACTER SET utf8mb4;
CREATE USER 'ttrss'@'127.0.0.1' IDENTIFIED BY 'ttrss-pass';
GRANT ALL ON ttrss.* TO 'ttrss'@'127.0.0.1';
SQL
  mariadb --defaults-file="$DIR/my.cnf" -uroot ttrss </usr/share/tt-rss/schema/ttrss_schema_mysql.sql
fi

# The app's folder, copied, with a config of its own (Debian's links /etc/tt-rss/config.php).
if [ ! -d "$DIR/www" ]; then
  cp -rL /usr/share/tt-rss/www "$DIR/www"  # its relative links (dojo, gettext) resolved
  rm -rf "$DIR/www/config.php" "$DIR/www/feed-icons"
  ln -s "$DIR/icons" "$DIR/www/feed-icons"
  sed -e "s|include_once('/etc/tt-rss/database.php');|\$dbtype='mysql'; \$dbserver='127.0.0.1'; \$dbport='8941'; \$dbuser='ttrss'; \$dbname='ttrss'; \$dbpass='ttrss-pass';|" \
      -e "s|%SELF_URL_PATH|http://127.0.0.1:8940/|" \
      -e "s|define('LOCK_DIRECTORY', '/var/lib/tt-rss');|define('LOCK_DIRECTORY', '$DIR/lock');|" \
      -e "s|define('CACHE_DIR', '/var/cache/tt-rss');|define('CACHE_DIR', '$DIR/cache');|" \
      -e "s|define('SIMPLE_UPDATE_MODE', false);|define('SIMPLE_UPDATE_MODE', true);|" \
      -e "s|define('CHECK_FOR_UPDATES', true);|define('CHECK_FOR_UPDATES', false);|" \
      -e "s|define('LOG_DESTINATION', 'syslog');|define('LOG_DESTINATION', 'sql');|" \
      /etc/tt-rss/config.php >"$DIR/www/config.php"
  for sub in images export upload starred-images; do mkdir -p "$DIR/cache/$sub"; done
fi

FEEDS=$(hostname -I | awk '{print $1}')
# Two feeds of our own: articles a reader opens, stars and marks read.
feed() { # FILE TITLE ITEM...
  file=$1 title=$2; shift 2
  {
    echo '<?xml version="1.0" encoding="utf-8"?>'
    echo "<rss version=\"2.0\"><channel><title>$title</title><link>http://$FEEDS/</link>"
    echo "<description>$title, a local feed</description>"
    n=0
    for item in "$@"; do
      n=$((n + 1))
      echo "<item><title>$item</title><link>http://$FEEDS/$file/$n</link><guid>$file-$n</guid>"
      echo "<pubDate>Tue, 0$n Dec 2026 09:00:00 +0000</pubDate><description>&lt;p&gt;$item: the whole story, in a paragraph of its own.&lt;/p&gt;</description></item>"
    done
    echo '</channel></rss>'
  } >"$DIR/feeds/$file"
}
feed garden.xml "Garden Notes" "Planting garlic in the autumn" "Pruning the old apple tree" "Saving tomato seeds"
feed kitchen.xml "Kitchen Diary" "A loaf of rye bread" "Lentil soup for a cold day"
# tt-rss fetches no feed from a loopback address nor from a port but 80 and 443 (UrlHelper::fetch, against
# server-side request forgery): the feeds are served on port 80 of the machine's own address (no internet needed).
python3 -m http.server 80 --bind "$FEEDS" --directory "$DIR/feeds" >"$DIR/feeds.log" 2>&1 &
# tt-rss refuses to run as root: served as nobody, who may write its lock, cache and icon folders.
chown -R nobody "$DIR/lock" "$DIR/cache" "$DIR/icons"
touch "$DIR/php.log" && chown nobody "$DIR/php.log"
(cd "$DIR/www" && runuser -u nobody -- php -S 127.0.0.1:8940 >>"$DIR/php.log" 2>&1 &)
# admin reads "Garden Notes" from the start, its articles fetched once (the flows subscribe to "Kitchen Diary")
if [ -n "$FRESH" ]; then
  mariadb --defaults-file="$DIR/my.cnf" -uroot ttrss \
    -e "INSERT INTO ttrss_feeds (owner_uid, title, feed_url) VALUES (1, 'Garden Notes', 'http://$FEEDS/garden.xml')"
  for _ in $(seq 20); do curl -s -o /dev/null "http://$FEEDS/garden.xml" && break; sleep 0.5; done
  (cd "$DIR/www" && runuser -u nobody -- php update.php --feeds >"$DIR/update.log" 2>&1)
fi
echo "Tiny Tiny RSS: http://127.0.0.1:8940/ (admin / password); feeds http://$FEEDS/garden.xml, kitchen.xml"
