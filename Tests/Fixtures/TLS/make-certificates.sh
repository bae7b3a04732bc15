#!/usr/bin/env bash
# Makes the TLS test fixtures in this folder with the openssl command-line tool (OpenSSL 3).
# They are committed, so tests never need openssl; run this again only to replace them.
#
#   ca.pem / ca.key              "RocketReserver Test CA", valid 100 years
#   server.pem / server.key      leaf for 127.0.0.1, ::1 and localhost, signed by the test CA
#   expired.pem / expired.key    the same names, signed by the test CA, expired on 2000-01-02
#   wrong-host.pem / .key        signed by the test CA for wrong-host.invalid only
#   self-signed.pem / .key       its own issuer, for 127.0.0.1, ::1 and localhost
#   other-ca.pem, unknown-ca.pem / .key   a leaf for the right names from a CA nobody trusts
#   ca-dir/HASH.0                the test CA in an OpenSSL hashed folder (for SSL_CERT_DIR)
#
# Test keys only: they protect nothing.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
names="subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost"
ec=(-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes)

make_ca() { # name subject
  openssl req -x509 "${ec[@]}" -keyout "$1.key" -out "$1.pem" -days 36500 -subj "/CN=$2" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
}

sign() { # name ca san start end
  local name=$1 ca=$2 san=$3 start=$4 end=$5
  mkdir -p "$work/$ca"
  : > "$work/$ca/index.txt"
  [ -f "$work/$ca/serial" ] || echo 1000 > "$work/$ca/serial"
  cat > "$work/$ca.cnf" <<CONF
[ ca ]
default_ca = test
[ test ]
database = $work/$ca/index.txt
serial = $work/$ca/serial
new_certs_dir = $work/$ca
default_md = sha256
policy = any
unique_subject = no
[ any ]
commonName = supplied
[ leaf ]
$san
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
CONF
  openssl req -new "${ec[@]}" -keyout "$name.key" -out "$work/$name.csr" -subj "/CN=$name" 2>/dev/null
  openssl ca -batch -notext -config "$work/$ca.cnf" -cert "$ca.pem" -keyfile "$ca.key" -in "$work/$name.csr" \
    -out "$name.pem" -startdate "$start" -enddate "$end" -extensions leaf 2>/dev/null
}

make_ca ca "RocketReserver Test CA"
make_ca other-ca "RocketReserver Untrusted Test CA"
sign server ca "$names" 20250101000000Z 21241231235959Z
sign expired ca "$names" 20000101000000Z 20000102000000Z
sign wrong-host ca "subjectAltName=DNS:wrong-host.invalid" 20250101000000Z 21241231235959Z
sign unknown-ca other-ca "$names" 20250101000000Z 21241231235959Z
openssl req -x509 "${ec[@]}" -keyout self-signed.key -out self-signed.pem -days 36500 -subj "/CN=self-signed" \
  -addext "$names" 2>/dev/null
rm -f other-ca.key
# A hashed folder holding the test CA, for SSL_CERT_DIR.
rm -rf ca-dir && mkdir ca-dir && cp ca.pem "ca-dir/$(openssl x509 -hash -noout -in ca.pem).0"
echo "made: $(ls *.pem | tr '\n' ' ')"
