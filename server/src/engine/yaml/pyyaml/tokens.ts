/** PyYAML's tokens. `id` is the token class's `id`, which PyYAML's parser messages print. */
import { Mark } from './marks';

export type ScalarStyleChar = "'" | '"' | '|' | '>' | null;

interface Marked {
  start: Mark;
  end: Mark;
}

export type SimpleTokenId =
  | '<document start>'
  | '<document end>'
  | '<stream start>'
  | '<stream end>'
  | '<block sequence start>'
  | '<block mapping start>'
  | '<block end>'
  | '['
  | '{'
  | ']'
  | '}'
  | '?'
  | ':'
  | '-'
  | ',';

export type Token =
  | (Marked & { id: SimpleTokenId })
  | (Marked & { id: '<directive>'; name: string; value: [number, number] | [string, string] | null })
  | (Marked & { id: '<alias>'; value: string })
  | (Marked & { id: '<anchor>'; value: string })
  | (Marked & { id: '<tag>'; handle: string | null; suffix: string })
  | (Marked & {
      id: '<scalar>';
      value: string;
      plain: boolean;
      style: ScalarStyleChar;
      /** Offset where the engine's range of the scalar ends: PyYAML's end, except that a block scalar ends after its last content line (and its kept breaks). */
      rangeEnd: number;
    });

export type TokenId = Token['id'];

export type TokenOf<I extends TokenId> = Extract<Token, { id: I }>;
