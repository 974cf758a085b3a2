// Renders Discord API message objects (as the double serves them) into DOM elements.
import { h, colourFor, initials } from './dom.js';
import { renderMarkdown } from './markdown.js';

export const FLAG_EPHEMERAL = 1 << 6;
export const FLAG_LOADING = 1 << 7;
export const FLAG_SUPPRESS_EMBEDS = 1 << 2;

const BUTTON_STYLES = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' };

/**
 * @typedef {{ id: string, username: string, globalName?: string | null, locale?: string }} SandboxUser
 * @typedef {{ id: string, name: string }} SandboxChannel
 * @typedef {{ id: string, name: string }} SandboxRole
 * @typedef {{
 *   users: SandboxUser[],
 *   channels: SandboxChannel[],
 *   roles: SandboxRole[],
 *   locale: string,
 *   t: (key: string, vars?: Record<string, string | number>) => string,
 *   userName: (id: string) => string | undefined,
 *   commandLabel: (name: string) => string,
 *   onButton: (message: any, component: any, el: HTMLButtonElement) => void,
 *   onSelect: (message: any, component: any, values: string[], el: HTMLElement) => void,
 *   onDismiss: (message: any) => void,
 * }} RenderContext
 */

/**
 * What markdown needs to name mentions as this viewer's client would: members, channels and roles.
 * @param {RenderContext} ctx
 * @returns {import('./markdown.js').MarkdownContext}
 */
function mentionNames(ctx) {
  return { userName: ctx.userName, channelName: (id) => ctx.channels.find((c) => c.id === id)?.name, roleName: (id) => ctx.roles.find((r) => r.id === id)?.name, locale: ctx.locale };
}

/** @param {any} user @param {RenderContext} ctx */
function displayName(user, ctx) {
  if (!user) return '?';
  const known = ctx.users.find((u) => u.id === user.id);
  return known?.globalName || user.global_name || user.globalName || known?.username || user.username || '?';
}

/** @param {any} user @param {RenderContext} ctx @param {string} [extra] */
export function avatar(user, ctx, extra = '') {
  const name = displayName(user, ctx);
  return h('span', {
    class: `avatar ${extra}`.trim(),
    'aria-hidden': 'true',
    style: { background: user?.bot ? '#5865f2' : colourFor(user?.id ?? name) },
  }, initials(name));
}

/** @param {string | undefined} ts @param {string} locale @param {(k: string, v?: any) => string} t */
function formatWhen(ts, locale, t) {
  if (!ts) return '';
  const d = new Date(ts);
  if (Number.isNaN(d.getTime())) return '';
  const time = d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const today = new Date();
  if (d.toDateString() === today.toDateString()) return t('todayAt', { time });
  return `${d.toLocaleDateString(locale)} ${time}`;
}

/** The bare time Discord shows in the gutter of a grouped message ("1:30 AM", "01:30"). @param {string | undefined} ts @param {string} locale */
function gutterTime(ts, locale) {
  const d = new Date(ts ?? '');
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/** @param {any} m */
export function isEphemeral(m) {
  if (typeof m.ephemeral === 'boolean') return m.ephemeral;
  return ((m.flags ?? 0) & FLAG_EPHEMERAL) !== 0;
}

/** Who ran the command a message answers: `{ user }` (Discord's shape) or `{ userId }` (the double's). @param {any} m @param {RenderContext} ctx */
function interactionUser(m, ctx) {
  const i = m.interaction;
  if (!i) return null;
  if (i.user) return i.user;
  const id = i.userId ?? i.user_id;
  const u = ctx.users.find((x) => x.id === id);
  return u ? { id: u.id, username: u.username, globalName: u.globalName } : id ? { id, username: id } : null;
}

/**
 * @param {any} m a message from the API
 * @param {RenderContext} ctx
 * @param {{ grouped: boolean }} opts
 */
export function renderMessage(m, ctx, opts) {
  const eph = isEphemeral(m);
  const loading = typeof m.loading === 'boolean' ? m.loading : ((m.flags ?? 0) & FLAG_LOADING) !== 0;
  // Slash commands show "Alice used /game new"; component clicks do not, as in Discord.
  const invoker = m.interaction && (m.interaction.type === undefined || m.interaction.type === 2) && m.interaction.name ? interactionUser(m, ctx) : null;
  const author = m.author ?? { id: '0', username: '?' };
  const name = displayName(author, ctx);
  const grouped = opts.grouped && !invoker;
  const li = h('li', {
    class: ['message', grouped ? 'grouped' : '', eph ? 'ephemeral' : '', m.notice ? 'notice' : ''].filter(Boolean).join(' '),
    'data-testid': 'message',
    'data-message-id': m.id,
    'data-author-id': author.id,
    'data-ephemeral': eph ? 'true' : 'false',
    'aria-label': `${name}${eph ? ` (${ctx.t('onlyYou')})` : ''}`,
  });

  if (invoker) {
    const iu = invoker;
    li.appendChild(h('div', { class: 'reply-context', 'data-testid': 'interaction-header' },
      h('span', { class: 'reply-spine', 'aria-hidden': 'true' }),
      avatar(iu, ctx, 'tiny'),
      h('span', { class: 'reply-user' }, displayName(iu, ctx)),
      ` ${ctx.t('used')} `,
      h('span', { class: 'reply-command', 'data-command': m.interaction.name }, `/${ctx.commandLabel(m.interaction.name)}`)));
  }

  const when = formatWhen(m.timestamp, ctx.locale, ctx.t);
  const edited = Boolean(m.edited || m.edited_timestamp || m.editedTimestamp);
  const main = h('div', { class: 'message-main' });
  const row = h('div', { class: 'message-row' },
    grouped
      ? h('span', { class: 'gutter-time', 'data-testid': 'gutter-time', 'aria-hidden': 'true' }, gutterTime(m.timestamp, ctx.locale))
      : avatar(author, ctx),
    main);
  li.appendChild(row);

  if (!grouped) {
    main.appendChild(h('div', { class: 'message-header' },
      h('span', { class: 'author', 'data-testid': 'message-author', style: { color: author.bot ? '#f2f3f5' : undefined } }, name),
      author.bot ? h('span', { class: 'bot-tag', title: 'Verified app' }, '✓ APP') : null,
      when ? h('time', { class: 'timestamp', datetime: m.timestamp }, when) : null));
  }

  if (loading) {
    main.appendChild(h('div', { class: 'content thinking', 'data-testid': 'message-content' },
      ctx.t('thinking', { name }), h('span', { class: 'dots', 'aria-hidden': 'true' }, h('i'), h('i'), h('i'))));
  } else if (m.notice) {
    main.appendChild(h('div', { class: 'content notice-text', 'data-testid': 'message-content' }, svgIcon('warn'), ` ${m.content || ctx.t('failed')}`));
  } else if (m.content) {
    const content = h('div', {
      class: 'content md',
      'data-testid': 'message-content',
      html: renderMarkdown(m.content, mentionNames(ctx)),
    });
    if (edited) (content.lastElementChild ?? content).appendChild(h('span', { class: 'edited', 'data-testid': 'edited' }, ` ${ctx.t('edited')}`));
    main.appendChild(content);
  } else if (edited) {
    main.appendChild(h('div', { class: 'content' }, h('span', { class: 'edited', 'data-testid': 'edited' }, ctx.t('edited'))));
  }

  const attachments = Array.isArray(m.attachments) ? m.attachments : [];
  const used = new Set();
  /** @param {string | undefined} url */
  const resolve = (url) => {
    if (!url) return undefined;
    if (url.startsWith('attachment://')) {
      const fname = url.slice('attachment://'.length);
      const a = attachments.find((x) => x.filename === fname);
      if (a) { used.add(a); return a.url; }
      return undefined;
    }
    const a = attachments.find((x) => x.url === url);
    if (a) used.add(a);
    return url;
  };

  const suppress = ((m.flags ?? 0) & FLAG_SUPPRESS_EMBEDS) !== 0;
  if (!suppress && Array.isArray(m.embeds) && m.embeds.length) {
    const wrap = h('div', { class: 'embeds' });
    for (const e of m.embeds) wrap.appendChild(renderEmbed(e, ctx, resolve));
    main.appendChild(wrap);
  }

  if (Array.isArray(m.components) && m.components.length) {
    const wrap = h('div', { class: 'components' });
    for (const c of m.components) {
      const el = renderComponent(c, m, ctx, resolve);
      if (el) wrap.appendChild(el);
    }
    main.appendChild(wrap);
  }

  const rest = attachments.filter((a) => !used.has(a));
  if (rest.length) {
    const wrap = h('div', { class: 'attachments' });
    for (const a of rest) wrap.appendChild(renderAttachment(a));
    // Discord shows attachments above embeds; keep that order.
    const before = main.querySelector('.embeds, .components');
    main.insertBefore(wrap, before);
  }

  if (eph) {
    main.appendChild(h('div', { class: 'ephemeral-note', 'data-testid': 'ephemeral-note' },
      svgIcon('eye'), ` ${ctx.t('onlyYou')} · `,
      h('button', { type: 'button', class: 'link-button', onclick: () => ctx.onDismiss(m) }, ctx.t('dismiss'))));
  }
  return li;
}

const ICONS = {
  eye: '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M12 5C5.6 5 2 12 2 12s3.6 7 10 7 10-7 10-7-3.6-7-10-7Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0-2.2a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Z"/></svg>',
  warn: '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M12 2 1 21h22L12 2Zm1 15h-2v-2h2v2Zm0-4h-2V9h2v4Z"/></svg>',
};
/** Static inline icons (no emoji font is guaranteed offline). @param {keyof typeof ICONS} name */
function svgIcon(name) {
  return h('span', { class: 'icon', html: ICONS[name] });
}

/** @param {any} a */
function isImage(a) {
  return /^image\//.test(a.content_type ?? a.contentType ?? '') || /\.(png|jpe?g|gif|webp|avif|svg)$/i.test(a.filename ?? a.url ?? '');
}

/** @param {any} a */
function renderAttachment(a) {
  if (isImage(a)) {
    return h('a', { class: 'attachment-image', href: a.url, target: '_blank', rel: 'noopener' },
      h('img', { src: a.url, alt: a.filename ?? 'image', loading: 'lazy', 'data-testid': 'attachment-image', 'data-filename': a.filename }));
  }
  return h('a', { class: 'attachment-file', href: a.url, target: '_blank', rel: 'noopener', download: a.filename, 'data-testid': 'attachment-file' },
    h('span', { class: 'file-icon', 'aria-hidden': 'true' }, '📄'),
    h('span', null, a.filename ?? 'file'));
}

/**
 * @param {any} e
 * @param {RenderContext} ctx
 * @param {(url: string | undefined) => string | undefined} resolve
 */
function renderEmbed(e, ctx, resolve) {
  const md = (/** @type {string} */ s) => renderMarkdown(s, mentionNames(ctx));
  const colour = typeof e.color === 'number' ? `#${e.color.toString(16).padStart(6, '0')}` : '#1e1f22';
  const body = h('div', { class: 'embed-body' });
  if (e.author?.name) {
    const icon = resolve(e.author.icon_url);
    body.appendChild(h('div', { class: 'embed-author' }, icon ? h('img', { src: icon, alt: '' }) : null,
      e.author.url ? h('a', { href: e.author.url, target: '_blank', rel: 'noopener' }, e.author.name) : h('span', null, e.author.name)));
  }
  if (e.title) {
    body.appendChild(h('div', { class: 'embed-title', 'data-testid': 'embed-title' },
      e.url ? h('a', { href: e.url, target: '_blank', rel: 'noopener', html: md(e.title) }) : h('span', { html: md(e.title) })));
  }
  if (e.description) body.appendChild(h('div', { class: 'embed-description md', 'data-testid': 'embed-description', html: md(e.description) }));
  if (Array.isArray(e.fields) && e.fields.length) {
    const grid = h('div', { class: 'embed-fields' });
    const spans = fieldSpans(e.fields, thumbOf(e) ? 2 : 3);
    e.fields.forEach((/** @type {any} */ f, /** @type {number} */ i) => {
      grid.appendChild(h('div', { class: `embed-field${f.inline ? ' inline' : ''}`, 'data-testid': 'embed-field', style: { gridColumn: `span ${spans[i]}` } },
        h('div', { class: 'embed-field-name', html: md(f.name ?? '') }),
        h('div', { class: 'embed-field-value md', html: md(f.value ?? '') })));
    });
    body.appendChild(grid);
  }
  const image = resolve(e.image?.url);
  if (image) {
    body.appendChild(h('a', { class: 'embed-image', href: image, target: '_blank', rel: 'noopener' },
      h('img', { src: image, alt: e.title ?? 'image', loading: 'lazy', 'data-testid': 'embed-image' })));
  }
  const thumb = resolve(e.thumbnail?.url);
  if (e.footer?.text || e.timestamp) {
    const icon = resolve(e.footer?.icon_url);
    const parts = [e.footer?.text, e.timestamp ? new Date(e.timestamp).toLocaleString(ctx.locale) : null].filter(Boolean);
    body.appendChild(h('div', { class: 'embed-footer' }, icon ? h('img', { src: icon, alt: '' }) : null, h('span', null, parts.join(' • '))));
  }
  return h('article', { class: `embed${thumb ? ' has-thumb' : ''}`, 'data-testid': 'embed', style: { borderLeftColor: colour } },
    body,
    thumb ? h('img', { class: 'embed-thumb', src: thumb, alt: '' }) : null);
}

/** @param {any} e */
const thumbOf = (e) => Boolean(e.thumbnail?.url);

/**
 * Columns (of 12) each field spans, as Discord lays them out: a field that is not inline takes a whole row;
 * consecutive inline fields share a row, up to 3 per row (2 beside a thumbnail), splitting it evenly.
 * @param {any[]} fields @param {number} perRow @returns {number[]}
 */
export function fieldSpans(fields, perRow) {
  /** @type {number[]} */
  const spans = [];
  let i = 0;
  while (i < fields.length) {
    if (!fields[i]?.inline) { spans.push(12); i++; continue; }
    let n = 0;
    while (n < perRow && i + n < fields.length && fields[i + n]?.inline) n++;
    for (let k = 0; k < n; k++) spans.push(12 / n);
    i += n;
  }
  return spans;
}

/**
 * Legacy action rows, plus a reasonable subset of Components V2.
 * @param {any} c
 * @param {any} m
 * @param {RenderContext} ctx
 * @param {(url: string | undefined) => string | undefined} resolve
 * @returns {HTMLElement | null}
 */
function renderComponent(c, m, ctx, resolve) {
  const md = (/** @type {string} */ s) => renderMarkdown(s, mentionNames(ctx));
  switch (c.type) {
    case 1: {
      const row = h('div', { class: 'action-row', role: 'group' });
      for (const child of c.components ?? []) {
        const el = renderComponent(child, m, ctx, resolve);
        if (el) row.appendChild(el);
      }
      return row;
    }
    case 2: return renderButton(c, m, ctx);
    case 3: case 5: case 6: case 7: case 8: return renderSelect(c, m, ctx);
    case 9: {
      const acc = c.accessory ? renderComponent(c.accessory, m, ctx, resolve) : null;
      return h('div', { class: 'v2-section' },
        h('div', { class: 'v2-section-text' }, (c.components ?? []).map((x) => renderComponent(x, m, ctx, resolve))),
        acc ? h('div', { class: 'v2-accessory' }, acc) : null);
    }
    case 10: return h('div', { class: 'v2-text md', html: md(c.content ?? '') });
    case 11: {
      const url = resolve(c.media?.url);
      return url ? h('img', { class: 'v2-thumb', src: url, alt: c.description ?? '' }) : null;
    }
    case 12: return h('div', { class: 'v2-gallery' }, (c.items ?? []).map((/** @type {any} */ it) => {
      const url = resolve(it.media?.url);
      return url ? h('a', { href: url, target: '_blank', rel: 'noopener' }, h('img', { src: url, alt: it.description ?? '', 'data-testid': 'attachment-image' })) : null;
    }));
    case 13: {
      const url = resolve(c.file?.url);
      return url ? renderAttachment({ url, filename: url.replace(/^.*\//, '') }) : null;
    }
    case 14: return h('hr', { class: `v2-separator${c.divider === false ? ' invisible' : ''}` });
    case 17: return h('div', {
      class: 'v2-container',
      style: { borderLeftColor: typeof c.accent_color === 'number' ? `#${c.accent_color.toString(16).padStart(6, '0')}` : undefined },
    }, (c.components ?? []).map((/** @type {any} */ x) => renderComponent(x, m, ctx, resolve)));
    default: return null;
  }
}

/** @param {any} c @param {any} m @param {RenderContext} ctx */
function renderButton(c, m, ctx) {
  const style = BUTTON_STYLES[/** @type {keyof typeof BUTTON_STYLES} */ (c.style)] ?? 'secondary';
  const emoji = c.emoji ? h('span', { class: 'btn-emoji', 'aria-hidden': 'true' }, c.emoji.id ? `:${c.emoji.name}:` : c.emoji.name) : null;
  if (c.style === 5 && c.url) {
    return h('a', { class: `btn btn-${style}`, href: c.url, target: '_blank', rel: 'noopener', 'data-testid': 'component-link', 'aria-disabled': c.disabled ? 'true' : undefined },
      emoji, c.label ? h('span', null, c.label) : null, h('span', { 'aria-hidden': 'true' }, ' ↗'));
  }
  const btn = /** @type {HTMLButtonElement} */ (h('button', {
    type: 'button',
    class: `btn btn-${style}`,
    'data-testid': 'component-button',
    'data-custom-id': c.custom_id,
    disabled: Boolean(c.disabled),
    'aria-label': c.label || c.emoji?.name || c.custom_id,
  }, emoji, c.label ? h('span', { class: 'btn-label' }, c.label) : null));
  btn.addEventListener('click', () => ctx.onButton(m, c, btn));
  return btn;
}

/** Options for a select: given for string selects, generated from the sandbox for user/channel selects. @param {any} c @param {RenderContext} ctx */
function selectOptions(c, ctx) {
  if (c.type === 3) return c.options ?? [];
  if (c.type === 5 || c.type === 7) return ctx.users.map((u) => ({ label: u.globalName || u.username, value: u.id, description: `@${u.username}` }));
  if (c.type === 8) return ctx.channels.map((ch) => ({ label: `#${ch.name}`, value: ch.id }));
  return [];
}

/** @param {any} c @param {any} m @param {RenderContext} ctx */
function renderSelect(c, m, ctx) {
  const options = selectOptions(c, ctx);
  const min = c.min_values ?? 1;
  const max = Math.min(c.max_values ?? 1, options.length || 1);
  const placeholder = c.placeholder || ctx.t('makeSelection');
  if (max <= 1 && min >= 1) {
    const sel = /** @type {HTMLSelectElement} */ (h('select', {
      class: 'select',
      'data-testid': 'component-select',
      'data-custom-id': c.custom_id,
      'aria-label': placeholder,
      disabled: Boolean(c.disabled),
    }, h('option', { value: '', disabled: true, hidden: true }, placeholder),
    options.map((/** @type {any} */ o) => h('option', { value: o.value, title: o.description ?? undefined }, `${o.emoji?.name ? `${o.emoji.name} ` : ''}${o.label}${o.description ? ` — ${o.description}` : ''}`))));
    const def = options.find((/** @type {any} */ o) => o.default);
    sel.value = def ? def.value : '';
    sel.addEventListener('change', () => { if (sel.value) ctx.onSelect(m, c, [sel.value], sel); });
    return sel;
  }
  return renderMultiSelect(c, m, ctx, options, min, max, placeholder);
}

/**
 * A Discord-like multi select: a dropdown of checkboxes, min/max enforced, submitted with the button or on close.
 * @param {any} c @param {any} m @param {RenderContext} ctx @param {any[]} options @param {number} min @param {number} max @param {string} placeholder
 */
function renderMultiSelect(c, m, ctx, options, min, max, placeholder) {
  const initial = options.filter((o) => o.default).map((o) => String(o.value));
  const root = h('div', { class: 'multi-select', 'data-testid': 'component-select', 'data-custom-id': c.custom_id, 'data-multi': 'true' });
  const summary = h('span', { class: 'ms-summary' });
  const toggle = /** @type {HTMLButtonElement} */ (h('button', {
    type: 'button', class: 'select ms-toggle', 'aria-haspopup': 'listbox', 'aria-expanded': 'false', disabled: Boolean(c.disabled),
    'data-testid': 'select-toggle', 'aria-label': placeholder,
  }, summary));
  const panel = h('div', { class: 'ms-panel', role: 'listbox', 'aria-multiselectable': 'true', 'aria-label': placeholder, hidden: true });
  const hint = h('span', { class: 'ms-hint' });
  const submit = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'btn btn-primary small', 'data-testid': 'select-submit' }, ctx.t('submit')));
  /** @type {HTMLInputElement[]} */
  const boxes = [];
  for (const o of options) {
    const box = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', value: o.value, 'data-value': o.value }));
    box.checked = initial.includes(String(o.value));
    boxes.push(box);
    panel.appendChild(h('label', { class: 'ms-option', role: 'option' }, box,
      h('span', { class: 'ms-label' }, `${o.emoji?.name ? `${o.emoji.name} ` : ''}${o.label}`,
        o.description ? h('small', null, o.description) : null)));
  }
  panel.appendChild(h('div', { class: 'ms-footer' }, hint, submit));
  root.append(toggle, panel);

  const chosen = () => boxes.filter((b) => b.checked).map((b) => b.value);
  const valid = () => { const n = chosen().length; return n >= min && n <= max; };
  const refresh = () => {
    const vals = chosen();
    const labels = options.filter((o) => vals.includes(String(o.value))).map((o) => o.label);
    summary.textContent = labels.length ? labels.join(', ') : placeholder;
    summary.classList.toggle('placeholder', labels.length === 0);
    for (const b of boxes) b.disabled = !b.checked && vals.length >= max;
    hint.textContent = min === max ? ctx.t('chooseExactly', { n: min }) : ctx.t('chooseBetween', { min, max });
    submit.disabled = !valid();
    for (const b of boxes) b.closest('.ms-option')?.setAttribute('aria-selected', String(b.checked));
  };
  let open = false;
  const send = () => {
    if (!valid()) return;
    close(false);
    ctx.onSelect(m, c, chosen(), root);
  };
  /** @param {boolean} submitIfChanged */
  const close = (submitIfChanged) => {
    if (!open) return;
    open = false;
    panel.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    document.removeEventListener('mousedown', outside, true);
    const now = chosen();
    if (submitIfChanged && valid() && now.join('\u0001') !== initial.join('\u0001')) ctx.onSelect(m, c, now, root);
  };
  /** @param {MouseEvent} ev */
  const outside = (ev) => { if (!root.contains(/** @type {Node} */ (ev.target))) close(true); };
  toggle.addEventListener('click', () => {
    if (open) { close(true); return; }
    open = true;
    panel.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    document.addEventListener('mousedown', outside, true);
    boxes[0]?.focus();
  });
  root.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') { ev.stopPropagation(); close(true); toggle.focus(); } });
  panel.addEventListener('change', refresh);
  submit.addEventListener('click', send);
  refresh();
  return root;
}
