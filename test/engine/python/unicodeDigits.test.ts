/**
 * Python's decimal digits (`unicodedata.decimal`, `str.isdecimal`, `int()`),
 * which `str.format` reads field names and widths with. Expected values are
 * CPython 3.11.2's (Unicode 14.0), written in literally; the digest is
 * sha256 of `code:value` (hex code point) for every decimal character, `;`-joined.
 */
import { createHash } from "crypto";
import { describe, expect, it } from "vitest";
import {
  decimalDigitValue,
  decimalValue,
  isDecimalString,
} from "../../../server/src/engine/python/unicodeDigits";
import { formatString } from "../../../server/src/engine/python/formatString";

describe("decimal digits as CPython 3.11 reads them", () => {
  it("has the same 660 decimal characters, with the same values, whatever Unicode version Node has", () => {
    const pairs: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      const value = decimalDigitValue(String.fromCodePoint(code));
      if (value !== -1) pairs.push(`${code.toString(16)}:${value}`);
    }
    expect(pairs.length).toBe(660);
    expect(createHash("sha256").update(pairs.join(";")).digest("hex")).toBe(
      "4e43e9f6691ee03cfa1324ad583830d4267011d20000281927c4e03b492926d5",
    );
  });

  it.each<[string, number, boolean]>([
    ["\u0661", 1, true],
    ["\u06f3", 3, true],
    ["\u0f29", 9, true],
    ["\u0f2a", -1, false],
    ["\uff19", 9, true],
    ["\u{1d7ff}", 9, true],
    // digits that are not decimal: New Tai Lue's THAM ONE, superscript two, circled four
    ["\u19da", -1, false],
    ["\u00b2", -1, false],
    ["\u2463", -1, false],
    // decimal only in Unicode 15 and later (Python 3.12+): Kawi, Nag Mundari, Garay
    ["\u{11f51}", -1, false],
    ["\u{1e4f1}", -1, false],
    ["\u{10d40}", -1, false],
  ])("U+%s", (char, value, decimal) => {
    expect(decimalDigitValue(char)).toBe(value);
    expect(isDecimalString(char)).toBe(decimal);
  });

  it("reads a number of any script as int() does, and str.format takes it as a positional index", () => {
    expect(decimalValue("\u0661\u0662")).toBe(12n);
    expect(
      formatString(
        "{\u0661\u0660}",
        new Map(),
        Array.from({ length: 11 }, (_, i) => String(i)),
      ),
    ).toMatchObject({ ok: true, text: "10" });
    expect(formatString("{\u0661}", new Map(), ["a"])).toMatchObject({
      ok: false,
      error: {
        type: "IndexError",
        message: "Replacement index 1 out of range for positional args tuple",
      },
    });
    expect(formatString("{\u2463}", new Map(), ["a", "b"])).toMatchObject({
      ok: false,
      error: { type: "KeyError", message: "'④'" },
    });
    // (Python 3.11 prints the key as '\U00011f51', unassigned in its Unicode; pyObject.ts's repr follows Node's Unicode data.)
    expect(formatString("{\u{11f51}}", new Map(), ["a", "b"])).toMatchObject({
      ok: false,
      error: { type: "KeyError" },
    });
  });
});
