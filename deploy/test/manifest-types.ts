/**
 * The Kubernetes API schemas as kubernetes-models' JSON-schema validators check them allow fields they do
 * not know (a misspelt `readinesProbe` passes). This types each rendered object as the model's TypeScript
 * interface instead, as an object literal, so the compiler's excess-property check names every field the
 * API does not have, at any depth, and every value of the wrong type.
 */
import path from 'node:path';
import ts from 'typescript';
import type { K8sObject } from './kustomize.ts';

export function typeErrorsOf(objects: readonly K8sObject[]): string[] {
  const file = path.join(import.meta.dirname, '__rendered_manifests__.ts');
  const source = objects
    .map(
      (object, index) =>
        `import type { I${object.kind} as T${index} } from 'kubernetes-models/${object.apiVersion}/${object.kind}';\n` +
        `export const o${index}: T${index} = ${JSON.stringify(object)};`,
    )
    .join('\n');
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
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const line =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
        : -1;
    // Two lines per object: the import, then the object.
    const object = objects[Math.floor(line / 2)];
    return object ? `${object.kind} ${object.metadata.name}: ${message}` : message;
  });
}
