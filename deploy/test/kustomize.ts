/**
 * Renders a kustomization the way `kubectl kustomize` does, for the part of Kustomize that deploy/k8s
 * uses: resources (files and kustomization folders), namespace, images, replicas, and JSON 6902 patches
 * with a target. Anything else in a kustomization.yaml is an error here, never silently skipped, so a
 * manifest cannot use a feature this renderer would get wrong. Where kubectl is installed, the tests
 * compare this output with its own.
 */
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
  patches?: Array<{ target: { kind: string; name: string }; patch: string }>;
}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'images',
  'replicas',
  'patches',
]);
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

/** Every object of the kustomization in `dir`, transformed. */
export function renderKustomization(dir: string): K8sObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  const kustomization = yaml.load(readFileSync(file, 'utf8')) as Kustomization;
  for (const key of Object.keys(kustomization))
    if (!SUPPORTED.has(key)) throw new Error(`${file}: '${key}' is not supported by this renderer`);

  const objects = (kustomization.resources ?? []).flatMap((resource) => {
    const target = path.resolve(dir, resource);
    return statSync(target).isDirectory() ? renderKustomization(target) : loadResource(target);
  });
  const find = (kind: string, name: string) => {
    const found = objects.filter((o) => o.kind === kind && o.metadata.name === name);
    if (found.length === 0) throw new Error(`${file}: no ${kind} ${name} to change`);
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
