#!/usr/bin/env python3
"""Follows the LaunchList cursors to the last page over one keep-alive HTTP/1.1 connection, as
`rocket-reserver launches --all --page-size N` does: the floor cache_scale.py and bench.py
(https, with the CA that signed the server's certificate) compare with. Prints the page count.

    cursor_walk.py ENDPOINT PAGE_SIZE [CAFILE]
"""

import http.client
import json
import ssl
import sys
import urllib.parse

QUERY = ("query LaunchList($pageSize: Int, $cursor: String) { launches(pageSize: $pageSize, after: $cursor) "
         "{ __typename cursor hasMore launches { __typename id site mission { __typename name missionPatch(size: SMALL) } } } }")


def main():
    endpoint = urllib.parse.urlsplit(sys.argv[1])
    page_size = int(sys.argv[2])
    if endpoint.scheme == "https":
        context = ssl.create_default_context(cafile=sys.argv[3] if len(sys.argv) > 3 else None)
        connection = http.client.HTTPSConnection(endpoint.hostname, endpoint.port, timeout=60, context=context)
    else:
        connection = http.client.HTTPConnection(endpoint.hostname, endpoint.port, timeout=60)
    cursor, pages = None, 0
    while True:
        variables = {"pageSize": page_size} if cursor is None else {"pageSize": page_size, "cursor": cursor}
        body = json.dumps({"operationName": "LaunchList", "query": QUERY, "variables": variables})
        connection.request("POST", endpoint.path, body, {"Content-Type": "application/json", "Accept": "application/json"})
        response = connection.getresponse()
        page = json.loads(response.read())["data"]["launches"]
        pages += 1
        if not page["hasMore"] or pages >= 1000:
            break
        cursor = page["cursor"]
    connection.close()
    print(pages)


if __name__ == "__main__":
    main()
