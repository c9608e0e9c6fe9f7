/**
 * Parts of Kubernetes objects that a CRD or a Helm chart leaves open (the MongoDB operator's StatefulSet
 * override, the NATS chart's resources, spread rules and environment), typed as the kubernetes-models
 * interface they end up in. The owner fills in what is missing (the operator its containers' images, the
 * chart each rule's topologyKey and selector), so every field is optional here, at any depth; but the
 * compiler's excess-property check still names every field the API does not have and every value of the
 * wrong type, as manifest-types.ts does for whole objects.
 */
import path from 'node:path';
import { diagnosticsOf } from './manifest-types.ts';

export interface PartialValue {
  /** How a failure names it: `MongoDBCommunity levelup-mongodb spec.statefulSet.spec`. */
  label: string;
  /** The kubernetes-models module and its interface: `kubernetes-models/v1/ResourceRequirements`. */
  module: string;
  type: string;
  value: unknown;
}

const PRELUDE =
  'type DeepPartial<T> = T extends readonly (infer U)[] ? DeepPartial<U>[] : ' +
  'T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;';

/** One line per value (import and declaration together), so a diagnostic's line names its value. */
function sourceOf(values: readonly PartialValue[]): string {
  const lines = values.map(
    (entry, index) =>
      `import type { ${entry.type} as T${index} } from '${entry.module}'; ` +
      `export const v${index}: DeepPartial<T${index}> = ${JSON.stringify(entry.value)};`,
  );
  return [PRELUDE, ...lines].join('\n');
}

/** The type errors of each value, by label; one program for all, since loading the types is the cost. */
export function partialTypeErrorsOf(values: readonly PartialValue[]): Map<string, string[]> {
  const file = path.join(import.meta.dirname, '__partial_values__.ts');
  const source = sourceOf(values);
  const errors = new Map(values.map((entry) => [entry.label, [] as string[]]));
  for (const { line, message } of diagnosticsOf(file, source)) {
    // Line 0 is the prelude; an error outside every value (a missing module) fails them all.
    const entry = values[line - 1];
    if (entry) errors.get(entry.label)!.push(message);
    else for (const list of errors.values()) list.push(message);
  }
  return errors;
}
