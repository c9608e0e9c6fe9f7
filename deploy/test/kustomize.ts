/**
 * Renders a kustomization the way `kubectl kustomize` does, for the part of Kustomize that deploy/k8s
 * uses: resources (files and kustomization folders), namespace, images, replicas, JSON 6902 patches
 * with a target, and ConfigMap and Secret generators from literals (named with a hash of their content,
 * every reference to them renamed alike, so a changed value rolls the pods that read it; or, with
 * `disableNameSuffixHash`, named as written). Anything else in a kustomization.yaml is an error here,
 * never silently skipped, so a manifest cannot use a feature this renderer would get wrong. Where
 * kubectl is installed, the tests compare this output with its own.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  replicas?: Array<{ name: string; count: number }>;
  /** A target without a name patches every object of its kind, as Kustomize does. */
  patches?: Array<{ target: { kind: string; name?: string }; patch: string }>;
  configMapGenerator?: Generator[];
  secretGenerator?: Generator[];
}

interface Generator {
  name: string;
  literals: string[];
  /** disableNameSuffixHash: the name as written, for a reader Kustomize cannot rename (a custom resource). */
  options?: { labels?: Record<string, string>; disableNameSuffixHash?: boolean };
}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'images',
  'replicas',
  'patches',
  'configMapGenerator',
  'secretGenerator',
]);
const GENERATOR_FIELDS = new Set(['name', 'literals', 'options']);
const GENERATOR_OPTIONS = new Set(['labels', 'disableNameSuffixHash']);
/** Kinds without a namespace (none is used today; listed so `namespace:` never stamps one). */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'StorageClass']);

type Operation =
  { op: 'add' | 'replace'; path: string; value: unknown } | { op: 'remove'; path: string };

function pointer(pathText: string): string[] {
  if (!pathText.startsWith('/')) throw new Error(`a JSON pointer starts with '/': ${pathText}`);
  return pathText
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** RFC 6902 add, replace and remove on a parsed object (in place). */
export function applyJsonPatch(target: unknown, operations: Operation[]): void {
  for (const operation of operations) {
    const parts = pointer(operation.path);
    const last = parts.pop()!;
    let parent = target as Record<string, unknown> | unknown[];
    for (const part of parts) {
      const next = Array.isArray(parent) ? parent[Number(part)] : parent[part];
      if (typeof next !== 'object' || next === null)
        throw new Error(`patch path ${operation.path}: nothing at '${part}'`);
      parent = next as Record<string, unknown> | unknown[];
    }
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (!Number.isInteger(index) || index < 0 || index > parent.length)
        throw new Error(`patch path ${operation.path}: no index ${last}`);
      if (operation.op === 'add') parent.splice(index, 0, operation.value);
      else if (index >= parent.length) throw new Error(`patch path ${operation.path}: no item`);
      else if (operation.op === 'replace') parent[index] = operation.value;
      else parent.splice(index, 1);
      continue;
    }
    if (operation.op !== 'add' && !(last in parent))
      throw new Error(`patch path ${operation.path}: nothing to ${operation.op}`);
    if (operation.op === 'remove') delete parent[last];
    else parent[last] = operation.value;
  }
}

function containersOf(object: K8sObject): Array<{ image?: string }> {
  const spec = (object.spec as { template?: { spec?: Record<string, unknown> } } | undefined)
    ?.template?.spec;
  return [
    ...((spec?.containers as Array<{ image?: string }> | undefined) ?? []),
    ...((spec?.initContainers as Array<{ image?: string }> | undefined) ?? []),
  ];
}

/** `name[:tag]` (a registry port's colon is not a tag's). */
function splitImage(image: string): { name: string; tag: string | undefined } {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash
    ? { name: image.slice(0, colon), tag: image.slice(colon + 1) }
    : { name: image, tag: undefined };
}

function loadResource(file: string): K8sObject[] {
  return (yaml.loadAll(readFileSync(file, 'utf8')) as Array<K8sObject | null>).filter(
    (doc): doc is K8sObject => doc !== null && doc !== undefined,
  );
}

/** `KEY=value`, one pair of surrounding quotes taken off the value, as Kustomize reads a literal. */
function literal(text: string, file: string): [string, string] {
  const equals = text.indexOf('=');
  if (equals < 1) throw new Error(`${file}: literal '${text}' is not KEY=value`);
  const value = text.slice(equals + 1);
  const quoted = /^(['"]).*\1$/s.test(value) && value.length >= 2;
  return [text.slice(0, equals), quoted ? value.slice(1, -1) : value];
}

/**
 * A Secret value as Kustomize writes it: base64, broken into lines of 70 characters, each line ended
 * with a newline once there is more than one (the hash is taken of this text, so it must match).
 */
function base64Lines(value: string): string {
  const encoded = Buffer.from(value).toString('base64');
  if (encoded.length < 70) return encoded;
  return encoded.match(/.{1,70}/g)!.join('\n') + '\n';
}

/** The objects the generators make; their names get the content hash once the whole tree is rendered. */
const generated = new WeakSet<K8sObject>();

function generate(kind: 'ConfigMap' | 'Secret', generator: Generator, file: string): K8sObject {
  for (const key of Object.keys(generator))
    if (!GENERATOR_FIELDS.has(key))
      throw new Error(`${file}: generator field '${key}' is not supported by this renderer`);
  for (const key of Object.keys(generator.options ?? {}))
    if (!GENERATOR_OPTIONS.has(key))
      throw new Error(`${file}: generator option '${key}' is not supported by this renderer`);
  const data = Object.fromEntries(
    generator.literals.map((text) => {
      const [key, value] = literal(text, file);
      return [key, kind === 'Secret' ? base64Lines(value) : value];
    }),
  );
  const object: K8sObject = {
    apiVersion: 'v1',
    kind,
    metadata: {
      name: generator.name,
      ...(generator.options?.labels ? { labels: generator.options.labels } : {}),
    },
    data,
    ...(kind === 'Secret' ? { type: 'Opaque' } : {}),
  };
  if (generator.options?.disableNameSuffixHash !== true) generated.add(object);
  return object;
}

/** Generated ConfigMaps and Secrets are named `<name>-<hash of the content>` (contentSuffix). */
export const GENERATED_NAME = /^(.+)-[a-z0-9]{10}$/;

/** The rendered object of that kind and name; a generated ConfigMap or Secret also by its name before the hash. */
export const findObject = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name) ??
  (kind === 'ConfigMap' || kind === 'Secret'
    ? objects.find(
        (object) => object.kind === kind && GENERATED_NAME.exec(object.metadata.name)?.[1] === name,
      )
    : undefined);

/**
 * Kustomize's name suffix: the first ten hex digits of a SHA-256 of the object's kind, data (and a
 * Secret's type) as sorted JSON, with 0, 1, 3, a and e swapped for letters so it never reads as a
 * number or a word. Kustomize looks the name up at a path that finds nothing, so it hashes as "".
 */
export function contentSuffix(object: K8sObject): string {
  const sorted = (record: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
  const { data = {}, type } = object as K8sObject & {
    data?: Record<string, string>;
    type?: string;
  };
  const encoded = JSON.stringify(
    object.kind === 'Secret'
      ? { data: sorted(data), kind: 'Secret', name: '', type: type ?? '' }
      : { data: sorted(data), kind: object.kind, name: '' },
  );
  const swap: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };
  return createHash('sha256')
    .update(encoded)
    .digest('hex')
    .slice(0, 10)
    .replace(/[013ae]/g, (digit) => swap[digit]!);
}

interface PodReferences {
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  env?: Array<{
    valueFrom?: { configMapKeyRef?: { name: string }; secretKeyRef?: { name: string } };
  }>;
}

/** Every place a container names a ConfigMap or a Secret, as [kind, holder of the name]. */
function referencesOf(object: K8sObject): Array<['ConfigMap' | 'Secret', { name: string }]> {
  return (containersOf(object) as PodReferences[]).flatMap((container) => [
    ...(container.envFrom ?? []).flatMap((source) => [
      ...(source.configMapRef ? [['ConfigMap', source.configMapRef] as const] : []),
      ...(source.secretRef ? [['Secret', source.secretRef] as const] : []),
    ]),
    ...(container.env ?? []).flatMap(({ valueFrom }) => [
      ...(valueFrom?.configMapKeyRef ? [['ConfigMap', valueFrom.configMapKeyRef] as const] : []),
      ...(valueFrom?.secretKeyRef ? [['Secret', valueFrom.secretKeyRef] as const] : []),
    ]),
  ]) as Array<['ConfigMap' | 'Secret', { name: string }]>;
}

/** Generated names get their content suffix, and every reference to them follows. */
function nameByContent(objects: K8sObject[]): void {
  const renamed = new Map<string, string>();
  for (const object of objects) {
    if (!generated.has(object)) continue;
    const name = `${object.metadata.name}-${contentSuffix(object)}`;
    renamed.set(`${object.kind}/${object.metadata.name}`, name);
    object.metadata.name = name;
  }
  for (const object of objects)
    for (const [kind, holder] of referencesOf(object)) {
      const name = renamed.get(`${kind}/${holder.name}`);
      if (name) holder.name = name;
    }
}

/** Every object of the kustomization in `dir`, transformed, generated names suffixed by content. */
export function renderKustomization(dir: string): K8sObject[] {
  const objects = renderTree(dir);
  nameByContent(objects);
  return objects;
}

function renderTree(dir: string): K8sObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  const kustomization = yaml.load(readFileSync(file, 'utf8')) as Kustomization;
  for (const key of Object.keys(kustomization))
    if (!SUPPORTED.has(key)) throw new Error(`${file}: '${key}' is not supported by this renderer`);

  const objects = (kustomization.resources ?? []).flatMap((resource) => {
    const target = path.resolve(dir, resource);
    return statSync(target).isDirectory() ? renderTree(target) : loadResource(target);
  });
  for (const generator of kustomization.configMapGenerator ?? [])
    objects.push(generate('ConfigMap', generator, file));
  for (const generator of kustomization.secretGenerator ?? [])
    objects.push(generate('Secret', generator, file));
  const find = (kind: string, name: string | undefined) => {
    const found = objects.filter(
      (o) => o.kind === kind && (name === undefined || o.metadata.name === name),
    );
    if (found.length === 0) throw new Error(`${file}: no ${kind} ${name ?? ''} to change`);
    return found;
  };

  for (const patch of kustomization.patches ?? []) {
    const operations = yaml.load(patch.patch) as Operation[];
    for (const object of find(patch.target.kind, patch.target.name))
      applyJsonPatch(object, operations);
  }
  for (const { name, count } of kustomization.replicas ?? []) {
    for (const object of find('Deployment', name))
      (object.spec as { replicas: number }).replicas = count;
  }
  for (const image of kustomization.images ?? []) {
    let used = false;
    for (const container of objects.flatMap(containersOf)) {
      if (!container.image) continue;
      const current = splitImage(container.image);
      if (current.name !== image.name) continue;
      used = true;
      const tag = image.newTag ?? current.tag;
      container.image = `${image.newName ?? current.name}${tag ? `:${tag}` : ''}`;
    }
    if (!used) throw new Error(`${file}: no container uses the image ${image.name}`);
  }
  if (kustomization.namespace) {
    for (const object of objects)
      if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
  }
  return objects;
}
