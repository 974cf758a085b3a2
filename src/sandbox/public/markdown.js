// Discord-flavoured markdown → HTML, escaping first so nothing the bot sends can inject markup.
// Supported: code blocks, `code`, **bold**, *italics*/_italics_, __underline__, ~~strike~~, ||spoiler||,
// headers (#, ##, ###), "> " quotes, "- " lists, [masked](https://links), bare links,
// <@id> / <@!id> user mentions, <#id> channels, <@&id> roles, <:emoji:id>, <t:unix:style> timestamps.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** @param {unknown} s */
export function escapeHtml(s) {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[/** @type {keyof typeof ESCAPES} */ (c)]);
}

/**
 * @typedef {{ userName?: (id: string) => string | undefined, channelName?: (id: string) => string | undefined, roleName?: (id: string) => string | undefined, locale?: string }} MarkdownContext
 */

/**
 * @param {string} text
 * @param {MarkdownContext} [ctx]
 * @returns {string} safe HTML
 */
export function renderMarkdown(text, ctx = {}) {
  /** @type {string[]} */
  const stash = [];
  const keep = (/** @type {string} */ html) => `\u0000${stash.push(html) - 1}\u0000`;
  let s = String(text ?? '');

  // Code first: its content is taken literally.
  s = s.replace(/```(?:([\w+-]+)\n)?([\s\S]*?)```/g, (_m, _lang, code) =>
    keep(`<pre class="md-codeblock"><code>${escapeHtml(String(code).replace(/^\n|\n$/g, ''))}</code></pre>`));
  s = s.replace(/``([^`]+?)``|`([^`\n]+?)`/g, (_m, a, b) => keep(`<code class="md-code">${escapeHtml(a ?? b)}</code>`));

  // Mentions and other angle-bracket entities, before escaping turns < into &lt;.
  s = s.replace(/<@!?(\d+)>/g, (_m, id) => {
    const name = ctx.userName?.(id);
    return keep(`<span class="mention" data-user-id="${escapeHtml(id)}">@${escapeHtml(name ?? 'unknown-user')}</span>`);
  });
  s = s.replace(/<@&(\d+)>/g, (_m, id) => keep(`<span class="mention" data-role-id="${escapeHtml(id)}">@${escapeHtml(ctx.roleName?.(id) ?? 'unknown-role')}</span>`));
  // A channel the viewer can open (a thread the bot started, say) is a link to it, as in Discord.
  s = s.replace(/<#(\d+)>/g, (_m, id) => keep(`<span class="mention" data-channel-id="${escapeHtml(id)}">#${escapeHtml(ctx.channelName?.(id) ?? 'unknown')}</span>`));
  s = s.replace(/<a?:(\w+):(\d+)>/g, (_m, name) => keep(`<span class="md-emoji">:${escapeHtml(name)}:</span>`));
  s = s.replace(/<t:(-?\d+)(?::([tTdDfFR]))?>/g, (_m, unix, style) =>
    keep(`<time class="md-time" datetime="${new Date(Number(unix) * 1000).toISOString()}">${escapeHtml(formatTimestamp(Number(unix), style ?? 'f', ctx.locale))}</time>`));

  // Links: masked [text](url) and bare URLs. Only http(s).
  s = s.replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g, (_m, label, url) =>
    keep(`<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${inline(escapeHtml(label))}</a>`));
  s = s.replace(/<?(https?:\/\/[^\s<>]+[^\s<>.,;:!?)'"])>?/g, (_m, url) =>
    keep(`<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>`));

  s = escapeHtml(s);

  const lines = s.split('\n');
  const out = [];
  for (const raw of lines) {
    let line = raw;
    let cls = 'md-line';
    let m;
    if ((m = /^(#{1,3}) (.+)$/.exec(line))) {
      cls += ` md-h${m[1]?.length ?? 1}`;
      line = m[2] ?? '';
    } else if ((m = /^-# (.+)$/.exec(line))) {
      cls += ' md-subtext';
      line = m[1] ?? '';
    } else if ((m = /^&gt; ?(.*)$/.exec(line))) {
      cls += ' md-quote';
      line = m[1] ?? '';
    } else if ((m = /^(\s*)[-*] (.+)$/.exec(line))) {
      cls += ' md-li';
      line = m[2] ?? '';
    }
    out.push(`<div class="${cls}">${line === '' ? '<br>' : inline(line)}</div>`);
  }
  let html = out.join('');
  // Restore stashed fragments (they may nest: a masked link label can hold code).
  for (let i = 0; i < 3 && html.includes('\u0000'); i++) {
    html = html.replace(/\u0000(\d+)\u0000/g, (_m, n) => stash[Number(n)] ?? '');
  }
  return html;
}

/** Inline emphasis on already-escaped text. @param {string} s */
function inline(s) {
  return s
    .replace(/\|\|(.+?)\|\|/g, '<span class="md-spoiler" tabindex="0" title="Spoiler">$1</span>')
    .replace(/\*\*\*(.+?)\*\*\*/g, '<strong><em>$1</em></strong>')
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/__(.+?)__/g, '<u>$1</u>')
    .replace(/(^|[^\w*])\*(?!\s)(.+?)(?<!\s)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_(?!\s)(.+?)(?<!\s)_(?!\w)/g, '$1<em>$2</em>')
    .replace(/~~(.+?)~~/g, '<s>$1</s>');
}

/**
 * @param {number} unix
 * @param {string} style
 * @param {string} [locale]
 */
export function formatTimestamp(unix, style, locale) {
  const d = new Date(unix * 1000);
  const loc = locale || undefined;
  try {
    switch (style) {
      case 't': return d.toLocaleTimeString(loc, { hour: '2-digit', minute: '2-digit' });
      case 'T': return d.toLocaleTimeString(loc);
      case 'd': return d.toLocaleDateString(loc);
      case 'D': return d.toLocaleDateString(loc, { dateStyle: 'long' });
      case 'F': return d.toLocaleString(loc, { dateStyle: 'full', timeStyle: 'short' });
      case 'R': {
        const secs = Math.round((d.getTime() - Date.now()) / 1000);
        const rtf = new Intl.RelativeTimeFormat(loc, { numeric: 'auto' });
        const abs = Math.abs(secs);
        if (abs < 60) return rtf.format(secs, 'second');
        if (abs < 3600) return rtf.format(Math.round(secs / 60), 'minute');
        if (abs < 86400) return rtf.format(Math.round(secs / 3600), 'hour');
        return rtf.format(Math.round(secs / 86400), 'day');
      }
      default: return d.toLocaleString(loc, { dateStyle: 'long', timeStyle: 'short' });
    }
  } catch {
    return d.toISOString();
  }
}
