#!/usr/bin/env bash
# The curl side of benchmark 3: POSTs LaunchList with curl, following the cursor until hasMore
# is false, as `rocket-reserver launches --all` does. Bash built-ins only besides curl.
#   curl-pages.sh CURL ENDPOINT HEADER_FILE QUERY_FILE     (COUNT_PAGES=1 prints the page count)
set -u
curl=$1 endpoint=$2 header_file=$3
query=$(<"$4")
cursor="" pages=0
while :; do
  if [ -z "$cursor" ]; then variables='{}'; else variables="{\"cursor\":\"$cursor\"}"; fi
  body=$("$curl" -sS --fail -X POST -H 'Content-Type: application/json' -H 'Accept: application/json' \
    -H "@$header_file" --data-binary "{\"operationName\":\"LaunchList\",\"query\":\"$query\",\"variables\":$variables}" \
    "$endpoint") || exit 1
  pages=$((pages + 1))
  [[ $body =~ \"hasMore\":(true|false) ]] || { echo "curl-pages: no hasMore in page $pages" >&2; exit 1; }
  [ "${BASH_REMATCH[1]}" = true ] || break
  [[ $body =~ \"cursor\":\"([^\"]*)\" ]] || { echo "curl-pages: no cursor in page $pages" >&2; exit 1; }
  cursor=${BASH_REMATCH[1]}
  [ "$pages" -lt 1000 ] || exit 1
done
[ "${COUNT_PAGES:-}" = 1 ] && echo "$pages"
exit 0
