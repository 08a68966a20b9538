// What `check:ways` looks for, read from the syntax tree swc parses (no type checking: parsing alone
// keeps it fast enough for `npm test`). A way is a call, a type or a class, so a comment, a string
// or a type argument can neither hide one nor make one up.
import { parseSync } from "@swc/core";

export interface SourceFile {
  /** Relative to the repository, with forward slashes. */
  path: string;
  text: string;
}

/** A node of swc's tree: its kind in `type`, its children in the other fields. */
// biome-ignore lint/suspicious/noExplicitAny: swc's tree is walked by field, whatever the node's kind.
export type Node = { type: string; span?: { start: number; end: number }; [field: string]: any };

export interface Tree {
  root: Node;
  /** The line (1-based) a node starts on. */
  lineOf: (node: Node) => number;
}

const trees = new WeakMap<SourceFile, Tree>();

/** The file's syntax tree, parsed once. */
export function tree(file: SourceFile): Tree {
  let parsed = trees.get(file);
  if (parsed) return parsed;
  // A leading `;` is the module's first statement: where it starts is where the text starts (swc's
  // offsets count bytes from a base of its own, and the module's span starts at its first token).
  const source = `;${file.text}`;
  const root = parseSync(source, { syntax: "typescript", tsx: file.path.endsWith("x") }) as unknown as Node;
  const base = (root.body[0] as Node).span!.start;
  const bytes = Buffer.from(source);
  const lineStarts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) lineStarts.push(i + 1);
  const lineOf = (node: Node) => {
    const offset = node.span!.start - base;
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  parsed = { root, lineOf };
  trees.set(file, parsed);
  return parsed;
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** Every node under `root` (itself included) that passes `test`. */
export function nodes(root: Node | null | undefined, test: (node: Node) => boolean): Node[] {
  const found: Node[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    if (isNode(value) && test(value)) found.push(value);
    for (const key in value) if (key !== "span") visit((value as Node)[key]);
  };
  visit(root);
  return found;
}

const ofType = (root: Node | null | undefined, type: string) => nodes(root, (node) => node.type === type);

/** `a!`, `(a)` and `a as T` are `a`. */
function bare(expression: Node): Node {
  while (["TsNonNullExpression", "ParenthesisExpression", "TsAsExpression"].includes(expression.type))
    expression = expression.expression;
  return expression;
}

/** What a call calls: `f(…)` and `f<T>(…)` → { name: "f" }; `a.b.f(…)` → { name: "f", on: "b" }. */
export function callee(call: Node): { name?: string; on?: string } {
  const expression = bare(call.callee);
  if (expression.type === "Identifier") return { name: expression.value };
  if (expression.type === "MemberExpression" && expression.property.type === "Identifier") {
    const object = bare(expression.object);
    const on =
      object.type === "Identifier"
        ? object.value
        : object.type === "MemberExpression" && object.property.type === "Identifier"
          ? object.property.value
          : undefined;
    return { name: expression.property.value, on };
  }
  return {};
}

/** The calls (not `new`) under `root` whose callee passes `test`. */
export const callsIn = (root: Node | undefined, test: (callee: { name?: string; on?: string }) => boolean) =>
  ofType(root, "CallExpression").filter((call) => test(callee(call)));

/** Calls of a plain name (`f(…)`, `f<T>(…)`) or of a method by that name (`x.f(…)`). */
export const calls = (root: Node | undefined, ...names: string[]) =>
  callsIn(root, ({ name }) => name !== undefined && names.includes(name));

/** `new Name(…)` under `root`. */
export const constructions = (root: Node | undefined, name: string) =>
  ofType(root, "NewExpression").filter(
    (made) => bare(made.callee).type === "Identifier" && bare(made.callee).value === name,
  );

const exported = (root: Node) =>
  (root.body as Node[]).filter((item) => item.type === "ExportDeclaration").map((item) => item.declaration as Node);

/** The functions a module exports by declaration: `export function f`, `export const f = (…) =>`. */
export function exportedFunctions(root: Node): { params: Node[] }[] {
  return exported(root).flatMap((declaration) => {
    if (declaration.type === "FunctionDeclaration")
      return [{ params: declaration.params.map((param: Node) => param.pat) }];
    if (declaration.type !== "VariableDeclaration") return [];
    return (declaration.declarations as Node[]).flatMap(({ init }) => {
      const value = init && bare(init);
      if (value?.type === "ArrowFunctionExpression") return [{ params: value.params }];
      if (value?.type === "FunctionExpression") return [{ params: value.params.map((param: Node) => param.pat) }];
      return [];
    });
  });
}

/** A route module's `action` (declared or assigned), or nothing. */
export function exportedAction(root: Node): Node | undefined {
  for (const declaration of exported(root)) {
    if (declaration.type === "FunctionDeclaration" && declaration.identifier.value === "action") return declaration;
    if (declaration.type === "VariableDeclaration")
      for (const declarator of declaration.declarations as Node[])
        if (declarator.id.type === "Identifier" && declarator.id.value === "action") return declarator;
  }
  return undefined;
}

/** Type references by name (`FormData`, `Result<…>`, `ns.Result`) under `root`. */
export const typeReferences = (root: Node | undefined, name: string) =>
  ofType(root, "TsTypeReference").filter(({ typeName }) =>
    typeName.type === "Identifier" ? typeName.value === name : typeName.right?.value === name,
  );

/** Identifiers spelled `name` in code (an import, a value or a type). */
export const identifiers = (root: Node, name: string) =>
  nodes(root, (node) => node.type === "Identifier" && node.value === name);

const propertyName = (member: Node) =>
  member.type === "TsPropertySignature" && ["Identifier", "StringLiteral"].includes(member.key.type)
    ? (member.key.value as string)
    : undefined;

/**
 * The object types of a union with an `ok: true` member that is not the core `Result`'s success,
 * `{ ok: true; value: … }`: a second way to say "it worked, or why not".
 */
export function okTrueUnions(root: Node): Node[] {
  return ofType(root, "TsUnionType").flatMap((union) =>
    (union.types as Node[]).filter((member) => {
      if (member.type !== "TsTypeLiteral") return false;
      const ok = (member.members as Node[]).find((property) => propertyName(property) === "ok");
      const type = ok?.typeAnnotation?.typeAnnotation as Node | undefined;
      const isTrue = type?.type === "TsLiteralType" && type.literal.type === "BooleanLiteral" && type.literal.value;
      const names = (member.members as Node[]).map(propertyName).sort();
      return isTrue && !(names.length === 2 && names[0] === "ok" && names[1] === "value");
    }),
  );
}

/** Classes that extend `Error` directly, with their names. */
export const errorClasses = (root: Node) =>
  nodes(
    root,
    (node) =>
      (node.type === "ClassDeclaration" || node.type === "ClassExpression") &&
      node.identifier?.type === "Identifier" &&
      node.superClass?.type === "Identifier" &&
      node.superClass.value === "Error",
  ).map((declaration) => ({ node: declaration, name: declaration.identifier.value as string }));

/** The names a module tests errors against: `error instanceof Name`. */
export const instanceofNames = (root: Node) =>
  nodes(root, (node) => node.type === "BinaryExpression" && node.operator === "instanceof").flatMap(({ right }) =>
    right.type === "Identifier" ? [right.value as string] : [],
  );

/** Text in strings and templates, and JSX tags, where an HTML document's own tags would be written. */
export const htmlShells = (root: Node) =>
  nodes(root, (node) => {
    if (node.type === "StringLiteral") return /<html\b|<!doctype|<body\b/i.test(node.value);
    if (node.type === "TemplateElement") return /<html\b|<!doctype|<body\b/i.test(node.raw);
    if (node.type === "JSXOpeningElement")
      return node.name.type === "Identifier" && /^(html|body)$/.test(node.name.value);
    return false;
  });

/** `status: 409` in an object or an object type (the number, where it is written). */
export const httpStatuses = (root: Node) =>
  nodes(root, (node) => node.type === "KeyValueProperty" || node.type === "TsPropertySignature").flatMap((node) => {
    const isStatus = node.key?.type === "Identifier" && node.key.value === "status";
    const value: Node | undefined =
      node.type === "KeyValueProperty" ? node.value : node.typeAnnotation?.typeAnnotation?.literal;
    return isStatus && value?.type === "NumericLiteral" && /^[1-5]\d\d$/.test(String(value.value)) ? [value] : [];
  });

/** `data(…)` answered: returned or thrown, with `{ status: 404 }` told apart (an address that does not exist). */
export function dataAnswers(root: Node | undefined, statement: "ReturnStatement" | "ThrowStatement") {
  return ofType(root, statement).filter(({ argument }) => {
    if (argument?.type !== "CallExpression") return false;
    const { name, on } = callee(argument);
    if (name !== "data" || on !== undefined) return false;
    if (statement === "ReturnStatement") return true;
    const init = argument.arguments[1]?.expression as Node | undefined;
    const notFound =
      init?.type === "ObjectExpression" &&
      (init.properties as Node[]).some(
        (property) =>
          property.type === "KeyValueProperty" &&
          property.key.type === "Identifier" &&
          property.key.value === "status" &&
          property.value.type === "NumericLiteral" &&
          property.value.value === 404,
      );
    return !notFound;
  });
}

const isErrorStatus = (node: Node | undefined) =>
  node?.type === "NumericLiteral" && node.value >= 400 && node.value <= 599;
const keyName = (property: Node): string | undefined =>
  property.type === "KeyValueProperty" && ["Identifier", "StringLiteral"].includes(property.key.type)
    ? (property.key.value as string)
    : undefined;
const hasErrorStatus = (object: Node) =>
  object.type === "ObjectExpression" &&
  (object.properties as Node[]).some((property) => keyName(property) === "status" && isErrorStatus(property.value));

/** The object literals handed to `name(…)`: a feature's refusal table is `refusalTable({ … })`. */
const argumentsOf = (root: Node, name: string) =>
  calls(root, name).flatMap((call) =>
    (call.arguments as { expression: Node }[]).map(({ expression }) => bare(expression)),
  );

/**
 * Statuses by reason written outside a feature's refusal table: `{ notFound: 404, taken: 409 }`, or
 * `{ taken: { status: 409, message } }` not handed to `refusalTable`.
 */
export function statusTables(root: Node): Node[] {
  const tables = new Set(argumentsOf(root, "refusalTable"));
  return ofType(root, "ObjectExpression").filter((object) => {
    if (tables.has(object)) return false;
    const properties = object.properties as Node[];
    const byReason = properties.length > 0 && properties.every((p) => keyName(p) !== undefined);
    if (!byReason) return false;
    // Two at least: one number by a name is a limit (`{ max: 500 }`) as often as a status.
    const statuses =
      properties.length > 1 && properties.every((p) => keyName(p) !== "status" && isErrorStatus(bare(p.value)));
    const entries = properties.some((p) => keyName(p) !== "status" && hasErrorStatus(bare(p.value)));
    return statuses || entries;
  });
}

/** Reasons not written in camelCase: a refusal table's (`refusalTable({ too_late: … })`) and a refusal's (`refused("too_late")`). */
export const snakeCaseRefusals = (root: Node) => [
  ...argumentsOf(root, "refusalTable").flatMap((table) =>
    table.type === "ObjectExpression"
      ? (table.properties as Node[]).filter((property) => /_/.test(keyName(property) ?? "")).map(({ key }) => key)
      : [],
  ),
  ...calls(root, "refused")
    .map((call) => call.arguments[0] && bare(call.arguments[0].expression))
    .filter((reason) => reason?.type === "StringLiteral" && /_/.test(reason.value)),
];
