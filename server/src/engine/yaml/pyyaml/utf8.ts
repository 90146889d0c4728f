import { spend } from '../../work';
/**
 * `bytes.decode('utf-8')` with Python's error text (`str()` of its
 * UnicodeDecodeError), for the `%xx` escapes of a tag URI. Python reports
 * the maximal invalid subpart: a start byte with the continuation bytes
 * that were valid before the one that is not.
 */
export type Utf8Result = { ok: true; text: string } | { ok: false; message: string };

/** The allowed range of the byte after each multi-byte start byte (Unicode's well-formed table). */
function secondByteRange(lead: number): [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf];
  if (lead === 0xed) return [0x80, 0x9f];
  if (lead === 0xf0) return [0x90, 0xbf];
  if (lead === 0xf4) return [0x80, 0x8f];
  return [0x80, 0xbf];
}

export function decodeUtf8Strict(bytes: Uint8Array): Utf8Result {
  let text = '';
  const fail = (start: number, end: number, reason: string): Utf8Result => ({
    ok: false,
    message:
      end - start === 1
        ? `'utf-8' codec can't decode byte 0x${bytes[start].toString(16).padStart(2, '0')} in position ${start}: ${reason}`
        : `'utf-8' codec can't decode bytes in position ${start}-${end - 1}: ${reason}`,
  });
  for (let i = 0; i < bytes.length; ) {
    spend();
    const lead = bytes[i];
    if (lead < 0x80) {
      text += String.fromCharCode(lead);
      i++;
      continue;
    }
    const need = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (need === 0) return fail(i, i + 1, 'invalid start byte');
    let code = lead & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      spend();
      if (i + k >= bytes.length) return fail(i, i + k, 'unexpected end of data');
      const byte = bytes[i + k];
      const [low, high] = k === 1 ? secondByteRange(lead) : [0x80, 0xbf];
      if (byte < low || byte > high) return fail(i, i + k, 'invalid continuation byte');
      code = (code << 6) | (byte & 0x3f);
    }
    text += String.fromCodePoint(code);
    i += need + 1;
  }
  return { ok: true, text };
}
