/**
 * The most characters a diagnostic's message has: one sentence a person reads at a glance. What it leaves out
 * (SWE-agent's own words, the why, the fix) is related information (DiagnosticBuilder's `detail`) and the rule's page.
 */
export const MESSAGE_LIMIT = 160;
