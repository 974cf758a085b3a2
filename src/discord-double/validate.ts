/**
 * Discord's cheap-to-check limits, enforced with Discord's error shapes so an oversize message fails in
 * our tests exactly where it would fail in production (50035 Invalid Form Body with a path).
 * Limits: shared/notes/discord-protocol.md §4.
 */
import { DiscordError, errors, invalidFormBody, type FormIssue } from './errors.js';
import type { UploadedFile } from './http-io.js';
import { FLAG_COMPONENTS_V2, type MessagePayload } from './store.js';
import { validateModal } from './modals.js';

type Path = (string | number)[];
type Obj = Record<string, unknown>;

export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  actionRows: 5,
  rowWidth: 5,
  v2Components: 40,
  customId: 100,
  selectOptions: 25,
  optionText: 100,
  buttonLabel: 80,
  placeholder: 150,
  files: 10,
  fileBytes: 10 * 1024 * 1024,
  choices: 25,
} as const;

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Checker {
  readonly issues: FormIssue[] = [];
  maxLength(value: unknown, max: number, path: Path): void {
    if (typeof value === 'string' && [...value].length > max) this.issues.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
    if (Array.isArray(value) && value.length > max) this.issues.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
  }
  between(value: unknown, min: number, max: number, path: Path): void {
    const length = typeof value === 'string' ? [...value].length : Array.isArray(value) ? value.length : -1;
    if (length < min || length > max) this.issues.push({ path, code: 'BASE_TYPE_BAD_LENGTH', message: `Must be between ${min} and ${max} in length.` });
  }
  fail(path: Path, code: string, message: string): void {
    this.issues.push({ path, code, message });
  }
}

export interface MessageCheck {
  /** Creating (not editing) a message: an empty one is refused. */
  create: boolean;
  files: UploadedFile[];
  /** Prefix for error paths, e.g. ['data'] for interaction callbacks. */
  path?: Path;
}

/** Returns the payload (`{}` when absent); throws a DiscordError (400/413) when it breaks a limit. */
export function validateMessage(payload: unknown, check: MessageCheck): MessagePayload {
  const base = check.path ?? [];
  if (payload !== undefined && !isObj(payload)) throw invalidFormBody([{ path: base, code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' }]);
  const body: Obj = payload ?? {};
  const c = new Checker();
  const flags = typeof body.flags === 'number' ? body.flags : 0;
  const v2 = (flags & FLAG_COMPONENTS_V2) !== 0;

  if (body.content != null && typeof body.content !== 'string') c.fail([...base, 'content'], 'BASE_TYPE_STRING', 'Must be a string.');
  c.maxLength(body.content, LIMITS.content, [...base, 'content']);
  if (v2 && (body.content || (Array.isArray(body.embeds) && body.embeds.length > 0))) {
    c.fail([...base, 'content'], 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', 'The \'content\' and \'embeds\' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2');
  }
  if (body.embeds != null) checkEmbeds(c, body.embeds, [...base, 'embeds']);
  if (body.components != null) checkComponents(c, body.components, v2, [...base, 'components']);
  c.maxLength(check.files, LIMITS.files, [...base, 'attachments']);
  if (c.issues.length > 0) throw invalidFormBody(c.issues);
  if (check.files.some((f) => f.data.length > LIMITS.fileBytes)) throw errors.tooLarge();

  if (check.create) {
    const hasContent = typeof body.content === 'string' && body.content.length > 0;
    const hasEmbeds = Array.isArray(body.embeds) && body.embeds.length > 0;
    const hasComponents = Array.isArray(body.components) && body.components.length > 0;
    const hasOther = body.sticker_ids != null || body.poll != null;
    if (!hasContent && !hasEmbeds && !hasComponents && !hasOther && check.files.length === 0) throw errors.emptyMessage();
  }
  return body as MessagePayload;
}

function checkEmbeds(c: Checker, embeds: unknown, path: Path): void {
  if (!Array.isArray(embeds)) return c.fail(path, 'BASE_TYPE_LIST', 'Must be an array.');
  c.maxLength(embeds, LIMITS.embeds, path);
  let total = 0;
  const count = (v: unknown): void => {
    if (typeof v === 'string') total += [...v].length;
  };
  embeds.forEach((embed, i) => {
    if (!isObj(embed)) return;
    const p = [...path, i];
    c.maxLength(embed.title, LIMITS.embedTitle, [...p, 'title']);
    c.maxLength(embed.description, LIMITS.embedDescription, [...p, 'description']);
    count(embed.title);
    count(embed.description);
    if (isObj(embed.footer)) {
      c.maxLength(embed.footer.text, LIMITS.footer, [...p, 'footer', 'text']);
      count(embed.footer.text);
    }
    if (isObj(embed.author)) {
      c.maxLength(embed.author.name, LIMITS.authorName, [...p, 'author', 'name']);
      count(embed.author.name);
    }
    if (Array.isArray(embed.fields)) {
      c.maxLength(embed.fields, LIMITS.embedFields, [...p, 'fields']);
      embed.fields.forEach((field: unknown, j) => {
        if (!isObj(field)) return;
        c.maxLength(field.name, LIMITS.fieldName, [...p, 'fields', j, 'name']);
        c.maxLength(field.value, LIMITS.fieldValue, [...p, 'fields', j, 'value']);
        count(field.name);
        count(field.value);
      });
    }
  });
  if (total > LIMITS.embedTotal) c.fail(path, 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${LIMITS.embedTotal}`);
}

function checkComponents(c: Checker, components: unknown, v2: boolean, path: Path): void {
  if (!Array.isArray(components)) return c.fail(path, 'BASE_TYPE_LIST', 'Must be an array.');
  const customIds = new Set<string>();
  let total = 0;

  const visit = (component: unknown, p: Path, depth: number): void => {
    if (!isObj(component)) return c.fail(p, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    total++;
    const type = component.type;
    if (typeof type !== 'number') return c.fail([...p, 'type'], 'BASE_TYPE_REQUIRED', 'This field is required');
    if ('custom_id' in component) {
      const id = component.custom_id;
      c.between(id, 1, LIMITS.customId, [...p, 'custom_id']);
      if (typeof id === 'string') {
        if (customIds.has(id)) c.fail([...p, 'custom_id'], 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
        customIds.add(id);
      }
    }
    if (type === 1) {
      const children = component.components;
      if (!Array.isArray(children)) return c.fail([...p, 'components'], 'BASE_TYPE_REQUIRED', 'This field is required');
      c.between(children, 1, LIMITS.rowWidth, [...p, 'components']);
      const selects = children.filter((child) => isObj(child) && SELECT_TYPES.has(child.type as number)).length;
      if (selects > 0 && children.length > 1) c.fail([...p, 'components'], 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
      children.forEach((child, i) => visit(child, [...p, 'components', i], depth + 1));
    } else if (type === 2) {
      c.maxLength(component.label, LIMITS.buttonLabel, [...p, 'label']);
      const style = component.style;
      if (style === 5 && typeof component.url !== 'string') c.fail([...p, 'url'], 'BUTTON_COMPONENT_URL_REQUIRED', 'A url is required');
      if (typeof style === 'number' && style >= 1 && style <= 4 && !('custom_id' in component)) {
        c.fail([...p, 'custom_id'], 'BUTTON_COMPONENT_CUSTOM_ID_REQUIRED', 'A custom id required');
      }
    } else if (SELECT_TYPES.has(type)) {
      c.maxLength(component.placeholder, LIMITS.placeholder, [...p, 'placeholder']);
      if (typeof component.max_values === 'number' && component.max_values > 25) c.fail([...p, 'max_values'], 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 25.');
      if (type === 3) {
        const options = component.options;
        if (!Array.isArray(options)) return c.fail([...p, 'options'], 'BASE_TYPE_REQUIRED', 'This field is required');
        c.between(options, 1, LIMITS.selectOptions, [...p, 'options']);
        options.forEach((option: unknown, i) => {
          if (!isObj(option)) return;
          c.between(option.label, 1, LIMITS.optionText, [...p, 'options', i, 'label']);
          c.between(option.value, 1, LIMITS.optionText, [...p, 'options', i, 'value']);
          c.maxLength(option.description, LIMITS.optionText, [...p, 'options', i, 'description']);
        });
      }
    } else if (Array.isArray(component.components)) {
      // Components V2 layouts (container, section…): check what they hold.
      component.components.forEach((child, i) => visit(child, [...p, 'components', i], depth + 1));
      if (isObj(component.accessory)) visit(component.accessory, [...p, 'accessory'], depth + 1);
    }
  };

  if (v2) {
    components.forEach((component, i) => visit(component, [...path, i], 0));
    if (total > LIMITS.v2Components) c.fail(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.v2Components} or fewer in length.`);
  } else {
    c.maxLength(components, LIMITS.actionRows, path);
    components.forEach((row, i) => {
      if (isObj(row) && row.type !== 1) c.fail([...path, i, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
      else visit(row, [...path, i], 0);
    });
  }
}

/**
 * Checks an interaction callback body `{type, data}` against what that type allows. `fromMessage`: the
 * interaction comes from a message (a component, or a modal opened from one) — only then can 6 and 7
 * update "the message the component was on".
 */
export function validateCallback(body: unknown, interactionType: number, files: UploadedFile[], fromMessage = interactionType === 3): { type: number; data?: Obj } {
  if (!isObj(body) || typeof body.type !== 'number') throw invalidFormBody([{ path: ['type'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }]);
  const type = body.type;
  const data = isObj(body.data) ? body.data : undefined;
  // A modal submit (5) may be answered with a message, a deferral, or an update of the component's
  // message; never with another modal.
  const allowed: Record<number, number[]> = {
    4: [2, 3, 5],
    5: [2, 3, 5],
    6: [3, 5],
    7: [3, 5],
    8: [4],
    9: [2, 3],
  };
  if (!allowed[type]) throw invalidFormBody([{ path: ['type'], code: 'BASE_TYPE_CHOICES', message: `Value must be one of {4, 5, 6, 7, 8, 9}.` }]);
  const invalidType = () => new DiscordError(400, 50035, 'Interaction response type not allowed for this interaction', { type: { _errors: [{ code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: 'Invalid interaction response type' }] } });
  if (!allowed[type]!.includes(interactionType)) throw invalidType();
  if ((type === 6 || type === 7) && !fromMessage) throw invalidType();

  if (type === 4) validateMessage(data, { create: true, files, path: ['data'] });
  if (type === 7) validateMessage(data, { create: false, files, path: ['data'] });
  if (type === 5 && data && typeof data.flags === 'number' && (data.flags & ~(1 << 6)) !== 0) {
    throw invalidFormBody([{ path: ['data', 'flags'], code: 'INTERACTION_RESPONSE_INVALID_FLAGS', message: 'Only the EPHEMERAL flag may be set on a deferred response' }]);
  }
  if (type === 8) {
    const c = new Checker();
    if (!Array.isArray(data?.choices)) c.fail(['data', 'choices'], 'BASE_TYPE_REQUIRED', 'This field is required');
    c.maxLength(data?.choices, LIMITS.choices, ['data', 'choices']);
    if (Array.isArray(data?.choices)) {
      data.choices.forEach((choice: unknown, i) => {
        const p = ['data', 'choices', i];
        if (!isObj(choice)) return c.fail(p, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
        if (typeof choice.name !== 'string') c.fail([...p, 'name'], 'BASE_TYPE_REQUIRED', 'This field is required');
        else c.between(choice.name, 1, LIMITS.optionText, [...p, 'name']);
        if (typeof choice.value === 'string') c.maxLength(choice.value, LIMITS.optionText, [...p, 'value']);
        else if (typeof choice.value !== 'number') c.fail([...p, 'value'], 'BASE_TYPE_REQUIRED', 'This field is required');
      });
    }
    if (c.issues.length > 0) throw invalidFormBody(c.issues);
  }
  if (type === 9) validateModal(data);
  return data ? { type, data } : { type };
}
