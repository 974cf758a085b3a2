// Fatekeeper sandbox page: plays the role of Discord's client against the local Discord double.
// Everything shown is fetched for the *current viewer*; nothing rendered for one user is reused for another.
import { h, colourFor, initials } from './dom.js';
import { renderMessage, isEphemeral } from './render.js';
import { Composer } from './composer.js';
import { flattenCommands } from './commands.js';
import { translator } from './i18n.js';
import { showModal, closeModal } from './modal.js';

const API = '/sandbox/api';
const POLL_MS = 2000;
const GROUP_MS = 7 * 60 * 1000;

/** @typedef {{ id: string, username: string, globalName?: string | null, locale?: string }} User */
/** @typedef {{ id: string, name: string, parentId?: string }} Channel */
/** @typedef {{ id: string, name: string }} Role */

const state = {
  /** @type {{ id: string, name: string, locale?: string }} */ guild: { id: '', name: '' },
  /** @type {Channel[]} */ channels: [],
  /** @type {User[]} */ users: [],
  /** @type {Role[]} */ roles: [],
  /** @type {any[]} */ commands: [],
  /** @type {import('./commands.js').Leaf[]} */ leaves: [],
  viewerId: '',
  /** a guild channel id, or 'dm' for the viewer's DM with the bot */
  channelId: '',
  /** @type {{ id: string, username: string } | null} */ bot: null,
  /** viewer id → id of their DM channel with the bot, once the double told us */
  /** @type {Map<string, string>} */ dmChannels: new Map(),
  seq: 0,
  applied: 0,
  /** per `${viewer}|${channel}`: the newest unread check sent and the newest applied (older answers are dropped) */
  /** @type {Map<string, { sent: number, applied: number }>} */ unreadSeq: new Map(),
  /** rendered messages of the current view only: id → { sig, el } */
  rendered: new Map(),
  viewKey: '',
  /** message ids a viewer has seen, per `${viewer}|${channel}` — ids only, never content */
  /** @type {Map<string, Set<string>>} */ seen: new Map(),
  /** @type {Set<string>} */ dismissed: new Set(),
  /** @type {ReturnType<typeof setInterval> | null} */ poller: null,
  /** @type {EventSource | null} */ stream: null,
  t: translator('en'),
};

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const els = {
  guildIcon: $('guild-icon'),
  guildName: $('guild-name'),
  channelList: $('channel-list'),
  dmEntry: /** @type {HTMLButtonElement} */ ($('dm-entry')),
  dmName: $('dm-name'),
  textLabel: $('text-channels-label'),
  dmLabel: $('dm-label'),
  viewerAvatar: $('viewer-avatar'),
  viewerName: $('viewer-name'),
  viewerUsername: $('viewer-username'),
  switcher: /** @type {HTMLSelectElement} */ ($('user-switcher')),
  localeSwitcher: /** @type {HTMLSelectElement} */ ($('locale-switcher')),
  guildLocaleSwitcher: /** @type {HTMLSelectElement} */ ($('guild-locale-switcher')),
  switcherLabel: $('viewer-switch-label'),
  title: $('channel-title'),
  titleText: $('channel-title-text'),
  live: $('live-status'),
  scroller: $('messages'),
  list: $('message-list'),
  intro: $('channel-intro'),
  error: $('error-banner'),
  errorText: $('error-text'),
  errorClose: $('error-close'),
  form: /** @type {HTMLFormElement} */ ($('composer')),
  input: /** @type {HTMLInputElement} */ ($('command-input')),
  popup: $('cmd-popup'),
  fields: $('cmd-form'),
  send: /** @type {HTMLButtonElement} */ ($('send-button')),
  menu: $('menu-toggle'),
  scrim: $('scrim'),
};

// ---------------------------------------------------------------------------------------------- HTTP

/** @param {string} path */
async function getJSON(path) {
  const res = await fetch(API + path, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return res.json();
}

/** @param {string} path @param {unknown} body @returns {Promise<{ ok: boolean, error?: string, modal?: any }>} */
async function postJSON(path, body) {
  let res;
  try {
    res = await fetch(API + path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  } catch (err) {
    return { ok: false, error: String(/** @type {Error} */ (err)?.message ?? err) };
  }
  /** @type {any} */
  let data = null;
  try { data = await res.json(); } catch { /* empty or not JSON */ }
  if (data && typeof data === 'object' && 'ok' in data) return { ok: Boolean(data.ok), error: data.error ? String(data.error) : undefined, modal: data.modal ?? undefined, choices: Array.isArray(data.choices) ? data.choices : [] };
  return res.ok ? { ok: true } : { ok: false, error: data?.error ?? `${res.status} ${res.statusText}` };
}

// ------------------------------------------------------------------------------------------ helpers

const viewer = () => state.users.find((u) => u.id === state.viewerId);
const locale = () => viewer()?.locale ?? 'en-US';
const botName = () => state.bot?.username ?? state.t('bot');
/** @param {string} id */
const userName = (id) => {
  const u = state.users.find((x) => x.id === id);
  if (u) return u.globalName || u.username;
  if (state.bot && state.bot.id === id) return state.bot.username;
  return undefined;
};

/** @param {string} msg */
function showError(msg) {
  els.errorText.textContent = msg;
  els.error.hidden = false;
}
function clearError() {
  els.error.hidden = true;
  els.errorText.textContent = '';
}
els.errorClose.addEventListener('click', clearError);

/** @param {string} raw */
function findUser(raw) {
  const s = raw.toLowerCase().replace(/^@/, '');
  return state.users.find((u) => u.id === raw) ?? state.users.find((u) => u.username.toLowerCase() === s || (u.globalName ?? '').toLowerCase() === s);
}

/** @param {string} raw */
function findChannel(raw) {
  if (raw === 'dm') return 'dm';
  const s = raw.toLowerCase().replace(/^#/, '');
  return (state.channels.find((c) => c.id === raw) ?? state.channels.find((c) => c.name.toLowerCase() === s))?.id;
}

// ------------------------------------------------------------------------------------------- layout

function renderSidebar() {
  const t = state.t;
  els.guildName.textContent = state.guild.name;
  els.guildIcon.textContent = initials(state.guild.name);
  els.guildIcon.title = state.guild.name;
  const guildLocale = state.guild.locale ?? 'en-US';
  if (![...els.guildLocaleSwitcher.options].some((o) => o.value === guildLocale)) els.guildLocaleSwitcher.appendChild(h('option', { value: guildLocale }, guildLocale));
  els.guildLocaleSwitcher.value = guildLocale;
  els.guildLocaleSwitcher.title = t('serverLanguage');
  els.guildLocaleSwitcher.setAttribute('aria-label', t('serverLanguage'));
  els.textLabel.textContent = t('textChannels');
  els.dmLabel.textContent = t('directMessages');
  els.dmName.textContent = state.bot ? state.bot.username : t('directMessages');
  // Each text channel, then the threads started in it, indented under it as Discord lists them.
  const ordered = state.channels.filter((c) => !c.parentId).flatMap((c) => [c, ...state.channels.filter((x) => x.parentId === c.id)]);
  els.channelList.replaceChildren(...ordered.map((c) => h('li', null,
    h('button', {
      type: 'button',
      class: `channel${c.parentId ? ' thread' : ''}${c.id === state.channelId ? ' active' : ''}`,
      'data-testid': `channel-${c.name}`,
      'data-channel-id': c.id,
      'aria-current': c.id === state.channelId ? 'page' : undefined,
      title: c.parentId ? t('threadOf', { channel: state.channels.find((x) => x.id === c.parentId)?.name ?? '' }) : undefined,
      onclick: () => void selectView(state.viewerId, c.id),
    }, h('span', { class: 'hash', 'aria-hidden': 'true' }, c.parentId ? '🧵' : '#'), h('span', { class: 'channel-name' }, c.name),
    h('span', { class: 'unread-dot', 'data-testid': `unread-${c.name}`, hidden: true, 'aria-label': 'unread' })))));
  els.dmEntry.classList.toggle('active', state.channelId === 'dm');
  if (state.channelId === 'dm') els.dmEntry.setAttribute('aria-current', 'page'); else els.dmEntry.removeAttribute('aria-current');
}

function renderViewer() {
  const v = viewer();
  const t = state.t;
  document.documentElement.lang = (locale().split('-')[0]) || 'en';
  els.switcherLabel.textContent = t('viewingAs');
  els.switcher.setAttribute('aria-label', t('viewingAs'));
  els.switcher.value = state.viewerId;
  els.viewerName.textContent = v ? v.globalName || v.username : '?';
  els.viewerUsername.textContent = v ? `@${v.username}` : '';
  els.viewerAvatar.textContent = initials(v ? v.globalName || v.username : '?');
  els.viewerAvatar.style.background = colourFor(state.viewerId);
  els.send.textContent = t('send');
  els.menu.setAttribute('aria-label', t('channels'));
  const loc = locale();
  if (![...els.localeSwitcher.options].some((o) => o.value === loc)) els.localeSwitcher.appendChild(h('option', { value: loc }, loc));
  els.localeSwitcher.value = loc;
  els.localeSwitcher.title = t('language');
  els.localeSwitcher.setAttribute('aria-label', t('language'));
}

/** The switcher's label for a user: their name, and their language when it is not English. @param {User} u */
const switcherLabel = (u) => `${u.globalName || u.username}${u.locale && !u.locale.startsWith('en') ? ` (${u.locale})` : ''}`;

/**
 * Changes the viewer's Discord language, as User Settings → Language would: the page is redrawn in it,
 * and the commands and clicks they send from now on carry it as interaction.locale.
 * @param {string} next
 */
async function setViewerLocale(next) {
  const v = viewer();
  if (!v || next === v.locale) return;
  const res = await postJSON('/user', { id: v.id, locale: next });
  if (!res.ok) {
    showError(state.t('languageFailed', { error: res.error ?? '' }));
    els.localeSwitcher.value = locale();
    return;
  }
  v.locale = next;
  const opt = [...els.switcher.options].find((o) => o.value === v.id);
  if (opt) opt.textContent = switcherLabel(v);
  state.t = translator(locale());
  state.leaves = flattenCommands(state.commands, locale());
  composer.reset();
  clearError();
  // Every label on screen ("Only you can see this", "used /…", times) is in the old language: draw again.
  state.rendered.clear();
  els.list.replaceChildren();
  renderSidebar();
  renderViewer();
  renderTitle();
  await refresh(true);
}

/**
 * Changes the server's Discord language, as Server Settings would: the commands and clicks sent from the
 * server from now on carry it as interaction.guild_locale. The page's own words stay in the viewer's.
 * @param {string} next
 */
async function setGuildLocale(next) {
  if (next === state.guild.locale) return;
  const res = await postJSON('/guild', { locale: next });
  if (!res.ok) {
    showError(state.t('languageFailed', { error: res.error ?? '' }));
    els.guildLocaleSwitcher.value = state.guild.locale ?? 'en-US';
    return;
  }
  state.guild.locale = next;
  clearError();
}

function renderTitle() {
  const dm = state.channelId === 'dm';
  const ch = state.channels.find((c) => c.id === state.channelId);
  els.title.classList.toggle('dm', dm);
  const hash = /** @type {HTMLElement} */ (els.title.querySelector('.hash'));
  hash.textContent = dm ? '@' : '#';
  els.titleText.textContent = dm ? botName() : ch?.name ?? '';
  els.input.placeholder = dm ? state.t('placeholderDm', { bot: botName() }) : state.t('placeholder', { channel: ch?.name ?? '' });
  // The top of the conversation, as Discord shows it, with a word on how the sandbox works.
  els.intro.replaceChildren(
    dm
      ? h('span', { class: 'intro-icon bot-avatar', 'aria-hidden': 'true' }, initials(botName()))
      : h('span', { class: 'intro-icon', 'aria-hidden': 'true' }, '#'),
    h('h2', null, dm ? botName() : state.t('welcome', { channel: ch?.name ?? '' })),
    h('p', null, dm ? state.t('dmStart', { bot: botName() }) : state.t('channelStart', { channel: ch?.name ?? '' })),
    h('p', { class: 'intro-hint' }, state.t('sandboxHint')));
  document.title = `${dm ? `@${botName()}` : `#${ch?.name ?? ''}`} · ${viewer()?.globalName ?? viewer()?.username ?? ''} · Fatekeeper sandbox`;
}

function updateUrl() {
  const url = new URL(location.href);
  const v = viewer();
  url.searchParams.set('user', v ? v.username : state.viewerId);
  const ch = state.channels.find((c) => c.id === state.channelId);
  url.searchParams.set('channel', state.channelId === 'dm' ? 'dm' : ch?.name ?? state.channelId);
  history.replaceState(null, '', url);
}

/** @param {boolean} open */
function setDrawer(open) {
  document.body.classList.toggle('sidebar-open', open);
  els.menu.setAttribute('aria-expanded', String(open));
  els.scrim.hidden = !open;
}
els.menu.addEventListener('click', () => setDrawer(!document.body.classList.contains('sidebar-open')));
els.scrim.addEventListener('click', () => setDrawer(false));
els.dmEntry.addEventListener('click', () => void selectView(state.viewerId, 'dm'));
els.list.addEventListener('click', (ev) => {
  const mention = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (ev.target).closest?.('.mention[data-channel-id]'));
  const id = mention?.dataset.channelId;
  if (id && state.channels.some((c) => c.id === id)) void selectView(state.viewerId, id);
});
els.switcher.addEventListener('change', () => void selectView(els.switcher.value, state.channelId));
els.localeSwitcher.addEventListener('change', () => void setViewerLocale(els.localeSwitcher.value));
els.guildLocaleSwitcher.addEventListener('change', () => void setGuildLocale(els.guildLocaleSwitcher.value));

// -------------------------------------------------------------------------------------------- views

/**
 * Switch whose eyes we look through and/or which channel is open.
 * @param {string} viewerId @param {string} channelId
 */
async function selectView(viewerId, channelId) {
  const viewerChanged = viewerId !== state.viewerId;
  state.viewerId = viewerId;
  state.channelId = channelId;
  const key = `${viewerId}|${channelId}`;
  if (key !== state.viewKey) {
    // Never keep another view's DOM around: a different viewer may not see the same messages.
    state.viewKey = key;
    delete document.body.dataset.view;
    state.rendered.clear();
    els.list.replaceChildren();
  }
  if (viewerChanged) {
    // A modal belongs to the user it was shown to: looking through other eyes closes it.
    closeModal();
    state.t = translator(locale());
    state.leaves = flattenCommands(state.commands, locale());
    composer.reset();
    clearError();
    for (const dot of document.querySelectorAll('.unread-dot')) /** @type {HTMLElement} */ (dot).hidden = true;
  }
  setDrawer(false);
  renderSidebar();
  renderViewer();
  renderTitle();
  updateUrl();
  await refresh(true);
  if (viewerChanged) {
    void checkUnread('dm');
    for (const c of state.channels) if (c.id !== channelId) void checkUnread(c.id);
  }
}

/** Fetch the visible channel for the current viewer and render it. @param {boolean} [toEnd] */
async function refresh(toEnd = false) {
  const seq = ++state.seq;
  const viewerId = state.viewerId;
  const channelId = state.channelId;
  /** @type {any[]} */
  let messages;
  try {
    messages = await fetchMessages(viewerId, channelId);
  } catch (err) {
    if (viewerId === state.viewerId && channelId === state.channelId) showError(state.t('loadFailed', { error: String(/** @type {Error} */ (err)?.message ?? err) }));
    return;
  }
  // A slower, older answer, or one for a view we already left, must not overwrite the current one.
  if (viewerId !== state.viewerId || channelId !== state.channelId || seq < state.applied) return;
  state.applied = seq;
  learnBot(messages);
  renderMessages(sortMessages(messages), toEnd);
  // Test hook: which view the list on screen belongs to ("viewerId|channelId"), set once it is loaded.
  document.body.dataset.view = `${viewerId}|${channelId}`;
  state.seen.set(`${viewerId}|${channelId}`, new Set(messages.map((m) => String(m.id))));
  setUnread(channelId, false);
}

/** @param {string} viewerId @param {string} channelId @returns {Promise<any[]>} */
async function fetchMessages(viewerId, channelId) {
  const data = await getJSON(`/messages?viewer=${encodeURIComponent(viewerId)}&channel=${encodeURIComponent(channelId)}`);
  if (channelId === 'dm' && typeof data?.channelId === 'string') state.dmChannels.set(viewerId, data.channelId);
  return Array.isArray(data?.messages) ? data.messages.filter((/** @type {any} */ m) => !m.deleted) : [];
}

/** @param {any[]} messages */
function learnBot(messages) {
  if (state.bot) return;
  const m = messages.find((x) => x.author?.bot);
  if (!m) return;
  state.bot = { id: m.author.id, username: m.author.global_name || m.author.username };
  els.dmName.textContent = state.bot.username;
  renderTitle();
}

/** @param {any[]} messages */
function sortMessages(messages) {
  const time = (/** @type {any} */ m) => { const n = Date.parse(m.timestamp ?? ''); return Number.isNaN(n) ? null : n; };
  return messages.map((m, i) => ({ m, i })).sort((a, b) => {
    const ta = time(a.m), tb = time(b.m);
    if (ta !== null && tb !== null && ta !== tb) return ta - tb;
    return a.i - b.i;
  }).map((x) => x.m);
}

/** @param {any[]} messages @param {boolean} toEnd */
function renderMessages(messages, toEnd) {
  const sc = els.scroller;
  const nearBottom = sc.scrollHeight - sc.scrollTop - sc.clientHeight < 120;
  const visible = messages.filter((m) => !state.dismissed.has(`${state.viewerId}|${m.id}`));
  const ctx = renderContext();
  /** @type {Map<string, { sig: string, el: HTMLElement }>} */
  const next = new Map();
  /** @type {any} */
  let prev = null;
  const nodes = visible.map((m) => {
    const grouped = Boolean(prev && prev.author?.id === m.author?.id && !m.interaction?.name && isEphemeral(prev) === isEphemeral(m)
      && Math.abs(Date.parse(m.timestamp ?? '') - Date.parse(prev.timestamp ?? '')) < GROUP_MS);
    prev = m;
    const mentioned = typeof m.content === 'string' && new RegExp(`<@!?${state.viewerId}>`).test(m.content);
    const sig = `${JSON.stringify(m)}|${grouped}|${mentioned}`;
    const old = state.rendered.get(String(m.id));
    let el;
    if (old && old.sig === sig) el = old.el;
    else {
      el = renderMessage(m, ctx, { grouped });
      if (mentioned) el.classList.add('mentioned');
      for (const img of el.querySelectorAll('img')) img.addEventListener('load', () => { if (stickToBottom) sc.scrollTop = sc.scrollHeight; });
    }
    next.set(String(m.id), { sig, el });
    return el;
  });
  // Move/insert in order without rebuilding untouched messages (keeps open selects and focus).
  nodes.forEach((el, i) => { if (els.list.children[i] !== el) els.list.insertBefore(el, els.list.children[i] ?? null); });
  while (els.list.children.length > nodes.length) els.list.lastElementChild?.remove();
  state.rendered = next;
  if (toEnd || nearBottom) {
    sc.scrollTop = sc.scrollHeight;
    stickToBottom = true;
  }
}
let stickToBottom = true;
els.scroller.addEventListener('scroll', () => {
  const sc = els.scroller;
  stickToBottom = sc.scrollHeight - sc.scrollTop - sc.clientHeight < 120;
});

/** @returns {import('./render.js').RenderContext} */
function renderContext() {
  return {
    users: state.users,
    channels: state.channels,
    roles: state.roles,
    locale: locale(),
    t: state.t,
    userName,
    // "game new" → "partie nouvelle" for a French viewer, as Discord shows it.
    commandLabel: (name) => state.leaves.find((l) => l.path.join(' ') === name)?.labels.join(' ') ?? name,
    onButton: (m, c, btn) => void clickButton(m, c, btn),
    onSelect: (m, c, values, el) => void submitSelect(m, c, values, el),
    onDismiss: (m) => {
      state.dismissed.add(`${state.viewerId}|${m.id}`);
      void refresh();
    },
  };
}

/** @param {any} m @param {any} c @param {HTMLButtonElement} btn */
async function clickButton(m, c, btn) {
  btn.disabled = true;
  btn.classList.add('pending');
  const res = await postJSON('/component', { viewer: state.viewerId, channel: state.channelId, messageId: m.id, customId: c.custom_id });
  btn.classList.remove('pending');
  btn.disabled = Boolean(c.disabled);
  if (!res.ok) showError(res.error || state.t('failed'));
  else clearError();
  openModal(res.modal);
  void refresh();
}

/** @param {any} m @param {any} c @param {string[]} values @param {HTMLElement} el */
async function submitSelect(m, c, values, el) {
  el.classList.add('pending');
  el.setAttribute('aria-busy', 'true');
  const res = await postJSON('/component', { viewer: state.viewerId, channel: state.channelId, messageId: m.id, customId: c.custom_id, values });
  el.classList.remove('pending');
  el.removeAttribute('aria-busy');
  if (!res.ok) showError(res.error || state.t('failed'));
  else clearError();
  openModal(res.modal);
  void refresh();
}

/**
 * The bot answered with a modal: show it to the viewer it was shown to. Submit sends a MODAL_SUBMIT
 * through the double; Cancel tells the double the modal is closed (the bot hears nothing, as on Discord).
 * @param {any} modal
 */
function openModal(modal) {
  if (!modal) return;
  const viewerId = state.viewerId;
  showModal(modal, {
    t: (k, v) => state.t(k, v),
    submit: async (values) => {
      const res = await postJSON('/modal', { viewer: viewerId, customId: modal.customId, values });
      if (res.ok) clearError();
      void refresh(true);
      return res;
    },
    cancel: () => void postJSON('/modal/dismiss', { viewer: viewerId }),
  });
}

// -------------------------------------------------------------------------------------------- unread

/** @param {string} channelId @param {boolean} on */
function setUnread(channelId, on) {
  const dot = channelId === 'dm'
    ? /** @type {HTMLElement | null} */ (els.dmEntry.querySelector('.unread-dot'))
    : /** @type {HTMLElement | null} */ (els.channelList.querySelector(`[data-channel-id="${CSS.escape(channelId)}"] .unread-dot`));
  if (dot) dot.hidden = !on;
  const entry = channelId === 'dm' ? els.dmEntry : els.channelList.querySelector(`[data-channel-id="${CSS.escape(channelId)}"]`);
  entry?.classList.toggle('unread', on);
}

/** Is there something new for the current viewer in a channel they are not looking at? @param {string} channelId */
async function checkUnread(channelId) {
  if (channelId === state.channelId) return;
  const viewerId = state.viewerId;
  const key = `${viewerId}|${channelId}`;
  const order = state.unreadSeq.get(key) ?? { sent: 0, applied: 0 };
  state.unreadSeq.set(key, order);
  const seq = ++order.sent;
  let messages;
  try {
    messages = await fetchMessages(viewerId, channelId);
  } catch {
    return;
  }
  if (viewerId !== state.viewerId || channelId === state.channelId) return;
  // Checks overlap (each bot message triggers one): an answer older than one already applied is stale.
  if (seq < order.applied) return;
  order.applied = seq;
  learnBot(messages);
  const seen = state.seen.get(key);
  const fromOthers = messages.filter((m) => m.author?.id !== viewerId);
  if (!seen) {
    if (channelId === 'dm') {
      // A DM never opened in this session: anything the bot sent is news.
      setUnread('dm', fromOthers.length > 0);
    } else {
      // Guild channels start as read; only what arrives from now on counts.
      state.seen.set(key, new Set(messages.map((m) => String(m.id))));
    }
    return;
  }
  setUnread(channelId, fromOthers.some((m) => !seen.has(String(m.id))));
}

// ------------------------------------------------------------------------------------- live updates

/** @type {Set<string>} */
const pendingChanges = new Set();
/** @type {ReturnType<typeof setTimeout> | null} */
let changeTimer = null;

/** @param {string | undefined} channelId */
function onChange(channelId) {
  pendingChanges.add(channelId ?? '*');
  if (changeTimer) return;
  changeTimer = setTimeout(() => {
    changeTimer = null;
    const changed = [...pendingChanges];
    pendingChanges.clear();
    const guildIds = new Set(state.channels.map((c) => c.id));
    let current = false;
    for (const id of changed) {
      if (id === '*' || id === state.channelId) current = true;
      else if (guildIds.has(id)) void checkUnread(id);
      else {
        // A DM channel: ours if we know its id; if we do not know it yet, it may be ours (just opened).
        const mine = state.dmChannels.get(state.viewerId);
        if (mine && mine !== id) continue;
        if (state.channelId === 'dm') current = true;
        else void checkUnread('dm');
      }
    }
    if (current) void refresh();
  }, 40);
}

/** A thread was started: the list shows it (and a link to it can open it). @param {Channel[]} channels */
function setChannels(channels) {
  state.channels = channels;
  renderSidebar();
}

function startPolling() {
  if (state.poller) return;
  setLive(false);
  state.poller = setInterval(() => {
    void refresh();
    // Without the stream, new threads come with the polls.
    void getJSON('/channels').then((data) => { if (Array.isArray(data?.channels) && data.channels.length !== state.channels.length) setChannels(data.channels); }).catch(() => {});
    if (state.channelId !== 'dm') void checkUnread('dm');
  }, POLL_MS);
}
function stopPolling() {
  if (state.poller) clearInterval(state.poller);
  state.poller = null;
  setLive(true);
}
/** @param {boolean} on */
function setLive(on) {
  els.live.classList.toggle('on', on);
  els.live.classList.toggle('off', !on);
  els.live.title = on ? state.t('live') : state.t('polling');
  els.live.setAttribute('aria-label', els.live.title);
  els.live.dataset.mode = on ? 'stream' : 'polling';
}

function connectStream() {
  if (typeof EventSource === 'undefined') { startPolling(); return; }
  const es = new EventSource(`${API}/stream`);
  state.stream = es;
  es.addEventListener('open', () => {
    stopPolling();
    // Whatever happened while we were disconnected.
    void refresh();
  });
  es.addEventListener('change', (ev) => {
    /** @type {any} */
    let data = {};
    try { data = JSON.parse(/** @type {MessageEvent} */ (ev).data); } catch { /* a bare ping */ }
    onChange(typeof data?.channelId === 'string' ? data.channelId : undefined);
  });
  es.addEventListener('channels', (ev) => {
    /** @type {any} */
    let data = {};
    try { data = JSON.parse(/** @type {MessageEvent} */ (ev).data); } catch { return; }
    if (Array.isArray(data?.channels)) setChannels(data.channels);
  });
  es.addEventListener('error', () => {
    startPolling();
    if (es.readyState === EventSource.CLOSED) {
      state.stream = null;
      setTimeout(connectStream, 5000);
    }
  });
}

// ---------------------------------------------------------------------------------------------- boot

const composer = new Composer(
  { form: els.form, input: els.input, popup: els.popup, fields: els.fields, send: els.send },
  {
    leaves: () => state.leaves,
    users: () => state.users,
    channels: () => state.channels,
    roles: () => state.roles,
    locale,
    t: (k, v) => state.t(k, v),
    send: async (payload) => {
      const res = await postJSON('/command', { viewer: state.viewerId, channel: state.channelId, name: payload.name, options: payload.options });
      openModal(res.modal);
      void refresh(true);
      return res;
    },
    complete: async (ask) => {
      const res = await postJSON('/autocomplete', { viewer: state.viewerId, channel: state.channelId, ...ask });
      return res.ok ? res.choices : [];
    },
    showError,
    clearError,
  },
);

async function boot() {
  /** @type {any} */
  let data;
  try {
    data = await getJSON('/bootstrap');
  } catch (err) {
    showError(state.t('loadFailed', { error: String(/** @type {Error} */ (err)?.message ?? err) }));
    setTimeout(boot, 2000);
    return;
  }
  state.guild = data.guild ?? { id: '', name: 'Sandbox' };
  state.channels = data.channels ?? [];
  state.users = data.users ?? [];
  state.roles = data.roles ?? [];
  state.commands = data.commands ?? [];
  if (data.bot?.id) state.bot = { id: String(data.bot.id), username: String(data.bot.globalName || data.bot.username || 'Bot') };
  els.switcher.replaceChildren(...state.users.map((u) => h('option', { value: u.id, 'data-username': u.username }, switcherLabel(u))));
  const params = new URLSearchParams(location.search);
  const v = (params.get('user') && findUser(/** @type {string} */ (params.get('user')))) || state.users[0];
  const ch = (params.get('channel') && findChannel(/** @type {string} */ (params.get('channel')))) || state.channels[0]?.id || 'dm';
  clearError();
  await selectView(v?.id ?? '', ch);
  connectStream();
  document.body.dataset.ready = 'true';
}

void boot();
