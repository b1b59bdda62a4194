import { z } from 'zod';

/** Spec §5/§9: the sign-in field takes 6 to 8 characters (a 6-digit TOTP code or a backup code). */
export const ADMIN_CODE_MIN_LENGTH = 6;
export const ADMIN_CODE_MAX_LENGTH = 8;

/** GET /api/admin/status */
export const adminStatusSchema = z.object({
  needsSetup: z.boolean(),
  authenticated: z.boolean(),
});
export type AdminStatus = z.infer<typeof adminStatusSchema>;

/** GET /api/admin/setup — `envLines` are for operators who configure the service by environment. */
export const adminSetupResponseSchema = z.object({
  qrCodeUrl: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
  envLines: z.array(z.string()),
});
export type AdminSetupResponse = z.infer<typeof adminSetupResponseSchema>;

const codeMessage = 'Enter the 6-digit code from your authenticator app or one of your backup codes.';

/** POST /api/admin/login */
export const adminLoginBodySchema = z.object({
  token: z
    .string({ error: codeMessage })
    .trim()
    .min(ADMIN_CODE_MIN_LENGTH, codeMessage)
    .max(ADMIN_CODE_MAX_LENGTH, codeMessage),
});
export type AdminLoginBody = z.infer<typeof adminLoginBodySchema>;

export const adminLoginResponseSchema = z.object({
  sessionId: z.string(),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;
