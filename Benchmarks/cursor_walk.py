#!/usr/bin/env python3
"""Follows the LaunchList cursors to the last page over one keep-alive HTTP/1.1 connection, as
`rocket-reserver launches --all --page-size N` does: the floor cache_scale.py and bench.py
(https, with the CA that signed the server's certificate) compare with. Prints the page count;
with --time, also the milliseconds the walk took inside this process (from before the connection
to after its close: no interpreter start, no imports), as `PAGES MILLISECONDS`.

    cursor_walk.py ENDPOINT PAGE_SIZE [CAFILE] [--time]
"""

import http.client
import json
import ssl
import sys
import time
import urllib.parse

QUERY = ("query LaunchList($pageSize: Int, $cursor: String) { launches(pageSize: $pageSize, after: $cursor) "
         "{ __typename cursor hasMore launches { __typename id site mission { __typename name missionPatch(size: SMALL) } } } }")


def main():
    timed = "--time" in sys.argv
    arguments = [x for x in sys.argv if x != "--time"]
    endpoint = urllib.parse.urlsplit(arguments[1])
    page_size = int(arguments[2])
    start = time.perf_counter_ns()
    if endpoint.scheme == "https":
        context = ssl.create_default_context(cafile=arguments[3] if len(arguments) > 3 else None)
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
    elapsed = (time.perf_counter_ns() - start) / 1e6
    print(f"{pages} {elapsed:.3f}" if timed else pages)


if __name__ == "__main__":
    main()
