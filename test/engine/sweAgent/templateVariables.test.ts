/** The variables a `sweagent` package gives its templates, read from small synthetic packages of our own (never executed). */
import { describe, expect, it } from 'vitest';
import { PythonSources } from '../../../server/src/engine/sweAgent/extract/pydanticModels';
import { extractTemplateVariables } from '../../../server/src/engine/sweAgent/extract/templateVariables';
import { builtinProfile } from '../../../server/src/engine/sweAgent/builtinProfiles';
import { SWE_AGENT_FORMAT_ARGS, stepOutputModule } from '../../helpers/sweAgentSources';

function sourcesOf(files: Record<string, string>): PythonSources {
  return {
    module: (name) => {
      const file = `${name.replaceAll('.', '/')}.py`;
      return files[file] === undefined ? null : { text: files[file], file, isPackage: false };
    },
  };
}

/** `agents.py` with `_get_format_dict` returning `dict(ARGS)`, as SWE-agent's does. */
const agents = (args: string) => `
from typing import Any

class DefaultAgent:
    def _get_format_dict(self, **kwargs) -> dict[str, Any]:
        """The variables of every template."""
        assert self._problem_statement is not None
        return dict(
${args}
        )
`;

const STEP_FIELDS = '    thought: str = ""\n    action: str = ""\n    state: dict[str, str] = {}\n    tool_calls: list | None = None\n    tool_call_ids: list[str] | None = None\n    extra_info: dict = {}';

describe('the template variables of a sweagent package', () => {
  it("reads SWE-agent's shape: _get_format_dict's keywords, StepOutput's fields but the skipped ones", () => {
    const read = extractTemplateVariables(sourcesOf({ 'sweagent/agent/agents.py': agents(SWE_AGENT_FORMAT_ARGS), 'sweagent/types.py': stepOutputModule(STEP_FIELDS) }));
    expect(read).toEqual({ formatDict: ['command_docs', 'problem_statement', 'repo'], step: ['thought', 'action', 'extra_info'], notRead: [] });
  });

  it("a fork's own keywords and step fields are its variables", () => {
    const read = extractTemplateVariables(
      sourcesOf({
        'sweagent/agent/agents.py': agents(`${SWE_AGENT_FORMAT_ARGS}\n            trace_file=self._trace_path,`),
        'sweagent/types.py': stepOutputModule(`${STEP_FIELDS}\n    trace: str = ""`),
      }),
    );
    expect(read).toEqual({ formatDict: ['command_docs', 'problem_statement', 'repo', 'trace_file'], step: ['thought', 'action', 'extra_info', 'trace'], notRead: [] });
  });

  it('says what it does not read, and takes the fallback for what is missing', () => {
    const fallback = { formatDict: ['command_docs'], step: ['thought'], notRead: [] };
    expect(extractTemplateVariables(sourcesOf({ 'sweagent/agent/agents.py': agents(`${SWE_AGENT_FORMAT_ARGS}\n            **self._extra_vars(),`), 'sweagent/types.py': 'class Other:\n    pass\n' }), fallback)).toEqual({
      formatDict: ['command_docs', 'problem_statement', 'repo'],
      step: ['thought'],
      notRead: ['`**self._extra_vars()` in _get_format_dict', 'StepOutput.to_template_format_dict'],
    });
    expect(extractTemplateVariables(sourcesOf({ 'sweagent/agent/agents.py': 'def _get_format_dict(self):\n    d = {}\n    return d\n' }), fallback)).toEqual({
      formatDict: ['command_docs'],
      step: ['thought'],
      notRead: ['_get_format_dict (not a `return dict(...)`)', 'sweagent/types.py (not found)'],
    });
    expect(extractTemplateVariables(sourcesOf({}), fallback).notRead).toEqual(['sweagent/agent/agents.py (not found)', 'sweagent/types.py (not found)']);
  });

  it("a fork's render calls: SWE-agent's keywords and spreads pass, others are said not read (which template gets them is not known)", () => {
    const renders = `
    def add_step_to_history(self, step, templates, state):
        self._add_templated_messages_to_history(templates, observation=step.observation, elided_chars=0, max_observation_length=9, tool_call_ids=None, trace=step.trace, **step.state)
        return Template(self.templates.command_cancelled_timeout_template).render(**self._get_format_dict(), timeout=1, command="c", **self.more)
`;
    const read = extractTemplateVariables(sourcesOf({ 'sweagent/agent/agents.py': agents(SWE_AGENT_FORMAT_ARGS) + renders, 'sweagent/types.py': stepOutputModule(STEP_FIELDS) }));
    expect(read.notRead).toEqual(['`trace=` passed to _add_templated_messages_to_history', '`**self.more` passed to render']);
  });

  it('never throws on Python it cannot parse', () => {
    const read = extractTemplateVariables(sourcesOf({ 'sweagent/agent/agents.py': 'def _get_format_dict(self:\n  return dict(a=\n', 'sweagent/types.py': 'class StepOutput(:\n' }));
    expect(read.notRead).toHaveLength(2);
  });

  it('the built-in profiles record what each version gives: `query` since 1.1.0, `thinking_blocks` at main', () => {
    const step = (v: '1.0.0' | '1.0.1' | '1.1.0' | 'main') => builtinProfile(v).templateVariables.step;
    const stepOutput = ['thought', 'action', 'output', 'observation', 'execution_time', 'done', 'exit_status', 'submission'];
    expect(step('1.0.0')).toEqual([...stepOutput, 'extra_info']);
    expect(step('1.0.1')).toEqual([...stepOutput, 'extra_info']);
    expect(step('1.1.0')).toEqual(['query', ...stepOutput, 'extra_info']);
    expect(step('main')).toEqual(['query', ...stepOutput, 'thinking_blocks', 'extra_info']);
    for (const v of ['1.0.0', '1.0.1', '1.1.0', 'main'] as const) expect(builtinProfile(v).templateVariables).toMatchObject({ formatDict: ['command_docs', 'problem_statement', 'repo'], notRead: [] });
  });
});
