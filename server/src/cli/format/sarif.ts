/** SARIF 2.1.0, for GitHub code scanning and other SARIF consumers. */
import * as path from 'path';
import { RULES, RuleCode } from '../../engine/rules/ruleCatalog';
import { Severity } from '../../engine/diagnostics';
import { FileResult } from '../fileResult';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

export function formatSarif(results: readonly FileResult[], version: string): string {
  const codes = (Object.keys(RULES) as RuleCode[]).sort();
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'swe-bundle-lint',
            version,
            informationUri: 'https://github.com/SWE-agent/SWE-agent',
            rules: codes.map((code) => ({
              id: code,
              name: code,
              shortDescription: { text: RULES[code].summary },
              helpUri: `docs/rules.md#${code}`,
              defaultConfiguration: { level: LEVEL[RULES[code].severity] },
              properties: { sweAgentRejects: RULES[code].sweAgentRejects },
            })),
          },
        },
        results: results.flatMap((r) =>
          r.diagnostics.map((d) => ({
            ruleId: d.code,
            ruleIndex: codes.indexOf(d.code),
            level: LEVEL[d.severity],
            message: { text: d.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: r.path.split(path.sep).join('/') },
                  region: {
                    startLine: d.range.start.line + 1,
                    startColumn: d.range.start.character + 1,
                    endLine: d.range.end.line + 1,
                    endColumn: d.range.end.character + 1,
                  },
                },
              },
            ],
          })),
        ),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}
