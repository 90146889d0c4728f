/**
 * The SWE-agent version a workspace pins in its packaging files
 * (`pyproject.toml`, `requirements*.txt`, `setup.py`, `setup.cfg`) or as a
 * submodule (`.gitmodules` naming SWE-agent with a `branch = v1.x.y`): the
 * released version it names exactly (`sweagent==1.0.1`, `sweagent @ git+...@v1.1.0`).
 */
import { SweAgentVersion } from './profile';
import { charged, spend } from '../work';

const RELEASES: Record<string, SweAgentVersion> = { '1.0.0': '1.0.0', '1.0.1': '1.0.1', '1.1.0': '1.1.0' };

/** Requirement spellings of SWE-agent: the PyPI name `sweagent` / `swe-agent` with `==` or `~=`, or a git URL at a tag. */
const PINS = [/\bswe[-_]?agent\s*(?:\[[^\]]*\])?\s*[=~]=\s*v?(\d+\.\d+\.\d+)\b/i, /SWE-agent(?:\.git)?@v(\d+\.\d+\.\d+)\b/i, /\[submodule[^\]]*\][^[]*?url\s*=\s*\S*SWE-agent\S*[^[]*?branch\s*=\s*v(\d+\.\d+\.\d+)/i];

export function pinnedVersionIn(text: string): SweAgentVersion | null {
  for (const pattern of PINS) {
    spend();
    const match = pattern.exec(text);
    if (match && RELEASES[match[1]]) return RELEASES[match[1]];
  }
  return null;
}

/** The files, in the order they are looked at, relative to the workspace folder. */
export function packagingFilesIn(names: readonly string[]): string[] {
  const fixed = ['pyproject.toml', 'setup.cfg', 'setup.py', '.gitmodules'];
  const requirements = charged(names).filter((n) => /^requirements.*\.txt$/.test(n)).sort();
  return [...charged(fixed).filter((n) => names.includes(n)), ...requirements];
}
