"""The oracle for DocumentOracleTests: graphql-core's verdict on each document of a JSON list.

Reads {"schema": SDL, "documents": [text, ...]} from the file named by argv[1]; prints a JSON
list with, for each document, null when it parses and validates, else its first error message.
"""
import json
import sys

from graphql import build_schema, parse, validate

with open(sys.argv[1], encoding="utf-8") as source:
    request = json.load(source)
schema = build_schema(request["schema"])
verdicts = []
for text in request["documents"]:
    try:
        errors = validate(schema, parse(text))
        verdicts.append(errors[0].message if errors else None)
    except Exception as error:  # a syntax error, or graphql-core failing on the document
        verdicts.append(str(error).split("\n")[0] or type(error).__name__)
print(json.dumps(verdicts))
