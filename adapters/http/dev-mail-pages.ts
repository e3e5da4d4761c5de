import type { Middleware } from 'koa';
import { escapeHtml } from '../../core/mail/model/mail-content.ts';

/** The .eml files written with no SMTP_URL, as the development page reads them. */
export interface DevMailbox {
  list(): Promise<{ name: string; bytes: number; writtenAt: Date }[]>;
  read(name: string): Promise<Buffer | null>;
}

const PAGE = '/dev/mail';

/**
 * Development only (outside production, with no SMTP_URL): GET /dev/mail lists the emails the site wrote as files,
 * newest first, and GET /dev/mail/<file> shows one as it would have gone to a mail server. Only the files' own
 * names are read; anything else is a 404.
 */
export function devMailPages(mailbox: DevMailbox): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== PAGE && !ctx.path.startsWith(`${PAGE}/`)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === PAGE) {
      const files = await mailbox.list();
      const rows = files
        .map(
          (file) =>
            `<li><a href="${PAGE}/${encodeURIComponent(file.name)}">${escapeHtml(file.name)}</a> <small>${file.bytes} bytes, ${escapeHtml(file.writtenAt.toISOString())}</small></li>`,
        )
        .join('\n');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Emails written (development)</title></head>
<body style="font-family:system-ui,sans-serif;margin:2rem">
<h1>Emails written to files</h1>
<p>No SMTP_URL is set, so the site writes each email as an .eml file instead of sending it. Open one to read it as a mail server would have received it.</p>
${files.length > 0 ? `<ul>\n${rows}\n</ul>` : '<p>No emails yet.</p>'}
</body></html>`;
      return;
    }
    const message = await mailbox.read(fileName(ctx.path.slice(PAGE.length + 1)));
    if (!message) {
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'No such email.';
      return;
    }
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = message;
  };
}

/** the name asked for, undone of its URL escapes ('' for a malformed one) */
function fileName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}
