import { spend } from '../work';
/**
 * Bytes to text as Python's `Path.read_text()` decodes a config (UTF-8,
 * strict; a BOM stays in the text as U+FEFF, which PyYAML then skips).
 */
export type DecodedFile = { ok: true; text: string } | { ok: false; text: string; badByte: number; charOffset: number; message: string };

/** The index of the first byte that breaks UTF-8, or -1. Mirrors Python's codec, surrogates included. */
function firstInvalidUtf8(bytes: Uint8Array): { at: number; reason: string } {
  let i = 0;
  while (i < bytes.length) {
    spend();
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return { at: i, reason: 'invalid start byte' };
    }
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      spend();
      const next = bytes[i + k];
      if (next === undefined) return { at: i, reason: 'unexpected end of data' };
      if ((next & 0xc0) !== 0x80) return { at: i, reason: 'invalid continuation byte' };
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return { at: i, reason: 'invalid continuation byte' };
    i += need + 1;
  }
  return { at: -1, reason: '' };
}

export function decodeFile(bytes: Uint8Array): DecodedFile {
  const invalid = firstInvalidUtf8(bytes);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  if (invalid.at === -1) return { ok: true, text };
  const prefix = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, invalid.at));
  return {
    ok: false,
    text,
    badByte: bytes[invalid.at],
    charOffset: prefix.length,
    message: `'utf-8' codec can't decode byte 0x${bytes[invalid.at].toString(16).padStart(2, '0')} in position ${invalid.at}: ${invalid.reason}`,
  };
}
