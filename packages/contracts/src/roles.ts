import { z } from 'zod';

/** Who signs in. Each role has its own token, refused by the other roles' routes. */
export const RoleSchema = z.enum(['owner', 'estimator', 'administrator']);
export type Role = z.infer<typeof RoleSchema>;
