import type { Middleware } from 'koa';

/**
 * A C0 control character (NUL, a line break, a tab...) or DEL, raw or percent-encoded: no path parameter or query
 * value of the site takes one, and the database refuses a NUL. Any control character the decoded path or query
 * holds is one of these in the raw URL, so one test of it is enough.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001f\u007f]/i;

/**
 * A request whose address (path or query string) holds a control character gets 400 before anything reads it:
 * one test of the raw URL per request, on the hot path of every route.
 */
export function urlGuard(): Middleware {
  // a plain function, not an async one: a request with a clean address passes through without a promise of its own
  return (ctx, next) => {
    const url = ctx.url;
    if (!CONTROL.test(url)) return next();
    const query = url.indexOf('?');
    const inQuery = query >= 0 && CONTROL.test(url.slice(query + 1));
    ctx.status = 400;
    ctx.body = inQuery
      ? {
          message:
            'The query string holds a control character (such as a NUL byte or a line break). Remove it and try again.',
          code: 'INVALID_QUERY',
        }
      : {
          message:
            'The address holds a control character (such as a NUL byte or a line break). Remove it and try again.',
          code: 'INVALID_PATH',
        };
    return undefined;
  };
}
