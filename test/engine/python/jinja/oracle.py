"""Jinja2 itself, for the differential test: reads a JSON list of templates on stdin, renders each with
jinja2.Template(template).render(**VARIABLES) and writes a JSON list of outcomes: the text, or the
exception's type name and str(). VARIABLES must match jinjaDifferential.test.ts's."""
import copy
import json
import sys
import warnings

import jinja2

# Python warns of constant subscripts (`1[0]`) in the code Jinja compiles; the warning is not an outcome.
warnings.simplefilter("ignore")

VARIABLES = {
    "problem_statement": "PROBLEM_STATEMENT_PLACEHOLDER",
    "repo": "REPO_PLACEHOLDER",
    "s": "Hello, World",
    "ws": "  a  b\tc \n",
    "n": 7,
    "neg": -3,
    "f": 2.5,
    "t": True,
    "none": None,
    "l": ["b", "A", "c", "a"],
    "nums": [3, 1, 2],
    "d": {"b": 1, "a": 2, "items": "key"},
    "nested": {"x": [1, {"y": "z"}]},
}


def outcome(template):
    try:
        # A copy each time: filters may change a value in place (`indent` extends a list).
        return {"text": jinja2.Template(template).render(**copy.deepcopy(VARIABLES))}
    except Exception as e:  # every exception is an outcome to compare
        return {"error": type(e).__name__, "message": str(e)}


print(json.dumps([outcome(t) for t in json.load(sys.stdin)]))
