/** Pieces of small synthetic `sweagent` packages of our own, shaped like SWE-agent's code (read, never executed). */

/** The keywords and spreads of SWE-agent's `_get_format_dict` (`return dict(...)`), indented for its body. */
export const SWE_AGENT_FORMAT_ARGS = `            command_docs=self.tools.config.command_docs,
            **self.tools.config.env_variables,
            **kwargs,
            problem_statement=self._problem_statement.get_problem_statement(),
            repo=self._env.repo.repo_name if self._env.repo is not None else "",
            **self._problem_statement.get_extra_fields(),`;

/** `sweagent/types.py`: a StepOutput with these fields (one a line, indented four spaces) and SWE-agent's `to_template_format_dict`. */
export const stepOutputModule = (fields: string) => `
from pydantic import BaseModel

class StepOutput(BaseModel):
${fields}

    def to_template_format_dict(self) -> dict:
        """Used for formatting (error) prompt templates"""
        out = {}
        for k, v in self.model_dump().items():
            if k in ("tool_calls", "tool_call_ids", "state"):
                continue
            out[k] = v
        out |= self.state
        return out
`;
