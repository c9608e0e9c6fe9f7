import { z } from 'zod';
import { API, type ApiOperation } from './api.ts';

/** The top-level field names of an object schema (optional ones marked `?`), else ''. */
function fieldsOf(schema: z.ZodType | undefined): string {
  if (!(schema instanceof z.ZodObject)) return '';
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .map(([name, field]) => (field.safeParse(undefined).success ? `${name}?` : name))
    .join(', ');
}

function requestOf(op: ApiOperation): string {
  const parts: string[] = [];
  const query = fieldsOf(op.query);
  if (query) parts.push(`query: ${query}`);
  if (op.body) parts.push(`body: ${fieldsOf(op.body) || 'JSON'}`);
  return parts.join('; ');
}

function answerOf(op: ApiOperation): string {
  if (op.redirect) return 'redirect';
  if (op.page) return '200 HTML page';
  if (op.document) return `200 ${op.document}`;
  if (!op.response) return '204';
  const status = op.status ?? 200;
  return op.response instanceof z.ZodArray ? `${status} list` : `${status} JSON`;
}

const escape = (text: string) => text.replace(/\|/g, '\\|');

/**
 * The README's table of every call, generated from the contract (as the OpenAPI document is), so it
 * cannot drift from what the services serve: one row per operation, grouped by the path's first segment.
 */
export function apiTableMarkdown(api: Record<string, ApiOperation> = API): string {
  const rows = Object.entries(api)
    .map(([name, op]) => ({ name, op, area: op.path.split('/')[2] ?? '' }))
    .sort((a, b) => a.area.localeCompare(b.area) || a.op.path.localeCompare(b.op.path));
  const lines = [
    '| operation | call | request | answer |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      ({ name, op }) =>
        `| \`${name}\` | \`${op.method} ${op.path}\` | ${escape(requestOf(op))} | ${answerOf(op)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
