/**
 * Hover and the tool preview on the analysis host see a bundle as its
 * diagnostics do: with the env of the agent configs that use it (a layout
 * like SWE-agent's own: `tools/windowed` with `{WINDOW}` in its docstrings,
 * agent configs under `config/` setting `WINDOW: 100`), and saying first
 * when SWE-agent would not start with the bundle in one of them.
 */
import * as fs from "fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnalysisHost } from "../../server/src/engine/analysis/analysisHost";
import { renderMarkdown } from "../../server/src/engine/features/toolPreview";
import { hostOn } from "../helpers/project";
import { TempWorkspace, tempWorkspace } from "../helpers/tempWorkspace";

const WINDOWED = `tools:
  goto:
    signature: "goto <line_number>"
    docstring: "moves the window to show <line_number>"
    arguments:
      - name: line_number
        type: integer
        description: "the line to show"
        required: true
  scroll_down:
    signature: "scroll_down"
    docstring: "moves the window down {WINDOW} lines"
    arguments: []
state_command: "_state"
`;
const REGISTRY = "tools:\n  _read_env:\n    docstring: reads the env\n";
const agentConfig = (env: string) =>
  `agent:\n  tools:\n${env}    bundles:\n      - path: tools/registry\n      - path: tools/windowed\n`;
const WINDOW_100 = "    env_variables:\n      WINDOW: 100\n";

let ws: TempWorkspace;
let host: AnalysisHost;
let bundle: string;
beforeAll(() => {
  ws = tempWorkspace({
    "tools/windowed/config.yaml": WINDOWED,
    "tools/registry/config.yaml": REGISTRY,
    "config/default.yaml": agentConfig(WINDOW_100),
    "config/coding_challenge.yaml": agentConfig(WINDOW_100),
  });
  for (const script of ["goto", "scroll_down"])
    ws.write(`tools/windowed/bin/${script}`, "#!/bin/sh\n", 0o755);
  ws.write("tools/windowed/bin/_state", "#!/bin/sh\necho '{}' > /root/state.json\n", 0o755);
  ws.write("tools/registry/bin/_read_env", "#!/bin/sh\n", 0o755);
  bundle = ws.path("tools/windowed/config.yaml");
  host = hostOn(ws.root, { commandLine: ["--agent.model.name=gpt-4o"] });
});
afterAll(() => ws.remove());

const hover = (needle: string, inside: number) => {
  const result = host
    .analysis()
    .hover(bundle, WINDOWED.indexOf(needle) + inside);
  return (
    result && {
      start: result.start,
      end: result.end,
      markdown: renderMarkdown(result.blocks),
    }
  );
};
const codes = () =>
  host
    .analysis()
    .report(bundle)!
    .diagnostics.map((d) => `${d.code} ${d.severity}`);

const SCROLL_DOWN_HEAD = [
  "**scroll_down**: invoke format `scroll_down`",
  "",
  "A call with no arguments runs:",
  "",
  "```sh\nscroll_down\n```",
  "",
  "Function-calling tool (what the model receives):",
  "",
  '```json\n{\n  "type": "function",\n  "function": {\n    "name": "scroll_down",\n    "description": "moves the window down {WINDOW} lines",\n    "parameters": {\n      "type": "object"\n    }\n  }\n}\n```',
  "",
];

describe("hover and preview with the env of the agent configs that use the bundle", () => {
  it("render {WINDOW} with WINDOW: 100, as the diagnostics check it", () => {
    expect(codes()).toEqual([]);
    expect(hover("{WINDOW}", 2)).toEqual({
      start: WINDOWED.indexOf("{WINDOW}"),
      end: WINDOWED.indexOf("{WINDOW}") + 8,
      markdown:
        "`{WINDOW}`: the env variable **WINDOW**. Renders as `100`.\n\nFrom the env of `config/coding_challenge.yaml`, which uses this bundle, the first of the 2 agent configs that use it.",
    });
    const preview = [
      ...SCROLL_DOWN_HEAD,
      "Docs (`generate_command_docs`, shown when function calling is off; rendered with the env of `config/coding_challenge.yaml`, which uses this bundle, the first of the 2 agent configs that use it):",
      "",
      "```text\nscroll_down:\n  docstring: moves the window down 100 lines\n  signature: scroll_down\n```",
    ].join("\n");
    expect(host.analysis().previewTool(bundle, "scroll_down")).toBe(preview);
    expect(hover("scroll_down:", 1)!.markdown).toBe(preview);
  });

  it("say first that SWE-agent would not start with the bundle where an agent config lacks WINDOW, with that error", () => {
    const bare = ws.write("config/bare.yaml", agentConfig(""));
    host.applyChange({ disk: [bare] });
    try {
      expect(codes()).toEqual(["docstring-unknown-variable error"]);
      const refusal = (where: string) =>
        `SWE-agent would not start with this bundle, so the model receives none of its tools. The first error${where}: The docstring of \`scroll_down\` uses {WINDOW}, but the env variables do not set WINDOW (checked with the env of config/bare.yaml, which uses this bundle). SWE-agent fails when it renders the tool docs: KeyError: 'WINDOW'. Set WINDOW in \`tools.env_variables\`, or write {{WINDOW}} for literal braces.`;
      expect(hover("goto:", 1)!.markdown.split("\n\n").slice(0, 3)).toEqual([
        refusal(" (in tool `scroll_down`)"),
        "Once the bundle loads, the model receives this of `goto`:",
        "**goto**: invoke format `goto {line_number}`",
      ]);
      const preview = host.analysis().previewTool(bundle, "scroll_down")!;
      expect(preview.split("\n\n").slice(0, 2)).toEqual([
        refusal(""),
        "Once the bundle loads, the model receives this of `scroll_down`:",
      ]);
      // The env shown is the first agent config's, in alphabetical order, which lacks WINDOW; the others differ.
      expect(preview.split("\n\n").slice(-2)).toEqual([
        "Docs (`generate_command_docs`, shown when function calling is off; rendered with the env of `config/bare.yaml`, which uses this bundle, the first of the 3 agent configs that use it (their envs differ; the diagnostics check each)):",
        "Generating the docs fails: `KeyError: 'WINDOW'`",
      ]);
    } finally {
      fs.rmSync(bare);
      host.applyChange({ disk: [bare] });
    }
  });
});
