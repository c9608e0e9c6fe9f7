import { API, openApiDocument } from '@levelup/contracts';
import { escapeHtml } from './html.ts';

type Json = Record<string, unknown>;

/** The OpenAPI document of every call, built once from the contracts. */
let cached: { json: string; html: string } | undefined;

function documents() {
  if (!cached) {
    const document = openApiDocument();
    cached = { json: JSON.stringify(document), html: renderHtml(document) };
  }
  return cached;
}

/** GET /api/openapi.json: the machine-readable reference (OpenAPI 3.1). */
export function openApiJson(): string {
  return documents().json;
}

/** GET /api/docs: the same reference as a page people can read, with no script and nothing fetched. */
export function apiDocsHtml(): string {
  return documents().html;
}

const schemaBlock = (schema: unknown) =>
  `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

function renderOperation(method: string, path: string, operation: Json): string {
  const parameters = (operation.parameters ?? []) as Json[];
  const body = (operation.requestBody as Json | undefined)?.content as Json | undefined;
  const bodySchema = (body?.['application/json'] as Json | undefined)?.schema;
  const responses = (operation.responses ?? {}) as Record<string, Json>;
  const success = Object.entries(responses).find(([status]) => status.startsWith('2'));
  const successSchema = (
    (success?.[1].content as Json | undefined)?.['application/json'] as Json | undefined
  )?.schema;
  const signedIn = !(Array.isArray(operation.security) && operation.security.length === 0);
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
  return `<section class="op" id="${escapeHtml(id)}" aria-labelledby="${escapeHtml(id)}-h">
<h3 id="${escapeHtml(id)}-h"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(operation.operationId))} · ${signedIn ? 'signed in' : 'no session needed'}</p>
${
  parameters.length
    ? `<table><caption>Parameters</caption><thead><tr><th scope="col">name</th><th scope="col">in</th><th scope="col">required</th><th scope="col">schema</th></tr></thead><tbody>${parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
${bodySchema ? `<details><summary>Request body</summary>${schemaBlock(bodySchema)}</details>` : ''}
${
  success
    ? successSchema
      ? `<details><summary>Answer ${escapeHtml(success[0])}</summary>${schemaBlock(successSchema)}</details>`
      : `<p>Answer ${escapeHtml(success[0])}: no body</p>`
    : ''
}
</section>`;
}

function renderHtml(document: ReturnType<typeof openApiDocument>): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods as Record<string, Json>)) {
      const tag = ((operation.tags as string[] | undefined) ?? ['api'])[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, operation)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:24px;color:#1f1f1f;background:#fff}
h1{margin-top:0}h2{border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:40px;text-transform:capitalize}
.op{border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:12px 0}
.op h3{margin:0;font-size:17px}.op p{margin:4px 0;color:#444}
.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;padding:0 6px;color:#fff;font-size:14px}
.get{background:#0b6e3d}.post{background:#1d4ed8}.patch{background:#8a4b00}.put{background:#6d28d9}.delete{background:#b91c1c}
table{border-collapse:collapse;margin:8px 0;font-size:14px}caption{text-align:left;font-weight:600}
td,th{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
pre{background:#f6f6f6;padding:8px;overflow:auto;font-size:13px}
nav ul{columns:3;padding-left:20px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(document.info.title)} reference</h1>
<p>${escapeHtml(document.info.description)} The same reference as OpenAPI 3.1: <a href="${API.openApiDocument.path}">${API.openApiDocument.path}</a>.</p>
<nav aria-label="Areas"><ul>${tags.map((tag) => `<li><a href="#area-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`).join('')}</ul></nav>
${tags
  .map(
    (tag) =>
      `<h2 id="area-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${(byTag.get(tag) ?? []).join('\n')}`,
  )
  .join('\n')}
</main>
</body>
</html>
`;
}
