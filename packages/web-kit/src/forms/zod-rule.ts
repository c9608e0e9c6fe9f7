import type { z } from 'zod';

/**
 * An antd Form rule that checks a field with its contracts schema, so the form shows the server's own
 * message under the field (messages live in one place). An empty field is checked as '' so a required
 * text says its "is required" message.
 */
export function zodRule(schema: z.ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
