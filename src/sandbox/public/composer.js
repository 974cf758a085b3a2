// The slash-command box: "/" opens the command picker, a chosen command opens a form of its options,
// Enter sends. A full line such as `/game new opponent:@Bob system:m3e` works too.
import { h } from './dom.js';
import { OPT, convertValues, interactionOptions, localized, parseCommandLine, resolveRole, resolveUser } from './commands.js';

/**
 * @typedef {import('./commands.js').Leaf} Leaf
 * @typedef {{
 *   leaves: () => Leaf[],
 *   users: () => { id: string, username: string, globalName?: string | null, locale?: string }[],
 *   channels: () => { id: string, name: string }[],
 *   roles: () => { id: string, name: string }[],
 *   locale: () => string,
 *   t: (key: string, vars?: Record<string, string | number>) => string,
 *   send: (payload: { name: string, options: any[] }) => Promise<{ ok: boolean, error?: string }>,
 *   complete: (ask: { name: string, focused: string, value: string, options: Record<string, string> }) => Promise<{ name: string, value: string | number }[]>,
 *   showError: (message: string) => void,
 *   clearError: () => void,
 * }} ComposerDeps
 */

export class Composer {
  /**
   * @param {{ form: HTMLFormElement, input: HTMLInputElement, popup: HTMLElement, fields: HTMLElement, send: HTMLButtonElement }} els
   * @param {ComposerDeps} deps
   */
  constructor(els, deps) {
    this.els = els;
    this.deps = deps;
    /** @type {Leaf | null} */
    this.leaf = null;
    /** @type {Leaf[]} */
    this.suggestions = [];
    this.active = 0;
    /** @type {Map<string, HTMLInputElement | HTMLSelectElement>} */
    this.controls = new Map();
    this.busy = false;

    els.input.addEventListener('input', () => {
      // A new line is a new attempt: the complaint about the last one no longer applies.
      this.deps.clearError();
      this.onInput();
    });
    // Escape in an option field leaves the command, as in Discord (the line itself handles its own Escape).
    els.fields.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Escape' || ev.defaultPrevented) return;
      ev.preventDefault();
      this.reset();
      this.deps.clearError();
      this.els.input.focus();
    });
    els.input.addEventListener('keydown', (ev) => this.onKeyDown(ev));
    els.input.addEventListener('blur', () => setTimeout(() => { if (!this.els.form.contains(document.activeElement)) this.hidePopup(); }, 150));
    els.input.addEventListener('focus', () => this.onInput());
    els.form.addEventListener('submit', (ev) => { ev.preventDefault(); void this.submit(); });
  }

  /** Forget everything (viewer or channel changed). */
  reset() {
    this.els.input.value = '';
    this.setLeaf(null);
    this.hidePopup();
  }

  onInput() {
    const text = this.els.input.value;
    if (!text.startsWith('/')) {
      this.setLeaf(null);
      this.hidePopup();
      return;
    }
    const parsed = parseCommandLine(text, this.deps.leaves(), this.deps.locale());
    if (parsed.leaf !== this.leaf) this.setLeaf(parsed.leaf);
    // Typed key:value pairs fill the form, so both ways of entering stay in sync.
    for (const [name, raw] of parsed.values) this.fillControl(name, raw);
    if (parsed.leaf && !parsed.exact) this.hidePopup();
    else this.showSuggestions(parsed.query);
  }

  /** @param {string} query */
  showSuggestions(query) {
    const leaves = this.deps.leaves();
    const q = query.trim();
    const starts = leaves.filter((l) => l.labels.join(' ').toLowerCase().startsWith(q) || l.path.join(' ').toLowerCase().startsWith(q));
    const list = starts.length ? starts : leaves.filter((l) => l.labels.join(' ').toLowerCase().includes(q) || l.path.join(' ').toLowerCase().includes(q));
    // Discord's picker lists every command, scrolling; the cap of 25 is autocomplete's, not the picker's.
    this.suggestions = list;
    this.active = Math.min(this.active, Math.max(0, this.suggestions.length - 1));
    const popup = this.els.popup;
    popup.replaceChildren(h('div', { class: 'popup-title' }, this.deps.t('commandsTitle')));
    if (this.suggestions.length === 0) popup.appendChild(h('div', { class: 'popup-empty' }, this.deps.t('noCommand')));
    this.suggestions.forEach((leaf, i) => {
      const item = h('div', {
        class: `suggestion${i === this.active ? ' active' : ''}`,
        role: 'option',
        id: `suggestion-${i}`,
        'aria-selected': String(i === this.active),
        'data-testid': 'command-suggestion',
        'data-command': leaf.path.join(' '),
      },
      h('span', { class: 'suggestion-name' }, `/${leaf.labels.join(' ')}`),
      leaf.options.length ? h('span', { class: 'suggestion-args' }, leaf.options.map((o) => {
        const n = localized(o.name_localizations, this.deps.locale(), o.name);
        return o.required ? n : `[${n}]`;
      }).join(' ')) : null,
      h('span', { class: 'suggestion-desc' }, leaf.description));
      item.addEventListener('mousedown', (ev) => { ev.preventDefault(); this.pick(leaf); });
      popup.appendChild(item);
    });
    popup.hidden = false;
    this.els.input.setAttribute('aria-expanded', 'true');
    if (this.suggestions.length) this.els.input.setAttribute('aria-activedescendant', `suggestion-${this.active}`);
    // With the whole list in a scrolling popup, the arrow keys must not walk the highlight out of sight.
    popup.querySelector('.suggestion.active')?.scrollIntoView({ block: 'nearest' });
  }

  hidePopup() {
    this.els.popup.hidden = true;
    this.suggestions = [];
    this.els.input.setAttribute('aria-expanded', 'false');
    this.els.input.removeAttribute('aria-activedescendant');
  }

  /** @param {Leaf} leaf */
  pick(leaf) {
    this.els.input.value = `/${leaf.labels.join(' ')} `;
    this.setLeaf(leaf);
    this.hidePopup();
    const first = leaf.options.find((o) => o.required) ?? leaf.options[0];
    const ctl = first ? this.controls.get(first.name) : undefined;
    (ctl ?? this.els.input).focus();
  }

  /** @param {KeyboardEvent} ev */
  onKeyDown(ev) {
    const open = !this.els.popup.hidden && this.suggestions.length > 0;
    if (open && (ev.key === 'ArrowDown' || ev.key === 'ArrowUp')) {
      ev.preventDefault();
      const n = this.suggestions.length;
      this.active = (this.active + (ev.key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.showSuggestions(parseCommandLine(this.els.input.value, this.deps.leaves(), this.deps.locale()).query);
    } else if (open && (ev.key === 'Enter' || ev.key === 'Tab')) {
      const leaf = this.suggestions[this.active];
      // Enter on a line that already names a complete command with values sends it.
      if (ev.key === 'Enter' && this.leaf && leaf === this.leaf && !parseCommandLine(this.els.input.value, this.deps.leaves(), this.deps.locale()).exact) return;
      ev.preventDefault();
      if (leaf) this.pick(leaf);
    } else if (ev.key === 'Escape') {
      if (!this.els.popup.hidden) this.hidePopup();
      else { this.els.input.value = ''; this.setLeaf(null); }
    }
  }

  /** @param {Leaf | null} leaf */
  setLeaf(leaf) {
    this.leaf = leaf;
    this.controls.clear();
    const box = this.els.fields;
    box.replaceChildren();
    if (!leaf) { box.hidden = true; return; }
    const t = this.deps.t;
    box.appendChild(h('div', { class: 'cmd-form-header' },
      h('span', { class: 'cmd-form-name', 'data-testid': 'command-form-name' }, `/${leaf.labels.join(' ')}`),
      h('span', { class: 'cmd-form-desc' }, leaf.description)));
    if (leaf.options.length === 0) {
      box.appendChild(h('div', { class: 'cmd-form-none' }, t('noOptions')));
    } else {
      const grid = h('div', { class: 'cmd-fields' });
      for (const o of leaf.options) grid.appendChild(this.field(o));
      box.appendChild(grid);
    }
    box.hidden = false;
  }

  /** @param {any} o an application command option */
  field(o) {
    const locale = this.deps.locale();
    const t = this.deps.t;
    const id = `opt-${o.name}`;
    const label = localized(o.name_localizations, locale, o.name);
    const desc = localized(o.description_localizations, locale, o.description ?? '');
    const common = { id, name: o.name, 'data-testid': `option-${o.name}`, 'data-option-type': String(o.type), 'aria-required': o.required ? 'true' : 'false', 'aria-describedby': `${id}-desc` };
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let ctl;
    const choose = (/** @type {string} */ text) => h('option', { value: '' }, text);
    if (Array.isArray(o.choices) && o.choices.length) {
      ctl = /** @type {HTMLSelectElement} */ (h('select', { ...common, class: 'field-control' }, choose(t('choose')),
        o.choices.map((/** @type {any} */ c) => h('option', { value: String(c.value) }, localized(c.name_localizations, locale, c.name)))));
    } else if (o.type === OPT.BOOLEAN) {
      ctl = /** @type {HTMLSelectElement} */ (h('select', { ...common, class: 'field-control' }, choose(t('choose')),
        h('option', { value: 'true' }, t('yes')), h('option', { value: 'false' }, t('no'))));
    } else if (o.type === OPT.USER) {
      ctl = /** @type {HTMLSelectElement} */ (h('select', { ...common, class: 'field-control' }, choose(t('chooseUser')), this.memberOptions()));
    } else if (o.type === OPT.ROLE) {
      // Discord lists the server's roles, never asks for an id.
      ctl = /** @type {HTMLSelectElement} */ (h('select', { ...common, class: 'field-control' }, choose(t('chooseRole')), this.roleOptions()));
    } else if (o.type === OPT.MENTIONABLE) {
      ctl = /** @type {HTMLSelectElement} */ (h('select', { ...common, class: 'field-control' }, choose(t('chooseMentionable')),
        h('optgroup', { label: t('members') }, this.memberOptions()),
        h('optgroup', { label: t('roles') }, this.roleOptions())));
    } else if (o.type === OPT.CHANNEL) {
      ctl = /** @type {HTMLSelectElement} */ (h('select', { ...common, class: 'field-control' }, choose(t('choose')),
        this.deps.channels().map((c) => h('option', { value: c.id }, `#${c.name}`))));
    } else if (o.type === OPT.INTEGER || o.type === OPT.NUMBER) {
      ctl = /** @type {HTMLInputElement} */ (h('input', {
        ...common, class: 'field-control', type: 'number', inputmode: o.type === OPT.INTEGER ? 'numeric' : 'decimal',
        step: o.type === OPT.INTEGER ? '1' : 'any', min: o.min_value, max: o.max_value,
        placeholder: rangeHint(o),
      }));
    } else if (o.type === OPT.ATTACHMENT) {
      ctl = /** @type {HTMLInputElement} */ (h('input', { ...common, class: 'field-control', type: 'text', disabled: true, placeholder: t('unsupportedShort') }));
    } else {
      ctl = /** @type {HTMLInputElement} */ (h('input', {
        ...common, class: 'field-control', type: 'text', minlength: o.min_length, maxlength: o.max_length,
        placeholder: o.autocomplete ? t('typeValue') : '',
        ...(o.autocomplete ? { list: `${id}-choices`, autocomplete: 'off' } : {}),
      }));
    }
    const choices = o.autocomplete && ctl instanceof HTMLInputElement ? this.autocomplete(o.name, ctl, `${id}-choices`) : null;
    // Enter in a select sends too (inputs do it natively through the form).
    if (ctl instanceof HTMLSelectElement) {
      ctl.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); void this.submit(); } });
    }
    ctl.addEventListener('input', () => { ctl.removeAttribute('aria-invalid'); this.deps.clearError(); });
    this.controls.set(o.name, ctl);
    return h('div', { class: `field${o.required ? ' required' : ''}` },
      h('label', { for: id, class: 'field-label' }, label,
        o.required ? h('span', { class: 'req', title: t('requiredShort') }, ' *') : h('span', { class: 'optional' }, ` ${t('optional')}`)),
      ctl,
      ...(choices ? [choices] : []),
      h('span', { class: 'field-desc', id: `${id}-desc` }, desc));
  }

  /**
   * An option that autocompletes, as Discord's client runs it: as the user types, the bot is asked for
   * choices (with the options filled so far), shown under the input; picking one puts its value in.
   * @param {string} name @param {HTMLInputElement} input @param {string} id
   */
  autocomplete(name, input, id) {
    const list = /** @type {HTMLDataListElement} */ (h('datalist', { id, 'data-testid': `choices-${name}` }));
    let asked = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const ask = async () => {
      const leaf = this.leaf;
      if (!leaf) return;
      const mine = ++asked;
      /** @type {Record<string, string>} */
      const options = {};
      for (const [other, ctl] of this.controls) if (other !== name && ctl.value !== '') options[other] = ctl.value;
      let choices = [];
      try {
        choices = await this.deps.complete({ name: leaf.path.join(' '), focused: name, value: input.value, options });
      } catch {
        choices = [];
      }
      // An answer to older text is dropped: the user has typed on since.
      if (mine !== asked) return;
      list.replaceChildren(...choices.map((c) => h('option', { value: String(c.value), label: c.name }, c.name)));
    };
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void ask(), 150);
    };
    input.addEventListener('input', soon);
    input.addEventListener('focus', soon);
    return list;
  }

  memberOptions() {
    return this.deps.users().map((u) => h('option', { value: u.id }, `${u.globalName || u.username} (@${u.username})`));
  }

  roleOptions() {
    return this.deps.roles().map((r) => h('option', { value: r.id }, r.name.startsWith('@') ? r.name : `@${r.name}`));
  }

  /** @param {string} name @param {string} raw */
  fillControl(name, raw) {
    const ctl = this.controls.get(name);
    if (!ctl) return;
    if (ctl instanceof HTMLSelectElement) {
      const type = Number(ctl.dataset.optionType);
      let value = raw;
      if (type === OPT.USER) value = resolveUser(raw, this.deps.users())?.id ?? '';
      else if (type === OPT.ROLE) value = resolveRole(raw, this.deps.roles())?.id ?? '';
      else if (type === OPT.MENTIONABLE) value = (resolveUser(raw, this.deps.users()) ?? resolveRole(raw, this.deps.roles()))?.id ?? '';
      else if (type === OPT.BOOLEAN) value = /^(true|yes|oui|vrai|1|on)$/i.test(raw) ? 'true' : /^(false|no|non|faux|0|off)$/i.test(raw) ? 'false' : '';
      else {
        const opt = [...ctl.options].find((x) => x.value === raw) ?? [...ctl.options].find((x) => x.textContent?.toLowerCase() === raw.toLowerCase());
        value = opt?.value ?? '';
      }
      ctl.value = value;
    } else if (ctl.type === 'number') {
      // A value still being typed ("5 t" before "tn:") is not a number yet; a number input would refuse it
      // with a console warning. The line keeps the raw text, which submit() reads and checks first.
      ctl.value = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(raw.trim()) ? raw.trim() : '';
    } else {
      ctl.value = raw;
    }
  }

  async submit() {
    if (this.busy) return;
    const deps = this.deps;
    const text = this.els.input.value.trim();
    if (!text && !this.leaf) return;
    if (!text.startsWith('/')) { deps.showError(deps.t('onlyCommands')); return; }
    const parsed = parseCommandLine(text, deps.leaves(), deps.locale());
    const leaf = parsed.leaf;
    if (!leaf) { deps.showError(deps.t('unknownCommand', { command: text.split(/\s+/)[0] ?? text })); return; }
    if (leaf !== this.leaf) this.setLeaf(leaf);
    /** @type {Map<string, string>} */
    const raw = new Map();
    for (const o of leaf.options) raw.set(o.name, parsed.values.get(o.name) ?? this.controls.get(o.name)?.value ?? '');
    const converted = convertValues(leaf, raw, { users: deps.users(), channels: deps.channels(), roles: deps.roles(), locale: deps.locale(), t: deps.t });
    if (!converted.ok) {
      deps.showError(converted.error);
      const ctl = converted.field ? this.controls.get(converted.field) : undefined;
      if (ctl) { ctl.setAttribute('aria-invalid', 'true'); ctl.focus(); }
      return;
    }
    this.busy = true;
    this.els.send.disabled = true;
    this.els.form.classList.add('busy');
    try {
      const res = await deps.send(interactionOptions(leaf, converted.values));
      if (!res.ok) { deps.showError(res.error || deps.t('failed')); return; }
      deps.clearError();
      this.reset();
      this.els.input.focus();
    } catch (err) {
      deps.showError(String(/** @type {Error} */ (err)?.message ?? err));
    } finally {
      this.busy = false;
      this.els.send.disabled = false;
      this.els.form.classList.remove('busy');
    }
  }
}

/** @param {any} o */
function rangeHint(o) {
  const lo = typeof o.min_value === 'number' ? o.min_value : null;
  const hi = typeof o.max_value === 'number' ? o.max_value : null;
  if (lo !== null && hi !== null) return `${lo} – ${hi}`;
  if (lo !== null) return `≥ ${lo}`;
  if (hi !== null) return `≤ ${hi}`;
  return '';
}
