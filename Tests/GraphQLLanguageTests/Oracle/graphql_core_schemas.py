"""The oracle for SchemaOracleTests: graphql-core's verdict on each schema of a JSON list.

Reads a JSON list of SDL strings from the file named by argv[1]; prints a JSON list with,
for each, null when graphql-core builds and validates it, else its first error message.
"""
import json
import sys

from graphql import build_schema, validate_schema

verdicts = []
with open(sys.argv[1], encoding="utf-8") as source:
    for sdl in json.load(source):
        try:
            errors = validate_schema(build_schema(sdl))
            verdicts.append(errors[0].message if errors else None)
        except Exception as error:  # graphql-core raises GraphQLError and TypeError for SDL errors
            verdicts.append(str(error).split("\n")[0] or type(error).__name__)
print(json.dumps(verdicts))
