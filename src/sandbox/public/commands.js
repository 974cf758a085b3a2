// Registered application commands (Discord API JSON) → what the slash-command box offers, and back:
// typed text + form values → the `options` array of an APPLICATION_COMMAND interaction.

export const OPT = { SUB_COMMAND: 1, SUB_COMMAND_GROUP: 2, STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, ROLE: 8, MENTIONABLE: 9, NUMBER: 10, ATTACHMENT: 11 };

/**
 * @typedef {{
 *   path: string[],          // canonical names: ['game', 'new']
 *   labels: string[],        // names as shown to the viewer (localized)
 *   description: string,     // localized
 *   options: any[],          // the leaf's value options
 * }} Leaf
 */

/**
 * Localized string from a Discord localization map (`fr`, `en-US`, `pt-BR`…), else the default.
 * @param {Record<string, string> | null | undefined} map
 * @param {string} locale
 * @param {string} fallback
 */
export function localized(map, locale, fallback) {
  if (!map || !locale) return fallback;
  return map[locale] ?? map[locale.split('-')[0] ?? ''] ?? fallback;
}

/**
 * Every invocable path (command, command sub, command group sub), sorted like Discord's picker.
 * @param {any[]} commands
 * @param {string} locale
 * @returns {Leaf[]}
 */
export function flattenCommands(commands, locale) {
  /** @type {Leaf[]} */
  const leaves = [];
  const name = (/** @type {any} */ o) => localized(o.name_localizations, locale, o.name);
  const desc = (/** @type {any} */ o) => localized(o.description_localizations, locale, o.description ?? '');
  for (const c of commands ?? []) {
    if (c.type !== undefined && c.type !== 1) continue; // user/message context-menu commands have no slash form
    const opts = c.options ?? [];
    const subs = opts.filter((/** @type {any} */ o) => o.type === OPT.SUB_COMMAND || o.type === OPT.SUB_COMMAND_GROUP);
    if (subs.length === 0) {
      leaves.push({ path: [c.name], labels: [name(c)], description: desc(c), options: opts });
      continue;
    }
    for (const s of subs) {
      if (s.type === OPT.SUB_COMMAND) {
        leaves.push({ path: [c.name, s.name], labels: [name(c), name(s)], description: desc(s), options: s.options ?? [] });
      } else {
        for (const g of s.options ?? []) {
          if (g.type !== OPT.SUB_COMMAND) continue;
          leaves.push({ path: [c.name, s.name, g.name], labels: [name(c), name(s), name(g)], description: desc(g), options: g.options ?? [] });
        }
      }
    }
  }
  leaves.sort((a, b) => a.labels.join(' ').localeCompare(b.labels.join(' ')));
  return leaves;
}

/** @param {string} s */
const norm = (s) => s.toLowerCase();

/**
 * Reads a command line: `/game new opponent:@Bob system:m3e`.
 * @param {string} text
 * @param {Leaf[]} leaves
 * @param {string} locale
 * @returns {{ leaf: Leaf | null, exact: boolean, query: string, values: Map<string, string> }}
 *   exact: the text is the leaf path with nothing after it (no space yet).
 */
export function parseCommandLine(text, leaves, locale) {
  const values = new Map();
  if (!text.startsWith('/')) return { leaf: null, exact: false, query: '', values };
  const body = text.slice(1);
  const query = norm(body.replace(/\s+/g, ' ').trimStart());
  const words = body.split(/\s+/);
  /** @type {Leaf | null} */
  let best = null;
  for (const leaf of leaves) {
    const n = leaf.path.length;
    if (words.length < n) continue;
    let ok = true;
    for (let i = 0; i < n && ok; i++) {
      const w = norm(words[i] ?? '');
      ok = w === norm(leaf.path[i] ?? '') || w === norm(leaf.labels[i] ?? '');
    }
    if (ok && (!best || n > best.path.length)) best = leaf;
  }
  if (!best) return { leaf: null, exact: false, query, values };
  // Everything after the path words.
  const pathRe = new RegExp(`^\\S+${'\\s+\\S+'.repeat(best.path.length - 1)}`);
  const rest = body.replace(pathRe, '');
  const exact = rest === '';
  parseValues(rest, best, locale, values);
  return { leaf: best, exact, query, values };
}

/**
 * `key:value key2:"two words"`; a value runs to the next known `key:`.
 * @param {string} rest @param {Leaf} leaf @param {string} locale @param {Map<string, string>} into
 */
function parseValues(rest, leaf, locale, into) {
  /** @type {Map<string, string>} lower-cased typed name → canonical option name */
  const names = new Map();
  for (const o of leaf.options) {
    names.set(norm(o.name), o.name);
    names.set(norm(localized(o.name_localizations, locale, o.name)), o.name);
  }
  if (names.size === 0) return;
  const alternatives = [...names.keys()].sort((a, b) => b.length - a.length).map(escapeRe).join('|');
  const re = new RegExp(`(?:^|\\s)(${alternatives}):`, 'gi');
  /** @type {{ name: string, start: number, end: number }[]} */
  const hits = [];
  let m;
  while ((m = re.exec(rest))) hits.push({ name: names.get(norm(m[1] ?? '')) ?? '', start: m.index, end: m.index + m[0].length });
  hits.forEach((hit, i) => {
    let v = rest.slice(hit.end, hits[i + 1]?.start ?? rest.length).trim();
    const q = /^"(.*)"$/s.exec(v) ?? /^'(.*)'$/s.exec(v);
    if (q) v = q[1] ?? '';
    into.set(hit.name, v);
  });
}

/** @param {string} s */
function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }

/**
 * @param {string} raw "@Bob", "<@123>", "123", "bob", "Bob the Builder"
 * @param {{ id: string, username: string, globalName?: string | null }[]} users
 */
export function resolveUser(raw, users) {
  const s = raw.trim();
  const id = /^<@!?(\d+)>$/.exec(s)?.[1] ?? s;
  const byId = users.find((u) => u.id === id);
  if (byId) return byId;
  const name = norm(s.replace(/^@/, ''));
  return users.find((u) => norm(u.username) === name) ?? users.find((u) => norm(u.globalName ?? '') === name) ?? null;
}

/**
 * @param {string} raw "@Referee", "<@&123>", "123", "referee"
 * @param {{ id: string, name: string }[]} roles
 */
export function resolveRole(raw, roles) {
  const s = raw.trim();
  const id = /^<@&(\d+)>$/.exec(s)?.[1] ?? s;
  return roles.find((r) => r.id === id) ?? roles.find((r) => norm(r.name) === norm(s)) ?? roles.find((r) => norm(r.name) === norm(s.replace(/^@/, ''))) ?? null;
}

/**
 * Converts raw strings (typed or picked) into typed option values, checking what Discord's client checks.
 * @param {Leaf} leaf
 * @param {Map<string, string>} raw canonical option name → raw string ('' = empty)
 * @param {{ users: any[], channels: any[], roles: { id: string, name: string }[], locale: string, t: (k: string, v?: Record<string, string | number>) => string }} ctx
 * @returns {{ ok: true, values: { name: string, type: number, value: string | number | boolean }[] } | { ok: false, error: string, field?: string }}
 */
export function convertValues(leaf, raw, ctx) {
  /** @type {{ name: string, type: number, value: string | number | boolean }[]} */
  const values = [];
  for (const o of leaf.options) {
    const label = localized(o.name_localizations, ctx.locale, o.name);
    const s = (raw.get(o.name) ?? '').trim();
    if (s === '') {
      if (o.required) return { ok: false, error: ctx.t('required', { name: label }), field: o.name };
      continue;
    }
    const fail = (/** @type {string} */ key, /** @type {Record<string, string | number>} */ vars = {}) =>
      ({ ok: /** @type {const} */ (false), error: ctx.t(key, { name: label, value: s, ...vars }), field: o.name });
    /** @type {string | number | boolean} */
    let value;
    if (Array.isArray(o.choices) && o.choices.length) {
      const choice = o.choices.find((/** @type {any} */ c) => String(c.value) === s)
        ?? o.choices.find((/** @type {any} */ c) => norm(c.name) === norm(s) || norm(localized(c.name_localizations, ctx.locale, c.name)) === norm(s));
      if (!choice) return fail('notChoice', { choices: o.choices.map((/** @type {any} */ c) => String(c.value)).join(', ') });
      value = choice.value;
    } else {
      switch (o.type) {
        case OPT.INTEGER:
        case OPT.NUMBER: {
          if (o.type === OPT.INTEGER ? !/^[+-]?\d+$/.test(s) : !Number.isFinite(Number(s))) return fail(o.type === OPT.INTEGER ? 'notInteger' : 'notNumber');
          const n = Number(s);
          if (typeof o.min_value === 'number' && n < o.min_value) return fail('tooSmall', { min: o.min_value });
          if (typeof o.max_value === 'number' && n > o.max_value) return fail('tooBig', { max: o.max_value });
          value = n;
          break;
        }
        case OPT.BOOLEAN: {
          const b = norm(s);
          if (['true', 'yes', 'oui', 'vrai', '1', 'on'].includes(b)) value = true;
          else if (['false', 'no', 'non', 'faux', '0', 'off'].includes(b)) value = false;
          else return fail('notBoolean');
          break;
        }
        case OPT.USER:
        case OPT.MENTIONABLE: {
          // A mentionable is a member or, failing that, a role — as Discord's picker lists them.
          const found = resolveUser(s, ctx.users) ?? (o.type === OPT.MENTIONABLE ? resolveRole(s, ctx.roles) : null);
          if (!found) return fail('unknownUser');
          value = found.id;
          break;
        }
        case OPT.CHANNEL: {
          const id = /^<#(\d+)>$/.exec(s)?.[1] ?? s;
          const ch = ctx.channels.find((c) => c.id === id) ?? ctx.channels.find((c) => norm(c.name) === norm(s.replace(/^#/, '')));
          if (!ch) return fail('unknownChannel');
          value = ch.id;
          break;
        }
        case OPT.ROLE: {
          const role = resolveRole(s, ctx.roles);
          if (!role) return fail('unknownRole');
          value = role.id;
          break;
        }
        case OPT.ATTACHMENT:
          return fail('unsupported');
        default: {
          if (typeof o.min_length === 'number' && s.length < o.min_length) return fail('tooShort', { min: o.min_length });
          if (typeof o.max_length === 'number' && s.length > o.max_length) return fail('tooLong', { max: o.max_length });
          value = s;
        }
      }
    }
    values.push({ name: o.name, type: o.type, value });
  }
  return { ok: true, values };
}

/**
 * Wraps leaf values in their subcommand / group, as Discord sends them.
 * @param {Leaf} leaf
 * @param {{ name: string, type: number, value: unknown }[]} values
 * @returns {{ name: string, options: any[] }}
 */
export function interactionOptions(leaf, values) {
  const [cmd, a, b] = leaf.path;
  if (leaf.path.length === 1) return { name: cmd ?? '', options: values };
  if (leaf.path.length === 2) return { name: cmd ?? '', options: [{ name: a, type: OPT.SUB_COMMAND, options: values }] };
  return { name: cmd ?? '', options: [{ name: a, type: OPT.SUB_COMMAND_GROUP, options: [{ name: b, type: OPT.SUB_COMMAND, options: values }] }] };
}
