/**
 * The SARIF 2.1.0 JSON schema, as Microsoft's SARIF SDK ships it (@microsoft/sarif-multitool-ts,
 * assets/sarif-2.1.0.schema.json: the OASIS schema in JSON Schema draft 2020-12, which the SDK's
 * own validator uses), checked with ajv and ajv-formats, so `format: uri` and the like are checked too.
 */
import * as fs from 'fs';
import * as path from 'path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

const SCHEMA_FILE = path.join(path.dirname(require.resolve('@microsoft/sarif-multitool-ts')), '..', 'assets', 'sarif-2.1.0.schema.json');

let validate: ReturnType<Ajv2020['compile']> | undefined;

/** Every schema violation of a SARIF log, as `instancePath: message`; empty when it is valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    validate = ajv.compile(JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')));
  }
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message} ${JSON.stringify(e.params)}`);
}
