/**
 * Templates over each Jinja feature the renderer models, rendered with
 * VARIABLES, and what Jinja2 3.1.6 renders or raises (its exception type and
 * str()), written in literally; `'unsupported'` where the port declines (the
 * comment says what Jinja does). jinjaFeatures.test.ts checks them
 * everywhere; the differential test also hands them to the real Jinja2.
 */
import { PyDict, PyObject } from '../../../../server/src/engine/python/pyObject';

const dict = (entries: [string, PyObject][]) => new PyDict(new Map(entries));

/** What the templates render with (oracle.py's VARIABLES). */
export const VARIABLES = new Map<string, PyObject>([
  ['problem_statement', 'PROBLEM_STATEMENT_PLACEHOLDER'],
  ['repo', 'REPO_PLACEHOLDER'],
  ['s', 'Hello, World'],
  ['ws', '  a  b\tc \n'],
  ['n', 7n],
  ['neg', -3n],
  ['f', 2.5],
  ['t', true],
  ['none', null],
  ['l', ['b', 'A', 'c', 'a']],
  ['nums', [3n, 1n, 2n]],
  ['d', dict([['b', 1n], ['a', 2n], ['items', 'key']])],
  ['nested', dict([['x', [1n, dict([['y', 'z']])]]])],
]);

export type Outcome = string | { error: string; message: string } | 'unsupported';

export const FEATURE_CASES: [string, Outcome][] = [
  // set, block set, tuple targets, namespace, scoping
  ['{% set x = 1 %}{% for i in [1, 2] %}{{ x }}{% set x = x + 1 %}{{ x }}{% endfor %}{{ x }}', "12121"],
  ['{% if true %}{% set y = 3 %}{% endif %}{{ y }}', "3"],
  ['{% set a, b = "left", "right" %}{{ a }}|{{ b }}', "left|right"],
  ['{% set a, b = 1 %}', { error: "TypeError", message: "cannot unpack non-iterable int object" }],
  ['{% set a, b = [1, 2, 3] %}', { error: "ValueError", message: "too many values to unpack (expected 2)" }],
  ['{% set a, (b, c) = [1, "xy"] %}{{ a }}{{ b }}{{ c }}', "1xy"],
  ['{% set ns = namespace(count=0, items=[]) %}{% for w in l %}{% set ns.count = ns.count + 1 %}{% endfor %}{{ ns.count }} {{ ns }}', "4 <Namespace {'count': 4, 'items': []}>"],
  ['{% set ns = 1 %}{% set ns.a = 2 %}', { error: "TemplateRuntimeError", message: "cannot assign attribute on non-namespace object" }],
  ['{% set x | upper %}ab {{ repo }}{% endset %}[{{ x }}]', "[AB REPO_PLACEHOLDER]"],
  ['{% set x %}{% set inner = 1 %}{% endset %}[{{ inner }}]', "[]"],
  ['{% set problem_statement = "shadowed" %}{{ problem_statement }}', "shadowed"],
  ['{% print s, n %}{% print %}', "Hello, World7"],
  // macros
  ['{% macro tag(name, body="none") %}<{{ name }}>{{ body }}</{{ name }}>{% endmacro %}{{ tag("a", s) }} {{ tag("b") }} {{ tag(body=1, name="c") }}', "<a>Hello, World</a> <b>none</b> <c>1</c>"],
  ['{% macro m(a, b) %}{{ a }}|{{ b }}|{{ varargs }}|{{ kwargs }}{% endmacro %}{{ m(1) }}', "1||()|{}"],
  ['{% macro m() %}{{ z }}{% endmacro %}{% set z = 5 %}{{ m() }}', "5"],
  ['{% set x = 1 %}{% macro m() %}{% set x = 2 %}{{ x }}{% endmacro %}{{ m() }}{{ x }}', "21"],
  ['{% macro m(a) %}{{ a }}{% endmacro %}{{ m }}', "<Macro 'm'>"],
  // Jinja: {"error": "TypeError", "message": "macro 'm' takes no keyword argument 'a'"}
  ['{% macro m(a) %}{{ a }}{% endmacro %}{{ m(1, a=2) }}', 'unsupported'],
  ['{% macro m(a=1, b) %}{% endmacro %}', { error: "TemplateSyntaxError", message: "non-default argument follows default argument" }],
  ['{% macro r(k) %}{% if k > 0 %}{{ k }}{{ r(k - 1) }}{% endif %}{% endmacro %}{{ r(5) }}', "54321"],
  // raw and comments
  ['{% raw %}{{ not_rendered }} {% if %}{% endraw %}', "{{ not_rendered }} {% if %}"],
  ['a  {%- raw -%}  b  {%- endraw -%}  c', "abc"],
  ['a {% raw %} b', { error: "TemplateSyntaxError", message: "Missing end of raw directive" }],
  ['before{# a comment #}after', "beforeafter"],
  // loops
  ['{% for w in problem_statement.split("_") %}{{ loop.index }}/{{ loop.length }}: {{ w }}{% if not loop.last %}, {% endif %}{% endfor %}', "1/3: PROBLEM, 2/3: STATEMENT, 3/3: PLACEHOLDER"],
  ['{% for i in range(3) %}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.depth }}{% endfor %}', "032TrueFalse1121FalseFalse1210FalseTrue1"],
  ['{% for x in nums %}{{ loop.previtem }}-{{ loop.nextitem }};{% endfor %}', "-1;3-2;1-;"],
  ['{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}', "b=1;a=2;items=key;"],
  ['{% for x in [] %}never{% else %}empty{% endfor %}', "empty"],
  ['{% for c in "abc" %}{{ c }}{{ loop.cycle("-", "+") }}{% endfor %}', "a-b+c-"],
  ['{% for x in [1, 2, 3, 4] if x is even %}{{ x }}{{ loop.index }} {% endfor %}', "21 42 "],
  ['{% for row in [[1, 2], [3, 4]] %}{% for col in row %}{{ loop.index0 }}{{ col }} {% endfor %}| {% endfor %}', "01 12 | 03 14 | "],
  ['{% for a, b in [(1, "x"), (2, "y")] %}{{ a }}{{ b }}{% endfor %}', "1x2y"],
  ['{% for a, b in [(1, 2, 3)] %}{% endfor %}', { error: "ValueError", message: "too many values to unpack (expected 2)" }],
  ['{% for a, b in [1] %}{% endfor %}', { error: "TypeError", message: "cannot unpack non-iterable int object" }],
  ['{% for x in range(10, 0, -3) %}{{ x }},{% endfor %}{{ range(5) }}{{ range(1, 9, 2) }}', "10,7,4,1,range(0, 5)range(1, 9, 2)"],
  ['{% for x in range(1, 2, 0) %}{% endfor %}', { error: "ValueError", message: "range() arg 3 must not be zero" }],
  ['{% for x in n %}{% endfor %}', { error: "TypeError", message: "'int' object is not iterable" }],
  ['{% for i in range(2) -%}\n  item{{ i }}\n{% endfor -%}\nM', "item0\nitem1\nM"],
  ['{% for x in l %}{{ loop }}{% endfor %}', "<LoopContext 1/4><LoopContext 2/4><LoopContext 3/4><LoopContext 4/4>"],
  // literals and operators
  ['{{ (1, "x") }} {{ (1,) }} {{ () }} {{ [1, "two", none, true, 1.0] }} {{ ["it\'s", \'say "hi"\'] }}', "(1, 'x') (1,) () [1, 'two', None, True, 1.0] [\"it's\", 'say \"hi\"']"],
  ['{{ {"a": 1, "b": [1, 2], "c": none} }} {{ {"a": 1, "a": 2} }} {{ {} }}', "{'a': 1, 'b': [1, 2], 'c': None} {'a': 2} {}"],
  ['{{ (1, 2) == (1, 2) }} {{ (1, 2) == [1, 2] }} {{ (1, 2) + (3,) }} {{ (1,) * 3 }} {{ [1] + [2] }}', "True False (1, 2, 3) (1, 1, 1) [1, 2]"],
  ['{{ 7 // 2 }} {{ 7 / 2 }} {{ 6 / 3 }} {{ 7 % 3 }} {{ 2 ** 10 }} {{ -7 // 2 }} {{ "ab" * 3 }} {{ "a-b" ~ 1 ~ none }}', "3 3.5 2.0 1 1024 -4 ababab a-b1None"],
  ['{{ "x" in problem_statement }} {{ "a" in d }} {{ 2 in d.values() }} {{ 3 in range(5) }} {{ "b" in d.keys() }}', "False True True True True"],
  // slices and indexes
  ['{{ problem_statement[:7] }} {{ problem_statement[-11:] }} {{ s[::-1] }} {{ nums[1:] }} {{ (1, 2, 3)[1:] }} {{ s[5:] }} {{ l[::2] }} {{ l[-100:100] }}', "PROBLEM PLACEHOLDER dlroW ,olleH [1, 2] (2, 3) , World ['b', 'c'] ['b', 'A', 'c', 'a']"],
  ['{{ s[::0] }}', { error: "ValueError", message: "slice step cannot be zero" }],
  ['{{ l[0] }} {{ l[-1] }} {{ l[10] }} {{ d["a"] }} {{ d["zz"] }} {{ d["items"] }} {{ nested.x[1].y }} {{ nested["x"][0] }}', "b a  2  key z 1"],
  // methods
  ['{{ s.split() }} {{ s.split(",") }} {{ "a,b,,c".split(",", 1) }} {{ ws.split() }} {{ ws.split(None, 1) }} {{ "a b c".rsplit(" ", 1) }} {{ s.split(sep="l") }}', "['Hello,', 'World'] ['Hello', ' World'] ['a', 'b,,c'] ['a', 'b', 'c'] ['a', 'b\\tc \\n'] ['a b', 'c'] ['He', '', 'o, Wor', 'd']"],
  ['{{ ws.strip() }}|{{ ws.lstrip() }}|{{ ws.rstrip() }}|{{ "xxaxx".strip("x") }}|{{ s.upper() }}|{{ s.lower() }}|{{ "hello wORLD\'s".title() }}|{{ "hELLO".capitalize() }}', "a  b\tc|a  b\tc \n|  a  b\tc|a|HELLO, WORLD|hello, world|Hello World'S|Hello"],
  ['{{ "a\\nb\\r\\nc".splitlines() }} {{ "a\\nb".splitlines(true) }} {{ s.startswith("Hell") }} {{ s.endswith(("x", "ld")) }} {{ "-".join(l) }} {{ s.replace("l", "L", 2) }}', "['a', 'b', 'c'] ['a\\n', 'b'] True True b-A-c-a HeLLo, World"],
  ['{{ s.find("o") }} {{ s.find("q") }} {{ s.count("l") }} {{ "{:>5}|{}|{x}".format("r", 1, x=2.5) }}', "4 -1 3     r|1|2.5"],
  ['{{ "".join([1]) }}', { error: "TypeError", message: "sequence item 0: expected str instance, int found" }],
  ['{{ "".split("") }}', { error: "ValueError", message: "empty separator" }],
  ['{{ d.get("a") }} {{ d.get("zz") }} {{ d.get("zz", 3) }} {{ d.keys() }} {{ d.values() }} {{ d.items() }} {{ d.items() | list }}', "2 None 3 dict_keys(['b', 'a', 'items']) dict_values([1, 2, 'key']) dict_items([('b', 1), ('a', 2), ('items', 'key')]) [('b', 1), ('a', 2), ('items', 'key')]"],
  ['{{ s.nope }}|{{ l.nope }}|{{ none.nope }}|{{ n.nope }}', "|||"],
  ['{{ s() }}', { error: "TypeError", message: "'str' object is not callable" }],
  // globals
  ['{{ dict(a=1, b="x") }} {{ namespace }} {{ range }} {{ dict }}', "{'a': 1, 'b': 'x'} <class 'jinja2.utils.Namespace'> <class 'range'> <class 'dict'>"],
  // filters
  ['{{ problem_statement | upper }} {{ problem_statement | lower }} {{ "hello world" | title }} {{ repo | capitalize }} {{ "hello-world (x) [y] <z>" | title }}', "PROBLEM_STATEMENT_PLACEHOLDER problem_statement_placeholder Hello World Repo_placeholder Hello-World (X) [Y] <Z>"],
  ['{{ problem_statement | replace("_", " ") }} {{ problem_statement | length }} {{ l | length }} {{ d | count }} {{ "a b c" | wordcount }} {{ "héllo wörld_x 2" | wordcount }}', "PROBLEM STATEMENT PLACEHOLDER 29 4 3 3 3"],
  ['{{ problem_statement.split("_") | join(", ") }} {{ nums | join }} {{ problem_statement.split("_") | first }} {{ problem_statement.split("_") | last }}', "PROBLEM, STATEMENT, PLACEHOLDER 312 PROBLEM PLACEHOLDER"],
  ['{{ problem_statement | truncate(12) }}|{{ "abcdef ghij klmn opq" | truncate(10) }}|{{ "abcdefghijklmnop" | truncate(10, true) }}|{{ "abcdefghijkl" | truncate(10) }}|{{ s | truncate(5, end="") }}|{{ s | truncate(3, leeway=0) }}', "PROBLEM_S...|abcdef...|abcdefg...|abcdefghijkl|Hello|..."],
  ['{{ s | truncate(2) }}', { error: "AssertionError", message: "expected length >= 3, got 2" }],
  ['{{ "x\\ny" | indent(4) }}|{{ "x\\n\\ny\\n" | indent(2, true) }}|{{ "x\\n\\ny" | indent(2, blank=true) }}|{{ "x\\ny" | indent(">") }}', "x\n    y|  x\n\n  y\n|x\n  \n  y|x\n>y"],
  ['[{{ "ab" | center(6) }}] [{{ "abc" | center(10) }}] [{{ "abc" | center(8) }}] [{{ s | center(2) }}]', "[  ab  ] [   abc    ] [  abc   ] [Hello, World]"],
  ['{{ "%s/%s" | format(repo, 7) }} {{ "%05.1f" | format(3.14159) }} {{ "%5.2f|%-4s|%04d|%x|%r|%+d|%#o|%e|%g|%%" | format(3.14159, "a", -5, 255, "q", 3, 8, 12345.678, 0.0001) }}', "REPO_PLACEHOLDER/7 003.1  3.14|a   |-005|ff|'q'|+3|0o10|1.234568e+04|0.0001|%"],
  ['{{ "%s" | format("a", "b") }}', { error: "TypeError", message: "not all arguments converted during string formatting" }],
  ['{{ "%s %s" | format("a") }}', { error: "TypeError", message: "not enough arguments for format string" }],
  ['{{ "%d" | format("a") }}', { error: "TypeError", message: "%d format: a real number is required, not str" }],
  ['{{ "%q" | format(1) }}', { error: "ValueError", message: "unsupported format character 'q' (0x71) at index 1" }],
  ['{{ 2.5 | round }} {{ 3.14159 | round(2) }} {{ 2.5 | round(0, "floor") }} {{ 2.1 | round(0, "ceil") }} {{ 5 | round }} {{ 5 | round(1) }} {{ -2.5 | round }} {{ 1.005 | round(2) }} {{ 0.125 | round(2) }}', "2.0 3.14 2.0 3.0 5 5 -2.0 1.0 0.12"],
  ['{{ 1 | round(0, "up") }}', { error: "FilterArgumentError", message: "method must be common, ceil or floor" }],
  ['{{ "42" | int + 1 }} {{ "1.5" | float }} {{ "x" | int }} {{ "x" | float }} {{ "3.9" | int }} {{ 3.9 | int }} {{ true | int }} {{ "1e3" | float }} {{ n | float }}', "43 1.5 0 0.0 3 3 1 1000.0 7.0"],
  ['{{ {"k": "<v> & \'w\'"} | tojson }} {{ [3, "a", none, true, 1.5] | tojson }} {{ {"b": [1, (2, 3)], "a": 1.0} | tojson }} {{ "é\\u2028" | tojson }}', "{\"k\": \"\\u003cv\\u003e \\u0026 \\u0027w\\u0027\"} [3, \"a\", null, true, 1.5] {\"a\": 1.0, \"b\": [1, [2, 3]]} \"\\u00e9\\u2028\""],
  ['{{ "<b>&\\"\'" | e }} {{ "<b>&" | escape | e }} {{ "<b>" }} {{ "<b>" | safe }}', "&lt;b&gt;&amp;&#34;&#39; &lt;b&gt;&amp; <b> <b>"],
  ['[{{ "" | default("d1") }}] [{{ "" | default("d2", true) }}] [{{ none | default("d3") }}] [{{ missing | default("d4") }}] [{{ missing | d }}]', "[] [d2] [None] [d4] []"],
  ['{{ [3, 1, 2] | sort }} {{ l | sort }} {{ l | sort(case_sensitive=true) }} {{ l | sort(reverse=true) }} {{ [1, "a"] | sort }}', { error: "TypeError", message: "'<' not supported between instances of 'str' and 'int'" }],
  ['{{ [1, 1, 2] | unique | list }} {{ l | unique | list }} {{ ["B", "a", "b"] | unique | list }} {{ [[1], [1]] | unique | list }}', { error: "TypeError", message: "unhashable type: 'list'" }],
  ['{{ ["a", "b"] | map("upper") | list }} {{ nums | map("string") | list }} {{ nums | select("odd") | list }} {{ nums | reject("odd") | list }}', "['A', 'B'] ['3', '1', '2'] [3, 1] [2]"],
  ['{% set g = nums | map("string") %}{{ g | list }}{{ g | list }}', "['3', '1', '2'][]"],
  ['{{ {"b": 1, "a": 2} | dictsort }} {{ d | dictsort(by="value") }} {{ d | dictsort(reverse=true) }} {{ {"b": 1, "a": 2}.items() | list }} {{ d | items | list }}', { error: "TypeError", message: "'<' not supported between instances of 'str' and 'int'" }],
  ['{{ [1, 2, 3] | sum }} {{ [1, 2.5, true] | sum }} {{ nums | sum(start=10) }} {{ [4, 2] | min }} {{ [4, 2] | max }} {{ l | min }} {{ l | max }} {{ l | max(case_sensitive=true) }} [{{ [] | min }}]', "6 4.5 16 2 4 A c c []"],
  ['{{ -3 | abs }} {{ neg | abs }} {{ f | abs }} {{ "abc" | reverse }} {{ nums | reverse | list }} {{ nums | list }} {{ "ab" | list }}', "3 3 2.5 cba [2, 1, 3] [3, 1, 2] ['a', 'b']"],
  ['{{ ws | trim }}|{{ "xxaxx" | trim("x") }}|{{ n | string }}|{{ missing | upper }}|{{ missing | length }}', "a  b\tc|a|7||0"],
  ['{{ 1 is even }} {{ 2.0 is even }} {{ 3 is odd }} {{ 9 is divisibleby 3 }} {{ n is number }} {{ n is integer }} {{ f is float }} {{ t is boolean }} {{ t is true }} {{ none is none }} {{ d is mapping }} {{ s is string }}', "False True True True True True True True True True True True"],
  // Jinja: {"error": "TypeError", "message": "not all arguments converted during string formatting"}
  ['{{ "a" is even }}', 'unsupported'],
  // Jinja: {"text": "<built-in method items of dict object at 0x…>"}
  ['{{ d.items }}', 'unsupported'],
  ['{{ 2 is eq 2 }} {{ 2 is ne 2 }} {{ s is equalto "x" }}', "True False False"],
  // whitespace control
  ['A\n{% if true %}\nB\n{% endif %}\nC\n{%- if true %} D{% endif %}\nE {%- if true -%} F {%- endif -%} G\n{{- " H" }}\nI   {{- " J" -}}   K', "A\n\nB\n\nC D\nEFG H\nI JK"],
];
