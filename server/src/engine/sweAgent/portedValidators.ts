/**
 * The validators of SWE-agent's (and SWE-ReX's) models that this tool runs,
 * by qualified name (`Class.method`, as the source defines them, per
 * version): a field check, a model check, or nothing to check (what they do
 * is a default, or is checked elsewhere in the engine). Any other validator
 * in a profile's source is said not to be run, on the files it applies to.
 */
import type { FieldValidator, ModelProblem } from '../runConfig/schema';
import { charged } from '../work';

export interface PortedValidator {
  field?: { name: string; validator: FieldValidator };
  check?: (values: ReadonlyMap<string, unknown>) => ModelProblem[];
}

const GITHUB_ISSUE_PATTERN = /github\.com\/(.*?)\/(.*?)\/issues\/(\d+)/;

const demonstrationIgnored = (values: ReadonlyMap<string, unknown>): ModelProblem[] =>
  values.get('put_demos_in_history') === true && typeof values.get('demonstration_template') === 'string'
    ? [{ field: 'demonstration_template', severity: 'warning', message: 'SWE-agent ignores `demonstration_template` when `put_demos_in_history` is true.', detail: ['SWE-agent logs: demonstration_template is ignored when put_demos_in_history is True'] }]
    : [];

const templatesNotSet = (values: ReadonlyMap<string, unknown>): ModelProblem[] =>
  !values.get('system_template') || !values.get('instance_template')
    ? [
        {
          severity: 'warning',
          message: 'No `system_template` or no `instance_template`: SWE-agent sends an empty message instead.',
          detail: ['SWE-agent logs: system_template/instance_template is not set, using empty string', 'Fine for a human model, or when another --config file sets them.'],
        },
      ]
    : [];

/** Does nothing a config can get wrong: fills defaults, derives ids, or is checked by another part of the engine. */
const NOTHING_TO_CHECK: PortedValidator = {};

export const PORTED_VALIDATORS: Readonly<Record<string, PortedValidator>> = {
  // Fills next_step_no_output_template and makes demonstrations absolute.
  'TemplateConfig.model_post_init': NOTHING_TO_CHECK,
  // runConfig/templates.ts.
  'TemplateConfig.validate_template_jinja_syntax': NOTHING_TO_CHECK,
  // Up to 1.0.1: the demonstration warning only.
  'TemplateConfig.warn_models_in_history': { check: demonstrationIgnored },
  // Since 1.1.0: also the empty-template warning.
  'TemplateConfig.warnings': { check: (values) => [...demonstrationIgnored(values), ...templatesNotSet(values)] },
  'LastNObservations.validate_n': { field: { name: 'n', validator: (value) => (typeof value === 'bigint' && value <= 0n ? 'n must be a positive integer' : null) } },
  // model_post_init derives the id from the URL, and raises InvalidGithubURL (not a ValueError: SWE-agent stops there) when it cannot.
  'GithubIssue.model_post_init': {
    check: (values) => {
      const url = values.get('github_url');
      if (values.has('id') || typeof url !== 'string' || GITHUB_ISSUE_PATTERN.test(url)) return [];
      return [
        {
          field: 'github_url',
          severity: 'error',
          message: '`github_url` is not a GitHub issue URL (github.com/OWNER/REPO/issues/N), so SWE-agent cannot derive the instance id.',
          detail: [`SWE-agent fails: InvalidGithubURL: Invalid GitHub issue URL: ${url}`, 'Fix the URL or set `id`.'],
        },
      ];
    },
  },
  'TextProblemStatement.model_post_init': NOTHING_TO_CHECK,
  'FileProblemStatement.model_post_init': NOTHING_TO_CHECK,
  'SWEBenchMultimodalProblemStatement.model_post_init': NOTHING_TO_CHECK,
  'GithubRepoConfig.model_post_init': NOTHING_TO_CHECK,
  // The bundles are loaded and checked by checkRunConfig (agent.tools).
  'ToolConfig.model_post_init': NOTHING_TO_CHECK,
  // hidden_tools against the bundle's tools: swe/checkBundle.ts.
  'Bundle.validate_tools': NOTHING_TO_CHECK,
  'RunBatchConfig.evaluate_and_redo_existing': {
    check: (values) => {
      const instances = values.get('instances');
      if (!(instances instanceof Map) || instances.get('evaluate') !== true || values.get('redo_existing') !== true) return [];
      return [{ field: 'redo_existing', severity: 'error', message: '`redo_existing: true` with SWE-bench `evaluate: true` is refused.', detail: ['SWE-agent fails: Cannot evaluate and redo existing at the same time. ...'] }];
    },
  },
  'DockerDeploymentConfig.validate_platform_args': {
    check: (values) => {
      const args = values.get('docker_args');
      const platform = values.get('platform');
      if (!Array.isArray(args) || typeof platform !== 'string' || !charged(args).some((a) => typeof a === 'string' && a.startsWith('--platform'))) return [];
      return [{ field: 'platform', severity: 'error', message: '`platform` is set and `docker_args` has `--platform` too, which SWE-ReX refuses.', detail: ["SWE-ReX fails: Cannot specify platform both via 'platform' field and '--platform' in docker_args"] }];
    },
  },
};
