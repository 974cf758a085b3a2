/**
 * Modals as Discord runs them: the bot answers an interaction with a modal (response type 9), the user's
 * client shows it, and whatever the user types comes back as a MODAL_SUBMIT interaction (type 5) — only
 * from that user, only while the modal is open, and only with values Discord's client would let through
 * (required inputs filled, lengths within min/max, no line break in a short input).
 *
 * Two layouts exist: the classic one (an action row holding one text input, whose `label` it carries) and
 * the newer one (a Label component, type 18, wrapping the input; text displays, type 10, between them).
 * A submission mirrors the layout it answers: action rows come back as action rows, labels as labels.
 */
import { invalidFormBody, type FormIssue } from './errors.js';
import { InputError } from './payloads.js';

type Obj = Record<string, unknown>;
type Path = (string | number)[];

export const MODAL_LIMITS = {
  title: 45,
  components: 5,
  customId: 100,
  label: 45,
  labelDescription: 100,
  placeholder: 100,
  value: 4000,
} as const;

export const TEXT_INPUT_SHORT = 1;
export const TEXT_INPUT_PARAGRAPH = 2;

/** A modal a user was shown: what the client keeps until it is submitted or dismissed. */
export interface ShownModal {
  /** The interaction answered with the modal. */
  interactionId: string;
  userId: string;
  channelId: string;
  /** The message whose component opened the modal (null when a slash command did). */
  sourceMessageId: string | null;
  customId: string;
  title: string;
  /** The modal's components, as the bot sent them. */
  components: Obj[];
  /** False once submitted or dismissed: Discord's client closes it either way. */
  open: boolean;
}

/** A text input as the client shows it: where it sits, and the rules its value must follow. */
export interface ModalTextInput {
  customId: string;
  style: number;
  label: string;
  required: boolean;
  minLength: number;
  maxLength: number;
  placeholder: string | null;
  value: string | null;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const length = (s: string): number => [...s].length;

function textInput(component: Obj, label: unknown): ModalTextInput {
  return {
    customId: String(component.custom_id),
    style: component.style === TEXT_INPUT_PARAGRAPH ? TEXT_INPUT_PARAGRAPH : TEXT_INPUT_SHORT,
    label: typeof label === 'string' ? label : '',
    // Discord's default: a text input is required unless it says otherwise.
    required: component.required !== false,
    minLength: typeof component.min_length === 'number' ? component.min_length : 0,
    maxLength: typeof component.max_length === 'number' ? component.max_length : MODAL_LIMITS.value,
    placeholder: typeof component.placeholder === 'string' ? component.placeholder : null,
    value: typeof component.value === 'string' ? component.value : null,
  };
}

/** The modal's text inputs in order, whichever layout holds them. */
export function textInputsOf(components: readonly Obj[]): ModalTextInput[] {
  const inputs: ModalTextInput[] = [];
  for (const top of components) {
    if (top.type === 1 && Array.isArray(top.components)) {
      for (const inner of top.components) if (isObj(inner) && inner.type === 4) inputs.push(textInput(inner, inner.label));
    } else if (top.type === 18 && isObj(top.component) && top.component.type === 4) {
      inputs.push(textInput(top.component, top.label));
    }
  }
  return inputs;
}

/** Checks a type 9 response's data like Discord (50035 Invalid Form Body with the path of each fault). */
export function validateModal(data: Obj | undefined): void {
  const issues: FormIssue[] = [];
  const fail = (path: Path, code: string, message: string): void => void issues.push({ path, code, message });
  const between = (value: unknown, min: number, max: number, path: Path): void => {
    const n = typeof value === 'string' ? length(value) : Array.isArray(value) ? value.length : -1;
    if (n < min || n > max) fail(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
  };
  const atMost = (value: unknown, max: number, path: Path): void => {
    if (value !== undefined && (typeof value !== 'string' || length(value) > max)) fail(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
  };
  const ids = new Set<string>();

  const checkInput = (input: Obj, path: Path, labelRequired: boolean): void => {
    between(input.custom_id, 1, MODAL_LIMITS.customId, [...path, 'custom_id']);
    if (typeof input.custom_id === 'string') {
      if (ids.has(input.custom_id)) fail([...path, 'custom_id'], 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
      ids.add(input.custom_id);
    }
    if (input.style !== TEXT_INPUT_SHORT && input.style !== TEXT_INPUT_PARAGRAPH) fail([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2}.');
    if (labelRequired) between(input.label, 1, MODAL_LIMITS.label, [...path, 'label']);
    else atMost(input.label, MODAL_LIMITS.label, [...path, 'label']);
    atMost(input.placeholder, MODAL_LIMITS.placeholder, [...path, 'placeholder']);
    atMost(input.value, MODAL_LIMITS.value, [...path, 'value']);
    const min = input.min_length;
    const max = input.max_length;
    if (min !== undefined && (typeof min !== 'number' || !Number.isInteger(min) || min < 0 || min > MODAL_LIMITS.value)) fail([...path, 'min_length'], 'NUMBER_TYPE_MAX', `int value should be between 0 and ${MODAL_LIMITS.value}.`);
    if (max !== undefined && (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > MODAL_LIMITS.value)) fail([...path, 'max_length'], 'NUMBER_TYPE_MAX', `int value should be between 1 and ${MODAL_LIMITS.value}.`);
    if (typeof min === 'number' && typeof max === 'number' && min > max) fail([...path, 'min_length'], 'TEXT_INPUT_MIN_GREATER_THAN_MAX', 'min_length cannot exceed max_length');
    if (input.required !== undefined && typeof input.required !== 'boolean') fail([...path, 'required'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  };

  between(data?.title, 1, MODAL_LIMITS.title, ['data', 'title']);
  between(data?.custom_id, 1, MODAL_LIMITS.customId, ['data', 'custom_id']);
  const components = data?.components;
  between(components, 1, MODAL_LIMITS.components, ['data', 'components']);
  if (Array.isArray(components)) {
    components.forEach((top: unknown, i) => {
      const path: Path = ['data', 'components', i];
      if (!isObj(top)) return fail(path, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      if (top.type === 1) {
        const inner = top.components;
        if (!Array.isArray(inner) || inner.length !== 1) return fail([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 1 in length.');
        const input = inner[0] as unknown;
        if (!isObj(input) || input.type !== 4) return fail([...path, 'components', 0, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (4,).');
        checkInput(input, [...path, 'components', 0], true);
      } else if (top.type === 18) {
        between(top.label, 1, MODAL_LIMITS.label, [...path, 'label']);
        atMost(top.description, MODAL_LIMITS.labelDescription, [...path, 'description']);
        // A label may also hold a select menu or a file upload; the double submits text inputs only.
        if (!isObj(top.component)) return fail([...path, 'component'], 'BASE_TYPE_REQUIRED', 'This field is required');
        if (top.component.type === 4) checkInput(top.component, [...path, 'component'], false);
      } else if (top.type !== 10) {
        fail([...path, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1, 10, 18).');
      }
    });
  }
  if (issues.length > 0) throw invalidFormBody(issues);
}

/** What a test (or the sandbox page) types into an open modal: custom id → text. */
export interface ModalInput {
  userId: string;
  /** The open modal's custom_id, checked when given (a page may hold on to a modal that was replaced). */
  customId?: string;
  /** Inputs left out keep what the modal prefilled (or stay empty), as in the client. */
  values: Record<string, string>;
}

/**
 * The `data` of the MODAL_SUBMIT interaction for these values, or an InputError saying why Discord's
 * client would not send it.
 */
export function modalSubmission(modal: ShownModal, values: Record<string, string>): Obj {
  const inputs = textInputsOf(modal.components);
  const known = new Set(inputs.map((i) => i.customId));
  const unknown = Object.keys(values).find((id) => !known.has(id));
  if (unknown !== undefined) throw new InputError(`The modal "${modal.customId}" has no text input "${unknown}"`);
  const typed = new Map<string, string>();
  for (const input of inputs) {
    const raw = Object.hasOwn(values, input.customId) ? values[input.customId] : (input.value ?? '');
    if (typeof raw !== 'string') throw new InputError(`The value of "${input.customId}" must be text`);
    const n = length(raw);
    const name = input.label || input.customId;
    if (n === 0 && input.required) throw new InputError(`"${name}" is required`);
    if (n > 0 && n < input.minLength) throw new InputError(`"${name}" needs at least ${input.minLength} characters (got ${n})`);
    if (n > input.maxLength) throw new InputError(`"${name}" takes at most ${input.maxLength} characters (got ${n})`);
    if (input.style === TEXT_INPUT_SHORT && /[\r\n]/.test(raw)) throw new InputError(`"${name}" is a single-line input`);
    typed.set(input.customId, raw);
  }

  // Discord numbers every component of the modal in order (unless the bot gave ids) and echoes the ids.
  let next = 0;
  const idOf = (c: Obj): number => (next++, typeof c.id === 'number' ? c.id : next);
  const submitted = (input: Obj): Obj => ({ type: 4, id: idOf(input), custom_id: input.custom_id, value: typed.get(String(input.custom_id)) ?? '' });
  const components: Obj[] = [];
  for (const top of modal.components) {
    if (top.type === 1) {
      const id = idOf(top);
      components.push({ type: 1, id, components: (top.components as Obj[]).map(submitted) });
    } else if (top.type === 18 && isObj(top.component)) {
      const id = idOf(top);
      if (top.component.type !== 4) throw new InputError(`The double can only fill text inputs (modal "${modal.customId}")`);
      components.push({ type: 18, id, component: submitted(top.component) });
    } else {
      components.push({ type: top.type, id: idOf(top) });
    }
  }
  return { custom_id: modal.customId, components };
}
