import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { wasCut } from "./form-data.server";
import { REQUEST_MESSAGES } from "./respond.server";

/**
 * Every action turns its posted form into a Conform submission here, and reads only what its schema
 * names. Conform builds the value from the field names as paths ("studios[2].name"), so a name such
 * as `zz[10000000]` alone made an array of ten million entries, which the refusal then sent back;
 * `studios[100000].name` kept a process busy for minutes. So before parsing, the form keeps a field
 * only when its path is one the schema names, with each array index below that array's `.max()`;
 * unknown names, indexes past the cap and malformed paths are dropped, and so are repeats of a
 * one-value field. A refusal can then only echo the schema's own fields.
 */
export function parseSubmission<Schema extends z.ZodType>(
  form: FormData,
  schema: Schema,
  options: { disableAutoCoercion?: boolean } = {},
) {
  const fields = namedFields(form, schema);
  let submission = parseWithZod(fields, { schema, ...options });
  // A field longer than any form's was cut on reading (form-data.server.ts): its schema refuses it
  // with the field's own message; a form that would pass all the same is not what was sent.
  if (wasCut(form) && submission.status === "success")
    submission = parseWithZod(fields, {
      schema: schema.refine(() => false, { message: REQUEST_MESSAGES.tooLarge }),
      ...options,
    }) as typeof submission;
  // The reply sends the values back as typed: each cut to what its field may hold, so a refused
  // 5 MB "name" answers with the name's 80 characters, not 5 MB (per request, and per flood).
  const reply = submission.reply;
  submission.reply = (replyOptions) => {
    const answer = reply(replyOptions);
    const root = fieldTree(schema);
    if (answer.initialValue) answer.initialValue = echoed(answer.initialValue, root, 0) as typeof answer.initialValue;
    return answer;
  };
  return submission;
}

/** A value the schema gives no length (a number, a date, a string without .max()) comes back at most this long. */
const ECHO_MAX_LENGTH = 1000;

/**
 * What may go back to the form of `value` (a refusal's values as typed, a list button's new item):
 * only the keys and items the schema names, each text cut to its field's maximum.
 */
function echoed(value: unknown, node: FieldNode, depth: number): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (typeof value === "string") {
    // One box of a list ticked arrives as one value: the list's one item.
    const one = node.value ? node : node.items?.node.value ? node.items.node : null;
    return one ? value.slice(0, one.maxLength ?? ECHO_MAX_LENGTH) : undefined;
  }
  if (Array.isArray(value)) {
    const items = node.items;
    if (items) return value.slice(0, items.max).map((item) => echoed(item, items.node, depth + 1));
    // One value sent twice arrives as a list: the field's one value.
    return node.value ? value.slice(0, 1).map((item) => echoed(item, node, depth + 1)) : undefined;
  }
  if (isRecord(value)) {
    const kept: Record<string, unknown> = {};
    for (const [key, child] of node.keys)
      if (Object.hasOwn(value, key)) kept[key] = echoed(value[key], child, depth + 1);
    return kept;
  }
  return undefined;
}

/** Conform's field for the list buttons (add, remove, move an item), as its `form.insert` and the like send it. */
const INTENT_FIELD = "__intent__";
/** No form nests deeper; a longer path is not ours. */
const MAX_DEPTH = 8;
const MAX_INTENT_LENGTH = 4096;

/** What a schema accepts at one path: a value, named keys, items up to a count; a union, several at once. */
interface FieldNode {
  value: boolean;
  /** The longest text the value may be (its string's .max(), its enum's longest option), when the schema says. */
  maxLength: number | null;
  keys: Map<string, FieldNode>;
  items: { max: number; node: FieldNode } | null;
}

type Segment = string | number;

/** The form's fields the schema names, under their plain names; Conform's list buttons checked the same way. */
export function namedFields(form: FormData, schema: z.ZodType): FormData {
  const root = fieldTree(schema);
  const kept = new FormData();
  const counts = new Map<string, number>();
  for (const [name, value] of form.entries()) {
    if (name === INTENT_FIELD) {
      const intent = typeof value === "string" ? listIntent(value, root) : null;
      if (intent && !kept.has(INTENT_FIELD)) kept.set(INTENT_FIELD, intent);
      continue;
    }
    const path = segmentsOf(name);
    const node = path && nodeAt(root, path);
    if (!node) continue;
    const plainName = nameOf(path);
    // One value for a field; as many as the list may hold for a list of values sent under one name.
    const allowed = Math.max(node.value ? 1 : 0, node.items?.node.value ? node.items.max : 0);
    const count = counts.get(plainName) ?? 0;
    if (count >= allowed) continue;
    counts.set(plainName, count + 1);
    kept.append(plainName, value);
  }
  return kept;
}

const trees = new WeakMap<z.ZodType, FieldNode>();

/** The paths a schema accepts, read from the schema itself. */
export function fieldTree(schema: z.ZodType): FieldNode {
  let tree = trees.get(schema);
  if (!tree) {
    tree = walk(schema, 0);
    trees.set(schema, tree);
  }
  return tree;
}

/** Zod's own description of a schema (the fields this walk reads; zod keeps them on every schema). */
interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  checks?: { _zod: { def: { check: string; maximum?: number; length?: number } } }[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as ZodDef;
const emptyNode = (): FieldNode => ({ value: false, maxLength: null, keys: new Map(), items: null });

function walk(schema: z.ZodType, depth: number): FieldNode {
  if (depth > MAX_DEPTH * 4) throw new Error("Form schema nested too deeply to read its fields");
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const node = emptyNode();
      for (const [key, child] of Object.entries(def.shape!)) node.keys.set(key, walk(child, depth + 1));
      return node;
    }
    case "array": {
      const max = lengthMax(def);
      if (max === null) throw new Error("A form's list needs a .max() (or .length()): its indexes are capped by it");
      return { ...emptyNode(), items: { max, node: walk(def.element!, depth + 1) } };
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return walk(def.innerType!, depth + 1);
    case "pipe":
      // z.preprocess(fn, schema) is a pipe from a transform: the schema after it says what the form holds.
      return walk(defOf(def.in!).type === "transform" ? def.out! : def.in!, depth + 1);
    case "union":
      return def.options!.map((option) => walk(option, depth + 1)).reduce(merge, emptyNode());
    case "intersection":
      return merge(walk(def.left!, depth + 1), walk(def.right!, depth + 1));
    case "record":
    case "map":
    case "set":
    case "tuple":
    case "lazy":
    case "promise":
      throw new Error(`A form schema cannot use z.${def.type}(): its field names would not be bounded`);
    default:
      // A string, number, enum, literal, boolean, file…: one value.
      return { ...emptyNode(), value: true, maxLength: valueMaxLength(def) };
  }
}

/** A string's .max() (or .length()), or the longest of an enum's or a literal's options. */
function valueMaxLength(def: ZodDef): number | null {
  if (def.type === "string") return lengthMax(def);
  const options = def.type === "enum" ? Object.values(def.entries ?? {}) : def.type === "literal" ? def.values : null;
  return options ? Math.max(0, ...options.map((option) => String(option).length)) : null;
}

/** The .max() (or .length()) of a list or a string: the smallest, when several are given. */
function lengthMax(def: ZodDef): number | null {
  let max: number | null = null;
  for (const check of def.checks ?? []) {
    const { check: kind, maximum, length } = check._zod.def;
    const limit = kind === "max_length" ? maximum : kind === "length_equals" ? length : undefined;
    if (limit !== undefined) max = Math.min(max ?? limit, limit);
  }
  return max;
}

function merge(a: FieldNode, b: FieldNode): FieldNode {
  const keys = new Map(a.keys);
  for (const [key, node] of b.keys) keys.set(key, keys.has(key) ? merge(keys.get(key)!, node) : node);
  const items =
    a.items && b.items
      ? { max: Math.max(a.items.max, b.items.max), node: merge(a.items.node, b.items.node) }
      : (a.items ?? b.items);
  // A union's value is as long as its longest option allows; unbounded if one is.
  const maxLength =
    a.value && b.value
      ? a.maxLength === null || b.maxLength === null
        ? null
        : Math.max(a.maxLength, b.maxLength)
      : a.value
        ? a.maxLength
        : b.maxLength;
  return { value: a.value || b.value, maxLength, keys, items };
}

/**
 * "studios[2].name" → ["studios", 2, "name"]; null for anything but a key followed by keys (after a
 * dot) and indexes (in brackets, at most nine digits).
 */
function segmentsOf(name: string): Segment[] | null {
  const token = /(^|\.)([^.[\]]+)|\[(\d{1,9})\]/y;
  const segments: Segment[] = [];
  while (token.lastIndex < name.length) {
    const start = token.lastIndex;
    const match = token.exec(name);
    if (!match || segments.length >= MAX_DEPTH) return null;
    const [, dot, key, index] = match;
    if (key !== undefined) {
      // A key comes first or after a dot ("a.b"), never straight after another segment ("a[0]b").
      if ((start === 0) !== (dot === "")) return null;
      segments.push(key);
    } else {
      if (start === 0) return null;
      segments.push(Number(index));
    }
  }
  return segments.length > 0 ? segments : null;
}

/** The node a path leads to, if the schema names it and every index is below its list's cap. */
function nodeAt(root: FieldNode, path: Segment[]): FieldNode | null {
  let node: FieldNode | undefined = root;
  for (const segment of path) {
    if (typeof segment === "number") {
      if (!node.items || segment >= node.items.max) return null;
      node = node.items.node;
    } else {
      node = node.keys.get(segment);
      if (!node) return null;
    }
  }
  return node;
}

const nameOf = (path: Segment[]) =>
  path.map((segment, i) => (typeof segment === "number" ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join("");

const isIndex = (value: unknown, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;

/**
 * A button's intent (insert, remove, reorder an item of a list the schema names; update a field, as
 * a preset does; validate one) rewritten with only what its field may hold; anything else (another
 * kind, an unknown field, an index past a cap) is dropped, and the form is parsed as a plain save.
 */
function listIntent(serialized: string, root: FieldNode): string | null {
  if (serialized.length > MAX_INTENT_LENGTH) return null;
  let intent: unknown;
  try {
    intent = JSON.parse(serialized);
  } catch {
    return null;
  }
  if (!isRecord(intent) || !isRecord(intent.payload) || typeof intent.payload.name !== "string") return null;
  const { type, payload } = intent;
  const path = segmentsOf(payload.name as string);
  const node = path && nodeAt(root, path);
  if (!node) return null;
  const name = nameOf(path);
  if (type === "update") return JSON.stringify({ type, payload: { name, value: echoed(payload.value, node, 0) } });
  if (type === "validate") return JSON.stringify({ type, payload: { name } });
  const list = node.items;
  if (!list) return null;
  switch (type) {
    case "insert": {
      if (payload.index !== undefined && !isIndex(payload.index, list.max)) return null;
      const defaultValue = echoed(payload.defaultValue, list.node, 0);
      return JSON.stringify({ type, payload: { name, index: payload.index, defaultValue } });
    }
    case "remove":
      if (!isIndex(payload.index, list.max)) return null;
      return JSON.stringify({ type, payload: { name, index: payload.index } });
    case "reorder":
      if (!isIndex(payload.from, list.max) || !isIndex(payload.to, list.max)) return null;
      return JSON.stringify({ type, payload: { name, from: payload.from, to: payload.to } });
    default:
      return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
