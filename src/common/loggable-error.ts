/**
 * What the log may say about an error: never SQL nor its parameters (drizzle's "Failed query: <sql> params: ..."
 * carries emails, password hashes, tokens), only the database's own error code and message, without the value it
 * quotes, and the stack frames. Every `logger.*` call that reports a caught error goes through here.
 */
export function loggableError(err: unknown): string {
  if (!(err instanceof Error)) return withheld(String(err));
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).join('\n');
  const query = queryError(err);
  if (query) {
    const cause = query.cause as { code?: string; message?: string } | undefined;
    const detail = cause?.message ? withheld(cause.message).replace(/: ".*"$/s, ': (value withheld)') : '(no detail)';
    return `database query failed: ${cause?.code ?? ''} ${detail}`.replace(/\s+/g, ' ') + (frames ? '\n' + frames : '');
  }
  return `${err.name}: ${withheld(err.message)}` + (frames ? '\n' + frames : '');
}

/** loggableError's first line: for warnings that need no stack. */
export const loggableMessage = (err: unknown): string => loggableError(err).split('\n')[0];

/** The query error (drizzle's, with `query` and `params`) that is `err` or one of its causes. */
function queryError(err: Error): Error | undefined {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur instanceof Error; depth++) {
    if ('params' in cur || 'query' in cur) return cur;
    cur = cur.cause;
  }
  return undefined;
}

/** A message that quotes a failed query (an error built from one) loses everything from the query on. */
const withheld = (message: string): string => message.replace(/Failed query:[\s\S]*$/, 'database query failed (query withheld)');
