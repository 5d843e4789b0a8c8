import { z } from 'zod';

/** Websocket gate message types (spec section 7). Payload schemas are added by the features that use them. */
export const GateMessageTypeSchema = z.enum([
  'ping',
  'teamCheck',
  'renderPair',
  'rejectScene',
  'syncHistory',
  'syncTutorial',
  'reflectState',
  'integralStats',
  'syncAccessRules',
  'renderCheckTeam',
  'sceneComputePhase',
  'renderCompareTeam',
]);
export type GateMessageType = z.infer<typeof GateMessageTypeSchema>;

export const GateStatusSchema = z.enum(['OPEN', 'CLOSED', 'CLOSING', 'CONNECTING', 'RECONNECTING']);
export type GateStatus = z.infer<typeof GateStatusSchema>;
