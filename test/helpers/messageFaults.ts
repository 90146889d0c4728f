/** What makes a diagnostic message hard to read at a glance: too long, or doubled punctuation (".).", "..", ". ."). */
import { MESSAGE_LIMIT } from '../../server/src/engine/rules/messageLimit';

/** Doubled sentence punctuation: a stop after a stop, possibly across a closing bracket, quote or space (an ellipsis is fine). */
const DOUBLED = /(?<!\.)[.!?;:,]['"`)\]]*\s?[.!?;:,](?!\.)|\.\s\./;

/** The faults of one message, each a short phrase (none when it is fine). */
export function messageFaults(message: string): string[] {
  const faults: string[] = [];
  if (message.length > MESSAGE_LIMIT) faults.push(`${message.length} characters`);
  // What a message quotes in backticks is the user's text: its punctuation is theirs.
  const doubled = DOUBLED.exec(message.replace(/`[^`]*`/g, '`x`'));
  if (doubled) faults.push(`doubled punctuation "${doubled[0]}"`);
  return faults;
}
