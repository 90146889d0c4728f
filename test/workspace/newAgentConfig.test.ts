/**
 * A new, still empty YAML file under `config/`, where SWE-agent keeps its
 * agent configs: no agent config yet (no diagnostics, not counted), but
 * completion offers an agent config's top-level keys, as the chosen SWE-agent
 * has them.
 */
import { describe, expect, it } from 'vitest';
import { position } from '../helpers/fixture';

const keysAt = (spec: string, settings = {}) => {
  const { analysis, file, offset } = position(spec, settings);
  return { kind: analysis.kind(file), diagnostics: analysis.report(file)?.diagnostics ?? [], labels: analysis.completion(file, offset, { snippets: false })?.map((e) => e.label) ?? null };
};

const TOP_KEYS = ['agent', 'env', 'problem_statement', 'output_dir', 'actions', 'env_var_path'];

describe('an empty YAML file under config/', () => {
  it("is no agent config yet, and completion offers a run config's top-level keys", () => {
    expect(keysAt('//- /workspace/config/new.yaml\n¦')).toEqual({ kind: 'other', diagnostics: [], labels: TOP_KEYS });
  });

  it('the same below comments and blank lines, in a folder under config/', () => {
    expect(keysAt('//- /workspace/config/exp/new.yml\n# my agent\n\n¦').labels).toEqual(TOP_KEYS);
  });

  it('outside config/, or once it has a key, it is what its content makes it', () => {
    expect(keysAt('//- /workspace/notes/new.yaml\n¦').labels).toBeNull();
    expect(keysAt('//- /workspace/config/new.yaml\nfoo: 1\n¦').labels).toBeNull();
  });
});
