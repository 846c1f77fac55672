#!/bin/sh
# Adminer (Debian's `adminer` 4.8.1) over a MariaDB of its own, both on 127.0.0.1, for trying verdex
# from the shell as a new user would (docs/realapps.md, "Adminer").
#   apt-get install -y --no-install-recommends adminer mariadb-server php-cli php-mysql
#   sh bench/newapps/adminer.sh [DIR]      # DIR: the data folder, /tmp/adminer-db by default
# MariaDB listens on 127.0.0.1:8971 (user `shop`, password `shop-pass`, database `shop`: products and
# customers); Adminer on http://127.0.0.1:8970/adminer.php. Both run in the background; their logs in DIR.
set -eu
DIR=${1:-/tmp/adminer-db}
mkdir -p "$DIR"
cat > "$DIR/my.cnf" <<CNF
[mysqld]
datadir=$DIR/data
socket=$DIR/mysqld.sock
pid-file=$DIR/mysqld.pid
bind-address=127.0.0.1
port=8971
user=root
log-error=$DIR/mysqld.log
[client]
socket=$DIR/mysqld.sock
CNF
if [ ! -d "$DIR/data/mysql" ]; then
  mariadb-install-db --defaults-file="$DIR/my.cnf" --user=root >"$DIR/install.log" 2>&1
fi
mysqld_safe --defaults-file="$DIR/my.cnf" >"$DIR/mysqld_safe.log" 2>&1 &
for _ in $(seq 60); do
  [ -S "$DIR/mysqld.sock" ] && break
  sleep 0.5
done
mariadb --defaults-file="$DIR/my.cnf" -uroot <<SQL
CREATE DATABASE IF NOT EXISTS shop;
CREATE USER IF NOT EXISTS 'shop'@'127.0.0.1' IDENTIFIED BY 'shop-pass';
GRANT ALL ON shop.* TO 'shop'@'127.0.0.1';
USE shop;
CREATE TABLE IF NOT EXISTS products (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(80) NOT NULL,
  price DECIMAL(8,2) NOT NULL, stock INT NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS customers (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(80) NOT NULL,
  email VARCHAR(120) NOT NULL);
INSERT INTO products (name, price, stock) SELECT * FROM (SELECT 'Red spoon', 2.50, 40 UNION ALL
  SELECT 'Blue cup', 4.00, 8 UNION ALL SELECT 'Yellow plate', 6.75, 15 UNION ALL SELECT 'Green bowl', 5.20, 3) AS seed
  WHERE NOT EXISTS (SELECT 1 FROM products);
INSERT INTO customers (name, email) SELECT * FROM (SELECT 'Ada Lovelace', 'ada@example.org' UNION ALL
  SELECT 'Alan Turing', 'alan@example.org' UNION ALL SELECT 'Grace Hopper', 'grace@example.org') AS seed
  WHERE NOT EXISTS (SELECT 1 FROM customers);
SQL
php -S 127.0.0.1:8970 -t /usr/share/adminer >"$DIR/php.log" 2>&1 &
echo "Adminer: http://127.0.0.1:8970/adminer.php (server 127.0.0.1:8971, user shop)"
