import { z } from 'zod';

/** Entity ids are opaque non-empty strings (ObjectId hex or uuid, the owner decides). */
export const idSchema = z.string().min(1);
export type Id = z.infer<typeof idSchema>;

/** Route parameter `{id}`. */
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;
