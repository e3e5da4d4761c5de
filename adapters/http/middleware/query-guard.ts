import type { Middleware } from 'koa';

/** C0 control characters and DEL; a tab is one too: no query parameter of the site takes one */
const hasControl = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
};

/**
 * A query string whose decoded text holds a control character (a NUL byte, a line break, DEL) gets 400 before
 * any route reads it: no parameter of the site takes one, and the database refuses a NUL.
 */
export function queryGuard(): Middleware {
  // a plain function, not an async one: a request without a bad query passes through without a promise of its own
  return (ctx, next) => {
    const raw = ctx.querystring;
    if (raw && (hasControl(raw) || hasControl(decoded(raw)))) {
      ctx.status = 400;
      ctx.body = {
        message:
          'The query string holds a control character (such as a NUL byte or a line break). Remove it and try again.',
        code: 'INVALID_QUERY',
      };
      return undefined;
    }
    return next();
  };
}

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // a malformed escape holds no control character; the route's own parsing answers it
    return raw.replace(/%[0-9a-f]{2}/gi, (escaped) => {
      const code = Number.parseInt(escaped.slice(1), 16);
      return code < 0x20 || code === 0x7f ? '\u0000' : escaped;
    });
  }
}
