/**
 * The Kubernetes API schemas as kubernetes-models' JSON-schema validators check them allow fields they do
 * not know (a misspelt `readinesProbe` passes). This types each rendered object as the model's TypeScript
 * interface instead, as an object literal, so the compiler's excess-property check names every field the
 * API does not have, at any depth, and every value of the wrong type.
 */
import path from 'node:path';
import ts from 'typescript';
import type { K8sObject } from './kustomize.ts';

/**
 * Where an object's kubernetes-models class lives: the Kubernetes API's own kinds in kubernetes-models
 * (`apps/v1` Deployment is kubernetes-models/apps/v1/Deployment), KEDA's in @kubernetes-models/keda,
 * generated from KEDA's published CRDs.
 */
export function modelModule(object: Pick<K8sObject, 'apiVersion' | 'kind'>): string {
  const pkg = object.apiVersion.startsWith('keda.sh/')
    ? '@kubernetes-models/keda'
    : 'kubernetes-models';
  return `${pkg}/${object.apiVersion}/${object.kind}`;
}

/**
 * The type errors of each group of objects, named by kind and name. Every group is compiled in one
 * program: loading and binding the kubernetes-models declarations is nearly all of the work, so one
 * compile of everything costs about what one group alone did.
 */
export function typeErrorsOf<Group extends string>(
  groups: Record<Group, readonly K8sObject[]>,
): Record<Group, string[]> {
  const file = path.join(import.meta.dirname, '__rendered_manifests__.ts');
  // Two lines per object: the import, then the object.
  const lines = Object.entries<readonly K8sObject[]>(groups).flatMap(([group, objects]) =>
    objects.map((object) => ({ group: group as Group, object })),
  );
  const source = lines
    .map(
      ({ object }, index) =>
        `import type { I${object.kind} as T${index} } from '${modelModule(object)}';\n` +
        `export const o${index}: T${index} = ${JSON.stringify(object)};`,
    )
    .join('\n');
  const errors = Object.fromEntries(
    Object.keys(groups).map((group): [string, string[]] => [group, []]),
  ) as Record<Group, string[]>;
  for (const { line, message } of diagnosticsOf(file, source)) {
    const at = lines[Math.floor(line / 2)];
    // An error outside every object (a missing declaration file) fails every group.
    if (!at) for (const list of Object.values<string[]>(errors)) list.push(message);
    else errors[at.group].push(`${at.object.kind} ${at.object.metadata.name}: ${message}`);
  }
  return errors;
}

/**
 * The compiler's diagnostics of one TypeScript source held in memory as `file` (its imports resolved
 * from the repository's node_modules), each with its 0-based line (-1 when it has none).
 */
export function diagnosticsOf(file: string, source: string): { line: number; message: string }[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, source, language)
      : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists(name);
  host.readFile = (name) => (name === file ? source : readFile(name));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
    line:
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
        : -1,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
  }));
}
