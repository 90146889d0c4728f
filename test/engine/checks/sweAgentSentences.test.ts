/**
 * The messages of signature and argument mismatches quote what SWE-agent
 * raises (Command.validate_arguments and invoke_format, sweagent/tools/commands.py
 * at 3ea751c0), so a user can match a diagnostic to a traceback. The quoted
 * sentences are those SWE-agent's own Command gave for these tools (pydantic
 * 2, PYTHONHASHSEED=0; pydantic prefixes each with `Value error, `), written in literally.
 */
import { describe, expect, it } from "vitest";
import { lintBundleText } from "../../helpers/lintText";

const A = (name: string, required = true) =>
  `      - {name: ${JSON.stringify(name)}, type: string, description: x, required: ${required}}\n`;
const tool = (signature: string, args: string) =>
  `tools:\n  t:\n    signature: ${JSON.stringify(signature)}\n    docstring: d\n    arguments:\n${args}`;
const errors = (text: string) =>
  lintBundleText(text, {})
    .diagnostics.filter((d) => d.severity === "error")
    // The message, then what it leaves out (related information), where SWE-agent's sentence is.
    .map((d) => `${d.code}: ${[d.message, ...(d.related ?? []).map((r) => r.message)].join(' ')}`);

describe("SWE-agent's sentence in mismatch messages", () => {
  it.each<[string, string, string[]]>([
    [
      "a required argument after an optional one",
      tool("t [<a>] <b> <c>", A("a", false) + A("b") + A("c")),
      [
        "required-after-optional: Required argument `b` of `t` comes after optional argument `a`. SWE-agent fails: Command 't': Required argument 'b' cannot come after optional arguments SWE-agent requires required arguments first; move it up. first optional argument `a`",
        "required-after-optional: Required argument `c` of `t` comes after optional argument `a`. SWE-agent fails: Command 't': Required argument 'c' cannot come after optional arguments SWE-agent requires required arguments first; move it up. first optional argument `a`",
      ],
    ],
    [
      "a duplicate argument",
      tool("t <a>", A("a") + A("a")),
      [
        "duplicate-argument: Tool `t` already has an argument named `a`. SWE-agent fails: Command 't': Duplicate argument names: {'a'} Rename or remove this one. first `a`",
      ],
    ],
    [
      "an invalid argument name",
      tool("t {1a}", A("1a")),
      [
        "invalid-argument-name: Argument name '1a' of `t` is invalid. SWE-agent fails: Command 't': Invalid argument name: '1a' SWE-agent requires it to start with a letter or underscore and continue with letters, digits, `_` or `-`.",
      ],
    ],
    [
      "an argument the signature lacks",
      tool("t <a>", A("a") + A("b")),
      [
        "signature-missing-argument: Argument `b` is not in the signature of `t`. SWE-agent fails: Missing argument b in signature: t <a>. Did you format the signature correctly? You must include all argument names in the signature with <b>, [<b>], {b}, or --b notation. Write <b>, [<b>], {b} or --b in the signature. the signature",
      ],
    ],
    [
      "a placeholder without an argument",
      tool("t <a> <b>", A("a")),
      [
        "signature-unknown-placeholder: Placeholder `<b>` in the signature of `t` has no argument named 'b'. SWE-agent fails: Command 't': Argument names ({'a', 'b'}) in signature / invoke_format 't {a} {b}' do not match argument names Add the argument.",
      ],
    ],
    [
      "a flag without its value",
      tool("t <a> --b", A("a") + A("b")),
      [
        "argument-not-a-placeholder: The signature of `t` has `--b` but no placeholder for its value. SWE-agent fails: Command 't': Argument names ({'a'}) in signature / invoke_format 't {a} --b' do not match argument names The invoke format never receives `b`; write `--b <b>`.",
      ],
    ],
    [
      "a name SWE-agent does not rewrite",
      tool("t <a.b>", A("a.b")),
      [
        "argument-not-a-placeholder: Argument `a.b` of `t` never becomes a placeholder in the invoke format. SWE-agent fails: Command 't': Argument names (set()) in signature / invoke_format 't <a.b>' do not match argument names SWE-agent only rewrites names like <name> made of letters, digits, `_` and `-`; the invoke format is 't <a.b>'.",
      ],
    ],
  ])("%s", (_, text, expected) => {
    expect(errors(text)).toEqual(expected);
  });
});
