import * as v from 'valibot';

/**
 * Turning a schema's issues into what a form or a function shows: every
 * form (checkout, contact, auth, product) and the functions that re-parse
 * them use these, so they live apart from any one schema.
 */

/** docs/spec.md §5: all messages joined with commas, each once. */
export function joinIssueMessages(issues: readonly { message: string }[]): string {
  return [...new Set(issues.map((issue) => issue.message))].join(', ');
}

/** Field path → first message, to show beside each field. */
export function issuesByField(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '';
    byField[key] ??= issue.message;
  }
  return byField;
}
