"""The reference for the PyYAML differential tests: reads one JSON line per
text on stdin ({"text": ...}) and answers one JSON line with what
yaml.safe_load does with it (pure-Python SafeLoader, as SWE-agent gets it):
the loaded value in a canonical form, or the exception with PyYAML's problem,
context and marks (index, line, column). Run it with the interpreter that has
PyYAML (Debian's /usr/bin/python3 with python3-yaml).

safe_load is called from a function at the script's top level, so two frames
sit above it: the depth the engine's RecursionError model assumes
(server/src/engine/yaml/limits.ts).
"""
import datetime
import json
import sys

import yaml

if yaml.SafeLoader.__mro__[1].__module__ != 'yaml.reader':
    raise SystemExit('expected the pure-Python SafeLoader')

MAX_VALUES = 200_000


class TooBig(Exception):
    pass


def encode(value, path, budget):
    """A JSON form of a loaded value; containers on the current path are cycles."""
    budget[0] += 1
    if budget[0] > MAX_VALUES:
        raise TooBig()
    if value is None:
        return None
    if isinstance(value, bool):
        return {'b': value}
    if isinstance(value, int):
        return {'i': hex(value)}
    if isinstance(value, float):
        return {'f': repr(value)}
    if isinstance(value, str):
        return {'s': value}
    if isinstance(value, bytes):
        return {'y': value.hex()}
    if isinstance(value, datetime.datetime):
        return {'dt': value.isoformat()}
    if isinstance(value, datetime.date):
        return {'d': value.isoformat()}
    if id(value) in path:
        return {'cycle': True}
    path.add(id(value))
    try:
        if isinstance(value, list):
            return {'l': [encode(item, path, budget) for item in value]}
        if isinstance(value, tuple):
            return {'t': [encode(item, path, budget) for item in value]}
        if isinstance(value, dict):
            return {'m': [[encode(k, path, budget), encode(v, path, budget)] for k, v in value.items()]}
        if isinstance(value, set):
            items = [encode(item, path, budget) for item in value]
            return {'set': sorted(items, key=lambda item: json.dumps(item, separators=(',', ':')))}
    finally:
        path.discard(id(value))
    return {'other': type(value).__name__}


def mark(m):
    return None if m is None else [m.index, m.line, m.column]


def check(text):
    try:
        value = yaml.safe_load(text)
    except yaml.reader.ReaderError as e:
        return {'ok': False, 'cls': 'ReaderError', 'position': e.position, 'character': e.character}
    except yaml.MarkedYAMLError as e:
        return {
            'ok': False,
            'cls': type(e).__name__,
            'problem': e.problem,
            'pm': mark(e.problem_mark),
            'context': e.context,
            'cm': mark(e.context_mark),
        }
    except RecursionError:
        return {'ok': False, 'cls': 'RecursionError'}
    except Exception as e:
        return {'ok': False, 'cls': type(e).__name__, 'message': str(e)}
    try:
        return {'ok': True, 'value': encode(value, set(), [0])}
    except (TooBig, RecursionError):
        return {'ok': True, 'value': {'too_big': True}}


for line in sys.stdin:
    # check() is called from the top level, so that safe_load runs two frames deep.
    result = check(json.loads(line)['text'])
    try:
        answer = json.dumps(result)
    except RecursionError:
        # A value nested too deep for the encoder: the verdict is still compared.
        answer = json.dumps({'ok': True, 'value': {'too_big': True}})
    sys.stdout.write(answer + '\n')
    sys.stdout.flush()
