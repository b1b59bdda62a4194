import { generateSecret, generateURI, verify } from 'otplib';
import { toDataURL } from 'qrcode';
import { REPORT_BRAND } from '@palm/contracts';

/** The authenticator app lists the entry under the product's name (the one brand setting). */
const TOTP_ISSUER = REPORT_BRAND.name;
export const TOTP_LABEL = 'Administrator';
const SECRET_BYTES = 20; // 160 bits, what authenticator apps expect
const PERIOD_SECONDS = 30;
/** A code is accepted for its own time step and one either side (clock drift): three codes are valid at once. */
export const ACCEPTED_TIME_STEPS = 3;

export const createTotpSecret = () => generateSecret({ length: SECRET_BYTES });

export const otpauthUri = (secret: string) => generateURI({ issuer: TOTP_ISSUER, label: TOTP_LABEL, secret });

export const qrCodeDataUrl = (uri: string) =>
  toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 256 });

export const looksLikeTotpCode = (token: string) => /^\d{6}$/.test(token);

/**
 * The time step a 6-digit code belongs to, if it is valid now (±1 step for clock drift) and
 * newer than `afterTimeStep`, the last step accepted — so a code seen once cannot be replayed.
 */
export async function acceptedTimeStep(
  secret: string,
  token: string,
  now: Date,
  afterTimeStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: ((ACCEPTED_TIME_STEPS - 1) / 2) * PERIOD_SECONDS,
    afterTimeStep: afterTimeStep ?? undefined,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
