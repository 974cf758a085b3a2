// A bot's modal (interaction response type 9), shown as Discord's client shows it: a title, text inputs
// (short or paragraph, label, placeholder, required mark, min/max length, prefilled value), Cancel and
// Submit. Discord sends nothing to the bot on Cancel; Submit sends the values as a MODAL_SUBMIT.
import { h } from './dom.js';

/**
 * @typedef {{ customId: string, style: number, label: string, description: string, required: boolean,
 *   minLength: number, maxLength: number, placeholder: string, value: string }} TextInput
 * @typedef {{ customId: string, title: string, components: any[] }} Modal
 * @typedef {(key: string, vars?: Record<string, string | number>) => string} Translate
 */

/** @param {any} input @param {string} label @param {string} description @returns {TextInput} */
function textInput(input, label, description) {
  return {
    customId: String(input.custom_id),
    style: input.style === 2 ? 2 : 1,
    label,
    description,
    // Discord's default: required unless the bot says otherwise.
    required: input.required !== false,
    minLength: typeof input.min_length === 'number' ? input.min_length : 0,
    maxLength: typeof input.max_length === 'number' ? input.max_length : 4000,
    placeholder: typeof input.placeholder === 'string' ? input.placeholder : '',
    value: typeof input.value === 'string' ? input.value : '',
  };
}

/** Characters as Discord counts them (code points, not UTF-16 units). @param {string} s */
const length = (s) => [...s].length;

/** @type {{ close: () => void } | null} */
let current = null;

/** Closes the open modal, if any, as Cancel would (the caller tells the server). */
export function closeModal() {
  current?.close();
}

/**
 * Shows the modal over the page. `submit` sends the values and resolves with the server's answer; on
 * success the modal closes, otherwise it stays open with the reason. `cancel` runs when the user closes it.
 * @param {Modal} modal
 * @param {{ t: Translate, submit: (values: Record<string, string>) => Promise<{ ok: boolean, error?: string }>, cancel: () => void }} how
 */
export function showModal(modal, how) {
  closeModal();
  const { t } = how;
  /** @type {{ input: TextInput, el: HTMLInputElement | HTMLTextAreaElement, error: HTMLElement }[]} */
  const fields = [];
  const titleId = 'modal-title';

  const body = h('div', { class: 'modal-body' });
  for (const top of Array.isArray(modal.components) ? modal.components : []) {
    if (top?.type === 10) {
      body.appendChild(h('p', { class: 'modal-text', 'data-testid': 'modal-text' }, String(top.content ?? '')));
      continue;
    }
    /** @type {TextInput | null} */
    let input = null;
    if (top?.type === 1 && top.components?.[0]?.type === 4) input = textInput(top.components[0], String(top.components[0].label ?? ''), '');
    else if (top?.type === 18 && top.component?.type === 4) input = textInput(top.component, String(top.label ?? ''), String(top.description ?? ''));
    if (!input) continue;
    const id = `modal-input-${fields.length}`;
    const attrs = {
      id,
      class: 'modal-input',
      'data-testid': `modal-input-${input.customId}`,
      'data-custom-id': input.customId,
      placeholder: input.placeholder || undefined,
      maxlength: String(input.maxLength),
      minlength: input.minLength > 0 ? String(input.minLength) : undefined,
      required: input.required,
      'aria-required': String(input.required),
      spellcheck: 'false',
    };
    const el = /** @type {HTMLInputElement | HTMLTextAreaElement} */ (input.style === 2
      ? h('textarea', { ...attrs, rows: '5' })
      : h('input', { ...attrs, type: 'text', enterkeyhint: 'done' }));
    el.value = input.value;
    const error = h('div', { class: 'modal-field-error', 'data-testid': 'modal-field-error', role: 'alert', hidden: true });
    body.appendChild(h('div', { class: 'modal-field' },
      h('label', { for: id, class: 'modal-label' }, input.label, input.required ? h('span', { class: 'modal-required', 'aria-hidden': 'true' }, ' *') : null),
      input.description ? h('div', { class: 'modal-description' }, input.description) : null,
      el,
      error));
    fields.push({ input, el, error });
  }

  const failure = h('div', { class: 'modal-error', 'data-testid': 'modal-error', role: 'alert', hidden: true });
  const submitButton = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'modal-submit' }, t('modalSubmit')));
  const cancelButton = h('button', { type: 'button', class: 'modal-cancel', 'data-testid': 'modal-cancel', onclick: () => cancel() }, t('cancel'));
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'modal', novalidate: true, role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId, 'data-testid': 'modal', 'data-custom-id': modal.customId },
    h('header', { class: 'modal-header' },
      h('h2', { id: titleId, class: 'modal-title', 'data-testid': 'modal-title' }, modal.title),
      h('button', { type: 'button', class: 'icon-button modal-close', 'aria-label': t('cancel'), onclick: () => cancel() }, '✕')),
    body,
    failure,
    h('footer', { class: 'modal-footer' }, cancelButton, submitButton)));
  const backdrop = h('div', { class: 'modal-backdrop', 'data-testid': 'modal-backdrop' }, form);

  /** What the client refuses before sending, in the viewer's words: the first field at fault keeps focus. */
  const check = () => {
    let first = null;
    for (const f of fields) {
      const n = length(f.el.value);
      const problem = n === 0 && f.input.required ? t('fieldRequired')
        : n > 0 && n < f.input.minLength ? t('tooShort', { name: f.input.label, min: f.input.minLength })
          : n > f.input.maxLength ? t('tooLong', { name: f.input.label, max: f.input.maxLength }) : '';
      f.error.textContent = problem;
      f.error.hidden = !problem;
      f.el.setAttribute('aria-invalid', String(Boolean(problem)));
      if (problem && !first) first = f.el;
    }
    first?.focus();
    return !first;
  };

  const close = () => {
    backdrop.remove();
    document.removeEventListener('keydown', onKey);
    if (current?.close === close) current = null;
  };
  const cancel = () => {
    close();
    how.cancel();
  };
  /** @param {KeyboardEvent} ev */
  const onKey = (ev) => { if (ev.key === 'Escape') cancel(); };

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    failure.hidden = true;
    if (!check()) return;
    submitButton.disabled = true;
    submitButton.classList.add('pending');
    /** @type {Record<string, string>} */
    const values = {};
    for (const f of fields) values[f.input.customId] = f.el.value;
    const res = await how.submit(values);
    submitButton.disabled = false;
    submitButton.classList.remove('pending');
    if (res.ok) return close();
    failure.textContent = res.error || t('failed');
    failure.hidden = false;
  });
  document.addEventListener('keydown', onKey);
  document.body.appendChild(backdrop);
  current = { close };
  (fields[0]?.el ?? submitButton).focus();
}
