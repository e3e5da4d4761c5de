import { BRAND } from '../../shared/brand.ts';

/** What an email says, in the parts its plain-text and its HTML are both made from. */
export interface MailContent {
  subject: string;
  /** the opening line: "Hi Remy," */
  greeting: string;
  /** the paragraphs before the amounts */
  intro: readonly string[];
  /** the items and what each costs or takes off; lines marked total are set apart below the others */
  amounts: readonly AmountLine[];
  /** the purchase's facts, one a line: its id, its date, the tokens, the consent given */
  facts: readonly Fact[];
  /** the paragraphs after the facts */
  notes: readonly string[];
  /** the pages the email points to, first the one it is about */
  links: readonly { text: string; url: string }[];
}

export interface AmountLine {
  label: string;
  /** as the site writes money: "$1,234.50", "-$5.00" */
  amount: string;
  total?: boolean;
}

export interface Fact {
  label: string;
  value: string;
}

/** The plain-text part: the amounts in two columns, the facts as "label: value" lines, the link written out. */
export function renderText(content: MailContent): string {
  const blocks: string[] = [content.greeting, ...content.intro];
  if (content.amounts.length > 0) blocks.push(amountColumns(content.amounts));
  if (content.facts.length > 0) blocks.push(content.facts.map((fact) => `${fact.label}: ${fact.value}`).join('\n'));
  blocks.push(...content.notes, ...content.links.map((link) => `${link.text}: ${link.url}`), BRAND);
  return `${blocks.join('\n\n')}\n`;
}

function amountColumns(lines: readonly AmountLine[]): string {
  const labelWidth = Math.max(...lines.map((line) => line.label.length)) + 4;
  const amountWidth = Math.max(...lines.map((line) => line.amount.length));
  const row = (line: AmountLine) => `  ${line.label.padEnd(labelWidth)}${line.amount.padStart(amountWidth)}`;
  const items = lines.filter((line) => !line.total).map(row);
  const totals = lines.filter((line) => line.total).map(row);
  const rule = `  ${'-'.repeat(labelWidth + amountWidth)}`;
  return [...items, ...(totals.length > 0 && items.length > 0 ? [rule] : []), ...totals].join('\n');
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML, between tags or in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const CELL = 'padding:4px 0;vertical-align:top';

/** The HTML part: the same words as the text, each value escaped, in the plain layout mail programs draw alike. */
export function renderHtml(content: MailContent): string {
  const e = escapeHtml;
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${e(text)}</p>`;
  const amountRow = (line: AmountLine) => {
    const rule = line.total ? 'border-top:1px solid #c9c2b2;font-weight:bold;' : '';
    return `<tr><td style="${rule}${CELL}">${e(line.label)}</td><td style="${rule}${CELL};text-align:right;white-space:nowrap">${e(line.amount)}</td></tr>`;
  };
  const ordered = [...content.amounts.filter((l) => !l.total), ...content.amounts.filter((l) => l.total)];
  const amounts =
    ordered.length > 0
      ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${ordered.map(amountRow).join('')}</table>`
      : '';
  const facts =
    content.facts.length > 0
      ? `<table role="presentation" style="width:100%;table-layout:fixed;border-collapse:collapse;margin:0 0 16px">${content.facts
          .map(
            (fact) =>
              `<tr><td style="${CELL};padding-right:16px;color:#5f6b76;width:35%">${e(fact.label)}</td><td style="${CELL};overflow-wrap:anywhere;word-break:break-word">${e(fact.value)}</td></tr>`,
          )
          .join('')}</table>`
      : '';
  const link = (to: { text: string; url: string }) =>
    `<p style="margin:0 0 16px"><a href="${e(to.url)}" style="color:#7a5b12;font-weight:bold">${e(to.text)}</a></p>`;
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f1ea;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#7a5b12">${e(BRAND)}</p>`,
    paragraph(content.greeting),
    ...content.intro.map(paragraph),
    amounts,
    facts,
    ...content.notes.map(paragraph),
    ...content.links.map(link),
    `<p style="margin:0;color:#5f6b76">${e(BRAND)}</p>`,
    '</div></body></html>',
    '',
  ].join('\n');
}
